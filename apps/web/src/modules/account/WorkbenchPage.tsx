import {
  BellOutlined,
  EnvironmentOutlined,
  GiftOutlined,
  HeartOutlined,
  IdcardOutlined,
  LockOutlined,
  ProfileOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Card, Space, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MyLoves } from '#web/modules/catalogue/index.ts';
import { ConsigneeBook } from '#web/modules/consignee/index.ts';
import { MyCoupons } from '#web/modules/coupon/index.ts';
import { MessageViewPage, useInboxSummary } from '#web/modules/inbox/index.ts';
import { MyOrders } from '#web/modules/order/index.ts';
import { queryId } from '#web/shared/query.ts';
import { RequireLogin } from '#web/shared/RequireLogin.tsx';
import { useUserInfo } from '#web/shared/session.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { NoticeSettings } from './NoticeSettings.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import './member.css';
import { PALETTE } from '#web/shared/ui/theme.ts';

const TABS = [
  { key: 'orders', label: '我的订单', icon: <ProfileOutlined aria-hidden /> },
  { key: 'messages', label: '我的消息', icon: <BellOutlined aria-hidden /> },
  { key: 'address', label: '收货地址', icon: <EnvironmentOutlined aria-hidden /> },
  { key: 'coupons', label: '优惠券', icon: <GiftOutlined aria-hidden /> },
  { key: 'love', label: '我的收藏', icon: <HeartOutlined aria-hidden /> },
  { key: 'profile', label: '个人资料', icon: <IdcardOutlined aria-hidden /> },
  { key: 'password', label: '修改密码', icon: <LockOutlined aria-hidden /> },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const isTab = (k: string | null): k is TabKey => TABS.some((t) => t.key === k);

/** `/Workbench`: the member's own page (orders, addresses, coupons, likes, profile, password). */
export function WorkbenchPage() {
  return (
    <RequireLogin>
      <Workbench />
    </RequireLogin>
  );
}

function Workbench() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = isTab(raw) ? raw : 'orders';
  const openOrder = queryId(params.get('order')) ?? null;
  const label = TABS.find((t) => t.key === tab)?.label ?? '我的订单';
  const name = user?.real_name || user?.username || '会员';
  // What the shop told the member (a payment confirmed, an order shipped): the tab shows the unread count.
  const unread = useInboxSummary(true).data?.unread ?? 0;

  const go = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) q.delete(k);
          else q.set(k, v);
        }
        return q;
      },
      { replace: true },
    );

  const panels: Record<TabKey, ReactNode> = {
    orders: (
      <MyOrders
        openId={openOrder}
        payError={params.get('pay_error')}
        onOpen={(id) => go({ order: id === null ? null : String(id), pay_error: null })}
      />
    ),
    messages: <MessageViewPage />,
    address: <ConsigneeBook />,
    coupons: <MyCoupons />,
    love: <MyLoves />,
    profile: (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <ProfileForm />
        <NoticeSettings />
      </Space>
    ),
    password: (
      <div style={{ maxWidth: 480 }}>
        <PasswordForm />
      </div>
    ),
  };

  return (
    <ShopLayout
      title={`${label} - 个人中心`}
      description="会员个人中心：订单、收货地址、优惠券、收藏与账户设置。"
    >
      <div className="workbench">
        <Card className="workbench-hello" size="small">
          <Avatar size={48} style={{ background: PALETTE.primary, flex: 'none' }}>
            {name.slice(0, 1)}
          </Avatar>
          <div className="workbench-hello-text">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {name}
            </Typography.Title>
            <Typography.Text type="secondary">
              {[user?.role_name, user?.company_name].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
          <div className="workbench-hello-actions">
            <Button onClick={() => navigate('/cart')}>购物车</Button>
            <Button onClick={() => navigate('/loginOut')}>退出登录</Button>
          </div>
        </Card>
        <Card className="workbench-main">
          <Tabs
            activeKey={tab}
            onChange={(k) => go({ tab: k, order: null })}
            items={TABS.map((t) => ({
              key: t.key,
              label:
                t.key === 'messages' && unread > 0 ? (
                  <span data-testid="member-unread">
                    {t.label}
                    <Badge count={unread} size="small" offset={[6, -2]} />
                  </span>
                ) : (
                  t.label
                ),
              icon: t.icon,
              children: t.key === tab ? panels[t.key] : null,
            }))}
          />
        </Card>
      </div>
    </ShopLayout>
  );
}
