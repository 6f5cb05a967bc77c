import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_REMEMBER } from '@portal/contract';
import { Alert, Button, Card, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingAfterLogin } from '#web/app/guard.ts';
import { useLogin } from '#web/modules/account/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { startSession } from '#web/shared/session.ts';
import { useEarlyInput } from '#web/shared/ui/earlyInput.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { loginReason } from './loginReason.ts';

/** The redirect travels on to the register page, so a new member lands where the login would have. */
function registerQuery(params: URLSearchParams): string {
  const redirect = params.get('redirect');
  return redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
}

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

export interface LoginPanelProps {
  /** The card's title (and the form's accessible name stays 用户登录). */
  title?: string;
  /** 注册 and 忘记密码 links under the button (members); the staff login has none. */
  memberLinks?: boolean;
}

/** 用户登录: Enter submits; after login go to the safe redirect, the workbench or the role's area. */
export function LoginPanel({ title = '用户登录', memberLinks = true }: LoginPanelProps) {
  const [form] = Form.useForm<Values>();
  // The shop landing is rendered on the server: keep what was typed or autofilled before the app ran.
  useEarlyInput(form, 'login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const company = useCompany();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const reason = loginReason(params.get('redirect'));

  const submit = (v: Values) => {
    setError(null);
    login.mutate(
      { username: v.username.trim(), password: v.password, company_id: company.data?.id },
      {
        onSuccess: (result) => {
          startSession(result, { remember: v.remember });
          navigate(landingAfterLogin(params.get('redirect'), result.user.role), {
            replace: true,
          });
        },
        onError: (e) => {
          if (isApiError(e) && !e.field) setError(e.m);
          showFieldError(form, e, FIELDS);
        },
      },
    );
  };

  return (
    <Card title={title} style={{ width: 360, maxWidth: '100%' }}>
      {reason && <Alert type="info" showIcon title={reason.message} style={{ marginBottom: 16 }} />}
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
            prefix={<UserOutlined aria-hidden />}
            placeholder="用户名"
            aria-label="用户名"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password
            prefix={<LockOutlined aria-hidden />}
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
      {memberLinks && (
        <div className="login-links">
          <Link to={`/register${registerQuery(params)}`}>注册会员</Link>
          <Link to="/forgotPassword">忘记密码</Link>
        </div>
      )}
      {reason && (
        <div className="login-links">
          <Link to={reason.back.to}>{reason.back.label}</Link>
        </div>
      )}
    </Card>
  );
}
