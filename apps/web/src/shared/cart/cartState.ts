import type { Cart } from '@portal/contract';
import { cartCalls as calls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { toastError } from '#web/shared/api/toast.ts';
import { useLoggedIn } from '#web/shared/session.ts';
import { addGuestLine, readGuestCart, useGuestCart, writeGuestCart } from './guestCart.ts';

/*
 * The cart as every public page sees it (the frame's badge, 加入购物车 on a goods page, the guest
 * cart merged at login): app-wide state beside the session, so the frame and the goods pages need
 * nothing of the cart module, whose page (购物车) builds on this.
 */

/** Every cart query lives under `cartKeys.all` (per user: a login or logout drops them). */
export const cartKeys = {
  all: ['cart'] as const,
  list: () => [...cartKeys.all, 'list'] as const,
  guestGoods: (companyId: number | undefined, ids: string) =>
    [...cartKeys.all, 'guest-goods', companyId, ids] as const,
};

/** The member's server cart (`POST /cart/list`); only asked while logged in. */
export function useMemberCart(enabled: boolean) {
  return useQuery({
    queryKey: cartKeys.list(),
    queryFn: () => api.call(calls.list, {}, { toast: false }),
    enabled,
  });
}

/** The number of lines in the cart (the header badge): the guest cart or the server cart. */
export function useCartCount(): number {
  const loggedIn = useLoggedIn();
  const guest = useGuestCart();
  const member = useMemberCart(loggedIn);
  return loggedIn ? (member.data?.results.length ?? 0) : guest.length;
}

export type MemberOp =
  | { op: 'add'; goods_id: number; sku_id?: number | undefined; quantity: number }
  | { op: 'quantity'; id: number; quantity: number }
  | { op: 'select'; id: number; selected: boolean }
  | { op: 'selectAll'; ids: number[]; selected: boolean }
  | { op: 'delete'; ids: number[] };

/** Every cart call answers the whole cart, which replaces the cached one. */
function runMemberOp(o: MemberOp): Promise<Cart> {
  switch (o.op) {
    case 'add':
      return api.call(calls.add, {
        goods_id: o.goods_id,
        ...(o.sku_id !== undefined && { sku_id: o.sku_id }),
        quantity: o.quantity,
      });
    case 'quantity':
      return api.call(calls.update, { id: o.id, quantity: o.quantity });
    case 'select':
      return api.call(calls.update, { id: o.id, selected: o.selected ? 1 : 0 });
    case 'selectAll':
      return api.call(calls.select, { ids: o.ids, selected: o.selected ? 1 : 0 });
    case 'delete':
      return api.call(calls.remove, { ids: o.ids });
  }
}

export function useMemberMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runMemberOp,
    onSuccess: (cart) => qc.setQueryData(cartKeys.list(), cart),
    onError: () => qc.invalidateQueries({ queryKey: cartKeys.list() }),
  });
}

/**
 * What `add` needs of a goods: its id, the price the shopper sees and the stock (its chosen
 * specification's, with `sku_id` and its values, for a goods that has them).
 */
export interface AddableGoods {
  id: number;
  sku_id?: number | undefined;
  sku_text?: string | undefined;
  price: number;
  stock: number;
}

/** Adds to the cart without loading it (the goods pages): guest → local storage, member → `/cart/add`. */
export function useAddToCart() {
  const loggedIn = useLoggedIn();
  const mutation = useMemberMutation();
  return {
    pending: mutation.isPending,
    async add(goods: AddableGoods, quantity: number): Promise<boolean> {
      if (!loggedIn) return addToGuestCart(goods, quantity);
      try {
        await mutation.mutateAsync({ op: 'add', goods_id: goods.id, sku_id: goods.sku_id, quantity });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export function addToGuestCart(goods: AddableGoods, quantity: number): boolean {
  const r = addGuestLine(
    readGuestCart(),
    { goods_id: goods.id, sku_id: goods.sku_id, sku_text: goods.sku_text, quantity, price: goods.price },
    goods.stock,
  );
  if (!r.ok) {
    toastError(r.reason);
    return false;
  }
  writeGuestCart(r.lines);
  return true;
}
