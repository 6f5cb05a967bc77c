import { CART_MERGE_KEY_PATTERN, type LoginResult } from '@portal/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession, USER_COOKIE } from '#web/shared/session.ts';
import { STORAGE_KEYS, storage } from '#web/shared/storage.ts';
import {
  adjustedText,
  dismissMergeNotice,
  installGuestCartMerge,
  type MergeDeps,
  type MergeResult,
  mergeNotice,
  resetCartMergeForTests,
} from './cartMerge.ts';
import { readGuestCart, writeGuestCart } from './guestCart.ts';

const login = (token = 'tok-1'): LoginResult => ({
  token,
  login_time: '2024-03-04T09:05:07.000Z',
  user: {
    id: 9,
    username: '13800000000',
    real_name: '会员',
    role: 15,
    role_name: '会员',
    company_id: 125,
    company_name: '示例公司',
    company_address: '',
    group_id: 1,
    group_name: '',
    position_id: null,
    position_name: '',
    avatarUrl: '',
    main_bg: '',
    mobile: '13800000000',
    email: '',
    must_change_password: 0,
  },
});

const emptyCart: MergeResult = { results: [], selected_count: 0, selected_amount: 0, adjusted: [] };
const flush = () => new Promise((r) => setTimeout(r, 0));

function deps(reply: () => Promise<MergeResult> = () => Promise.resolve(emptyCart)) {
  const post = vi.fn<MergeDeps['post']>(reply);
  const merged = vi.fn<MergeDeps['merged']>();
  return { post, merged };
}

const guest = [
  { goods_id: 1, quantity: 2, price: 1250, selected: 1 as const },
  { goods_id: 2, quantity: 1, price: 300, selected: 0 as const },
];

beforeEach(() => resetCartMergeForTests());
afterEach(() => {
  resetCartMergeForTests();
  Cookies.remove(USER_COOKIE, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
});

describe('guest cart merge at login', () => {
  it('sends the guest cart once the session goes from logged out to logged in, then clears it', async () => {
    writeGuestCart(guest);
    const d = deps();
    installGuestCartMerge(d);
    await flush();
    expect(d.post).not.toHaveBeenCalled(); // a visitor keeps the guest cart

    startSession(login(), { remember: false });
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
    expect(JSON.parse(d.post.mock.calls[0]?.[0] ?? '')).toEqual([
      { goods_id: 1, quantity: 2, price: 1250 },
      { goods_id: 2, quantity: 1, price: 300 },
    ]);
    // Under the key the guest cart got when it was first written; cleared with the cart.
    expect(d.post.mock.calls[0]?.[1]).toMatch(CART_MERGE_KEY_PATTERN);
    expect(readGuestCart()).toEqual([]);
    expect(storage.get('cart_key')).toBeNull();
    expect(d.merged).toHaveBeenCalledWith(emptyCart);
    expect(mergeNotice()).toEqual([]);

    // Logging out and in again with an empty guest cart sends nothing.
    endSession();
    startSession(login('tok-2'), { remember: false });
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
  });

  it('sends the same key again when the page moved on before the answer, and a new cart a new key', async () => {
    writeGuestCart(guest);
    const key = storage.get('cart_key');
    expect(key).toMatch(CART_MERGE_KEY_PATTERN);
    writeGuestCart([...guest, { goods_id: 3, quantity: 1, price: 100, selected: 1 }]);
    expect(storage.get('cart_key')).toBe(key); // one key per guest cart

    startSession(login(), { remember: false });
    const lost = deps(() => new Promise(() => {})); // the answer never arrives on this page
    installGuestCartMerge(lost);
    await flush();
    expect(lost.post).toHaveBeenCalledWith(expect.any(String), key);
    expect(readGuestCart()).toHaveLength(3);

    resetCartMergeForTests(); // the next page
    const next = deps();
    installGuestCartMerge(next);
    await flush();
    expect(next.post).toHaveBeenCalledWith(lost.post.mock.calls[0]?.[0], key);
    expect(readGuestCart()).toEqual([]);

    writeGuestCart(guest);
    expect(storage.get('cart_key')).not.toBe(key);
  });

  it('gives a guest cart written before merge keys existed a key at the merge', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(guest));
    startSession(login(), { remember: false });
    const d = deps();
    installGuestCartMerge(d);
    await flush();
    expect(d.post.mock.calls[0]?.[1]).toMatch(CART_MERGE_KEY_PATTERN);
  });

  it('keeps the adjusted lines for the notice until it is closed', async () => {
    writeGuestCart(guest);
    const lowered = { goods_id: 1, name: '绿茶', quantity: 1, reason: 'stock' as const };
    const dropped = { goods_id: 2, name: '', quantity: 0, reason: 'unavailable' as const };
    const adjusted = [lowered, dropped];
    const d = deps(() => Promise.resolve({ ...emptyCart, adjusted }));
    installGuestCartMerge(d);
    startSession(login(), { remember: true });
    await flush();
    expect(mergeNotice()).toEqual(adjusted);
    expect(adjustedText(lowered)).toBe('绿茶：库存不足，数量已调整为 1');
    expect(adjustedText(dropped)).toBe('商品 2：已下架或不存在，未加入购物车');
    expect(adjustedText({ goods_id: 3, name: '门票', quantity: 12, reason: 'limit', limit: 12 })).toBe(
      '门票：每单限购 12 件，数量已调整为 12',
    );
    expect(adjustedText({ goods_id: 4, name: '红茶', quantity: 0, reason: 'sold_out' })).toBe(
      '红茶：已售罄，未加入购物车',
    );
    dismissMergeNotice();
    expect(mergeNotice()).toEqual([]);
  });

  it('merges at once when the page opens logged in with a guest cart left over', async () => {
    startSession(login(), { remember: false });
    writeGuestCart(guest);
    const d = deps();
    installGuestCartMerge(d);
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
    expect(readGuestCart()).toEqual([]);
  });

  it('keeps the guest cart when the merge fails, and does not retry within the same session', async () => {
    writeGuestCart(guest);
    const d = deps(() => Promise.reject(new Error('network')));
    installGuestCartMerge(d);
    startSession(login('tok-1'), { remember: false });
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
    expect(readGuestCart()).toHaveLength(2);
    expect(d.merged).not.toHaveBeenCalled();

    startSession(login('tok-1'), { remember: false }); // same session notified again
    await flush();
    expect(d.post).toHaveBeenCalledOnce();

    startSession(login('tok-2'), { remember: false }); // the next login tries again
    await flush();
    expect(d.post).toHaveBeenCalledTimes(2);
  });

  it('sends one merge while one is running', async () => {
    writeGuestCart(guest);
    let resolve: (v: MergeResult) => void = () => {};
    const d = deps(() => new Promise((r) => (resolve = r)));
    installGuestCartMerge(d);
    startSession(login(), { remember: false });
    startSession(login(), { remember: false });
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
    resolve(emptyCart);
    await flush();
    expect(readGuestCart()).toEqual([]);
  });

  it('is installed once however many pages mount it', async () => {
    writeGuestCart(guest);
    const d = deps();
    installGuestCartMerge(d);
    installGuestCartMerge(d);
    startSession(login(), { remember: false });
    await flush();
    expect(d.post).toHaveBeenCalledOnce();
  });
});
