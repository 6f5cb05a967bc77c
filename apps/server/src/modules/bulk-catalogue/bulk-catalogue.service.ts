import type { PublicBulkGoods } from '@portal/contract';
import { auditRows } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import type { CategoryRow } from '../goods-category/index.ts';
import { bulkRepository as repo } from './bulk-catalogue.repository.ts';
import { readTiers } from './bulk-goods.store.ts';

/**
 * The categories a visitor may see under `categoryId` (or all): in use, each ancestor in use too
 * (the public tree leaves out what hangs under a stopped category).
 */
export function visibleCategories(rows: readonly CategoryRow[], categoryId?: number): number[] {
  const live = new Map(rows.filter((r) => r.status === 1).map((r) => [r.id, r]));
  return [...live.values()]
    .filter((r) => {
      const chain = r.path.split('/').filter(Boolean).map(Number);
      if (!chain.every((id) => live.has(id))) return false;
      return categoryId === undefined || chain.includes(categoryId);
    })
    .map((r) => r.id);
}

/** The rules beside the resource block: 上架/下架 in a batch, and the public list of `/dzc`. */
export function bulkCatalogueService(
  db: Database,
  deps: { categoryRows: (companyId: number) => Promise<readonly CategoryRow[]> },
) {
  return {
    /**
     * The items with `goods_deleted` set where their library goods (or specification) is gone
     * since their last save: one read of the live ones for a page.
     */
    async withGoodsState<T extends { goods_id: number; sku_id: number; goods_deleted: number }>(
      companyId: number,
      items: T[],
    ): Promise<T[]> {
      const live = await repo.liveGoodsKeys(db, companyId, items);
      return items.map((g) => ({ ...g, goods_deleted: live.has(`${g.goods_id}:${g.sku_id}`) ? 0 : 1 }));
    },

    /** All of `ids` or none: an unknown id (another company's, a deleted one) changes nothing. */
    async setOnSale(caller: Caller, ids: number[], onSale: 0 | 1) {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const rows = await repo.findByIds(trx, caller.companyId, unique);
        if (rows.length !== unique.length)
          throw new AppError('NOT_FOUND', '所选大宗商品不存在或已被删除，请刷新后重试');
        const count = await repo.setOnSale(trx, caller.companyId, caller.userId, unique, onSale, nowIso());
        await auditRows(trx, caller, 'update', 'bulk_goods', rows, (row) => ({
          entityId: row.id,
          before: { on_sale: row.on_sale },
          after: { on_sale: onSale },
        }));
        return { count };
      });
    },

    async publicList(companyId: number, q: { category_id?: number; page?: number; page_size?: number }) {
      const { page, pageSize, offset } = pageParams(q);
      // The category snapshot refuses an unknown or stopped company (10005) before any goods is read.
      const categoryIds = visibleCategories(await deps.categoryRows(companyId), q.category_id);
      const { rows, count } = await repo.publicPage(db, companyId, categoryIds, { limit: pageSize, offset });
      const results: PublicBulkGoods[] = rows.map((r) => ({
        id: r.id,
        goods_id: r.goods_id,
        name: r.name,
        code: r.code,
        spec_text: r.spec_text,
        image: r.cover || r.image,
        category_id: r.category_id,
        unit: r.unit,
        min_qty: r.min_qty,
        tiers: readTiers(r.tiers),
      }));
      return paged({ count, results }, { page, pageSize });
    },
  };
}
