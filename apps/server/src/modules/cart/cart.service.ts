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
import { goodsForSale, isAvailable, overLimit, stockShort } from '../catalogue/index.ts';
import { type CartRow, cartRepository as repo } from './cart.repository.ts';

export function toCart(rows: CartRow[]): Cart {
  const results: CartLine[] = rows.map((r) => ({
    id: r.id,
    goods_id: r.goods_id,
    name: r.name,
    cover: r.cover,
    price: r.price,
    price_at_add: r.price_at_add,
    quantity: r.quantity,
    stock: r.stock,
    available: isAvailable(r) ? 1 : 0,
    selected: r.selected,
  }));
  const chosen = results.filter((l) => l.selected === 1 && l.available === 1);
  return {
    results,
    selected_count: chosen.length,
    selected_amount: chosen.reduce((sum, l) => sum + l.price * l.quantity, 0),
  };
}

/** The member's server cart. Lines are unique per goods; quantities are bounded by the stock. */
export function cartService(db: Database) {
  const list = async (caller: Caller) => toCart(await repo.list(db, caller.companyId, caller.userId));

  async function availableGoods(trx: Database, caller: Caller, goodsId: number) {
    const [goods] = await goodsForSale(trx, caller.companyId, [goodsId]);
    if (!goods || !isAvailable(goods)) throw new AppError('GOODS_UNAVAILABLE', undefined, 'goods_id');
    return goods;
  }

  return {
    list,

    async add(caller: Caller, goodsId: number, quantity: number) {
      // Two adds of the same goods at once: the unique line index refuses the second insert.
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const goods = await availableGoods(trx, caller, goodsId);
            const line = await repo.byGoods(trx, caller.companyId, caller.userId, goodsId);
            const total = (line?.quantity ?? 0) + quantity;
            if (total > goods.stock) throw stockShort(goods.name, goods.stock);
            const limit = overLimit(goods, total);
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
                quantity,
                price: goods.price,
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
        if (
          change.quantity !== undefined &&
          change.quantity > line.quantity &&
          change.quantity > line.stock
        ) {
          throw stockShort(line.name, line.stock);
        }
        const limit = change.quantity === undefined ? null : overLimit(line, change.quantity);
        if (limit) throw limit;
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
     */
    async merge(caller: Caller, items: { goods_id: number; quantity: number; price?: number }[]) {
      const run = () =>
        db.transaction().execute(async (trx) => {
          const adjusted: CartMergeResult['adjusted'] = [];
          const now = nowIso();
          let count = await repo.count(trx, caller.companyId, caller.userId);
          for (const item of items) {
            const [goods] = await goodsForSale(trx, caller.companyId, [item.goods_id]);
            if (!goods || !isAvailable(goods) || goods.stock === 0) {
              const reason = goods && isAvailable(goods) ? 'sold_out' : 'unavailable';
              adjusted.push({ goods_id: item.goods_id, name: goods?.name ?? '', quantity: 0, reason });
              continue;
            }
            const line = await repo.byGoods(trx, caller.companyId, caller.userId, item.goods_id);
            const wanted = (line?.quantity ?? 0) + item.quantity;
            // The first bound that holds the quantity down is the reason told.
            const bounds: [CartAdjustReason, number][] = [
              ['stock', goods.stock],
              ['limit', goods.max_per_order || Infinity],
              ['cart_max', CART_MAX_QUANTITY],
            ];
            const quantity = Math.min(wanted, ...bounds.map(([, n]) => n));
            const bound = bounds.find(([, n]) => n === quantity);
            if (quantity < wanted && bound) {
              const [reason] = bound;
              adjusted.push({
                goods_id: goods.id,
                name: goods.name,
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
                quantity,
                price: item.price ?? goods.price,
                now,
              });
            } else {
              adjusted.push({ goods_id: goods.id, name: goods.name, quantity: 0, reason: 'cart_full' });
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
