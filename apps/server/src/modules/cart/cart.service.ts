import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type Cart,
  type CartAdjustReason,
  type CartLine,
  type CartMergeResult,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  goodsForSale,
  isAvailable,
  overLimit,
  type SaleUnit,
  type SkuForSale,
  saleUnit,
  skuStopped,
  skusById,
  stockShort,
} from '../catalogue/index.ts';
import { type CartRow, cartRepository as repo } from './cart.repository.ts';

/**
 * What a cart line sells now (its specification's price and stock when it has one), and whether
 * it can be checked out: its goods on sale, its specification live and on sale, and a goods with
 * specifications in one of them (a line of a goods that got specifications after it was added
 * cannot be: the shopper chooses one).
 */
export function cartUnit(r: CartRow): SaleUnit & { ok: boolean } {
  const skus = new Map<number, SkuForSale>();
  if (r.sku_id !== 0 && r.sku_goods_id !== null)
    skus.set(r.sku_id, {
      id: r.sku_id,
      goods_id: r.sku_goods_id,
      specs: r.sku_specs ?? '[]',
      spec_text: r.sku_text ?? '',
      price: r.sku_price ?? 0,
      stock: r.sku_stock ?? 0,
      on_sale: r.sku_on_sale ?? 0,
      del_flag: r.sku_del_flag ?? 1,
      sort: r.sku_sort ?? 0,
    });
  try {
    // A line's `id` is its own: the goods is `goods_id`.
    const unit = saleUnit({ ...r, id: r.goods_id }, r.sku_id === 0 ? undefined : r.sku_id, skus);
    return { ...unit, ok: isAvailable(r) && unit.available };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      sku_id: r.sku_id === 0 ? null : r.sku_id,
      sku_text: r.sku_text ?? '',
      price: r.sku_id === 0 ? r.price : (r.sku_price ?? r.price),
      stock: 0,
      label: r.name,
      available: false,
      ok: false,
    };
  }
}

export function toCart(rows: CartRow[]): Cart {
  const results: CartLine[] = rows.map((r) => {
    const unit = cartUnit(r);
    return {
      id: r.id,
      goods_id: r.goods_id,
      sku_id: unit.sku_id,
      sku_text: unit.sku_text,
      name: r.name,
      cover: r.cover,
      price: unit.price,
      price_at_add: r.price_at_add,
      quantity: r.quantity,
      stock: unit.stock,
      available: unit.ok ? 1 : 0,
      selected: r.selected,
    };
  });
  const chosen = results.filter((l) => l.selected === 1 && l.available === 1);
  return {
    results,
    selected_count: chosen.length,
    selected_amount: chosen.reduce((sum, l) => sum + l.price * l.quantity, 0),
  };
}

/**
 * How long a guest cart's merge key is kept (`cart_merges`): it only needs to outlive the browser's
 * retries of one merge (a page that moved on sends it again on the next), so two days is ample.
 */
export const CART_MERGE_KEEP_MS = 2 * 24 * 3600_000;

/**
 * The member's server cart. Lines are unique per goods and specification; quantities are bounded
 * by the stock (the specification's when it has one).
 */
export function cartService(db: Database) {
  const list = async (caller: Caller) => toCart(await repo.list(db, caller.companyId, caller.userId));

  async function availableGoods(trx: Database, caller: Caller, goodsId: number) {
    const [goods] = await goodsForSale(trx, caller.companyId, [goodsId]);
    if (!goods || !isAvailable(goods)) throw new AppError('GOODS_UNAVAILABLE', undefined, 'goods_id');
    return goods;
  }

  /** What a goods and `skuId` sell (saleUnit), refused when the specification is stopped. */
  async function unitOf(
    trx: Database,
    caller: Caller,
    goods: Parameters<typeof saleUnit>[0],
    skuId?: number,
  ) {
    const skus = await skusById(trx, caller.companyId, skuId === undefined ? [] : [skuId]);
    const unit = saleUnit(goods, skuId, new Map(skus.map((k) => [k.id, k])));
    if (!unit.available) throw skuStopped(unit);
    return unit;
  }

  return {
    list,

    /** Forgets merge keys older than CART_MERGE_KEEP_MS (the cart module's job, in any process). */
    pruneMerges: (now = Date.now()) => repo.pruneMerges(db, new Date(now - CART_MERGE_KEEP_MS).toISOString()),

    async add(caller: Caller, goodsId: number, quantity: number, skuId?: number) {
      // Two adds of the same goods at once: the unique line index refuses the second insert.
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const goods = await availableGoods(trx, caller, goodsId);
            const unit = await unitOf(trx, caller, goods, skuId);
            const line = await repo.byGoods(trx, caller.companyId, caller.userId, goodsId, unit.sku_id);
            const total = (line?.quantity ?? 0) + quantity;
            if (total > unit.stock) throw stockShort(unit.label, unit.stock);
            // The per-order limit holds per goods: its other specifications' lines count too.
            const others =
              goods.max_per_order > 0
                ? await repo.otherPieces(trx, caller.companyId, caller.userId, goodsId, line?.id ?? 0)
                : 0;
            const limit = overLimit(goods, total + others);
            if (limit) throw limit;
            if (total > CART_MAX_QUANTITY)
              throw new AppError('PARAM_ERROR', `数量不能大于${CART_MAX_QUANTITY}`, 'quantity');
            const now = nowIso();
            if (line) {
              await repo.update(trx, caller.companyId, caller.userId, line.id, {
                quantity: total,
                selected: 1,
                updated_at: now,
              });
            } else {
              if ((await repo.count(trx, caller.companyId, caller.userId)) >= CART_MAX_LINES)
                throw new AppError('CART_FULL');
              await repo.insert(trx, {
                companyId: caller.companyId,
                userId: caller.userId,
                goodsId,
                skuId: unit.sku_id,
                quantity,
                price: unit.price,
                now,
              });
            }
          }),
        new AppError('TOO_MANY_REQUESTS'),
      );
      return list(caller);
    },

    async update(caller: Caller, id: number, change: { quantity?: number; selected?: 0 | 1 }) {
      await db.transaction().execute(async (trx) => {
        const [line] = await repo.byIds(trx, caller.companyId, caller.userId, [id]);
        if (!line) throw new AppError('NOT_FOUND');
        const unit = cartUnit(line);
        // Lowering a line is always allowed (stock or the per-order limit may have dropped since).
        const raised = change.quantity !== undefined && change.quantity > line.quantity ? change.quantity : 0;
        if (raised > unit.stock) throw stockShort(unit.label, unit.stock);
        // Its other specifications' lines count towards the goods' limit.
        if (raised > 0 && line.max_per_order > 0) {
          const others = await repo.otherPieces(trx, caller.companyId, caller.userId, line.goods_id, line.id);
          const limit = overLimit(line, raised + others);
          if (limit) throw limit;
        }
        await repo.update(trx, caller.companyId, caller.userId, id, { ...change, updated_at: nowIso() });
      });
      return list(caller);
    },

    async select(caller: Caller, ids: number[] | undefined, selected: 0 | 1) {
      await repo.select(db, caller.companyId, caller.userId, ids, selected, nowIso());
      return list(caller);
    },

    async remove(caller: Caller, ids: number[]) {
      await repo.remove(db, caller.companyId, caller.userId, ids);
      return list(caller);
    },

    /**
     * Merges the guest cart kept in the browser at login. Never fails for one line: a line whose
     * goods are gone is dropped and a quantity above the stock is lowered, and both are reported.
     * A guest cart is added once: its `key` (the browser's, made when the guest cart was first
     * written) is recorded in the same transaction, and a key merged before answers the cart as it
     * is (a page that moved on before the answer came sends the same guest cart again).
     */
    async merge(
      caller: Caller,
      key: string,
      items: {
        goods_id: number;
        sku_id?: number | undefined;
        quantity: number;
        price?: number | undefined;
      }[],
    ) {
      const run = () =>
        db.transaction().execute(async (trx) => {
          const adjusted: CartMergeResult['adjusted'] = [];
          const now = nowIso();
          if (!(await repo.recordMerge(trx, caller.companyId, caller.userId, key, now))) return adjusted;
          let count = await repo.count(trx, caller.companyId, caller.userId);
          for (const item of items) {
            const [goods] = await goodsForSale(trx, caller.companyId, [item.goods_id]);
            const skus = await skusById(
              trx,
              caller.companyId,
              item.sku_id === undefined ? [] : [item.sku_id],
            );
            let unit: SaleUnit | undefined;
            try {
              if (goods) unit = saleUnit(goods, item.sku_id, new Map(skus.map((k) => [k.id, k])));
            } catch (error) {
              // A specification not chosen, gone or of another goods: the line cannot be kept.
              if (!(error instanceof AppError)) throw error;
            }
            if (!goods || !unit || !isAvailable(goods) || !unit.available || unit.stock === 0) {
              const reason =
                goods && unit && isAvailable(goods) && unit.available ? 'sold_out' : 'unavailable';
              adjusted.push({
                goods_id: item.goods_id,
                ...(item.sku_id !== undefined && { sku_id: item.sku_id }),
                name: unit?.label ?? goods?.name ?? '',
                quantity: 0,
                reason,
              });
              continue;
            }
            const line = await repo.byGoods(trx, caller.companyId, caller.userId, item.goods_id, unit.sku_id);
            const wanted = (line?.quantity ?? 0) + item.quantity;
            // The first bound that holds the quantity down is the reason told.
            const bounds: [CartAdjustReason, number][] = [
              ['stock', unit.stock],
              ['limit', goods.max_per_order || Infinity],
              ['cart_max', CART_MAX_QUANTITY],
            ];
            const quantity = Math.min(wanted, ...bounds.map(([, n]) => n));
            const bound = bounds.find(([, n]) => n === quantity);
            if (quantity < wanted && bound) {
              const [reason] = bound;
              adjusted.push({
                goods_id: goods.id,
                ...(unit.sku_id !== null && { sku_id: unit.sku_id }),
                name: unit.label,
                quantity,
                reason,
                ...(reason === 'limit' ? { limit: goods.max_per_order } : {}),
              });
            }
            if (line) {
              await repo.update(trx, caller.companyId, caller.userId, line.id, {
                quantity,
                selected: 1,
                updated_at: now,
              });
            } else if (count < CART_MAX_LINES) {
              count += 1;
              await repo.insert(trx, {
                companyId: caller.companyId,
                userId: caller.userId,
                goodsId: goods.id,
                skuId: unit.sku_id,
                quantity,
                price: item.price ?? unit.price,
                now,
              });
            } else {
              adjusted.push({
                goods_id: goods.id,
                ...(unit.sku_id !== null && { sku_id: unit.sku_id }),
                name: unit.label,
                quantity: 0,
                reason: 'cart_full',
              });
            }
          }
          return adjusted;
        });
      // An add of the same goods at once inserted the line first: merge again onto it.
      const adjusted = await onUnique(run, () => onUnique(run, new AppError('TOO_MANY_REQUESTS')));
      return { ...(await list(caller)), adjusted };
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
