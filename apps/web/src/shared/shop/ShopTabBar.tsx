import { AppstoreOutlined, HomeOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useCartCount } from '#web/shared/cart/cartState.ts';
import { loginPath, useUserInfo } from '#web/shared/session.ts';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { cartBadge, cartLinkLabel, type ShopTab, shopTabOf } from './phone.ts';

function Tab({
  to,
  tab,
  current,
  icon,
  label,
  name,
  badge,
}: {
  to: string;
  tab: ShopTab;
  current: ShopTab | null;
  icon: ReactNode;
  label: string;
  name?: string;
  badge?: string | undefined;
}) {
  return (
    <Link
      to={to}
      className="shop-tabbar-link"
      aria-current={tab === current ? 'page' : undefined}
      aria-label={name}
    >
      <span className="shop-tabbar-icon shop-cart-icon" data-count={badge}>
        {icon}
      </span>
      <span>{label}</span>
    </Link>
  );
}

/**
 * The phone's tab bar (CSS shows it up to 576 px, phone.css): 首页, 分类 (all goods by category),
 * 购物车 with the cart's count, 我的 (the member's workbench, or the login that leads there).
 */
export function ShopTabBar() {
  const { pathname } = useLocation();
  const current = shopTabOf(pathname);
  const user = useUserInfo();
  const count = useCartCount();
  const bar = useStickyInset('bottom');
  return (
    <nav className="shop-tabbar" aria-label="底部导航" ref={bar}>
      <Tab to="/" tab="home" current={current} icon={<HomeOutlined aria-hidden />} label="首页" />
      <Tab
        to="/product"
        tab="category"
        current={current}
        icon={<AppstoreOutlined aria-hidden />}
        label="分类"
      />
      <Tab
        to="/cart"
        tab="cart"
        current={current}
        icon={<ShoppingCartOutlined aria-hidden />}
        label="购物车"
        name={cartLinkLabel(count)}
        badge={cartBadge(count)}
      />
      <Tab
        to={user ? '/Workbench' : loginPath('/Workbench')}
        tab="mine"
        current={current}
        icon={<UserOutlined aria-hidden />}
        label="我的"
      />
    </nav>
  );
}
