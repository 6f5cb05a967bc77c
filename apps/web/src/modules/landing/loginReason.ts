import { safeRedirect } from '#web/app/guard.ts';

export interface LoginReason {
  /** Why this page asks to log in, shown above the form. */
  message: string;
  /** The way back for someone who does not want to log in now. */
  back: { to: string; label: string };
}

/**
 * Why a visitor was sent to log in (the page in `redirect`), and the way back without logging in:
 * checkout goes back to the cart (its goods are kept in this browser), another page to the shop.
 * Nothing when the login was opened by itself.
 */
export function loginReason(redirect: string | null | undefined): LoginReason | null {
  const target = safeRedirect(redirect);
  if (!target) return null;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (path === '/settle')
    return {
      message: '结算前请先登录：登录后回到确认订单，购物车中的商品不会丢失。',
      back: { to: '/cart', label: '返回购物车' },
    };
  if (path === '/cart')
    return {
      message: '登录后，本机购物车中的商品会并入您的账号购物车。',
      back: { to: '/cart', label: '返回购物车' },
    };
  return {
    message: '您访问的页面需要登录，登录后将回到该页面。',
    back: { to: '/', label: '返回商城首页' },
  };
}
