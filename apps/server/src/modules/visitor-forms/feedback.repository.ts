import { OPINION_STATUS, REVIEW_STATUS } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { orEmpty } from '#server/platform/db/or-empty.ts';
import { inCompany } from '#server/platform/db/scope.ts';

// ——— FAQ ———

function shownProblems(db: Database, companyId: number, keyword?: string) {
  let q = inCompany(db, companyId).selectFrom('problems').where('status', '=', 1);
  if (keyword) {
    q = q.where((eb) => containsLike(eb, ['question', 'answer'], keyword));
  }
  return q;
}

export const problemRepository = {
  page: (db: Database, companyId: number, keyword: string | undefined, p: PageParams) =>
    pageAndCount(shownProblems(db, companyId, keyword), p, (q) =>
      q.select(['id', 'question', 'answer', 'sort']).orderBy('sort').orderBy('id'),
    ),
};

// ——— Questions (opinions) ———

export interface OpinionFilter {
  status?: number | undefined;
  keyword?: string | undefined;
}

function publicOpinions(db: Database, companyId: number) {
  return inCompany(db, companyId)
    .selectFrom('opinions')
    .where('status', '=', OPINION_STATUS.REPLIED)
    .where('is_public', '=', 1);
}

function staffOpinions(db: Database, companyId: number, f: OpinionFilter) {
  let q = inCompany(db, companyId).selectFrom('opinions', 'o');
  if (f.status !== undefined) q = q.where('o.status', '=', f.status);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['o.name', 'o.contact', 'o.content'], keyword));
  }
  return q;
}

const opinionColumns = [
  'o.id',
  'o.name',
  'o.contact',
  'o.content',
  'o.reply',
  'o.is_public',
  'o.status',
  'o.ip',
  'o.created_at as create_time',
] as const;

/** A question as customer service sees it (`Opinion`): with the name of who answered it. */
const withReplier = (q: ReturnType<typeof staffOpinions>) =>
  q
    .leftJoin('users as u', 'u.id', 'o.replied_by')
    .select([
      ...opinionColumns,
      orEmpty('o.replied_at').as('reply_time'),
      orEmpty('u.real_name').as('replier_name'),
    ]);

export const opinionRepository = {
  insert: async (
    db: Database,
    v: { company_id: number; name: string; contact: string; content: string; ip: string; created_at: string },
  ) => {
    const { company_id, ...row } = v;
    return (
      await inCompany(db, company_id).insertInto('opinions', row).returning('id').executeTakeFirstOrThrow()
    ).id;
  },

  publicPage: (db: Database, companyId: number, p: PageParams) =>
    pageAndCount(publicOpinions(db, companyId), p, (q) =>
      q
        .select([
          'id',
          'name',
          'content',
          'reply',
          orEmpty('replied_at').as('reply_time'),
          'created_at as create_time',
        ])
        .orderBy('replied_at', 'desc')
        .orderBy('id', 'desc'),
    ),

  page: (db: Database, companyId: number, f: OpinionFilter, p: PageParams) =>
    pageAndCount(staffOpinions(db, companyId, f), p, (q) =>
      withReplier(q).orderBy('o.status').orderBy('o.id', 'desc'),
    ),

  byId: (db: Database, companyId: number, id: number) =>
    withReplier(staffOpinions(db, companyId, {}))
      .where('o.id', '=', id)
      .executeTakeFirst(),

  reply: (
    db: Database,
    companyId: number,
    id: number,
    v: { reply: string; is_public: number; replied_by: number; replied_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('opinions')
      .set({ ...v, status: OPINION_STATUS.REPLIED })
      .where('id', '=', id)
      .executeTakeFirst(),
};

// ——— Anonymous message board ———

function liveMessages(db: Database, companyId: number) {
  return inCompany(db, companyId).selectFrom('anonymous_messages', 'm');
}

export const messageRepository = {
  insert: async (
    db: Database,
    v: { company_id: number; nickname: string; content: string; ip: string; created_at: string },
  ) => {
    const { company_id, ...row } = v;
    return (
      await inCompany(db, company_id)
        .insertInto('anonymous_messages', row)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  approvedPage: (db: Database, companyId: number, p: PageParams) =>
    pageAndCount(liveMessages(db, companyId).where('m.status', '=', REVIEW_STATUS.APPROVED), p, (q) =>
      q.select(['m.id', 'm.nickname', 'm.content', 'm.created_at as create_time']).orderBy('m.id', 'desc'),
    ),

  page: (db: Database, companyId: number, status: number | undefined, p: PageParams) => {
    let q = liveMessages(db, companyId);
    if (status !== undefined) q = q.where('m.status', '=', status);
    return pageAndCount(q, p, (q) =>
      q
        .leftJoin('users as u', 'u.id', 'm.reviewed_by')
        .select([
          'm.id',
          'm.nickname',
          'm.content',
          'm.status',
          orEmpty('m.reviewed_at').as('review_time'),
          'm.ip',
          'm.created_at as create_time',
          orEmpty('u.real_name').as('reviewer_name'),
        ])
        .orderBy('m.id', 'desc'),
    );
  },

  /** The live messages among `ids` in the company, with their state (to refuse before writing). */
  states: (db: Database, companyId: number, ids: number[]) =>
    liveMessages(db, companyId).select(['m.id', 'm.status']).where('m.id', 'in', ids).execute(),

  review: (
    db: Database,
    companyId: number,
    ids: number[],
    v: { status: number; reviewed_by: number; reviewed_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('anonymous_messages')
      .set(v)
      .where('id', 'in', ids)
      .where('status', '=', REVIEW_STATUS.PENDING)
      .executeTakeFirst(),

  remove: (db: Database, companyId: number, ids: number[]) =>
    inCompany(db, companyId)
      .updateTable('anonymous_messages')
      .set({ del_flag: 1 })
      .where('id', 'in', ids)
      .executeTakeFirst(),
};
