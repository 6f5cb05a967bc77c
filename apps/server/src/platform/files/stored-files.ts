import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Database } from '../db/database.ts';
import { inCompany } from '../db/scope.ts';
import { nowIso } from '../time.ts';

/**
 * Files kept in the database (ADR 0015): every process sees the same files, and a file is written
 * in the transaction of the record that owns it (a receipt and its order's count are one write).
 * For small files a company keeps with its records — transfer receipts (≤ 5 MB). Goods images,
 * logos and documents are in the file store instead (modules/file, ./file-store.ts; ADR 0018).
 */

/** A file as an upload route received it (platform/http/multipart.ts): typed from its content. */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  size: number;
  path: string;
}

export interface StoredFile {
  id: number;
  filename: string;
  mimetype: string;
  size: number;
  content: Buffer;
}

/** Stores a received file for a company; answers its id. */
export async function storeFile(
  trx: Database,
  companyId: number,
  file: IncomingFile,
  by: { purpose: string; userId: number },
): Promise<number> {
  const content = await fs.promises.readFile(file.path);
  const row = await inCompany(trx, companyId, { userId: by.userId })
    .insertInto('stored_files', {
      purpose: by.purpose,
      filename: file.filename || 'file',
      mimetype: file.mimetype,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One stored file of the company, with its content. */
export async function readStoredFile(db: Database, companyId: number, id: number) {
  const row = await inCompany(db, companyId)
    .selectFrom('stored_files')
    .select(['id', 'filename', 'mimetype', 'size', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row as StoredFile | undefined;
}

/** Removes stored files of the company (their owner's rows go first). */
export async function removeStoredFiles(trx: Database, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await inCompany(trx, companyId).deleteFrom('stored_files').where('id', 'in', ids).execute();
}
