import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type Cart,
  type CartMergeResult,
  type GuestCartLine,
} from '@portal/contract';
import { cartCalls } from '@portal/contract/calls';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '#web/shared/api/client.ts';
import { queryClient } from '#web/shared/queryClient.ts';
import { getToken, isLoggedIn, onSessionChange } from '#web/shared/session.ts';
import { cartKeys } from './cartState.ts';
import { clearGuestCart, guestCartKey, readGuestCart, toMergeItems } from './guestCart.ts';

/** A line the server lowered to the stock (`quantity` > 0) or dropped (`quantity` 0) while merging. */
type AdjustedLine = CartMergeResult['adjusted'][number];

/** The name cartMerge.test.ts imports the contract's `/cart/merge` answer by. */
export type { CartMergeResult as MergeResult };

/** The notice's line for a goods the merge changed, with the server's reason. */
export function adjustedText(line: AdjustedLine): string {
  const name = line.name || `商品 ${line.goods_id}`;
  const lowered = `数量已调整为 ${line.quantity}`;
  switch (line.reason) {
    case 'stock':
      return `${name}：库存不足，${lowered}`;
    case 'limit':
      return `${name}：每单限购 ${line.limit ?? line.quantity} 件，${lowered}`;
    case 'cart_max':
      return `${name}：单件最多 ${CART_MAX_QUANTITY} 件，${lowered}`;
    case 'sold_out':
      return `${name}：已售罄，未加入购物车`;
    case 'cart_full':
      return `${name}：购物车已满（最多 ${CART_MAX_LINES} 种商品），未加入购物车`;
    case 'unavailable':
      return `${name}：已下架或不存在，未加入购物车`;
  }
}

// --- the notice shown after a merge that changed something --------------------------------------

let notice: readonly AdjustedLine[] = [];
const noticeListeners = new Set<() => void>();

function setNotice(lines: readonly AdjustedLine[]): void {
  notice = lines;
  for (const fn of noticeListeners) fn();
}

export function mergeNotice(): readonly AdjustedLine[] {
  return notice;
}

export function dismissMergeNotice(): void {
  setNotice([]);
}

/** The lines the last merge adjusted, until the shopper closes the notice. */
export function useMergeNotice(): readonly AdjustedLine[] {
  return useSyncExternalStore(
    (fn) => {
      noticeListeners.add(fn);
      return () => noticeListeners.delete(fn);
    },
    mergeNotice,
    mergeNotice,
  );
}

// --- the merge -----------------------------------------------------------------------------------

export interface MergeDeps {
  /** `/cart/merge` of the guest cart's lines (JSON text) under its merge key. */
  post: (items: string, key: string) => Promise<CartMergeResult>;
  /** After a merge: the server cart is the one to show now. */
  merged: (cart: CartMergeResult) => void;
}

const defaultDeps: MergeDeps = {
  // The form carries the lines as JSON text; the schema parses it back into lines.
  post: (items, key) =>
    api.call(cartCalls.merge, { key, items: items as unknown as GuestCartLine[] }, { toast: false }),
  merged: (cart) => {
    const { adjusted: _adjusted, ...rest } = cart;
    queryClient.setQueryData<Cart>(cartKeys.list(), rest);
  },
};

let running: Promise<boolean> | null = null;
/** The session whose merge was refused: it is not tried again (the guest cart stays for the next login). */
let refusedToken: string | null = null;

/**
 * The invariant: while logged in, the guest cart is empty. When a session exists and the guest cart
 * has lines, they go to `/cart/merge` once; on success the guest cart is cleared and any adjusted
 * lines are kept for the notice. A failed call keeps the guest cart. Resolves to whether it merged.
 * A page left before the answer came keeps the guest cart too and the next page sends it again: the
 * guest cart's key makes the server add it once (the answer is then the cart as it is).
 */
export function mergeGuestCart(deps: MergeDeps = defaultDeps): Promise<boolean> {
  if (running) return running;
  const token = getToken();
  const lines = readGuestCart();
  if (!isLoggedIn() || lines.length === 0 || (token !== null && token === refusedToken)) {
    return Promise.resolve(false);
  }
  running = deps
    .post(JSON.stringify(toMergeItems(lines)), guestCartKey())
    .then(
      (cart) => {
        // The lines are in the member's server cart now (even if they logged out meanwhile).
        clearGuestCart();
        deps.merged(cart);
        if (cart.adjusted.length > 0) setNotice(cart.adjusted);
        return true;
      },
      () => {
        refusedToken = token;
        return false;
      },
    )
    .finally(() => {
      running = null;
    });
  return running;
}

let uninstall: (() => void) | null = null;

/**
 * Runs the merge on every session change (every login path ends in `startSession`, which notifies)
 * and once now (a page opened while already logged in, with a guest cart left from before).
 * Idempotent: the first caller installs it for the life of the page.
 */
export function installGuestCartMerge(deps: MergeDeps = defaultDeps): () => void {
  if (!uninstall) {
    const off = onSessionChange(() => {
      if (!isLoggedIn()) setNotice([]); // a logout closes the last user's notice
      void mergeGuestCart(deps);
    });
    uninstall = () => {
      off();
      uninstall = null;
    };
    void mergeGuestCart(deps);
  }
  return uninstall;
}

/** Mounted by the shop layout and the landing page: installs the merge (once). */
export function useGuestCartMerge(): void {
  useEffect(() => {
    installGuestCartMerge();
  }, []);
}

/** Tests only: forget the module state. */
export function resetCartMergeForTests(): void {
  uninstall?.();
  running = null;
  refusedToken = null;
  notice = [];
}
