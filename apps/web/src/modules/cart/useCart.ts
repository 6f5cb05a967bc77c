import { catalogueCalls } from '@portal/contract/calls';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { goodsDetailQuery } from '#web/modules/catalogue/index.ts';
import { api } from '#web/shared/api/client.ts';
import {
  type AddableGoods,
  addToGuestCart,
  cartKeys,
  type MemberOp,
  useMemberCart,
  useMemberMutation,
} from '#web/shared/cart/cartState.ts';
import {
  readGuestCart,
  removeGuestLines,
  setGuestQuantity,
  setGuestSelected,
  useGuestCart,
  writeGuestCart,
} from '#web/shared/cart/guestCart.ts';
import { useLoggedIn } from '#web/shared/session.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';
import { type CartViewLine, cartTotals, guestLines, memberLines } from './cartLines.ts';

/** A guest line of the cart page, as the guest cart names it. */
const guestRef = (l: CartViewLine) => ({ goods_id: l.goods_id, sku_id: l.sku_id ?? undefined });

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
