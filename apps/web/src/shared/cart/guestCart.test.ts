import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#web/shared/storage.ts';
import {
  addGuestLine,
  clearGuestCart,
  type GuestLine,
  readGuestCart,
  removeGuestLines,
  sanitizeGuestCart,
  setGuestQuantity,
  setGuestSelected,
  subscribeGuestCart,
  toMergeItems,
  writeGuestCart,
} from './guestCart.ts';

afterEach(() => localStorage.clear());

describe('sanitizeGuestCart', () => {
  it('keeps valid lines and drops the rest', () => {
    expect(
      sanitizeGuestCart([
        { goods_id: 1, quantity: 2, price: 1250 },
        { goods_id: 0, quantity: 1 },
        { goods_id: 'x', quantity: 1 },
        { goods_id: 2, quantity: 0 },
        { goods_id: 3, quantity: 1.7, price: -5 },
        null,
        'junk',
      ]),
    ).toEqual([
      { goods_id: 1, quantity: 2, price: 1250, selected: 1 },
      { goods_id: 3, quantity: 1, selected: 1 },
    ]);
  });

  it('adds up duplicates, caps at 999 pieces and 100 lines, and is empty for anything not a list', () => {
    expect(
      sanitizeGuestCart([
        { goods_id: 1, quantity: 600 },
        { goods_id: 1, quantity: 600 },
      ]),
    ).toEqual([{ goods_id: 1, quantity: 999, selected: 1 }]);
    const many = Array.from({ length: 120 }, (_, i) => ({ goods_id: i + 1, quantity: 1 }));
    expect(sanitizeGuestCart(many)).toHaveLength(100);
    expect(sanitizeGuestCart({ goods_id: 1 })).toEqual([]);
    expect(sanitizeGuestCart(null)).toEqual([]);
  });

  it('keeps an unselected line unselected', () => {
    expect(sanitizeGuestCart([{ goods_id: 1, quantity: 1, selected: 0 }])[0]?.selected).toBe(0);
  });
});

describe('guest cart changes', () => {
  const one: GuestLine[] = [{ goods_id: 1, quantity: 2, price: 1000, selected: 1 }];

  it('adds a new goods with the price the shopper saw', () => {
    const r = addGuestLine(one, { goods_id: 2, quantity: 3, price: 500 });
    expect(r.ok).toBe(true);
    expect(r.lines).toEqual([...one, { goods_id: 2, quantity: 3, price: 500, selected: 1 }]);
  });

  it('adds to the same goods, bounded by stock, and takes the newest price', () => {
    const r = addGuestLine(one, { goods_id: 1, quantity: 5, price: 900 }, 4);
    expect(r.lines).toEqual([{ goods_id: 1, quantity: 4, price: 900, selected: 1 }]);
    expect(addGuestLine(one, { goods_id: 1, quantity: 5000, price: 900 }).lines[0]?.quantity).toBe(999);
  });

  it('refuses a 101st goods', () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ goods_id: i + 1, quantity: 1 }));
    const r = addGuestLine(full, { goods_id: 500, quantity: 1, price: 1 });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toBe('购物车最多100种商品');
    expect(r.lines).toHaveLength(100);
    // …but more of a goods already in it is fine.
    expect(addGuestLine(full, { goods_id: 5, quantity: 1, price: 1 }).ok).toBe(true);
  });

  it('changes quantity, selection and removes lines', () => {
    const two = addGuestLine(one, { goods_id: 2, quantity: 1, price: 1 }).lines;
    expect(setGuestQuantity(two, 2, 7).find((l) => l.goods_id === 2)?.quantity).toBe(7);
    expect(setGuestQuantity(two, 2, 0).find((l) => l.goods_id === 2)?.quantity).toBe(1);
    expect(setGuestSelected(two, [2], false).map((l) => l.selected)).toEqual([1, 0]);
    expect(setGuestSelected(two, 'all', false).map((l) => l.selected)).toEqual([0, 0]);
    expect(removeGuestLines(two, [1]).map((l) => l.goods_id)).toEqual([2]);
  });

  it('sends the merge only the contract fields', () => {
    expect(
      toMergeItems([
        { goods_id: 1, quantity: 2, price: 1000, selected: 0 },
        { goods_id: 2, quantity: 1 },
      ]),
    ).toEqual([
      { goods_id: 1, quantity: 2, price: 1000 },
      { goods_id: 2, quantity: 1 },
    ]);
  });
});

describe('guest cart store', () => {
  it('lives in local storage under portal_cart and tells subscribers', () => {
    const fn = vi.fn();
    const off = subscribeGuestCart(fn);
    writeGuestCart([{ goods_id: 9, quantity: 1, price: 100, selected: 1 }]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? 'null')).toEqual([
      { goods_id: 9, quantity: 1, price: 100, selected: 1 },
    ]);
    expect(readGuestCart()).toEqual([{ goods_id: 9, quantity: 1, price: 100, selected: 1 }]);
    expect(readGuestCart()).toBe(readGuestCart()); // a stable snapshot
    expect(fn).toHaveBeenCalledTimes(1);
    clearGuestCart();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
    expect(readGuestCart()).toEqual([]);
    off();
  });

  it('reads a broken value as an empty cart', () => {
    localStorage.setItem(STORAGE_KEYS.cart, '{not json');
    expect(readGuestCart()).toEqual([]);
  });

  it('follows changes made in another tab', () => {
    const fn = vi.fn();
    const off = subscribeGuestCart(fn);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(fn).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('lines of a specification', () => {
  it('keeps one line per goods and specification, changed and removed by goods and specification, merged with sku_id', () => {
    let lines = addGuestLine([], {
      goods_id: 7,
      sku_id: 70,
      sku_text: '红色',
      quantity: 1,
      price: 5900,
    }).lines;
    lines = addGuestLine(lines, {
      goods_id: 7,
      sku_id: 71,
      sku_text: '蓝色',
      quantity: 2,
      price: 6900,
    }).lines;
    lines = addGuestLine(lines, {
      goods_id: 7,
      sku_id: 70,
      sku_text: '红色',
      quantity: 1,
      price: 5900,
    }).lines;
    expect(lines.map((l) => [l.sku_id, l.sku_text, l.quantity])).toEqual([
      [70, '红色', 2],
      [71, '蓝色', 2],
    ]);
    lines = setGuestQuantity(lines, { goods_id: 7, sku_id: 71 }, 5);
    expect(lines.find((l) => l.sku_id === 71)?.quantity).toBe(5);
    // A goods id alone is the goods sold as itself, not one of its specifications.
    expect(removeGuestLines(lines, [7])).toHaveLength(2);
    lines = removeGuestLines(lines, [{ goods_id: 7, sku_id: 70 }]);
    expect(toMergeItems(lines)).toEqual([{ goods_id: 7, sku_id: 71, quantity: 5, price: 6900 }]);
    // Stored duplicates add up per specification; a bad sku_id leaves the goods alone.
    expect(
      sanitizeGuestCart([
        { goods_id: 7, sku_id: 70, quantity: 1 },
        { goods_id: 7, sku_id: 70, quantity: 2 },
        { goods_id: 7, sku_id: 'x', quantity: 1 },
      ]).map((l) => [l.sku_id, l.quantity]),
    ).toEqual([
      [70, 3],
      [undefined, 1],
    ]);
  });
});
