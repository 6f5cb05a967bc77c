import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEFAULT_BODY_LIMIT } from '../src/platform/http/body-guards.ts';
import { incomingDirOf, keepUpload, type UploadedFile } from '../src/platform/http/multipart.ts';
import { type App, ok } from '../src/platform/http/reply.ts';
import { type Harness, testApp } from './harness.ts';

const BOUNDARY = 'PortalBoundary7d';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
const end = `--${BOUNDARY}--\r\n`;
// The smallest PNG there is: the signature and an IHDR chunk are enough to detect the type.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('request bodies are bounded and malformed ones answer 10001 (multipart, JSON, form)', () => {
  let h: Harness;
  let app: App;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bodies-'));
  const incoming = incomingDirOf(dataDir);
  const kept = path.join(dataDir, 'kept');
  beforeAll(async () => {
    h = await testApp();
    app = (await buildApp({
      database: h.database,
      config: { ...loadConfig({ DATA_DIR: dataDir }), webDist: undefined },
    })) as App;
    const upload = { maxFileBytes: 64 * 1024, maxFiles: 2, types: ['image/png'] };
    app.post(
      '/api/test/upload',
      {
        config: { access: { public: true }, upload },
        schema: { body: z.object({ title: z.string().max(20), file: z.any(), keep: z.string().optional() }) },
      },
      async (request) => {
        const file = request.body.file as UploadedFile;
        const onDisk = fs.statSync(file.path).size;
        if (request.body.keep) await keepUpload(file, path.join(kept, 'receipt.png'));
        return ok({ title: request.body.title, mimetype: file.mimetype, size: file.size, onDisk });
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await h.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (
    payload: string | Buffer | Readable,
    headers: Record<string, string> = {},
    url = '/api/account/login',
  ) => app.inject({ method: 'POST', url, headers: { 'content-type': multipartType, ...headers }, payload });
  const leftovers = () => (fs.existsSync(incoming) ? fs.readdirSync(incoming) : []);
  // Files are removed once the reply has gone out, which can be just after inject() resolves.
  const noLeftovers = () => vi.waitFor(() => expect(leftovers()).toEqual([]), { timeout: 5000 });

  it('reads a well-formed multipart form into the route schema', async () => {
    const res = await post(`${field('username', 'nobody')}${field('password', 'x')}${end}`);
    expect(res.json()).toEqual({ c: 10010, m: '用户名或密码错误' });
  });

  it('answers 10001 with JSON for a multipart body that is malformed or ends early', async () => {
    const cases: [string, string | Buffer, Record<string, string>][] = [
      ['no boundary', field('username', 'a'), { 'content-type': 'multipart/form-data' }],
      ['ends early', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\nadm`, {}],
      ['no final boundary', field('username', 'admin'), {}],
      ['garbage', Buffer.from([0, 255, 13, 10, 45, 45, 0]), {}],
      ['header without end', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"`, {}],
    ];
    for (const [name, payload, headers] of cases) {
      const res = await post(payload, headers);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('application/json; charset=utf-8');
      expect(res.json(), name).toEqual({ c: 10001, m: '参数格式不正确' });
    }
  });

  it('refuses an oversized body by its Content-Length before reading it, and a chunked one as it streams', async () => {
    const declared = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': multipartType, 'content-length': String(50 * 1024 * 1024) },
      payload: field('username', 'a'),
    });
    expect(declared.json()).toMatchObject({ c: 10007 });
    let produced = 0;
    async function* endless() {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="username"\r\n\r\n`);
      while (produced < 8 * 1024 * 1024) {
        produced += 16 * 1024;
        yield Buffer.alloc(16 * 1024, 97);
      }
    }
    const streamed = await post(Readable.from(endless()));
    expect(streamed.json()).toMatchObject({ c: 10007, m: '提交的数据过大' });
    // The parser stopped reading shortly after the budget instead of taking all 8 MB.
    expect(produced).toBeLessThan(2 * 1024 * 1024);
  });

  it('bounds fields, parts and field sizes', async () => {
    const many = Array.from({ length: 150 }, (_, i) => field(`f${i}`, 'x')).join('') + end;
    expect((await post(many)).json()).toMatchObject({ c: 10007 });
    const long = `${field('username', 'a'.repeat(DEFAULT_BODY_LIMIT + 10))}${end}`;
    expect((await post(long)).json()).toMatchObject({ c: 10007 });
    const longName = `${field('n'.repeat(300), 'a')}${end}`;
    expect((await post(longName)).json()).toMatchObject({ c: 10007 });
  });

  it('refuses files on a route that declares no upload', async () => {
    const res = await post(Buffer.concat([filePart('username', 'a.png', PNG), Buffer.from(end)]));
    expect(res.json()).toMatchObject({ c: 10001, m: '此接口不接受文件' });
    await noLeftovers();
  });

  it('ignores prototype keys', async () => {
    const res = await post(`${field('__proto__', 'x')}${field('constructor', 'y')}${end}`);
    expect(res.json()).toEqual({ c: 10001, m: '用户名不能为空', field: 'username' });
  });

  it('streams an upload to disk, types it by content and removes it after the reply', async () => {
    const body = Buffer.concat([
      Buffer.from(field('title', '回单')),
      filePart('file', 'x.exe', PNG),
      Buffer.from(end),
    ]);
    const res = await post(body, {}, '/api/test/upload');
    expect(res.json()).toEqual({
      c: 0,
      d: { title: '回单', mimetype: 'image/png', size: PNG.length, onDisk: PNG.length },
    });
    await noLeftovers();
  });

  it('keeps an upload the route moved', async () => {
    const body = Buffer.concat([
      Buffer.from(field('title', '回单') + field('keep', '1')),
      filePart('file', 'receipt.png', PNG),
      Buffer.from(end),
    ]);
    expect((await post(body, {}, '/api/test/upload')).json().c).toBe(0);
    expect(fs.readFileSync(path.join(kept, 'receipt.png'))).toEqual(PNG);
    await noLeftovers();
  });

  it('refuses an upload over its size, of a type not accepted, or too many files — and leaves nothing behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(100 * 1024)]);
    const tooBig = await post(
      Buffer.concat([filePart('file', 'a.png', big), Buffer.from(end)]),
      {},
      '/api/test/upload',
    );
    expect(tooBig.json()).toMatchObject({ c: 10007, field: 'file' });
    const text = Buffer.from('MZ'.padEnd(5000, 'x'));
    const wrong = await post(
      Buffer.concat([filePart('file', 'a.png', text), Buffer.from(end)]),
      {},
      '/api/test/upload',
    );
    expect(wrong.json()).toEqual({ c: 10001, m: '文件类型不支持', field: 'file' });
    const three = Buffer.concat([
      filePart('file', 'a.png', PNG),
      filePart('file', 'b.png', PNG),
      filePart('file', 'c.png', PNG),
      Buffer.from(end),
    ]);
    expect((await post(three, {}, '/api/test/upload')).json()).toMatchObject({ c: 10007 });
    await noLeftovers();
  });

  it('answers 10503 when the disk fills while an upload streams, and leaves nothing behind', async () => {
    const full = vi.spyOn(fs, 'createWriteStream').mockImplementation(
      () =>
        new Writable({
          write(_chunk, _enc, cb) {
            cb(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          },
        }) as fs.WriteStream,
    );
    try {
      const body = Buffer.concat([
        Buffer.from(field('title', '回单')),
        filePart('file', 'a.png', PNG),
        Buffer.from(end),
      ]);
      const res = await post(body, {}, '/api/test/upload');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ c: 10503, m: '服务暂时不可用，请稍后再试' });
    } finally {
      full.mockRestore();
    }
    await noLeftovers();
  });

  it('answers JSON and form bodies over the limit, malformed or of an unknown type with their codes and a content type', async () => {
    const cases: [string, string, string, number][] = [
      ['application/json', JSON.stringify({ username: 'a'.repeat(DEFAULT_BODY_LIMIT) }), 'too large', 10007],
      ['application/x-www-form-urlencoded', `username=${'a'.repeat(DEFAULT_BODY_LIMIT)}`, 'too large', 10007],
      ['application/json', '{"username":', 'truncated', 10001],
      ['application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, 'deep', 10001],
      ['application/xml', '<a/>', 'unknown type', 10008],
    ];
    for (const [type, payload, name, c] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe('application/json; charset=utf-8');
      expect(res.json().c, name).toBe(c);
    }
  });

  it('refuses a compressed body (it is never read as plain) and a NUL byte in any value', async () => {
    const gzip = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ username: 'admin', password: 'x' }),
    });
    expect(gzip.json()).toEqual({ c: 10008, m: '不支持压缩的提交内容' });
    const nul = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(nul.json()).toEqual({ c: 10001, m: '参数包含非法字符' });
    const query = await app.inject({ method: 'GET', url: '/api/cms/news/list?keyword=a%00b' });
    expect(query.json()).toEqual({ c: 10001, m: '参数包含非法字符' });
  });

  it('says what every error reply is', async () => {
    for (const url of ['/api/account/info', '/api/no/such/call']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
    }
  });
});
