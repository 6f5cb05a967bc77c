import { describe, expect, it } from 'vitest';
import { loginReason } from './loginReason.ts';

describe('loginReason', () => {
  it('tells a shopper at checkout why, and leads back to the cart', () => {
    expect(loginReason('/settle')).toMatchObject({ back: { to: '/cart', label: '返回购物车' } });
    expect(loginReason('/settle?from=cart')?.message).toContain('结算前请先登录');
  });

  it('leads back to the shop from any other page that wanted a login', () => {
    expect(loginReason('/Workbench')).toMatchObject({ back: { to: '/', label: '返回商城首页' } });
    expect(loginReason('/crm/goods_category')?.message).toContain('需要登录');
  });

  it('says nothing for a login opened by itself or an unsafe redirect', () => {
    expect(loginReason(null)).toBeNull();
    expect(loginReason('')).toBeNull();
    expect(loginReason('https://evil.example/settle')).toBeNull();
    expect(loginReason('//evil.example/settle')).toBeNull();
  });
});
