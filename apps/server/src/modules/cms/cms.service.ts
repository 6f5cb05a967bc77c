import {
  ADVERTISING_LIST_MAX,
  type Advertising,
  type AdvertisingDetail,
  type NewsCategory,
  type NewsDetail,
  type NewsLang,
  type NewsListQuery,
  type NewsSummary,
} from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { cmsRepository as repo } from './cms.repository.ts';

type SummaryRow = Awaited<ReturnType<typeof repo.newsPage>>['results'][number];

/** An English article shows its category's English name when it has one. */
const categoryName = (r: { lang: string; category_name: string; category_en_name: string }) =>
  r.lang === 'en' && r.category_en_name ? r.category_en_name : r.category_name;

const toSummary = (r: SummaryRow): NewsSummary => ({
  id: r.id,
  category: r.category,
  category_name: categoryName(r),
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  video: r.video,
  author: r.author,
  published_at: r.published_at,
  views: r.views,
});

/** Public content: news of a company (published, not deleted, publication time reached) and advertisings. */
export function cmsService(db: Database) {
  return {
    async categories(companyId: number, lang: NewsLang = 'zh'): Promise<NewsCategory[]> {
      const rows = await repo.categories(db, companyId);
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: lang === 'en' && r.en_name ? r.en_name : r.name,
        sort: r.sort,
      }));
    },

    async newsList(companyId: number, q: NewsListQuery, p: PageParams) {
      const now = nowIso();
      const f = { category: q.category, keyword: q.keyword || undefined, lang: q.lang ?? 'zh' };
      const { count, results } = await repo.newsPage(db, companyId, now, f, p);
      return { results: results.map(toSummary), count };
    },

    /** One article; each reading counts a view. Another company's or a hidden article is 20801. */
    async newsDetail(companyId: number, id: number): Promise<NewsDetail> {
      const now = nowIso();
      if (!(await repo.countView(db, companyId, id, now))) throw new AppError('NEWS_NOT_FOUND');
      const row = await repo.newsById(db, companyId, id, now);
      if (!row) throw new AppError('NEWS_NOT_FOUND');
      const [prev, next] = await Promise.all([
        repo.neighbour(db, companyId, now, row, true),
        repo.neighbour(db, companyId, now, row, false),
      ]);
      return {
        ...toSummary(row),
        lang: row.lang === 'en' ? 'en' : 'zh',
        body: row.body,
        prev_id: prev?.id ?? null,
        prev_title: prev?.title ?? '',
        next_id: next?.id ?? null,
        next_title: next?.title ?? '',
      };
    },

    advertisings: (companyId: number, position?: string): Promise<Advertising[]> =>
      repo.advertisings(db, companyId, nowIso(), position, ADVERTISING_LIST_MAX),

    async advertising(companyId: number, id: number): Promise<AdvertisingDetail> {
      const row = await repo.advertising(db, companyId, id, nowIso());
      if (!row) throw new AppError('ADVERTISING_NOT_FOUND');
      return row;
    },
  };
}

export type CmsService = ReturnType<typeof cmsService>;
