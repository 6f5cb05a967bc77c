import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { XLSX_MIME } from '../excel/columns.ts';
import { type BlobStore, localCopy } from '../files/file-store.ts';

/**
 * A job's files in the portal's file store (ADR 0018: the data folder, or the S3 bucket that every
 * host reaches): the upload it was started with and the files it made. A job keeps their keys in
 * its row; the bytes go when the job is a week old (the sweep). A handler reads its input from a
 * local path: the store's own file on disk, or a copy fetched from S3 to the job's temporary folder.
 */
export interface JobFiles {
  /** Keeps a local file (moved); answers its key. */
  keep(from: string, label: string): Promise<{ key: string; mime: string }>;
  /** Keeps what a stream gives; answers its key. */
  keepStream(from: Readable, label: string): Promise<{ key: string; mime: string }>;
  /** A local path holding the bytes of `key`, and what to call when done with it. */
  local(key: string): Promise<{ path: string; done(): Promise<void> }>;
  read(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  xlsx: XLSX_MIME,
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The extension a key is given (the store's keys end in 3–4 letters or digits), from a name. */
function extensionOf(name: string) {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{3,4}$/.test(ext) ? ext : 'bin';
}

/** The type a download is sent with, from its name. */
export const mimeOf = (name: string) => MIME_BY_EXTENSION[extensionOf(name)] ?? 'application/octet-stream';

export function jobFiles(store: BlobStore, tempDir: string): JobFiles {
  const temp = async (suffix: string) => {
    await fs.promises.mkdir(tempDir, { recursive: true });
    return path.join(tempDir, `${randomBytes(8).toString('hex')}-${suffix}`);
  };
  const measure = async (file: string) => {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of fs.createReadStream(file)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { size, sha256: hash.digest('hex') };
  };
  const keep = async (from: string, label: string) => {
    const key = `${randomBytes(16).toString('hex')}.${extensionOf(label)}`;
    const mime = mimeOf(label);
    await store.put(key, from, { mime, ...(await measure(from)) });
    return { key, mime };
  };
  return {
    keep,
    async keepStream(from, label) {
      const file = await temp(extensionOf(label));
      try {
        await pipeline(from, fs.createWriteStream(file));
        return await keep(file, label);
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
    async local(key) {
      const copy = await localCopy(store, key, tempDir);
      if (!copy) throw new Error(`job input ${key} is not in the file store`);
      return copy;
    },
    read: (key) => store.read(key),
    remove: (key) => store.remove(key),
  };
}
