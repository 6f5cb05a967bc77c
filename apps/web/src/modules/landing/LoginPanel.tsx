import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_REMEMBER } from '@portal/contract';
import { Alert, Button, Card, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { landingAfterLogin } from '#web/app/guard.ts';
import { useLogin } from '#web/modules/account/useAccount.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { startSession } from '#web/shared/session.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { useCompany } from '#web/shared/useCompany.ts';

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

const FIELDS = ['username', 'password'] as const;

/** Plain rules here, not the contract's zod schema: zod would add ~40 kB (gzip) to the login page. */
const usernameRules = [
  { required: true, whitespace: true, message: '请输入用户名' },
  { max: 50, message: '用户名不能超过50个字符' },
];
const passwordRules = [
  { required: true, message: '请输入密码' },
  { max: 128, message: '密码不能超过128个字符' },
];

/** 用户登录: Enter submits; after login go to the safe redirect or the role's area. */
export function LoginPanel() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const company = useCompany();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);

  const submit = (v: Values) => {
    setError(null);
    login.mutate(
      { username: v.username.trim(), password: v.password, company_id: company.data?.id },
      {
        onSuccess: (result) => {
          startSession(result, { remember: v.remember });
          navigate(landingAfterLogin(params.get('redirect'), result.user.role), { replace: true });
        },
        onError: (e) => {
          if (isApiError(e) && !e.field) setError(e.m);
          showFieldError(form, e, FIELDS);
        },
      },
    );
  };

  return (
    <Card title="用户登录" style={{ width: 360 }}>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        name="login"
        aria-label="用户登录"
        initialValues={{ remember: DEFAULT_REMEMBER }}
        onFinish={submit}
        onValuesChange={() => setError(null)}
        size="large"
      >
        <Form.Item name="username" rules={usernameRules}>
          <Input
            prefix={<UserOutlined />}
            placeholder="用户名"
            aria-label="用户名"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            aria-label="密码"
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>记住我</Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
