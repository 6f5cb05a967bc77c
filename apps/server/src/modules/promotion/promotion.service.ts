import {
  PROMOTION_STATUS,
  PROMOTION_TICKET_MAX,
  type PromotionAddBody,
  type PromotionAdmin,
  type PromotionAdminDetail,
  type PromotionDetail,
  type PromotionDetailBody,
  type PromotionWrite,
} from '@portal/contract';
import { audit, auditRows } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import { goodsForSale, isDeleted } from '../catalogue/index.ts';
import { promotionRepository as repo } from './promotion.repository.ts';

/**
 * Promotions. Public: the tenant's current promotions, and one with its cars and tickets. Staff
 * (`change_promotion`): create, update, add a goods as a car or a ticket type, soft delete.
 */
export function promotionService(db: Database) {
  async function own(conn: Database, caller: Caller, id: number): Promise<PromotionAdmin> {
    const row = await repo.own(conn, caller.companyId, id);
    if (!row) throw new AppError('PROMOTION_NOT_FOUND', undefined, 'id');
    return row;
  }

  async function remove(caller: Caller, ids: number[]) {
    return db.transaction().execute(async (trx) => {
      const found = await repo.ownIds(trx, caller.companyId, ids);
      if (found.length !== new Set(ids).size) throw new AppError('PROMOTION_NOT_FOUND', undefined, 'id');
      await repo.softDelete(trx, caller.companyId, ids, nowIso());
      await auditRows(trx, caller, 'delete', 'promotion', found, ({ id }) => ({ entityId: id }));
      return { deleted: found.length };
    });
  }

  return {
    async create(caller: Caller, v: PromotionWrite) {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const id = await repo.insert(trx, {
          company_id: caller.companyId,
          title: v.title,
          theme: 'car',
          banner: v.banner ?? '',
          intro: v.intro ?? '',
          starts_at: v.starts_at,
          ends_at: v.ends_at,
          status: v.status ?? PROMOTION_STATUS.PUBLISHED,
          deleted_at: null,
          created_at: now,
          updated_at: now,
        });
        const after = await own(trx, caller, id);
        await audit(trx, caller, { action: 'create', entity: 'promotion', entityId: id, after });
        return after;
      });
    },

    async update(caller: Caller, id: number, v: PromotionWrite) {
      return db.transaction().execute(async (trx) => {
        const before = await own(trx, caller, id);
        await repo.update(trx, caller.companyId, id, {
          title: v.title,
          banner: v.banner ?? '',
          intro: v.intro ?? '',
          starts_at: v.starts_at,
          ends_at: v.ends_at,
          status: v.status ?? before.status,
          updated_at: nowIso(),
        });
        const after = await own(trx, caller, id);
        await audit(trx, caller, { action: 'update', entity: 'promotion', entityId: id, before, after });
        return after;
      });
    },

    /**
     * A ticket goods is held to at most 12 per order from then on (its `max_per_order`). A goods
     * already in the promotion is refused by the unique index (also when two adds race).
     */
    async add(caller: Caller, v: PromotionAddBody) {
      let name = '';
      const write = () =>
        db.transaction().execute(async (trx) => {
          await own(trx, caller, v.promotion_id);
          // Cars and tickets are goods of the catalogue; one off sale may be added (it shows once on sale).
          const [goods] = await goodsForSale(trx, caller.companyId, [v.goods_id]);
          if (!goods || isDeleted(goods)) throw new AppError('GOODS_UNAVAILABLE', undefined, 'goods_id');
          name = goods.name;
          const now = nowIso();
          if (
            v.kind === 'ticket' &&
            (goods.max_per_order === 0 || goods.max_per_order > PROMOTION_TICKET_MAX)
          ) {
            await repo.setMaxPerOrder(trx, caller.companyId, goods.id, PROMOTION_TICKET_MAX, now);
          }
          const item = await repo.insertItem(trx, {
            promotion_id: v.promotion_id,
            company_id: caller.companyId,
            goods_id: goods.id,
            kind: v.kind,
            mileage: v.kind === 'car' ? (v.mileage ?? 0) : null,
            sort: v.sort ?? 0,
          });
          await audit(trx, caller, {
            action: 'create',
            entity: 'promotion_item',
            entityId: item.id,
            after: item,
          });
          return item;
        });
      return onUnique(write, () =>
        Promise.reject(new AppError('PARAM_ERROR', `「${name}」已在活动中`, 'goods_id')),
      );
    },

    /** The back office's list: every state but deleted, with how many cars and tickets each holds. */
    async adminList(caller: Caller, f: { keyword?: string; status?: number }, p: PageParams) {
      const { count, results: rows } = await repo.adminPage(db, caller.companyId, f, p);
      const counts = await repo.itemCounts(
        db,
        caller.companyId,
        rows.map((r) => r.id),
      );
      const countOf = (id: number, kind: string) =>
        Number(counts.find((c) => c.promotion_id === id && c.kind === kind)?.n ?? 0);
      return {
        count,
        results: rows.map((r) => ({
          ...r,
          car_count: countOf(r.id, 'car'),
          ticket_count: countOf(r.id, 'ticket'),
        })),
      };
    },

    /** One promotion with every goods it holds (off sale too), for staff. */
    async adminGet(caller: Caller, id: number): Promise<PromotionAdminDetail> {
      const promotion = await own(db, caller, id);
      return { ...promotion, items: await repo.adminItems(db, caller.companyId, id) };
    },

    /** Takes a goods out of a promotion (its per-order limit stays as it was). */
    async removeGoods(caller: Caller, id: number) {
      return db.transaction().execute(async (trx) => {
        const item = await repo.ownItem(trx, caller.companyId, id);
        if (!item) throw new AppError('NOT_FOUND', '该商品不在活动中或活动已删除', 'id');
        await repo.deleteItem(trx, caller.companyId, id);
        await audit(trx, caller, { action: 'delete', entity: 'promotion_item', entityId: id, before: item });
        return { deleted: 1 };
      });
    },

    delete: (caller: Caller, id: number) => remove(caller, [id]),
    selectedDelete: (caller: Caller, ids: number[]) => remove(caller, ids),

    async list(companyId: number, p: PageParams) {
      return repo.page(db, companyId, nowIso(), p);
    },

    /** A promotion that is not running (ended, not started, draft, deleted, another company's) is not found. */
    async detail(companyId: number, q: PromotionDetailBody): Promise<PromotionDetail> {
      const promotion = await repo.find(db, companyId, q.id, nowIso());
      if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
      const [cars, carTotal, tickets] = await Promise.all([
        repo.cars(db, companyId, promotion.id, {
          priceMin: q.price_min,
          priceMax: q.price_max,
          mileageMin: q.mileage_min,
          mileageMax: q.mileage_max,
        }),
        repo.carCount(db, companyId, promotion.id),
        repo.tickets(db, companyId, promotion.id),
      ]);
      return {
        ...promotion,
        cars: cars.map((c) => ({ ...c, mileage: c.mileage ?? 0 })),
        car_total: carTotal,
        // The stored limit, the one the cart and checkout enforce (`add` set it to at most 12).
        tickets,
      };
    },
  };
}

export type PromotionService = ReturnType<typeof promotionService>;
