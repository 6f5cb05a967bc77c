import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Codes } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { AppError } from '../src/platform/core/errors.ts';
import { diskStore, fileStoreOf, type S3Settings, s3Store } from '../src/platform/files/file-store.ts';
import { testApp } from './harness.ts';

/**
 * The stores behind the file store (ADR 0018): the S3 store's addresses and AWS Signature
 * Version 4 checked against a signature computed here from the specification's steps, with no
 * network; then the whole upload → read → delete path against a small S3 look-alike on this
 * machine; and the configuration that picks a store.
 */
const settings: S3Settings = {
  endpoint: 'https://s3.example.test/',
  bucket: 'portal-files',
  region: 'cn-east-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  prefix: 'shop/',
};
const KEY = `${'ab'.repeat(16)}.png`;

/** AWS Signature Version 4 of a request without query, written from the specification's four steps. */
function referenceSignature(
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
  amzDate: string,
) {
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]?.trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const canonical = [method, url.pathname, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${settings.secretAccessKey}`).update(day).digest();
  for (const part of [settings.region, 's3', 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

describe('the S3 store, without a network', () => {
  it('addresses objects by path under the bucket and prefix, and refuses a key it did not make', () => {
    const store = s3Store(settings);
    expect(store.urlOf(KEY)).toBe(`https://s3.example.test/portal-files/shop/${KEY}`);
    expect(() => store.urlOf('../secret')).toThrow();
    expect(() => store.urlOf(`${'ab'.repeat(16)}.png/../x`)).toThrow();
  });

  it('signs with AWS Signature Version 4 exactly as the specification computes it', async () => {
    const store = s3Store(settings);
    const amzDate = '20261124T120000Z';
    const sha = createHash('sha256').update('content').digest('hex');
    for (const [method, extra, payload] of [
      ['GET', {}, 'UNSIGNED-PAYLOAD'],
      ['DELETE', {}, 'UNSIGNED-PAYLOAD'],
      ['PUT', { 'x-amz-content-sha256': sha, 'content-type': 'image/png' }, sha],
    ] as const) {
      const signed = await store.sign(method, KEY, extra, amzDate);
      const url = new URL(signed.url);
      expect(signed.headers.get('x-amz-date')).toBe(amzDate);
      expect(signed.headers.get('x-amz-content-sha256')).toBe(payload);
      const expected = referenceSignature(
        method,
        url,
        { host: url.host, 'x-amz-content-sha256': payload, 'x-amz-date': amzDate },
        payload,
        amzDate,
      );
      expect(signed.headers.get('authorization'), method).toBe(expected);
    }
  });

  it('sends the file with its hash, reads and removes, and answers 10503 when the service fails', async () => {
    const sent: { url: string; method: string; headers: Headers; body?: Buffer }[] = [];
    let status = 200;
    const fetcher = async (url: string, init: RequestInit) => {
      const body = init.body ? Buffer.from(await new Response(init.body).arrayBuffer()) : undefined;
      sent.push({
        url,
        method: String(init.method),
        headers: new Headers(init.headers),
        ...(body && { body }),
      });
      return new Response(status === 200 && init.method === 'GET' ? 'bytes' : status === 200 ? '' : 'boom', {
        status,
      });
    };
    const store = s3Store(settings, fetcher);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
    const file = path.join(dir, 'upload');
    fs.writeFileSync(file, 'content');
    const sha = createHash('sha256').update('content').digest('hex');
    await store.put(KEY, file, { mime: 'image/png', size: 7, sha256: sha });
    expect(sent[0]).toMatchObject({ method: 'PUT', url: store.urlOf(KEY) });
    expect(sent[0]?.headers.get('x-amz-content-sha256')).toBe(sha);
    expect(sent[0]?.headers.get('content-type')).toBe('image/png');
    expect(sent[0]?.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(sent[0]?.body?.toString()).toBe('content');
    expect(fs.existsSync(file)).toBe(false);

    const read = await store.read(KEY);
    expect(Buffer.concat((await read?.toArray()) ?? []).toString()).toBe('bytes');
    status = 404;
    expect(await store.read(KEY)).toBeUndefined();
    await store.remove(KEY); // already gone is fine
    status = 503;
    const failure = await store.read(KEY).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).c).toBe(Codes.SERVICE_UNAVAILABLE.c);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('which store the configuration picks', () => {
  it('keeps files under the data folder unless FILES_S3_ENDPOINT is set, and refuses half a setting', () => {
    const disk = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(disk.fileS3).toBeUndefined();
    expect(fileStoreOf(disk).name).toBe('disk');
    const s3 = loadConfig({
      FILES_S3_ENDPOINT: 'https://minio.local:9000',
      FILES_S3_BUCKET: 'b',
      FILES_S3_ACCESS_KEY_ID: 'k',
      FILES_S3_SECRET_ACCESS_KEY: 's',
      FILES_S3_PREFIX: 'portal',
    });
    expect(s3.fileS3).toMatchObject({ region: 'us-east-1', prefix: 'portal/' });
    expect(fileStoreOf(s3).name).toBe('s3');
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'https://minio.local:9000', FILES_S3_BUCKET: 'b' })).toThrow(
      /FILES_S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'minio.local' })).toThrow(/http/);
  });

  it('the disk store puts by rename and reads what it put', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-test-'));
    const store = diskStore(dir);
    const from = path.join(dir, 'in');
    fs.writeFileSync(from, 'abc');
    await store.put(KEY, from, { mime: 'image/png', size: 3, sha256: '' });
    expect(Buffer.concat((await (await store.read(KEY))?.toArray()) ?? []).toString()).toBe('abc');
    await store.remove(KEY);
    expect(await store.read(KEY)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the file calls on an S3-compatible service', () => {
  const objects = new Map<string, Buffer>();
  let server: http.Server;
  let endpoint: string;
  beforeAll(async () => {
    // A small S3 look-alike on this machine: keeps objects by path, wants a signature on each request.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 ')) {
          res.writeHead(403).end();
          return;
        }
        const key = String(req.url);
        if (req.method === 'PUT') {
          const body = Buffer.concat(chunks);
          const ok = createHash('sha256').update(body).digest('hex') === req.headers['x-amz-content-sha256'];
          if (ok) objects.set(key, body);
          res.writeHead(ok ? 200 : 400).end();
        } else if (req.method === 'GET') {
          const body = objects.get(key);
          if (body) res.writeHead(200).end(body);
          else res.writeHead(404).end();
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('uploads, serves and deletes through the bucket', async () => {
    const h = await testApp({
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_BUCKET: 'files',
      FILES_S3_ACCESS_KEY_ID: 'k',
      FILES_S3_SECRET_ACCESS_KEY: 's',
    });
    try {
      const admin = (await h.as(12)).headers;
      const content = await sharp({ create: { width: 500, height: 100, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
      const up = (await h.multipart('/api/file/upload', {}, { name: '横幅.png', content }, admin)).json();
      expect(up.c, JSON.stringify(up)).toBe(0);
      expect(objects.size).toBe(2); // the image and its thumbnail
      expect([...objects.keys()].every((k) => k.startsWith('/files/'))).toBe(true);
      const image = await h.app.inject({ method: 'GET', url: up.d.url });
      expect(image.rawPayload.equals(content)).toBe(true);
      const del = (await h.post('/api/file/delete', { id: up.d.id }, admin)).json();
      expect(del.c).toBe(0);
      expect(objects.size).toBe(0);
    } finally {
      await h.close();
    }
  });
});
