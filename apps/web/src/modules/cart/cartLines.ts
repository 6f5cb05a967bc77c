import type { CartLine, ShopGoods, ShopGoodsDetail } from '@portal/contract';
import type { GuestLine } from '#web/shared/cart/guestCart.ts';

/**
 * A line's goods, specification (null for a goods sold as itself) and its values ("红色 / L", ''
 * without one), name, cover, current price (cents) and quantity: the contract's shop line, which
 * the cart's lines and the checkout's share.
 */
export type ShopLineFields = Pick<
  CartLine,
  'goods_id' | 'sku_id' | 'sku_text' | 'name' | 'cover' | 'price' | 'quantity'
>;

/** The shop line fields of a line that has more. */
export const shopLineOf = ({ goods_id, sku_id, sku_text, name, cover, price, quantity }: ShopLineFields) => ({
  goods_id,
  sku_id,
  sku_text,
  name,
  cover,
  price,
  quantity,
});

/** One line of the cart page, the same for a guest (local storage) and a member (the server cart). */
export interface CartViewLine extends ShopLineFields {
  /** `m<id>` for a server line, `g<goods_id>` (`g<goods_id>:<sku_id>`) for a guest line. */
  key: string;
  /** The server line id; `null` for a guest line. */
  id: number | null;
  /** The price the shopper saw when adding it. */
  price_at_add: number;
  stock: number;
  /** `false` when the goods went off sale or were deleted: it cannot be checked out. */
  available: boolean;
  selected: boolean;
  /** `false` while a guest line's goods are still being fetched. */
  loaded: boolean;
}

export function memberLines(lines: readonly CartLine[]): CartViewLine[] {
  return lines.map((l) => ({
    key: `m${l.id}`,
    id: l.id,
    ...shopLineOf(l),
    price_at_add: l.price_at_add,
    stock: l.stock,
    available: l.available === 1,
    selected: l.selected === 1,
    loaded: true,
  }));
}

/**
 * Guest lines with the goods fetched by `ids` (goods on sale only). `goods` undefined: not fetched
 * yet. A goods missing from the answer is off sale or deleted, so its line is unavailable. A line
 * of a specification takes its price and stock from its goods' detail (`details`, by goods id; a
 * goods not in it yet: not fetched yet); a specification no longer on sale is unavailable.
 */
export function guestLines(
  lines: readonly GuestLine[],
  goods: readonly ShopGoods[] | undefined,
  details: ReadonlyMap<number, ShopGoodsDetail> = new Map(),
): CartViewLine[] {
  const byId = new Map((goods ?? []).map((g) => [g.id, g]));
  return lines.map((l) => {
    const g = byId.get(l.goods_id);
    const detail = l.sku_id === undefined ? undefined : details.get(l.goods_id);
    const sku = detail?.skus.find((k) => k.id === l.sku_id);
    const current = l.sku_id === undefined ? g : sku;
    const seen = l.price ?? current?.price ?? 0;
    const loaded = goods !== undefined && (l.sku_id === undefined || detail !== undefined);
    return {
      key: l.sku_id === undefined ? `g${l.goods_id}` : `g${l.goods_id}:${l.sku_id}`,
      id: null,
      goods_id: l.goods_id,
      sku_id: l.sku_id ?? null,
      sku_text: sku?.spec_text ?? l.sku_text ?? '',
      name: g?.name ?? (goods ? '商品已下架' : ''),
      cover: g?.cover ?? '',
      price: current?.price ?? seen,
      price_at_add: seen,
      quantity: l.quantity,
      stock: current?.stock ?? 0,
      available: !loaded ? true : g !== undefined && (l.sku_id === undefined || sku !== undefined),
      selected: l.selected !== 0,
      loaded,
    };
  });
}

export function priceChanged(line: CartViewLine): boolean {
  return line.loaded && line.available && line.price !== line.price_at_add;
}

/** A line that can go to checkout: on sale and in stock for its quantity. */
export function purchasable(line: CartViewLine): boolean {
  return line.loaded && line.available && line.stock >= line.quantity && line.quantity > 0;
}

export interface CartTotals {
  /** Selected lines that can be checked out. */
  lines: number;
  /** Their pieces. */
  quantity: number;
  /** Their amount at the current prices (cents). */
  amount: number;
  /** Selected lines that cannot be checked out (off sale or short of stock). */
  blocked: number;
  /** Whether every line that can be selected is selected. */
  allSelected: boolean;
}

export function cartTotals(lines: readonly CartViewLine[]): CartTotals {
  let count = 0;
  let quantity = 0;
  let amount = 0;
  let blocked = 0;
  for (const l of lines) {
    if (!l.selected) continue;
    if (!purchasable(l)) {
      blocked += 1;
      continue;
    }
    count += 1;
    quantity += l.quantity;
    amount += l.price * l.quantity;
  }
  const selectable = lines.filter((l) => l.available);
  return {
    lines: count,
    quantity,
    amount,
    blocked,
    allSelected: selectable.length > 0 && selectable.every((l) => l.selected),
  };
}
