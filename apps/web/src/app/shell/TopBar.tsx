import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Avatar, Divider, Layout, Tooltip, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import type { AreaEntry } from '#web/app/routes/types.ts';
// By path: the inbox's page (its list) is a lazy route and stays out of every page's first load.
import { MessageBell } from '#web/modules/inbox/MessageBell.tsx';
import { formatDateTime } from '#web/shared/format.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { PALETTE } from '#web/shared/ui/theme.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { useShop } from '#web/shared/useShop.ts';
import { AreaSwitch } from './AreaSwitch.tsx';
import { Clock } from './Clock.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The back office's 新订单 signal, loaded only in /crm (the order module stays out of the shell's first load). */
const NewOrderSignal = lazy(() =>
  import('#web/modules/order/index.ts').then((m) => ({ default: m.NewOrderSignal })),
);

/** Clock, login time, company address, the shop's phone and the user menu (company, shop and login record feed it). */
export function TopBar({ area }: { area: AreaEntry }) {
  const user = useUserInfo();
  const company = useCompany();
  const own = company.data && company.data.id === user?.company_id ? company.data : null;
  // The company as it is now (renamed by an approved change request, a new address saved) before
  // what the login cookie wrote down at login.
  const companyName = own?.company_name || user?.company_name || '企业门户';
  const address = own?.address || user?.address || '';
  const shop = useShop(user?.company_id).data;

  return (
    <Layout.Header className="shell-header">
      <div className="shell-brand">
        {own?.logos.main ? (
          <img src={own.logos.main} alt="" className="shell-logo" />
        ) : (
          <Avatar shape="square" style={{ background: PALETTE.primary }}>
            {companyName.slice(0, 1)}
          </Avatar>
        )}
        <Typography.Text strong ellipsis style={{ maxWidth: 220 }} className="shell-company">
          {companyName}
        </Typography.Text>
        <Divider orientation="vertical" className="shell-brand-sep" />
        <AreaSwitch area={area} />
      </div>
      <div className="shell-status">
        <Clock />
        {user?.login_time && (
          <span data-testid="login-time" className="shell-wide">
            登录时间：{formatDateTime(user.login_time)}
          </span>
        )}
        {address && (
          <Typography.Text
            className="shell-address shell-wide"
            ellipsis={{ tooltip: address }}
            data-testid="company-address"
          >
            <EnvironmentOutlined aria-hidden /> {address}
          </Typography.Text>
        )}
        {shop?.phone && (
          <Tooltip title={shop.ShopName}>
            <span data-testid="shop-phone" className="shell-wide">
              <PhoneOutlined aria-hidden /> {shop.phone}
            </span>
          </Tooltip>
        )}
        {area.path === '/crm' && (
          <Suspense fallback={null}>
            <NewOrderSignal />
          </Suspense>
        )}
        <MessageBell areaPath={area.path} />
        <UserMenu areaPath={area.path} />
      </div>
    </Layout.Header>
  );
}
