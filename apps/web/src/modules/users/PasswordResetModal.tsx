import { type UserAdmin, userPasswordResetBody } from '@portal/contract';
import { Alert, Form, Input } from 'antd';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { personName } from './people.ts';
import { useResetPassword } from './useUsers.ts';

interface Values {
  password: string;
}

const FIELDS = ['password'] as const;

/**
 * 重置密码 of a person: the new password the administrator tells them. Saying 确认 logs them out at
 * once; they log in with it and must choose their own before anything else.
 */
export function PasswordResetModal({
  user,
  companyId,
  onClose,
}: {
  user: UserAdmin | null;
  /** The company the page shows (undefined: the caller's own). */
  companyId: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword(companyId);
  const name = user ? personName(user) : '';

  return (
    <FormModal<Values>
      form={form}
      name="user-password"
      label="重置密码"
      onFinish={(v) =>
        user &&
        reset.mutate(
          { id: user.id, password: v.password },
          savedWithToast(form, FIELDS, `已重置「${name}」的密码`, onClose),
        )
      }
      formProps={{ clearOnDestroy: true, autoComplete: 'off' }}
      title={`重置密码 · ${name}`}
      open={user !== null}
      onCancel={onClose}
      okText="确认"
      ok={{ loading: reset.isPending }}
      width={480}
    >
      <Alert
        type="warning"
        showIcon
        className="users-reset-note"
        title={`确认后「${name}」会立即退出登录；用新密码登录后须先修改密码，才能继续使用。`}
      />
      <Form.Item
        label="新密码"
        name="password"
        required
        rules={[zodRule(userPasswordResetBody.shape.password)]}
        extra="至少8位，须含字母和数字；请把新密码告诉本人"
      >
        <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
      </Form.Item>
    </FormModal>
  );
}
