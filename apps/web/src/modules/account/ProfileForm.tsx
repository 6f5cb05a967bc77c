import { profileUpdateBody } from '@portal/contract';
import { Button, Descriptions, Form, Input, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { updateUserInfo } from '#web/shared/session.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useAccountInfo } from './useAccount.ts';
import { useProfileUpdate } from './useMemberAccount.ts';

interface Values {
  real_name: string;
  email: string;
}

const FIELDS = ['real_name', 'email'] as const;
const rules = profileUpdateBody.shape;

/** 个人资料: account facts, and the name and e-mail the member can change. */
export function ProfileForm() {
  const info = useAccountInfo();
  const update = useProfileUpdate();
  const [form] = Form.useForm<Values>();
  const user = info.data?.user;

  useEffect(() => {
    if (user) form.setFieldsValue({ real_name: user.real_name, email: user.email });
  }, [user, form]);

  if (info.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!user) return <QueryEmpty query={info} description="暂无个人资料" />;

  const submit = (v: Values) => {
    const real_name = (v.real_name ?? '').trim();
    update.mutate(
      { real_name, email: (v.email ?? '').trim() },
      {
        onSuccess: () => {
          updateUserInfo({ real_name });
          toastSuccess('个人资料已保存');
        },
        onError: (e) => showFieldError(form, e, FIELDS),
      },
    );
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 520 }}>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'username', label: '账号', children: user.username },
          { key: 'mobile', label: '手机号', children: user.mobile || user.username },
          { key: 'role', label: '身份', children: user.role_name },
          { key: 'company', label: '商城', children: user.company_name },
        ]}
      />
      <Form<Values> form={form} name="profile" layout="vertical" aria-label="个人资料" onFinish={submit}>
        <Form.Item label="姓名" name="real_name" rules={[zodRule(rules.real_name)]}>
          <Input placeholder="您的称呼" maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[zodRule(rules.email)]}>
          <Input placeholder="name@example.com" maxLength={100} autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </Space>
  );
}
