import { NEWS_ADMIN_LIMITS, newsAdminResource, valuesFromFields } from '@portal/contract';
import type { z } from 'zod';
import { storedImages } from '#server/modules/file/index.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { richTextImageKeys, sanitizeRichText } from '#server/platform/richText.ts';
import { nowIso } from '#server/platform/time.ts';

/** The body's rule: rich text (ADR 0030), its stored HTML within the limit. */
const BODY = { label: '正文', field: 'body', max: NEWS_ADMIN_LIMITS.body };

/** The values to store besides the declared mapping: the body sanitised (ADR 0030), the time now unless given. */
const toValues = (
  f: z.output<(typeof newsAdminResource)['schemas']['createBody']>,
  values = valuesFromFields(newsAdminResource.shape, f),
) => ({
  ...values,
  published_at: f.published_at ?? nowIso(),
  body: sanitizeRichText(f.body ?? '', BODY),
});

/**
 * Where the company's news is kept (`news`, the rows the public pages read) and what is special:
 * the category must be one of the company's, a publication time left empty is now, and the body
 * is rich text, sanitised by `toValues` and its file-store pictures the company's (ADR 0030) — on a
 * create, a save and each imported row alike. The category's name is added by the service
 * (`news-admin.service.ts`); the rest is the declaration's.
 */
export const newsAdminStore: ResourceStore<typeof newsAdminResource> = {
  table: 'news',
  sorts: { newest: [['published_at', 'desc']], updated: [['updated_at', 'desc']] },
  labelColumn: 'title',
  uniqueCodes: {} as ResourceStore<typeof newsAdminResource>['uniqueCodes'],
  import: {
    /**
     * The import's sheet names the category (新闻资讯, as the list shows it): found among the
     * company's categories, read once per import; the rest is written as a form's news is.
     */
    async prepare(conn, caller) {
      const categories = await inCompany(conn, caller.companyId)
        .selectFrom('news_categories')
        .select(['id', 'name'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const byName = new Map<string, number>();
      for (const c of categories) if (!byName.has(c.name.trim())) byName.set(c.name.trim(), c.id);
      const known = categories.map((c) => `「${c.name}」`).join('、');
      return (row) => {
        const { category, ...written } = row;
        const categoryId = byName.get(String(category).trim());
        if (categoryId === undefined)
          return {
            errors: { category: `栏目「${String(category)}」不存在${known ? `，可填${known}` : ''}` },
          };
        try {
          const fields = { ...written, category_id: categoryId };
          return { values: toValues(fields as Parameters<typeof toValues>[0]) };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { errors: { [error.field ?? '']: error.message } };
        }
      };
    },
  },
  // The export names each news' category as the import reads it (the service names the items).
  sheet: async (_conn, _caller, news) => news.map((n) => ({ category: n.category_name ?? '' })),
  toValues,
  rules: {
    async beforeSave(trx, values, caller) {
      const category = await inCompany(trx, caller.companyId)
        .selectFrom('news_categories')
        .select('id')
        .where('id', '=', Number(values.category_id))
        .executeTakeFirst();
      if (!category) throw new AppError('PARAM_ERROR', '栏目不存在，请重新选择', 'category_id');
      // Its pictures of the file store are live pictures of the company's (ADR 0018): the cover
      // (kept as its address) and those in the body.
      if (values.cover)
        [values.cover] = await storedImages(trx, caller.companyId, [String(values.cover)], 'cover');
      await storedImages(trx, caller.companyId, richTextImageKeys(String(values.body ?? '')), 'body');
    },
  },
};
