import { passwordFindBody } from '@portal/contract';
import { Button, Card, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { PasswordPair } from './PasswordPair.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';
import { usePasswordFind } from './useMemberAccount.ts';
import './member.css';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

const FIELDS = ['mobile', 'code', 'password'] as const;
const rules = passwordFindBody.shape;

/** `/forgotPassword`: a new password with an SMS code; then log in again. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const company = useCompany();
  const find = usePasswordFind();

  const submit = (v: Values) =>
    find.mutate(
      { mobile: v.mobile.trim(), code: v.code.trim(), password: v.password },
      savedWithToast(form, FIELDS, '密码已重置，请使用新密码登录', () =>
        navigate('/login', { replace: true }),
      ),
    );

  return (
    <ShopLayout title="找回密码" description="通过手机验证码重新设置登录密码。">
      <div className="auth-page">
        <Card className="auth-card" title="找回密码">
          <Form<Values>
            form={form}
            name="forgot-password"
            aria-label="找回密码"
            layout="vertical"
            onFinish={submit}
            requiredMark
          >
            <Form.Item label="手机号" name="mobile" required rules={[zodRule(rules.mobile)]}>
              <Input
                placeholder="注册时使用的手机号"
                maxLength={11}
                inputMode="numeric"
                autoComplete="tel"
                autoFocus
              />
            </Form.Item>
            <SmsCodeField form={form} purpose="password" companyId={company.data?.id} />
            <PasswordPair label="新密码" placeholder="设置新密码" rule={rules.password} />
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" block size="large" loading={find.isPending}>
                重置密码
              </Button>
            </Form.Item>
          </Form>
          <div className="auth-links text-links">
            <Link to="/login">返回登录</Link>
            <Link to="/register">注册会员</Link>
          </div>
        </Card>
      </div>
    </ShopLayout>
  );
}
