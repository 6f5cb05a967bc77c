import { NEWS_STATUS } from '@portal/contract';
import type { ExpressionBuilder } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { DB } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/**
 * Articles a visitor may read: published, publication time reached, with their category; not
 * deleted (`del_flag`, added by `inCompany` since migration 034, ADR 0027).
 */
function readable(db: Database, companyId: number, now: string) {
  return inCompany(db, companyId)
    .selectFrom('news', 'n')
    .innerJoin('news_categories as c', 'c.id', 'n.category_id')
    .where('c.company_id', '=', companyId)
    .where('n.status', '=', NEWS_STATUS.PUBLISHED)
    .where('n.published_at', '<=', now);
}

const summaryColumns = [
  'n.id',
  'n.lang',
  'c.code as category',
  'c.name as category_name',
  'c.en_name as category_en_name',
  'n.title',
  'n.summary',
  'n.cover',
  'n.video',
  'n.author',
  'n.published_at',
  'n.views',
] as const;

export interface NewsFilter {
  category?: string | undefined;
  keyword?: string | undefined;
  lang: string;
}

function filtered(db: Database, companyId: number, now: string, f: NewsFilter) {
  let q = readable(db, companyId, now).where('n.lang', '=', f.lang);
  if (f.category) q = q.where('c.code', '=', f.category);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['n.title', 'n.summary'], keyword));
  }
  return q;
}

/** Advertisings on show: enabled, inside their optional start and end (deleted ones: left out by the scope). */
function current(eb: ExpressionBuilder<DB, 'advertisings'>, now: string) {
  return eb.and([
    eb('status', '=', NEWS_STATUS.PUBLISHED),
    eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
    eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
  ]);
}

/** What a list shows of an advertising; the detail adds `position` and `body`. */
const adColumns = ['id', 'title', 'image', 'link', 'summary'] as const;

export const cmsRepository = {
  categories: (db: Database, companyId: number) =>
    inCompany(db, companyId)
      .selectFrom('news_categories')
      .select(['id', 'code', 'name', 'en_name', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute(),

  newsPage: (db: Database, companyId: number, now: string, f: NewsFilter, p: PageParams) =>
    pageAndCount(filtered(db, companyId, now, f), p, (q) =>
      q.select(summaryColumns).orderBy('n.published_at', 'desc').orderBy('n.id', 'desc'),
    ),

  /** Counts a reading of a readable article; false when there is none to read. */
  countView: async (db: Database, companyId: number, id: number, now: string) => {
    const r = await inCompany(db, companyId)
      .updateTable('news')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', NEWS_STATUS.PUBLISHED)
      .where('published_at', '<=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  newsById: (db: Database, companyId: number, id: number, now: string) =>
    readable(db, companyId, now)
      .select([...summaryColumns, 'n.body', 'n.category_id'])
      .where('n.id', '=', id)
      .executeTakeFirst(),

  /** The neighbour in list order (newest first): `newer` is the one listed before, else after. */
  neighbour: (
    db: Database,
    companyId: number,
    now: string,
    at: { id: number; category_id: number; lang: string; published_at: string },
    newer: boolean,
  ) => {
    const op = newer ? '>' : '<';
    const dir = newer ? 'asc' : 'desc';
    return readable(db, companyId, now)
      .select(['n.id', 'n.title'])
      .where('n.category_id', '=', at.category_id)
      .where('n.lang', '=', at.lang)
      .where((eb) =>
        eb.or([
          eb('n.published_at', op, at.published_at),
          eb.and([eb('n.published_at', '=', at.published_at), eb('n.id', op, at.id)]),
        ]),
      )
      .orderBy('n.published_at', dir)
      .orderBy('n.id', dir)
      .limit(1)
      .executeTakeFirst();
  },

  advertisings: (
    db: Database,
    companyId: number,
    now: string,
    position: string | undefined,
    limit: number,
  ) => {
    let q = inCompany(db, companyId)
      .selectFrom('advertisings')
      .select(adColumns)
      .where((eb) => current(eb, now));
    if (position) q = q.where('position', '=', position);
    return q.orderBy('sort').orderBy('id').limit(limit).execute();
  },

  advertising: (db: Database, companyId: number, id: number, now: string) =>
    inCompany(db, companyId)
      .selectFrom('advertisings')
      .select([...adColumns, 'position', 'body'])
      .where('id', '=', id)
      .where((eb) => current(eb, now))
      .executeTakeFirst(),
};
