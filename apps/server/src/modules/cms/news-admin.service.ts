import {
  DEFAULT_NEWS_CATEGORIES,
  type NewsAdminItem,
  type NewsCategory,
  type newsAdminResource,
} from '@portal/contract';
import type { z } from 'zod';
import { auditRows } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { resourceService } from '#server/platform/resource/resource-service.ts';
import { nowIso } from '#server/platform/time.ts';
import { newsAdminRepository as repo } from './news-admin.repository.ts';
import { newsAdminStore } from './news-admin.store.ts';

type Schemas = (typeof newsAdminResource)['schemas'];

/**
 * The company's news in the back office: the resource block's calls over `news`, each item with
 * its category's name, and 批量发布/撤回. What is written here is what the public pages read
 * (`cms.service.ts` reads the table directly, nothing is cached), so a published article is shown
 * at once and a draft, a deleted article or one whose time has not come is not.
 */
export function newsAdminService(db: Database, resource: typeof newsAdminResource) {
  const base = resourceService(db, resource, newsAdminStore);

  async function names(companyId: number) {
    const rows = await repo.categoryNames(db, companyId);
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  const named = (map: Map<number, string>, item: NewsAdminItem): NewsAdminItem => ({
    ...item,
    category_name: map.get(item.category_id) ?? '',
  });
  const one = async (caller: Caller, item: Promise<NewsAdminItem>) => {
    const found = await item;
    return named(await names(caller.companyId), found);
  };

  return {
    ...base,
    async list(caller: Caller, input: z.output<Schemas['listBody']>) {
      const [page, map] = await Promise.all([base.list(caller, input), names(caller.companyId)]);
      return { ...page, results: page.results.map((r) => named(map, r as NewsAdminItem)) };
    },
    async *rows(caller: Caller, input: z.output<Schemas['exportQuery']>) {
      const map = await names(caller.companyId);
      for await (const row of base.rows(caller, input)) yield named(map, row as NewsAdminItem);
    },
    get: (caller: Caller, id: number) => one(caller, base.get(caller, id) as Promise<NewsAdminItem>),
    create: (caller: Caller, fields: z.output<Schemas['createBody']>) =>
      one(caller, base.create(caller, fields) as Promise<NewsAdminItem>),
    update: (caller: Caller, id: number, fields: z.output<Schemas['createBody']>) =>
      one(caller, base.update(caller, id, fields) as Promise<NewsAdminItem>),

    /**
     * The company's categories, sorted; a company that has none (made after the seed) gets the
     * four defaults first — the unique (company, code) index keeps a race to one set.
     */
    async categories(caller: Caller): Promise<NewsCategory[]> {
      const rows = await repo.categories(db, caller.companyId);
      if (rows.length > 0) return rows;
      await repo.addCategories(db, caller.companyId, DEFAULT_NEWS_CATEGORIES, nowIso());
      return repo.categories(db, caller.companyId);
    },

    /**
     * 批量发布 (status 1) or 撤回为草稿 (0): every id of the company's live news or none, each change
     * audited in the same transaction. A published article whose time is still ahead waits for it.
     */
    async publish(caller: Caller, ids: readonly number[], status: 0 | 1) {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const rows = await repo.newsByIds(trx, caller.companyId, unique);
        if (rows.length !== unique.length)
          throw new AppError('NOT_FOUND', '所选新闻不存在或已被删除，请刷新后重试');
        const changing = rows.filter((r) => r.status !== status);
        if (changing.length > 0) {
          const now = nowIso();
          await repo.setNewsStatus(
            trx,
            caller.companyId,
            caller.userId,
            changing.map((r) => r.id),
            status,
            now,
          );
          await auditRows(trx, caller, 'update', 'news', changing, (before) => ({
            entityId: before.id,
            before,
            after: { ...before, status, updated_at: now, updated_by: caller.userId },
          }));
        }
        return { count: unique.length };
      });
    },
  };
}

export type NewsAdminService = ReturnType<typeof newsAdminService>;
