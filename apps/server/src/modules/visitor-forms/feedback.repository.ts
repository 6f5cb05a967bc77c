import { OPINION_STATUS, REVIEW_STATUS } from '@portal/contract';
import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
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
  page: (db: Database, companyId: number, keyword: string | undefined, limit: number, offset: number) =>
    shownProblems(db, companyId, keyword)
      .select(['id', 'question', 'answer', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
  count: (db: Database, companyId: number, keyword?: string) =>
    countRows(shownProblems(db, companyId, keyword)),
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
  'o.replied_at',
  'o.is_public',
  'o.status',
  'o.ip',
  'o.created_at',
] as const;

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

  publicPage: (db: Database, companyId: number, limit: number, offset: number) =>
    publicOpinions(db, companyId)
      .select(['id', 'name', 'content', 'reply', 'replied_at', 'created_at'])
      .orderBy('replied_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  publicCount: (db: Database, companyId: number) => countRows(publicOpinions(db, companyId)),

  page: (db: Database, companyId: number, f: OpinionFilter, limit: number, offset: number) =>
    staffOpinions(db, companyId, f)
      .leftJoin('users as u', 'u.id', 'o.replied_by')
      .select([...opinionColumns, 'u.real_name as replier_name'])
      .orderBy('o.status')
      .orderBy('o.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  count: (db: Database, companyId: number, f: OpinionFilter) => countRows(staffOpinions(db, companyId, f)),

  byId: (db: Database, companyId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('opinions', 'o')
      .leftJoin('users as u', 'u.id', 'o.replied_by')
      .select([...opinionColumns, 'u.real_name as replier_name'])
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

  approvedPage: (db: Database, companyId: number, limit: number, offset: number) =>
    liveMessages(db, companyId)
      .where('m.status', '=', REVIEW_STATUS.APPROVED)
      .select(['m.id', 'm.nickname', 'm.content', 'm.created_at'])
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  approvedCount: (db: Database, companyId: number) =>
    countRows(liveMessages(db, companyId).where('m.status', '=', REVIEW_STATUS.APPROVED)),

  page: (db: Database, companyId: number, status: number | undefined, limit: number, offset: number) => {
    let q = liveMessages(db, companyId);
    if (status !== undefined) q = q.where('m.status', '=', status);
    return q
      .leftJoin('users as u', 'u.id', 'm.reviewed_by')
      .select([
        'm.id',
        'm.nickname',
        'm.content',
        'm.status',
        'm.reviewed_at',
        'm.ip',
        'm.created_at',
        'u.real_name as reviewer_name',
      ])
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },
  count: (db: Database, companyId: number, status: number | undefined) => {
    let q = liveMessages(db, companyId);
    if (status !== undefined) q = q.where('m.status', '=', status);
    return countRows(q);
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
