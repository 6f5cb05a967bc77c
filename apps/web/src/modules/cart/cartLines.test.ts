import type { CartLine, ShopGoods } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  type CartViewLine,
  cartTotals,
  guestLines,
  memberLines,
  priceChanged,
  purchasable,
} from './cartLines.ts';

/** A line that must be there. */
function at(lines: readonly CartViewLine[], i: number): CartViewLine {
  const l = lines[i];
  if (!l) throw new Error(`line ${i} missing`);
  return l;
}

const goods = (id: number, price: number, stock = 10): ShopGoods => ({
  id,
  name: `商品${id}`,
  subtitle: '',
  cover: `/c/${id}.jpg`,
  price,
  original_price: price,
  stock,
  sales: 0,
  love_count: 0,
  category_id: null,
  category_name: '',
  is_new: 0,
  is_recommend: 0,
  create_time: '',
});

describe('guest lines', () => {
  const stored = [
    { goods_id: 1, quantity: 2, price: 1000, selected: 1 as const },
    { goods_id: 2, quantity: 1, price: 500, selected: 1 as const },
    { goods_id: 3, quantity: 5, price: 300, selected: 0 as const },
  ];

  it('are not loaded while the goods are being fetched', () => {
    const lines = guestLines(stored, undefined);
    expect(lines.every((l) => !l.loaded && l.available)).toBe(true);
    expect(cartTotals(lines).lines).toBe(0);
  });

  it('take names and current prices from the goods, and flag changes and missing goods', () => {
    const lines = guestLines(stored, [goods(1, 1200), goods(3, 300, 2)]);
    expect(lines[0]).toMatchObject({
      name: '商品1',
      price: 1200,
      price_at_add: 1000,
      available: true,
      loaded: true,
    });
    expect(priceChanged(at(lines, 0))).toBe(true);
    expect(lines[1]).toMatchObject({ name: '商品已下架', available: false });
    expect(priceChanged(at(lines, 1))).toBe(false);
    expect(purchasable(at(lines, 2))).toBe(false); // 5 wanted, 2 in stock
  });

  it('count only selected lines that can be bought', () => {
    const lines = guestLines(stored, [goods(1, 1200), goods(3, 300)]);
    expect(cartTotals(lines)).toEqual({
      lines: 1,
      quantity: 2,
      amount: 2400,
      blocked: 1,
      allSelected: false,
    });
    const all = guestLines(
      stored.map((l) => ({ ...l, selected: 1 as const })),
      [goods(1, 1200), goods(3, 300)],
    );
    expect(cartTotals(all)).toMatchObject({ lines: 2, quantity: 7, amount: 3900, allSelected: true });
  });
});

describe('member lines', () => {
  const line = (over: Partial<CartLine>): CartLine => ({
    id: 1,
    goods_id: 1,
    sku_id: null,
    sku_text: '',
    name: 'A',
    cover: '',
    price: 1000,
    price_at_add: 1000,
    quantity: 1,
    stock: 5,
    available: 1,
    selected: 1,
    ...over,
  });

  it('map the server cart', () => {
    const lines = memberLines([
      line({}),
      line({ id: 2, goods_id: 2, available: 0, selected: 0, price_at_add: 900 }),
    ]);
    const [a, b] = [at(lines, 0), at(lines, 1)];
    expect(a).toMatchObject({ key: 'm1', id: 1, available: true, selected: true, loaded: true });
    expect(b).toMatchObject({ key: 'm2', available: false, selected: false });
    expect(priceChanged(b)).toBe(false); // unavailable: no price to compare
    expect(cartTotals(lines)).toMatchObject({ lines: 1, amount: 1000, allSelected: true });
  });

  it('show a price change against the price when added', () => {
    const a = at(memberLines([line({ price: 1100, price_at_add: 1000, quantity: 3 })]), 0);
    expect(priceChanged(a)).toBe(true);
    expect(cartTotals([a]).amount).toBe(3300);
  });
});
