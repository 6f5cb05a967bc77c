import type { Cart } from '@portal/contract';
import { cartCalls as calls, catalogueCalls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { goodsDetailQuery, useShopCompany } from '#web/modules/catalogue/useShopGoods.ts';
import { api } from '#web/shared/api/client.ts';
import { toastError } from '#web/shared/api/toast.ts';
import { useLoggedIn } from '#web/shared/session.ts';
import { type CartViewLine, cartTotals, guestLines, memberLines } from './cartLines.ts';
import {
  addGuestLine,
  readGuestCart,
  removeGuestLines,
  setGuestQuantity,
  setGuestSelected,
  useGuestCart,
  writeGuestCart,
} from './guestCart.ts';

/** A guest line of the cart page, as the guest cart names it. */
const guestRef = (l: CartViewLine) => ({ goods_id: l.goods_id, sku_id: l.sku_id ?? undefined });

/** Every cart query lives under `cartKeys.all` (per user: a login or logout drops them). */
export const cartKeys = {
  all: ['cart'] as const,
  list: () => [...cartKeys.all, 'list'] as const,
  guestGoods: (companyId: number | undefined, ids: string) =>
    [...cartKeys.all, 'guest-goods', companyId, ids] as const,
};

/** The member's server cart (`POST /cart/list`); only asked while logged in. */
function useMemberCart(enabled: boolean) {
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

type MemberOp =
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

function useMemberMutation() {
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

function addToGuestCart(goods: AddableGoods, quantity: number): boolean {
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

/**
 * The cart, whoever the shopper is: a visitor's lines live in local storage (names and prices
 * fetched by `ids`), a member's on the server. Every action returns whether it worked; server
 * refusals are toasted by the API client.
 */
export function useCart() {
  const loggedIn = useLoggedIn();
  const guest = useGuestCart();
  const { ready, companyId } = useShopCompany();

  const member = useMemberCart(loggedIn);
  const ids = [...guest.map((l) => l.goods_id)].sort((a, b) => a - b).join(',');
  const guestGoods = useQuery({
    queryKey: cartKeys.guestGoods(companyId, ids),
    queryFn: ({ signal }) =>
      api.call(
        catalogueCalls.list,
        { ids: ids.split(',').map(Number), page: 1, page_size: guest.length, company_id: companyId },
        { toast: false, signal },
      ),
    enabled: !loggedIn && ready && ids !== '',
    placeholderData: keepPreviousData,
  });
  // Lines of a specification: its price and stock are in its goods' detail (shared with the goods page).
  const skuGoods = [...new Set(guest.filter((l) => l.sku_id !== undefined).map((l) => l.goods_id))];
  const skuDetails = useQueries({
    queries: skuGoods.map((id) => goodsDetailQuery(companyId, id, !loggedIn && ready)),
  });
  const details = new Map(skuDetails.flatMap((d) => (d.data ? [[d.data.id, d.data] as const] : [])));

  const mutation = useMemberMutation();
  const member$ = async (o: MemberOp) => {
    try {
      await mutation.mutateAsync(o);
      return true;
    } catch {
      return false;
    }
  };

  const lines: CartViewLine[] = loggedIn
    ? memberLines(member.data?.results ?? [])
    : guestLines(guest, ids === '' ? [] : guestGoods.data?.results, details);
  const query = loggedIn ? member : guestGoods;

  return {
    loggedIn,
    lines,
    totals: cartTotals(lines),
    /** First load only (a refetch keeps the lines on screen). */
    isLoading: loggedIn ? member.isPending : ids !== '' && guestGoods.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    pending: mutation.isPending,

    async add(goods: AddableGoods, quantity: number): Promise<boolean> {
      if (loggedIn) return member$({ op: 'add', goods_id: goods.id, sku_id: goods.sku_id, quantity });
      return addToGuestCart(goods, quantity);
    },

    async setQuantity(line: CartViewLine, quantity: number): Promise<boolean> {
      if (line.id !== null) return member$({ op: 'quantity', id: line.id, quantity });
      writeGuestCart(setGuestQuantity(readGuestCart(), guestRef(line), quantity));
      return true;
    },

    async setSelected(line: CartViewLine, selected: boolean): Promise<boolean> {
      if (line.id !== null) return member$({ op: 'select', id: line.id, selected });
      writeGuestCart(setGuestSelected(readGuestCart(), [guestRef(line)], selected));
      return true;
    },

    /** Selects or unselects every line that can be bought (unavailable lines are only unselected). */
    async selectAll(selected: boolean): Promise<boolean> {
      const targets = lines.filter((l) => l.available || !selected);
      if (targets.length === 0) return true;
      if (loggedIn) {
        return member$({
          op: 'selectAll',
          ids: targets.flatMap((l) => (l.id === null ? [] : [l.id])),
          selected,
        });
      }
      writeGuestCart(setGuestSelected(readGuestCart(), targets.map(guestRef), selected));
      return true;
    },

    async remove(toRemove: readonly CartViewLine[]): Promise<boolean> {
      if (toRemove.length === 0) return true;
      if (loggedIn)
        return member$({ op: 'delete', ids: toRemove.flatMap((l) => (l.id === null ? [] : [l.id])) });
      writeGuestCart(removeGuestLines(readGuestCart(), toRemove.map(guestRef)));
      return true;
    },
  };
}
