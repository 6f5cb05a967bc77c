import { Alert, Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { useAccountInfo } from '#web/modules/account/index.ts';
import { loginPath, useLoggedIn } from '#web/shared/session.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { FinderPage } from './FinderParts.tsx';
import { QrCard } from './QrCard.tsx';
import { absoluteUrl, referralPath } from './qr.ts';
import './finder.css';

/** The logged-in user's own referral code: /register with them as referrer and their company. */
function Referral() {
  const info = useAccountInfo();
  const title = '我的推荐码';
  if (info.isPending) {
    return (
      <section className="qr-card shop-panel" aria-label={title} aria-busy>
        <h2 className="qr-card-title">{title}</h2>
        <Skeleton active />
      </section>
    );
  }
  const user = info.data?.user;
  if (!user?.mobile) {
    return (
      <section className="qr-card shop-panel" aria-label={title}>
        <h2 className="qr-card-title">{title}</h2>
        <Alert
          type="info"
          showIcon
          title={
            info.isError ? '账号信息加载失败，请刷新页面重试' : '您的账号没有登记手机号，暂不能生成推荐码'
          }
        />
      </section>
    );
  }
  const url = absoluteUrl(referralPath(user.mobile, user.company_id), window.location.origin);
  return (
    <QrCard title={title} url={url}>
      <p className="app-release-meta" style={{ margin: 0 }}>
        好友扫码注册时，推荐人自动填写为您（{user.real_name || user.mobile}）
      </p>
    </QrCard>
  );
}

/** `/qrcode`: QR codes of the shop home, the register page and, when logged in, the user's referral link. */
export function QrCodePage() {
  const company = useCompany();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const origin = window.location.origin;
  const companyId = company.data?.id;
  const register = companyId ? `/register?company_id=${companyId}` : '/register';

  return (
    <FinderPage
      title="二维码"
      description="商城首页、会员注册与个人推荐链接的二维码，可下载为图片打印或分享。"
      heading="扫码访问"
      intro="用手机扫描二维码打开商城；二维码可下载为 PNG 图片，用于海报、名片或分享。"
    >
      <div className="finder-grid">
        <QrCard title="商城首页" url={absoluteUrl('/', origin)}>
          <p className="app-release-meta" style={{ margin: 0 }}>
            浏览商品、领取优惠券
          </p>
        </QrCard>
        <QrCard title="注册会员" url={absoluteUrl(register, origin)}>
          <p className="app-release-meta" style={{ margin: 0 }}>
            手机号验证后即可成为会员
          </p>
        </QrCard>
        {loggedIn ? (
          <Referral />
        ) : (
          <section className="qr-card shop-panel" aria-label="我的推荐码">
            <h2 className="qr-card-title">我的推荐码</h2>
            <p className="app-release-meta">登录后生成您的专属推荐二维码，好友扫码注册即记录为您推荐。</p>
            <Button type="primary" onClick={() => navigate(loginPath('/qrcode'))}>
              登录后生成
            </Button>
          </section>
        )}
      </div>
    </FinderPage>
  );
}
