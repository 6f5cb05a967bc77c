import { describe, expect, it } from 'vitest';
import { cartBadge, cartLinkLabel, shopTabOf } from './phone.ts';

describe('shop tab bar', () => {
  it('marks the tab of the page', () => {
    expect(shopTabOf('/')).toBe('home');
    expect(shopTabOf('/home')).toBe('home');
    expect(shopTabOf('/product')).toBe('category');
    expect(shopTabOf('/product/')).toBe('category');
    expect(shopTabOf('/cart')).toBe('cart');
    expect(shopTabOf('/Workbench')).toBe('mine');
    expect(shopTabOf('/workbench')).toBe('mine');
  });

  it('marks none on pages outside the four tabs', () => {
    for (const p of ['/search', '/news', '/goodsDetail', '/settle', '/cartoon', '/productx']) {
      expect(shopTabOf(p)).toBeNull();
    }
  });

  it('draws the cart count as the header does', () => {
    expect(cartBadge(0)).toBeUndefined();
    expect(cartBadge(1)).toBe('1');
    expect(cartBadge(99)).toBe('99');
    expect(cartBadge(100)).toBe('99+');
    expect(cartLinkLabel(3)).toBe('购物车，3 种商品');
  });
});
