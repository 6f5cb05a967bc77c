import { AGREEMENT_REQUIRED, Codes, DEFAULT_REMEMBER, registerBody } from '@portal/contract';
import { Alert, Button, Card, Checkbox, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingAfterLogin, WORKBENCH_PATH } from '#web/app/guard.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { queryId } from '#web/shared/query.ts';
import { loginPath, startSession, useUserInfo } from '#web/shared/session.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { type AgreementKind, AgreementModal } from './agreements.tsx';
import { maskMobile } from './memberForm.ts';
import { PasswordPair } from './PasswordPair.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';
import { useRegister } from './useMemberAccount.ts';
import './member.css';

interface Values {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
  real_name?: string;
  agreement?: boolean;
}

const FIELDS = ['mobile', 'code', 'password', 'real_name', 'agreement'] as const;
const rules = registerBody.shape;

/**
 * `/register`: a member registers with a mobile number and an SMS code. `HigherMobile` (referrer)
 * and `company_id` come from the query and go along. On success the member is logged in.
 */
export function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const company = useCompany();
  const user = useUserInfo();
  const register = useRegister();

  const referrer = params.get('HigherMobile')?.trim() || undefined;
  const companyId = queryId(params.get('company_id')) ?? company.data?.id;
  const redirect = params.get('redirect');
  const toLogin = redirect ? loginPath(redirect) : '/login';
  // 该手机号已注册: the way to log in with it sits under the field.
  const [taken, setTaken] = useState(false);
  const [reading, setReading] = useState<AgreementKind | null>(null);
  const c = company.data;
  const party = {
    name: c?.company_name || '本站',
    phone: c?.phone || c?.mobile || '',
    email: c?.email ?? '',
    address: c?.address ?? '',
  };

  const submit = (v: Values) =>
    register.mutate(
      {
        mobile: v.mobile.trim(),
        code: v.code.trim(),
        password: v.password,
        real_name: v.real_name?.trim() || undefined,
        HigherMobile: referrer,
        company_id: companyId,
        agreement: 1,
      },
      {
        onSuccess: (result) => {
          startSession(result, { remember: DEFAULT_REMEMBER });
          toastSuccess('注册成功');
          navigate(landingAfterLogin(redirect, result.user.role), { replace: true });
        },
        onError: (e) => {
          setTaken(isApiError(e) && e.c === Codes.MOBILE_TAKEN.c);
          showFieldError(form, e, FIELDS);
        },
      },
    );

  return (
    <ShopLayout title="注册会员" description="注册成为商城会员：手机号验证后即可下单、收藏与领取优惠券。">
      <div className="auth-page">
        {user ? (
          <Card className="auth-card">
            <Result
              status="info"
              title="您已登录"
              subTitle={`当前账号：${user.real_name || user.username}。如需注册新账号，请先退出登录。`}
              extra={[
                <Button key="go" type="primary" onClick={() => navigate(WORKBENCH_PATH)}>
                  进入个人中心
                </Button>,
                <Button key="out" onClick={() => navigate('/loginOut')}>
                  退出登录
                </Button>,
              ]}
            />
          </Card>
        ) : (
          <Card className="auth-card" title="注册会员">
            {referrer && (
              <Alert
                type="info"
                showIcon
                title={`推荐人：${maskMobile(referrer)}`}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form<Values>
              form={form}
              name="register"
              aria-label="注册会员"
              layout="vertical"
              onFinish={submit}
              onValuesChange={(changed) => {
                if ('mobile' in changed) setTaken(false);
              }}
              requiredMark
            >
              <Form.Item
                label="手机号"
                name="mobile"
                required
                rules={[zodRule(rules.mobile)]}
                extra={taken ? <Link to={toLogin}>用该手机号登录</Link> : undefined}
              >
                <Input
                  placeholder="11 位手机号，注册后即为登录用户名"
                  maxLength={11}
                  inputMode="numeric"
                  autoComplete="tel"
                  autoFocus
                />
              </Form.Item>
              <SmsCodeField form={form} purpose="register" companyId={companyId} />
              <PasswordPair label="密码" placeholder="设置登录密码" rule={rules.password} />
              <Form.Item label="姓名（选填）" name="real_name" rules={[zodRule(rules.real_name)]}>
                <Input placeholder="您的称呼" maxLength={20} autoComplete="name" />
              </Form.Item>
              <Form.Item
                name="agreement"
                valuePropName="checked"
                className="agreement-item"
                extra={
                  <span className="agreement-links">
                    请阅读
                    <Button type="link" size="small" onClick={() => setReading('terms')}>
                      《用户协议》
                    </Button>
                    和
                    <Button type="link" size="small" onClick={() => setReading('privacy')}>
                      《隐私政策》
                    </Button>
                  </span>
                }
                rules={[
                  {
                    validator: (_, checked) =>
                      checked ? Promise.resolve() : Promise.reject(new Error(AGREEMENT_REQUIRED)),
                  },
                ]}
              >
                <Checkbox aria-label="我已阅读并同意《用户协议》和《隐私政策》">我已阅读并同意</Checkbox>
              </Form.Item>
              <Form.Item style={{ marginBottom: 12 }}>
                <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
                  注册
                </Button>
              </Form.Item>
            </Form>
            <AgreementModal kind={reading} party={party} onClose={() => setReading(null)} />
            <div className="auth-links text-links">
              <span>
                已有账号？
                <Link to={toLogin}>去登录</Link>
              </span>
              <Link to="/forgotPassword">忘记密码</Link>
            </div>
          </Card>
        )}
      </div>
    </ShopLayout>
  );
}
