import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  FILE_DOCUMENT_MAX_BYTES,
  FILE_IMAGE_MAX_BYTES,
  FILE_IMAGE_MAX_PIXELS,
  FILE_NAME_MAX,
  FILE_THUMB_SIZE,
  type FileKind,
  fileImageAddress,
  formatBytes,
  IMAGE_TYPES,
  OFFICE_TYPES,
  type StoredFileInfo,
} from '@portal/contract';
import sharp, { type Metadata } from 'sharp';
import { audit, auditMany } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { FileTable } from '#server/platform/db/schema.ts';
import { zipEntries } from '#server/platform/excel/zip.ts';
import type { BlobStore } from '#server/platform/files/file-store.ts';
import type { IncomingFile as UploadedFile } from '#server/platform/files/stored-files.ts';
import { nowIso } from '#server/platform/time.ts';
import { fileRepository } from './file.repository.ts';

/** What the upload route lets the multipart parser accept (typed by the first bytes; ADR 0010). */
export const FILE_UPLOAD_TYPES: readonly string[] = [
  ...IMAGE_TYPES,
  'application/pdf',
  ...Object.keys(OFFICE_TYPES),
  // An office file whose first zip entry is large shows only as a zip there; its entries decide.
  'application/zip',
];

/** A route's options for one file of the store (a document or a picture, typed by content): `serve`'s `upload`. */
export const ONE_STORED_FILE = {
  upload: { maxFileBytes: FILE_DOCUMENT_MAX_BYTES, maxFiles: 1, types: FILE_UPLOAD_TYPES },
} as const;

const IMAGE_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The part of an office file that names its kind (a zip with `[Content_Types].xml`). */
const OFFICE_MAIN = {
  'word/document.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/workbook.xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/presentation.xml': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

type Row = Omit<FileTable, 'id' | 'del_flag' | 'purged'> & {
  id: number;
  del_flag: number;
  purged: number;
  owner_name?: string | null;
};

const unsupported = () =>
  new AppError(
    'PARAM_ERROR',
    '文件类型不支持：仅限 JPG、PNG、WebP、GIF 图片，PDF 和 Word/Excel/PowerPoint 文档',
    'file',
  );

/**
 * An office document by its zip entries: `[Content_Types].xml` and the main part of a Word,
 * Excel or PowerPoint file; no encrypted entry and no macros. Only the zip's directory is read.
 */
async function officeType(file: string) {
  const entries = await zipEntries(file).catch(() => undefined);
  if (!entries || entries.some((e) => e.encrypted)) return undefined;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) return undefined;
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) return undefined;
  for (const [part, mime] of Object.entries(OFFICE_MAIN)) if (names.has(part)) return mime;
  return undefined;
}

/** The kind and exact type of a received file, from its content only. */
async function typeOf(file: UploadedFile): Promise<{ kind: FileKind; mime: string; ext: string }> {
  if (file.mimetype in IMAGE_EXT) {
    return { kind: 'image', mime: file.mimetype, ext: IMAGE_EXT[file.mimetype] as string };
  }
  if (file.mimetype === 'application/pdf') return { kind: 'pdf', mime: file.mimetype, ext: 'pdf' };
  if (file.mimetype === 'application/zip' || file.mimetype in OFFICE_TYPES) {
    const mime = await officeType(file.path);
    if (mime) return { kind: 'office', mime, ext: OFFICE_TYPES[mime as keyof typeof OFFICE_TYPES] };
  }
  throw unsupported();
}

async function sha256Of(path: string) {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(path), hash);
  return hash.digest('hex');
}

/** A file name as kept: its base name without control characters, at most FILE_NAME_MAX characters. */
function cleanName(filename: string, ext: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  if (!name) return `未命名.${ext}`;
  const chars = [...name];
  return chars.length <= FILE_NAME_MAX ? name : chars.slice(chars.length - FILE_NAME_MAX).join('');
}

/** Width, height and a WebP thumbnail of an image, refusing one that cannot be read or is too large. */
async function imageFacts(path: string, thumbPath: string) {
  const options = { limitInputPixels: FILE_IMAGE_MAX_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(path, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('PARAM_ERROR', '图片已损坏或无法读取', 'file');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw new AppError('PARAM_ERROR', '图片已损坏或无法读取', 'file');
  if (width * height > FILE_IMAGE_MAX_PIXELS) {
    throw new AppError('PARAM_ERROR', `图片尺寸过大：最多 ${FILE_IMAGE_MAX_PIXELS / 10_000} 万像素`, 'file');
  }
  try {
    await sharp(path, options)
      .rotate()
      .resize(FILE_THUMB_SIZE, FILE_THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbPath);
  } catch {
    await fs.promises.rm(thumbPath, { force: true });
    throw new AppError('PARAM_ERROR', '图片已损坏或无法读取', 'file');
  }
  return { width, height };
}

// Uploads are read once: sharp keeps no open files or decoded images between them.
sharp.cache(false);

const newKey = () => randomBytes(16).toString('hex');

/** A row as the calls answer it. */
export function toFileItem(row: Row): StoredFileInfo {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    kind: row.kind as FileKind,
    size: row.size,
    sha256: row.sha256,
    url: row.kind === 'image' ? fileImageAddress(row.storage_key) : `/api/file/content?id=${row.id}`,
    thumb_url: row.thumb_key ? fileImageAddress(row.thumb_key) : '',
    width: row.width,
    height: row.height,
    owner_name: row.owner_name ?? '',
    create_time: row.created_at,
    update_time: row.updated_at,
  };
}

/** How long a deleted file's bytes may stay before the sweep removes them (a removal that failed). */
const PURGE_AFTER_MS = 60_000;

/** The company's file store (issue 12, ADR 0018): rows in the database, bytes in `store`. */
export function fileService(db: Database, store: BlobStore) {
  async function one(trx: Database, caller: Caller, id: number) {
    const row = (await fileRepository.byId(trx, caller.companyId, id)) as Row | undefined;
    if (!row) throw new AppError('NOT_FOUND', '文件不存在或已被删除', 'id');
    return row;
  }

  /** Removes the bytes of deleted files and marks them purged (idempotent: any process may run it). */
  async function purge(
    rows: readonly { id: number; company_id: number; storage_key: string; thumb_key: string | null }[],
  ) {
    for (const row of rows) {
      await store.remove(row.storage_key);
      if (row.thumb_key) await store.remove(row.thumb_key);
      await fileRepository.markPurged(db, row.company_id, row.id);
    }
  }

  return {
    /** Stores an uploaded file: typed by content, bounded by kind, an image measured and thumbnailed. */
    async upload(caller: Caller, file: UploadedFile, only: 'image' | 'any' = 'any') {
      const type = await typeOf(file);
      if (only === 'image' && type.kind !== 'image') {
        throw new AppError('PARAM_ERROR', '请上传图片：JPG、PNG、WebP 或 GIF', 'file');
      }
      const max = type.kind === 'image' ? FILE_IMAGE_MAX_BYTES : FILE_DOCUMENT_MAX_BYTES;
      if (file.size > max) {
        const what = type.kind === 'image' ? '图片' : '文件';
        throw new AppError('PAYLOAD_TOO_LARGE', `${what}不能超过 ${formatBytes(max)}`, 'file');
      }
      const key = newKey();
      const storageKey = `${key}.${type.ext}`;
      const thumbKey = type.kind === 'image' ? `${key}-t.webp` : null;
      const thumbPath = `${file.path}-t`;
      const stored: string[] = [];
      try {
        const size = (await fs.promises.stat(file.path)).size;
        const sha256 = await sha256Of(file.path);
        const facts = type.kind === 'image' ? await imageFacts(file.path, thumbPath) : undefined;
        if (thumbKey) {
          const thumbSize = (await fs.promises.stat(thumbPath)).size;
          const thumbSha = await sha256Of(thumbPath);
          await store.put(thumbKey, thumbPath, { mime: 'image/webp', size: thumbSize, sha256: thumbSha });
          stored.push(thumbKey);
        }
        await store.put(storageKey, file.path, { mime: type.mime, size, sha256 });
        stored.push(storageKey);
        const row = await db.transaction().execute(async (trx) => {
          const now = nowIso();
          const inserted = await fileRepository.insert(trx, caller.companyId, caller.userId, {
            name: cleanName(file.filename, type.ext),
            mime: type.mime,
            kind: type.kind,
            size,
            sha256,
            storage_key: storageKey,
            thumb_key: thumbKey,
            width: facts?.width ?? null,
            height: facts?.height ?? null,
            created_at: now,
            updated_at: now,
          });
          const row = await one(trx, caller, inserted.id);
          await audit(trx, caller, { action: 'create', entity: 'files', entityId: row.id, after: row });
          return row;
        });
        return toFileItem(row);
      } catch (error) {
        // Nothing half-kept: bytes already in the store go when the row could not be written.
        await Promise.allSettled(stored.map((k) => store.remove(k)));
        throw error;
      } finally {
        await fs.promises.rm(thumbPath, { force: true });
      }
    },

    async list(
      caller: Caller,
      input: { keyword?: string | undefined; kind?: FileKind | undefined; page?: number; page_size?: number },
    ) {
      const { page, pageSize, offset } = pageParams(input);
      const f = { keyword: input.keyword, kind: input.kind };
      const [rows, count] = await Promise.all([
        fileRepository.page(db, caller.companyId, f, pageSize, offset),
        fileRepository.count(db, caller.companyId, f),
      ]);
      return paged({ count, results: (rows as Row[]).map(toFileItem) }, { page, pageSize });
    },

    async rename(caller: Caller, id: number, name: string) {
      const row = await db.transaction().execute(async (trx) => {
        const before = await one(trx, caller, id);
        await fileRepository.rename(trx, caller.companyId, caller.userId, id, name, nowIso());
        const after = await one(trx, caller, id);
        await audit(trx, caller, { action: 'update', entity: 'files', entityId: id, before, after });
        return after;
      });
      return toFileItem(row);
    },

    /** Deletes all of `ids` or none; the bytes go right after (or at the next sweep). */
    async remove(caller: Caller, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      const rows = await db.transaction().execute(async (trx) => {
        const rows = (await fileRepository.byIds(trx, caller.companyId, unique)) as Row[];
        if (rows.length !== unique.length) {
          throw new AppError('NOT_FOUND', '所选文件不存在或已被删除，请刷新后重试');
        }
        await fileRepository.markDeleted(trx, caller.companyId, caller.userId, unique, nowIso());
        await auditMany(
          trx,
          caller,
          rows.map((row) => ({ action: 'delete', entity: 'files', entityId: row.id, before: row })),
        );
        return rows;
      });
      await purge(rows).catch(() => {}); // the sweep retries what failed
      return { count: rows.length };
    },

    /** A file of the caller's company with its bytes (staff reading a document, or any file). */
    async content(caller: Caller, id: number, thumb: boolean) {
      const row = await one(db, caller, id);
      const key = thumb && row.thumb_key ? row.thumb_key : row.storage_key;
      return open(row, key);
    },

    /** An image or thumbnail of any company by its key (the public address), or undefined. */
    async image(key: string) {
      const row = (await fileRepository.imageByKey(db, key)) as Row | undefined;
      return row ? open(row, key) : undefined;
    },

    /** Removes the bytes of files deleted a while ago whose removal failed (every process may run it). */
    async sweep() {
      const before = new Date(Date.now() - PURGE_AFTER_MS).toISOString();
      const rows = await fileRepository.unpurged(db, before);
      await purge(rows);
      return rows.length;
    },
  };

  async function open(row: Row, key: string) {
    const body = await store.read(key);
    if (!body) throw new AppError('NOT_FOUND', '文件不存在或已被删除');
    const isThumb = key === row.thumb_key;
    return {
      body,
      name: isThumb ? `${row.name.replace(/\.[^.]*$/, '')}-缩略图.webp` : row.name,
      mime: isThumb ? 'image/webp' : row.mime,
      kind: row.kind as FileKind,
      etag: isThumb ? `"${key}"` : `"${row.sha256}"`,
    };
  }
}

export type FileService = ReturnType<typeof fileService>;
