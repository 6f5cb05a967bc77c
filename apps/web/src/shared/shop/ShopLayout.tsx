import { MenuOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { KEYWORD_MAX } from '@portal/contract/constants';
import { Button, Dropdown, Input, type InputRef, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { CartMergeNotice } from '#web/shared/cart/CartMergeNotice.tsx';
import { useGuestCartMerge } from '#web/shared/cart/cartMerge.ts';
import { useCartCount } from '#web/shared/cart/cartState.ts';
import { scrollPageTop } from '#web/shared/scrollPageTop.ts';
import { loginPath, useUserInfo } from '#web/shared/session.ts';
import { useCompany } from '#web/shared/useCompany.ts';
import { CompanyFooter } from './CompanyFooter.tsx';
import { cartBadge, cartLinkLabel } from './phone.ts';
import { ShopTabBar } from './ShopTabBar.tsx';
import { SiteLinks } from './SiteLinks.tsx';
import { useDocumentHead } from './useDocumentHead.ts';
import './shop.css';
import './phone.css';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';

const NAV = [
  { to: '/', label: '首页', end: true },
  { to: '/product', label: '全部商品', end: false },
  { to: '/news', label: '新闻资讯', end: false },
] as const;

function SearchBox() {
  const navigate = useNavigate();
  const box = useRef<InputRef>(null);
  const { pathname, search } = useLocation();
  const current =
    (pathname === '/search' || pathname === '/product' ? new URLSearchParams(search).get('keyword') : '') ??
    '';
  // The box is drawn anew to show the URL's keyword when it changes elsewhere (back/forward, a
  // keyword tag closed), not when the box itself searched: that would take the focus from the box
  // (to <main>) and drop what was typed since Enter.
  const sent = useRef<string | null>(null);
  const shown = useRef(current);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (current === shown.current) return;
    shown.current = current;
    const own = sent.current === current;
    sent.current = null;
    if (!own) setGeneration((g) => g + 1);
  }, [current]);
  return (
    <Input.Search
      key={generation}
      defaultValue={current}
      placeholder="搜索商品"
      aria-label="搜索商品"
      allowClear={CLEARABLE}
      maxLength={KEYWORD_MAX}
      enterButton="搜索"
      ref={box}
      onSearch={(value, _e, info) => {
        if (info?.source === 'clear') return;
        // The field itself: on a server-rendered page the visitor may have typed before the app ran.
        const keyword = (box.current?.input?.value ?? value).trim();
        sent.current = keyword;
        navigate(keyword ? `/search?keyword=${encodeURIComponent(keyword)}` : '/product');
      }}
    />
  );
}

/**
 * The frame of every public shop page: header (logo, search, nav, cart, user), the notice of a merged
 * guest cart, the page, and the company footer; on a phone the tab bar at the bottom, or with
 * `phoneBar="own"` none: the page's own fixed bar (goods page, checkout) takes the bottom and the
 * page is padded by its height. Sets the document title and description.
 */
export function ShopLayout({
  title,
  description,
  phoneBar = 'tabs',
  children,
}: {
  title: string;
  description?: string;
  phoneBar?: 'tabs' | 'own';
  children: ReactNode;
}) {
  const company = useCompany();
  const c = company.data;
  const name = c?.company_name || '企业门户';
  const user = useUserInfo();
  const count = useCartCount();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;

  useDocumentHead(`${title} - ${name}`, description ?? `${name}网上商城：${title}`);
  useGuestCartMerge();
  const header = useStickyInset('top');

  // A new page starts at its top; a query change within the page (a drawer, a tab) stays where it is.
  // Not as the page first loads: the browser has placed it (a reload keeps its place), and reading
  // the scroll position while the page hydrates forced a layout of the whole page in that task.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    scrollPageTop();
  }, [location.pathname]);

  const userName = user ? user.real_name || user.username || '我的' : '';
  const mobileItems: MenuProps['items'] = [
    ...NAV.map((n) => ({ key: n.to, label: n.label })),
    { key: '/cart', label: `购物车${count ? `（${count}）` : ''}` },
    { type: 'divider' as const },
    ...(user
      ? [{ key: '/Workbench', label: userName }]
      : [
          { key: loginPath(here), label: '登录' },
          { key: '/register', label: '注册' },
        ]),
  ];

  return (
    <div className={`shop shop--${phoneBar === 'tabs' ? 'tabs' : 'own-bar'}`}>
      <header className="shop-header" ref={header}>
        <div className="shop-header-inner">
          <Link to="/" className="shop-brand" title={`${name}首页`}>
            {c?.logos.main ? (
              <img className="shop-logo" src={c.logos.main} alt="" height={36} />
            ) : (
              // A plain box, not antd's Avatar: the Avatar measures its text as the page hydrates (a
              // forced layout of the whole page in that task, 40–70 ms on a phone).
              <span className="shop-logo-letter" aria-hidden>
                {name.slice(0, 1)}
              </span>
            )}
            <span className="shop-brand-name">{name}</span>
          </Link>

          <nav className="shop-nav" aria-label="商城导航">
            {NAV.map((n) => (
              <NavLink key={n.to} to={n.to} end={n.end} className="shop-nav-link">
                {n.label}
              </NavLink>
            ))}
          </nav>

          <search className="shop-search">
            <SearchBox />
          </search>

          <div className="shop-actions">
            {/* The count is drawn from data-count (CSS), so the visible text is 购物车 and the name says both. */}
            <Link to="/cart" className="shop-cart" aria-label={cartLinkLabel(count)}>
              <span className="shop-cart-icon" data-count={cartBadge(count)}>
                <ShoppingCartOutlined aria-hidden style={{ fontSize: 22 }} />
              </span>
              <span className="shop-action-text">购物车</span>
            </Link>
            <span className="shop-user">
              {user ? (
                <Link to="/Workbench" className="shop-user-link" title="进入个人中心">
                  <UserOutlined aria-hidden /> <span className="shop-user-name">{userName}</span>
                </Link>
              ) : (
                <>
                  <Link to={loginPath(here)}>登录</Link>
                  <span className="shop-user-sep" aria-hidden>
                    |
                  </span>
                  <Link to="/register">注册</Link>
                </>
              )}
            </span>
            <Dropdown
              trigger={['click']}
              autoFocus
              menu={{ items: mobileItems, onClick: ({ key }) => navigate(key) }}
              placement="bottomRight"
            >
              <Button
                className="shop-menu-button"
                type="text"
                icon={<MenuOutlined aria-hidden />}
                aria-label="菜单"
              />
            </Dropdown>
          </div>
        </div>
      </header>

      <main className="shop-main">
        <CartMergeNotice />
        {children}
      </main>

      <div className="shop-footer">
        <SiteLinks />
        <CompanyFooter company={c} />
      </div>
      {phoneBar === 'tabs' && <ShopTabBar />}
    </div>
  );
}
