import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../core/errors.ts';

/**
 * Where the file store (issue 12, ADR 0018) keeps bytes: a folder under the data folder by
 * default, or an S3-compatible bucket when configured. The rows that describe files are in the
 * database (modules/file); a store only puts, reads and removes bytes by key.
 *
 * Several processes: the disk store is correct for processes on one host that share the data
 * folder (a put is a rename into place, so a reader sees a whole file or none); processes on
 * several hosts need the S3 store, which every host reaches alike.
 */
export interface BlobStore {
  readonly name: 'disk' | 's3';
  /** Stores the file at `from` (a local file) under `key`; `from` may be moved. */
  put(key: string, from: string, meta: { mime: string; size: number; sha256: string }): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes `key` (no error when it is already gone). */
  remove(key: string): Promise<void>;
  /** Where the bytes of `key` are on this host's disk (the disk store only): read there, not copied. */
  localPath?(key: string): string;
}

/** The S3 settings (README "Configuration": FILES_S3_*). */
export interface S3Settings {
  /** `https://host[:port]` of the S3-compatible service; the bucket is addressed by path. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder in the bucket every key goes under (may be ''). */
  prefix: string;
}

const KEY_PATTERN = /^[0-9a-f]{32}(-t)?\.[a-z0-9]{3,4}$/;

function checkedKey(key: string) {
  // Keys are made by the store's own users (random hex and an extension); anything else is a bug.
  if (!KEY_PATTERN.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
}

/** The disk store: `<dataDir>/files/<first two hex digits>/<key>`. */
export function diskStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'files');
  const where = (key: string) => path.join(root, checkedKey(key).slice(0, 2), key);
  return {
    name: 'disk',
    async put(key, from) {
      const target = where(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // A rename within the data folder: whole or not there, for every process reading it.
      await fs.promises.rename(from, target);
    },
    async read(key) {
      const file = where(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(where(key), { force: true });
    },
    localPath: where,
  };
}

/** What the S3 store sends: a signed request (tested without a network in test/file-store.test.ts). */
export interface SignedRequest {
  method: string;
  url: string;
  headers: Headers;
}

type Fetch = (url: string, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;

/**
 * An S3-compatible store (AWS S3, MinIO, Ceph, a cloud's S3 gateway): path-style addresses
 * `<endpoint>/<bucket>/<prefix><key>`, requests signed with AWS Signature Version 4 by aws4fetch
 * (ADR 0018). The payload hash is the file's SHA-256, already computed for its row, so the body
 * streams without being read twice. `fetcher` is replaced in tests.
 */
export function s3Store(settings: S3Settings, fetcher: Fetch = fetch as Fetch) {
  const base = settings.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) =>
    `${base}/${encodeURIComponent(settings.bucket)}/${settings.prefix
      .split('/')
      .map(encodeURIComponent)
      .join('/')}${checkedKey(key)}`;

  /** Signs one request to `key` (the signer is loaded only when an S3 store is used). */
  async function sign(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    headers: Record<string, string> = {},
    datetime?: string,
  ): Promise<SignedRequest> {
    const { AwsV4Signer } = await import('aws4fetch');
    const signer = new AwsV4Signer({
      method,
      url: urlOf(key),
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...headers },
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      ...(datetime && { datetime }),
    });
    const signed = await signer.sign();
    return { method, url: signed.url.toString(), headers: signed.headers };
  }

  const unavailable = async (response: Response, what: string) => {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    const error = new AppError('SERVICE_UNAVAILABLE', '文件存储暂时不可用，请稍后再试');
    error.cause = new Error(`S3 ${what}: HTTP ${response.status} ${detail}`);
    return error;
  };

  const store: BlobStore & { sign: typeof sign; urlOf: typeof urlOf } = {
    name: 's3',
    sign,
    urlOf,
    async put(key, from, meta) {
      const request = await sign('PUT', key, {
        'content-type': meta.mime,
        'content-length': String(meta.size),
        'x-amz-content-sha256': meta.sha256,
      });
      const response = await fetcher(request.url, {
        method: 'PUT',
        headers: request.headers,
        body: Readable.toWeb(fs.createReadStream(from)) as ReadableStream,
        duplex: 'half',
      });
      if (!response.ok) throw await unavailable(response, `PUT ${key}`);
      await response.body?.cancel();
      await fs.promises.rm(from, { force: true });
    },
    async read(key) {
      const request = await sign('GET', key);
      const response = await fetcher(request.url, { method: 'GET', headers: request.headers });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) throw await unavailable(response, `GET ${key}`);
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    },
    async remove(key) {
      const request = await sign('DELETE', key);
      const response = await fetcher(request.url, { method: 'DELETE', headers: request.headers });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw await unavailable(response, `DELETE ${key}`);
    },
  };
  return store;
}

/** The store the configuration names: S3 when its settings are given, the data folder otherwise. */
export function fileStoreOf(config: { dataDir: string; fileS3: S3Settings | undefined }): BlobStore {
  return config.fileS3 ? s3Store(config.fileS3) : diskStore(config.dataDir);
}

/**
 * A local path holding the bytes of `key` — the disk store's own file, read in place, or a copy
 * fetched from S3 into `tempDir` — and what to call when done with it; undefined when the store
 * has no such key.
 */
export async function localCopy(
  store: BlobStore,
  key: string,
  tempDir: string,
): Promise<{ path: string; done(): Promise<void> } | undefined> {
  const onDisk = store.localPath?.(key);
  if (onDisk) return { path: onDisk, done: async () => {} };
  const body = await store.read(key);
  if (!body) return undefined;
  await fs.promises.mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `${randomBytes(8).toString('hex')}-${key}`);
  await pipeline(body, fs.createWriteStream(file));
  return { path: file, done: () => fs.promises.rm(file, { force: true }) };
}
