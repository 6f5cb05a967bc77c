import { PROMOTION_STATUS } from '@portal/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { countRows, pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { PromotionItemTable, PromotionTable } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { goodsOnSale } from '../catalogue/index.ts';

export interface CarFilter {
  priceMin?: number;
  priceMax?: number;
  mileageMin?: number;
  mileageMax?: number;
}

const PROMOTION_COLUMNS = ['id', 'title', 'theme', 'banner', 'intro', 'starts_at', 'ends_at'] as const;
/** What a promotion's page shows of each of its goods, cars and tickets alike. */
const ITEM_GOODS_COLUMNS = [
  'g.id as goods_id',
  'g.name',
  'g.subtitle',
  'g.cover',
  'g.price',
  'g.stock',
] as const;

/**
 * Published promotions of the company running at `now` (ISO text compares in time order); deleted
 * ones (`deleted_at`) are left out by the scope, as everywhere below.
 */
function current(db: Database, companyId: number, now: string) {
  return inCompany(db, companyId)
    .selectFrom('promotions')
    .where('status', '=', PROMOTION_STATUS.PUBLISHED)
    .where('starts_at', '<=', now)
    .where('ends_at', '>=', now);
}

/** The items of one kind whose goods are on sale in the company. */
function items(db: Database, companyId: number, promotionId: number, kind: 'car' | 'ticket') {
  return goodsOnSale(db, companyId)
    .innerJoin('promotion_items as pi', 'pi.goods_id', 'g.id')
    .where('pi.company_id', '=', companyId)
    .where('pi.promotion_id', '=', promotionId)
    .where('pi.kind', '=', kind);
}

/** The company's promotions in every state but deleted, under the back office's filters. */
function owned(db: Database, companyId: number, f: { keyword?: string; status?: number }) {
  let q = inCompany(db, companyId).selectFrom('promotions', 'p');
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['p.title', 'p.intro'], keyword));
  }
  if (f.status !== undefined) q = q.where('p.status', '=', f.status);
  return q;
}

export const promotionRepository = {
  adminPage: (db: Database, companyId: number, f: { keyword?: string; status?: number }, p: PageParams) =>
    pageAndCount(owned(db, companyId, f), p, (q) =>
      q
        .select(['p.id', 'p.title', 'p.theme', 'p.banner', 'p.intro', 'p.starts_at', 'p.ends_at', 'p.status'])
        .orderBy('p.starts_at', 'desc')
        .orderBy('p.id', 'desc'),
    ),

  /** How many items of each kind the promotions hold. */
  itemCounts: (db: Database, companyId: number, promotionIds: readonly number[]) =>
    promotionIds.length === 0
      ? Promise.resolve([])
      : inCompany(db, companyId)
          .selectFrom('promotion_items')
          .select(['promotion_id', 'kind', sql<number>`count(*)`.as('n')])
          .where('promotion_id', 'in', promotionIds)
          .groupBy(['promotion_id', 'kind'])
          .execute(),

  /** Every goods of the promotion, on sale or not. */
  adminItems: (db: Database, companyId: number, promotionId: number) =>
    inCompany(db, companyId)
      .selectFrom('promotion_items', 'pi')
      .innerJoin('goods as g', 'g.id', 'pi.goods_id')
      .select([
        'pi.id',
        'pi.promotion_id',
        'pi.goods_id',
        'pi.kind',
        'pi.mileage',
        'pi.sort',
        'g.name',
        'g.price',
        'g.on_sale',
      ])
      .where('pi.promotion_id', '=', promotionId)
      .orderBy('pi.kind')
      .orderBy('pi.sort')
      .orderBy('pi.id')
      .execute(),

  /** An item of a live promotion of the company (the promotion's scope leaves out deleted ones). */
  ownItem: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('promotions', 'p')
      .innerJoin('promotion_items as pi', 'pi.promotion_id', 'p.id')
      .select(['pi.id', 'pi.promotion_id', 'pi.goods_id', 'pi.kind', 'pi.mileage', 'pi.sort'])
      .where('pi.id', '=', id)
      .executeTakeFirst(),

  deleteItem: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId).deleteFrom('promotion_items').where('id', '=', id).executeTakeFirst(),

  page: (db: Database, companyId: number, now: string, p: PageParams) =>
    pageAndCount(current(db, companyId, now), p, (q) =>
      q.select(PROMOTION_COLUMNS).orderBy('starts_at', 'desc').orderBy('id', 'desc'),
    ),

  find: (db: Database, companyId: number, id: number, now: string) =>
    current(db, companyId, now).select(PROMOTION_COLUMNS).where('id', '=', id).executeTakeFirst(),

  cars(db: Database, companyId: number, promotionId: number, f: CarFilter) {
    let q = items(db, companyId, promotionId, 'car');
    if (f.priceMin !== undefined) q = q.where('g.price', '>=', f.priceMin);
    if (f.priceMax !== undefined) q = q.where('g.price', '<=', f.priceMax);
    if (f.mileageMin !== undefined) q = q.where('pi.mileage', '>=', f.mileageMin);
    if (f.mileageMax !== undefined) q = q.where('pi.mileage', '<=', f.mileageMax);
    return q
      .select([...ITEM_GOODS_COLUMNS, 'g.original_price', 'pi.mileage'])
      .orderBy('g.price')
      .orderBy('pi.sort')
      .orderBy('pi.id')
      .execute();
  },

  carCount: (db: Database, companyId: number, promotionId: number) =>
    countRows(items(db, companyId, promotionId, 'car')),

  tickets: (db: Database, companyId: number, promotionId: number) =>
    items(db, companyId, promotionId, 'ticket')
      .select([...ITEM_GOODS_COLUMNS, 'g.unit', 'g.max_per_order'])
      .orderBy('pi.sort')
      .orderBy('pi.id')
      .execute(),

  /** A promotion of the company in any state, not deleted (staff writes). */
  own: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('promotions')
      .select([...PROMOTION_COLUMNS, 'status'])
      .where('id', '=', id)
      .executeTakeFirst(),

  ownIds: (db: Database, companyId: number, ids: readonly number[]) =>
    inCompany(db, companyId).selectFrom('promotions').select('id').where('id', 'in', ids).execute(),

  insert: async (db: Database, v: Insertable<PromotionTable>) => {
    const { company_id, ...row } = v;
    return (
      await inCompany(db, company_id).insertInto('promotions', row).returning('id').executeTakeFirstOrThrow()
    ).id;
  },

  update: (db: Database, companyId: number, id: number, set: Updateable<PromotionTable>) =>
    inCompany(db, companyId).updateTable('promotions').set(set).where('id', '=', id).execute(),

  softDelete: (db: Database, companyId: number, ids: readonly number[], now: string) =>
    inCompany(db, companyId)
      .updateTable('promotions')
      .set({ deleted_at: now, updated_at: now })
      .where('id', 'in', ids)
      .executeTakeFirst(),

  setMaxPerOrder: (db: Database, companyId: number, goodsId: number, max: number, now: string) =>
    inCompany(db, companyId)
      .updateTable('goods')
      .set({ max_per_order: max, updated_at: now })
      .where('id', '=', goodsId)
      .execute(),

  insertItem: (db: Database, v: Insertable<PromotionItemTable>) => {
    const { company_id, ...row } = v;
    return inCompany(db, company_id)
      .insertInto('promotion_items', row)
      .returning(['id', 'promotion_id', 'goods_id', 'kind', 'mileage', 'sort'])
      .executeTakeFirstOrThrow();
  },
};
