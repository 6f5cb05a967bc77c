import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/platform/http/reply.ts';
import { templateOf } from '../src/platform/http/web-render.ts';
import { type Harness, testApp } from './harness.ts';

describe('the built web app is served with history routing', () => {
  let h: Harness;
  let app: App;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>门户</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build's precompress step writes beside a file.
    fs.writeFileSync(
      path.join(dist, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync('<!doctype html><title>门户</title>'));
    h = await testApp();
    app = (await buildApp({ database: h.database, config: { ...loadConfig({}), webDist: dist } })) as App;
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for any page path, uncached', async () => {
    for (const url of ['/', '/crm/goods_category', '/login?redirect=%2Fcrm', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>门户</title>');
      expect(res.headers['cache-control']).toContain('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers a path with a NUL byte 404 and a path too long for the file system with the page, never 500', async () => {
    for (const url of ['/%00', '/a%00b', '/assets/app-abc123.js%00.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
    }
    for (const url of [`/${'a'.repeat(300)}`, `/${'a/'.repeat(3000)}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 20)).toBe(200);
      expect(res.body).toContain('<title>门户</title>');
    }
  });

  it('serves hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed sibling the browser accepts, and the plain file to others', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await app.inject({
      method: 'GET',
      url: '/crm/goods_category',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('text/html');
    expect(gz.headers['content-security-policy']).toContain("script-src 'self'");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<title>门户</title>');

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('never serves a file outside the build', async () => {
    for (const url of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../package.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('answers a malformed URL in the caller’s envelope, not the framework’s', async () => {
    const page = await app.inject({ method: 'GET', url: '/crm/%E0%A4%A' });
    expect(page.statusCode).toBe(200); // portal convention: handled outcomes are HTTP 200
    expect(page.json()).toEqual({ c: 10001, m: '参数格式不正确' });
    const console = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/%zz/' });
    expect(console.statusCode).toBe(400);
    expect(console.json()).toEqual({ code: 'INVALID', msg: '参数格式不正确' });
  });

  it('keeps unknown API paths as API errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ c: 10009, m: '请求的接口不存在' });
  });
});

describe('the page template', () => {
  it('is read again when the build rewrites index.html while the server runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-'));
    const file = path.join(dir, 'index.html');
    fs.writeFileSync(file, '<script src="/assets/old.js"></script>');
    const template = templateOf(file);
    expect(template()).toContain('old.js');
    fs.writeFileSync(file, '<script src="/assets/new.js"></script>');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(template()).toContain('new.js');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
