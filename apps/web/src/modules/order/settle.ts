import {
  type BuyNowLine,
  buyNowItems,
  CART_MAX_QUANTITY,
  type Coupon,
  formatBuyNowItems,
  type ShopGoodsDetail,
} from '@portal/contract';
import type { ShopLineFields } from '#web/modules/cart/index.ts';
import { formatYuan } from '#web/shared/format.ts';
import { queryId } from '#web/shared/query.ts';

/** One line of the checkout: from the cart or the buy-now query. */
export interface SettleLine extends ShopLineFields {
  key: string;
  /** The cart line id (cart checkout); null for buy-now. */
  cart_id: number | null;
  /** The price the shopper saw (cart: when adding; buy-now: on the goods page). */
  seen_price: number;
}

/** A buy-now checkout: the lines of the query, or why the query is not a valid one. */
export interface BuyNow {
  /** Goods, quantity and the price the shopper saw (cents), when the link carries it. */
  lines: BuyNowLine[];
  /** The first refusal of the `items` text (then `lines` is empty). */
  error: string | null;
}

/**
 * A buy-now checkout from the query, or null when the query is not one (the cart then):
 * `?items=<id>[:<sku_id>]x<qty>[@<price>],…` (several lines, validated by the contract's
 * `buyNowItems`, as the server does) or `?goods_id=&sku_id=&quantity=&price=` (one goods: the goods
 * page; `sku_id` for a goods with specifications).
 */
export function parseBuyNow(params: URLSearchParams): BuyNow | null {
  const items = params.get('items');
  if (items !== null) {
    const parsed = buyNowItems.safeParse(items);
    return parsed.success
      ? { lines: parsed.data, error: null }
      : { lines: [], error: parsed.error.issues[0]?.message ?? '购买商品格式不正确' };
  }
  const goods_id = queryId(params.get('goods_id'));
  if (goods_id === undefined) return null;
  const quantity = queryId(params.get('quantity'), CART_MAX_QUANTITY) ?? 1;
  const rawPrice = params.get('price');
  const price = rawPrice && /^\d{1,12}$/.test(rawPrice.trim()) ? Number(rawPrice.trim()) : undefined;
  const sku_id = queryId(params.get('sku_id'));
  return { lines: [{ goods_id, ...(sku_id !== undefined && { sku_id }), quantity, price }], error: null };
}

/** The checkout of several goods at once, never through the cart (`/settle?items=12x2@8000,13x1@4000`). */
export function buyNowHref(lines: readonly BuyNowLine[]): string {
  return `/settle?items=${formatBuyNowItems(lines)}`;
}

/**
 * What a buy-now line buys of its goods: the goods itself, or the specification it names (its
 * price, stock and values; the name with them). A specification not on sale (or none chosen for a
 * goods that has them) is `missing`.
 */
export function buyNowUnit(
  line: Pick<BuyNowLine, 'sku_id'>,
  g: Pick<
    ShopGoodsDetail,
    'name' | 'on_sale' | 'stock' | 'price' | 'max_per_order' | 'unit' | 'skus' | 'sku_count'
  >,
) {
  if (line.sku_id === undefined && g.sku_count === 0)
    return { ...g, sku_text: '', missing: null as string | null };
  const sku = g.skus.find((k) => k.id === line.sku_id);
  if (!sku)
    return {
      ...g,
      sku_text: '',
      missing:
        line.sku_id === undefined ? `请选择「${g.name}」的规格` : `「${g.name}」的所选规格已停售或不存在`,
    };
  return {
    ...g,
    name: `${g.name}（${sku.spec_text}）`,
    price: sku.price,
    stock: sku.stock,
    sku_text: sku.spec_text,
    missing: null,
  };
}

/**
 * Why a buy-now line cannot be ordered as it is, or null: the goods (or its specification) went
 * off sale, its stock is short, or the quantity is above its per-order limit. The server checks
 * all of it again.
 */
export function buyNowProblem(
  line: Pick<BuyNowLine, 'quantity'>,
  g: Pick<ShopGoodsDetail, 'name' | 'on_sale' | 'stock' | 'max_per_order' | 'unit'> & {
    missing?: string | null;
  },
): string | null {
  if (g.missing) return g.missing;
  if (g.on_sale === 0) return `「${g.name}」已下架`;
  if (g.stock <= 0) return `「${g.name}」已售罄`;
  if (g.stock < line.quantity) return `「${g.name}」库存不足，仅剩 ${g.stock} 件`;
  if (g.max_per_order > 0 && line.quantity > g.max_per_order)
    return `「${g.name}」每单最多购买${g.max_per_order}${g.unit}`;
  return null;
}

export interface SettleTotals {
  /** Pieces. */
  quantity: number;
  goodsAmount: number;
  discount: number;
  payable: number;
}

/** 商品金额, 优惠 (never more than the goods amount), 应付. All cents. */
export function settleTotals(
  lines: readonly Pick<SettleLine, 'price' | 'quantity'>[],
  discount = 0,
): SettleTotals {
  let quantity = 0;
  let goodsAmount = 0;
  for (const l of lines) {
    quantity += l.quantity;
    goodsAmount += l.price * l.quantity;
  }
  const d = Math.max(0, Math.min(discount, goodsAmount));
  return { quantity, goodsAmount, discount: d, payable: goodsAmount - d };
}

/** Lines whose price changed since the shopper saw it. */
export function changedLines<T extends Pick<SettleLine, 'price' | 'seen_price'>>(lines: readonly T[]): T[] {
  return lines.filter((l) => l.seen_price !== l.price);
}

/**
 * Why a coupon cannot be used on an order of `amount` at `now` (ms), or null when it can. The
 * server checks again (`/coupon/check`, `/order/create`).
 */
export function couponProblem(
  c: Pick<Coupon, 'mine' | 'start_time' | 'end_time' | 'total' | 'claimed' | 'min_amount'>,
  amount: number,
  now: number,
): string | null {
  if (c.mine === 'used') return '已使用';
  const start = Date.parse(c.start_time);
  const end = Date.parse(c.end_time);
  if (!Number.isNaN(start) && now < start) return '尚未开始';
  if (!Number.isNaN(end) && now > end) return '已过期';
  if (c.mine === 'none' && c.total > 0 && c.claimed >= c.total) return '已领完';
  if (amount < c.min_amount) return `差${formatYuan(c.min_amount - amount)}可用`;
  return null;
}

/**
 * The coupons a checkout offers: the member's unused ones, then the shop's that they have not
 * claimed yet (placing the order claims it). One entry per coupon.
 */
export function checkoutCoupons(mine: readonly Coupon[], shop: readonly Coupon[]): Coupon[] {
  const out: Coupon[] = [];
  const seen = new Set<number>();
  for (const c of [...mine.filter((m) => m.mine === 'unused'), ...shop.filter((s) => s.mine === 'none')]) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}
