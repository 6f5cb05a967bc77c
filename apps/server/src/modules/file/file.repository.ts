import type { FileKind } from '@portal/contract';
import { type Insertable, sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { FileTable } from '#server/platform/db/schema.ts';
import { inCompany, unscoped } from '#server/platform/db/scope.ts';

/** The list's filters (the call's). */
export interface FileFilter {
  keyword?: string | undefined;
  kind?: FileKind | undefined;
}

/** The company's live files with their uploader's name (`owner_name`). */
function withOwner(conn: Database, companyId: number) {
  return (
    inCompany(conn, companyId)
      .selectFrom('files')
      .leftJoin('users', 'users.id', 'files.created_by')
      .selectAll('files')
      // The uploader's name, or the account name when none was given.
      .select(sql<string>`coalesce(nullif(users.real_name, ''), users.username)`.as('owner_name'))
  );
}

function filtered(conn: Database, companyId: number, f: FileFilter) {
  let q = withOwner(conn, companyId);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => containsLike(eb, ['files.name'], k));
  }
  if (f.kind) q = q.where('files.kind', '=', f.kind);
  return q;
}

/** The file store's rows (ADR 0018): the only SQL on `files` but the pictures' check (image-refs.ts). */
export const fileRepository = {
  /** A live file of the company with its uploader's name. */
  byId: (conn: Database, companyId: number, id: number) =>
    withOwner(conn, companyId).where('files.id', '=', id).executeTakeFirst(),

  /** A page of the company's live files with their uploaders' names, newest first. */
  page: (conn: Database, companyId: number, f: FileFilter, limit: number, offset: number) =>
    filtered(conn, companyId, f).orderBy('files.id', 'desc').limit(limit).offset(offset).execute(),

  async count(conn: Database, companyId: number, f: FileFilter) {
    const r = await filtered(conn, companyId, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Adds a file of the company, uploaded by `userId`; answers its id. */
  insert: (
    trx: Database,
    companyId: number,
    userId: number,
    values: Omit<Insertable<FileTable>, 'company_id'>,
  ) =>
    inCompany(trx, companyId, { userId })
      .insertInto('files', values)
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** Renames a live file of the company, changed by `userId`. */
  rename: (trx: Database, companyId: number, userId: number, id: number, name: string, now: string) =>
    inCompany(trx, companyId, { userId })
      .updateTable('files')
      .set({ name, updated_at: now })
      .where('id', '=', id)
      .execute(),

  /** The live files of the company among `ids`. */
  byIds: (conn: Database, companyId: number, ids: readonly number[]) =>
    inCompany(conn, companyId).selectFrom('files').selectAll().where('id', 'in', ids).execute(),

  /** Marks live files of the company deleted, by `userId`. */
  markDeleted: (trx: Database, companyId: number, userId: number, ids: readonly number[], now: string) =>
    inCompany(trx, companyId, { userId })
      .updateTable('files')
      .set({ del_flag: 1, updated_at: now })
      .where('id', 'in', ids)
      .execute(),

  /** Marks a deleted file of the company purged: its bytes are gone from the store. */
  markPurged: (conn: Database, companyId: number, id: number) =>
    inCompany(conn, companyId)
      .updateTable('files', { withDeleted: true })
      .set({ purged: 1 })
      .where('id', '=', id)
      .where('del_flag', '=', 1)
      .execute(),

  /** The live image of any company whose file or thumbnail has this key. */
  imageByKey: (conn: Database, key: string) =>
    unscoped(conn, 'a public image is found by its unguessable key alone (ADR 0018)')
      .selectFrom('files')
      .selectAll()
      .where((eb) => eb.or([eb('storage_key', '=', key), eb('thumb_key', '=', key)]))
      .where('kind', '=', 'image')
      .where('del_flag', '=', 0)
      .executeTakeFirst(),

  /** Up to 500 files of every company deleted (last changed) before `before` whose bytes are not yet removed. */
  unpurged: (conn: Database, before: string) =>
    unscoped(conn, 'the sweep reads deleted files of every company to remove their bytes')
      .selectFrom('files')
      .select(['id', 'company_id', 'storage_key', 'thumb_key'])
      .where('del_flag', '=', 1)
      .where('purged', '=', 0)
      .where('updated_at', '<', before)
      .orderBy('id')
      .limit(500)
      .execute(),
};
