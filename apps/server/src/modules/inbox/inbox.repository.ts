import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export interface InboxFilter {
  keyword?: string | undefined;
  kind?: string | undefined;
  state?: 'unread' | 'read' | undefined;
}

export interface NewMessage {
  user_id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
}

const COLUMNS = ['m.id', 'm.kind', 'm.title', 'm.content', 'm.link', 'm.read_at', 'm.created_at'] as const;

/** One person's live messages in their company. */
const mine = (db: Database, companyId: number, userId: number) =>
  inCompany(db, companyId).selectFrom('inbox_messages', 'm').where('m.user_id', '=', userId);

export const inboxRepository = {
  page(db: Database, companyId: number, userId: number, f: InboxFilter, p: PageParams) {
    let q = mine(db, companyId, userId);
    if (f.keyword) q = q.where((eb) => containsLike(eb, ['m.title', 'm.content'], f.keyword ?? ''));
    if (f.kind) q = q.where('m.kind', '=', f.kind);
    if (f.state === 'unread') q = q.where('m.read_at', 'is', null);
    if (f.state === 'read') q = q.where('m.read_at', 'is not', null);
    return pageAndCount(q, p, (q) => q.select(COLUMNS).orderBy('m.id', 'desc'));
  },

  latestUnread: (db: Database, companyId: number, userId: number, limit: number) =>
    mine(db, companyId, userId)
      .where('m.read_at', 'is', null)
      .select(COLUMNS)
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute(),

  async unread(db: Database, companyId: number, userId: number) {
    const row = await mine(db, companyId, userId)
      .where('m.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insert: (db: Database, companyId: number, rows: readonly NewMessage[], now: string) =>
    inCompany(db, companyId)
      .insertInto(
        'inbox_messages',
        rows.map((r) => ({ ...r, read_at: null, del_flag: 0, created_at: now })),
      )
      .execute(),

  /** Marks the given (or, with none, every unread) message of the person read; answers how many. */
  async markRead(db: Database, companyId: number, userId: number, ids: readonly number[], now: string) {
    let q = inCompany(db, companyId)
      .updateTable('inbox_messages')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids.length > 0) q = q.where('id', 'in', ids);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async remove(db: Database, companyId: number, userId: number, ids: readonly number[]) {
    const r = await inCompany(db, companyId)
      .updateTable('inbox_messages')
      .set({ del_flag: 1 })
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** The ids of the person's live messages among `ids` (to refuse a delete of others' at once). */
  ownIds: (db: Database, companyId: number, userId: number, ids: readonly number[]) =>
    mine(db, companyId, userId).where('m.id', 'in', ids).select('m.id').execute(),

  /**
   * Keeps a person's newest `keep` messages: the older ones beyond it go (read or not, deleted
   * first): one statement after a message is added.
   */
  async trim(db: Database, companyId: number, userId: number, keep: number) {
    const edge = await inCompany(db, companyId)
      .selectFrom('inbox_messages', 'm', { withDeleted: true })
      .where('m.user_id', '=', userId)
      .select('m.id')
      .orderBy('m.id', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (!edge) return;
    await inCompany(db, companyId)
      .updateTable('inbox_messages')
      .set({ del_flag: 1 })
      .where('user_id', '=', userId)
      .where('id', '<=', edge.id)
      .execute();
  },

  /** A person who moves to another company takes their messages along (modules/transfer). */
  move: (db: Database, fromCompanyId: number, toCompanyId: number, userId: number) =>
    inCompany(db, fromCompanyId, undefined)
      .updateTable('inbox_messages', { withDeleted: true })
      .set({ company_id: toCompanyId })
      .where('user_id', '=', userId)
      .execute(),
};
