import { Alert, Avatar, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useGuestCartMerge } from '#web/shared/cart/cartMerge.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { CompanyFooter } from '#web/shared/shop/CompanyFooter.tsx';
import { useCompany } from '#web/shared/useCompany.ts';
import { LoginPanel, type LoginPanelProps } from './LoginPanel.tsx';
import { WelcomeBackPanel } from './WelcomeBackPanel.tsx';
import './landing.css';
import { PALETTE } from '#web/shared/ui/theme.ts';

export interface LandingProps {
  /** The headline; default 欢迎访问<company>. */
  heading?: string;
  /** The line under it. */
  subheading?: string;
  /** Title, landing and links of the login panel. */
  login?: LoginPanelProps;
}

/**
 * `/`, `/home`, `/shop` and `/login`: the company's landing screen with the login panel. The login
 * variants (/loginIndex, /loginOa, /loginPurchase) are the same screen with their own texts.
 */
export function LandingPage({ heading, subheading, login }: LandingProps = {}) {
  const company = useCompany();
  const user = useUserInfo();
  // A login here moves the guest cart into the member's cart (see cartMerge.ts).
  useGuestCartMerge();
  const [params] = useSearchParams();
  const c = company.data;
  const name = c?.company_name || '企业门户';

  return (
    <div className="landing tall-bg">
      <header className="landing-header">
        {c?.logos.main ? (
          <img className="landing-logo" src={c.logos.main} alt={name} />
        ) : (
          <Avatar shape="square" size={40} style={{ background: PALETTE.primary }}>
            {name.slice(0, 1)}
          </Avatar>
        )}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
      </header>

      <main className="landing-main">
        <section className="landing-hero" aria-label="欢迎">
          {c?.logos.centre && <img className="landing-centre" src={c.logos.centre} alt="" />}
          <Typography.Title level={1} className="landing-title">
            {heading ?? (c ? `欢迎访问${c.company_name}` : '欢迎访问企业门户')}
          </Typography.Title>
          <Typography.Paragraph className="landing-sub">
            {subheading ?? '商城、ERP 管理与业务流程仿真实训，一个账号统一登录。'}
          </Typography.Paragraph>
          {company.isError && (
            <Alert type="info" showIcon title="欢迎访问，请登录" style={{ maxWidth: 420 }} />
          )}
        </section>
        <aside className="landing-panel">
          {user ? (
            <WelcomeBackPanel user={user} redirect={params.get('redirect')} />
          ) : (
            <LoginPanel {...login} />
          )}
        </aside>
      </main>

      <CompanyFooter company={c} />
    </div>
  );
}
