import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CART_MERGE_KEY_PATTERN,
  type GuestCartLine,
} from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { randomKey, STORAGE_KEYS, storage } from '#web/shared/storage.ts';

/**
 * The guest cart: the cart of a visitor who is not logged in, kept in local storage under
 * `portal_cart` as `[{goods_id, sku_id?, quantity, price}]` (price = the price the shopper saw, in
 * cents; `sku_id` the specification chosen of a goods that has them). `selected` and `sku_text`
 * (the specification's values, shown until the goods are fetched) are ours and never leave the
 * browser.
 */
export interface GuestLine {
  goods_id: number;
  sku_id?: number | undefined;
  sku_text?: string | undefined;
  quantity: number;
  price?: number | undefined;
  selected?: 0 | 1;
}

const isId = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 2_147_483_647;
const clampQuantity = (q: number, max = CART_MAX_QUANTITY) => Math.max(1, Math.min(Math.floor(q), max));

/**
 * Which line: a goods id (a goods sold as itself), or a goods and its specification. A line is
 * one per goods and specification.
 */
export type GuestRef = number | { goods_id: number; sku_id?: number | undefined };

const sameLine = (l: Pick<GuestLine, 'goods_id' | 'sku_id'>, ref: GuestRef) =>
  typeof ref === 'number'
    ? l.goods_id === ref && l.sku_id === undefined
    : l.goods_id === ref.goods_id && (l.sku_id ?? 0) === (ref.sku_id ?? 0);

/**
 * Whatever local storage holds → valid lines: integer ids, quantity 1..999, a price of at least 0,
 * one line per goods (quantities of duplicates added up), at most 100 lines. Anything else is dropped,
 * so a hand-edited or outdated value can neither break the page nor make the merge fail.
 */
export function sanitizeGuestCart(raw: unknown): GuestLine[] {
  if (!Array.isArray(raw)) return [];
  const out: GuestLine[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { goods_id, sku_id, sku_text, quantity, price, selected } = item as Record<string, unknown>;
    if (!isId(goods_id) || typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 1)
      continue;
    const line: GuestLine = { goods_id, quantity: clampQuantity(quantity) };
    if (isId(sku_id)) {
      line.sku_id = sku_id;
      if (typeof sku_text === 'string') line.sku_text = sku_text.slice(0, 100);
    }
    if (Number.isInteger(price) && (price as number) >= 0) line.price = price as number;
    line.selected = selected === 0 ? 0 : 1;
    const same = out.find((l) => sameLine(l, line));
    if (same) same.quantity = clampQuantity(same.quantity + line.quantity);
    else if (out.length < CART_MAX_LINES) out.push(line);
  }
  return out;
}

export type AddResult = { lines: GuestLine[]; ok: true } | { lines: GuestLine[]; ok: false; reason: string };

/**
 * Adds `quantity` of a goods. The same goods again adds to its line (at most `maxQuantity`, the
 * stock when known, and 999) and takes the price the shopper sees now. A 101st goods is refused.
 */
export function addGuestLine(
  lines: readonly GuestLine[],
  item: {
    goods_id: number;
    sku_id?: number | undefined;
    sku_text?: string | undefined;
    quantity: number;
    price: number;
  },
  maxQuantity: number = CART_MAX_QUANTITY,
): AddResult {
  const max = Math.max(1, Math.min(maxQuantity, CART_MAX_QUANTITY));
  const existing = lines.find((l) => sameLine(l, item));
  if (existing) {
    return {
      ok: true,
      lines: lines.map((l) =>
        l === existing
          ? { ...l, quantity: clampQuantity(l.quantity + item.quantity, max), price: item.price, selected: 1 }
          : l,
      ),
    };
  }
  if (lines.length >= CART_MAX_LINES) {
    return { ok: false, lines: [...lines], reason: `购物车最多${CART_MAX_LINES}种商品` };
  }
  const line: GuestLine = {
    goods_id: item.goods_id,
    ...(item.sku_id !== undefined && { sku_id: item.sku_id, sku_text: item.sku_text ?? '' }),
    quantity: clampQuantity(item.quantity, max),
    price: item.price,
    selected: 1,
  };
  return { ok: true, lines: [...lines, line] };
}

export function setGuestQuantity(lines: readonly GuestLine[], ref: GuestRef, quantity: number): GuestLine[] {
  return lines.map((l) => (sameLine(l, ref) ? { ...l, quantity: clampQuantity(quantity) } : l));
}

/** Selects or unselects the given lines, or every line when `refs` is `'all'`. */
export function setGuestSelected(
  lines: readonly GuestLine[],
  refs: readonly GuestRef[] | 'all',
  selected: boolean,
): GuestLine[] {
  const flag = selected ? 1 : 0;
  return lines.map((l) =>
    refs === 'all' || refs.some((r) => sameLine(l, r)) ? { ...l, selected: flag } : l,
  );
}

export function removeGuestLines(lines: readonly GuestLine[], refs: readonly GuestRef[]): GuestLine[] {
  return lines.filter((l) => !refs.some((r) => sameLine(l, r)));
}

/** The body of `/cart/merge`: the contract's guest line only (no `selected`). */
export function toMergeItems(lines: readonly GuestLine[]): GuestCartLine[] {
  return lines.map((l) => ({
    goods_id: l.goods_id,
    ...(l.sku_id !== undefined && { sku_id: l.sku_id }),
    quantity: l.quantity,
    ...(l.price !== undefined && { price: l.price }),
  }));
}

// --- the store: local storage, shared by every component and by other tabs -------------------

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedLines: GuestLine[] = [];

function rawValue(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.cart);
  } catch {
    return null;
  }
}

/** The guest cart as it is stored now; the same array while storage is unchanged (a stable snapshot). */
export function readGuestCart(): GuestLine[] {
  const raw = rawValue();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    let parsed: unknown = null;
    try {
      parsed = raw === null ? null : JSON.parse(raw);
    } catch {
      parsed = null;
    }
    cachedLines = sanitizeGuestCart(parsed);
  }
  return cachedLines;
}

function notify(): void {
  for (const fn of listeners) fn();
}

/**
 * The guest cart's merge key: made when the cart is first written and dropped with it, so the
 * same guest cart sent to `/cart/merge` twice (a page that moved on before the answer) is added
 * once. A cart written before keys existed gets one here.
 */
export function guestCartKey(): string {
  const key = storage.get('cart_key');
  if (typeof key === 'string' && CART_MERGE_KEY_PATTERN.test(key)) return key;
  const made = randomKey();
  storage.set('cart_key', made);
  return made;
}

export function writeGuestCart(lines: readonly GuestLine[]): void {
  if (lines.length === 0) {
    storage.remove('cart');
    storage.remove('cart_key');
  } else {
    guestCartKey();
    storage.set('cart', lines);
  }
  notify();
}

export function clearGuestCart(): void {
  writeGuestCart([]);
}

function onStorage(e: StorageEvent): void {
  if (e.key === null || e.key === STORAGE_KEYS.cart) notify();
}

export function subscribeGuestCart(fn: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: GuestLine[] = [];

/** The guest cart, re-rendered on every change (also from another tab). */
export function useGuestCart(): GuestLine[] {
  return useSyncExternalStore(subscribeGuestCart, readGuestCart, () => EMPTY);
}
