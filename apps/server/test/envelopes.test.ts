import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#server/platform/core/errors.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/platform/http/reply.ts';
import { type Harness, testApp } from './harness.ts';

describe('envelopes, parsing and the error handler', () => {
  let h: Harness;
  let app: App;
  beforeAll(async () => {
    h = await testApp();
    // A second app on the same database with routes only this test needs.
    app = (await buildApp({
      database: h.database,
      config: { ...loadConfig({}), webDist: undefined },
    })) as App;
    app.get(
      '/api/v1/sysadmin/probe/',
      {
        config: { access: { login: true }, family: 'console' },
        schema: { querystring: z.object({ page: z.coerce.number().int().min(1, '页码不能小于1') }) },
      },
      async () => ({ count: 0, next: null, previous: null, results: [] }),
    );
    app.get(
      '/api/v1/sysadmin/open/',
      { config: { access: { public: true }, family: 'console' } },
      async (request) => {
        if ((request.query as { fail?: string }).fail) throw new Error('secret internal detail');
        return { ok: true };
      },
    );
    app.get('/api/test/boom', { config: { access: { public: true } } }, async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/test/refuse', { config: { access: { public: true } } }, async () => {
      throw new AppError('CATEGORY_HAS_GOODS');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('console family: AUTH_FAIL with HTTP 401, field errors as lists, 500 without details', async () => {
    const anon = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/probe/?page=1' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 'AUTH_FAIL', msg: '身份认证信息未提供。' });
    const { user } = await h.as(1);
    const { headers } = { headers: await h.login(user.username) };
    const bad = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/probe/?page=0', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ page: ['页码不能小于1'] });
    const good = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/probe/?page=1', headers });
    expect(good.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const boom = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/open/?fail=1' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 'SERVER_ERROR', msg: '请求错误' });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/sysadmin/nothing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', msg: '未找到。' });
  });

  it('portal family: handled refusals are HTTP 200 {c, m}; unknown errors hide their details', async () => {
    const refuse = await app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(refuse.statusCode).toBe(200);
    expect(refuse.json()).toEqual({ c: 20102, m: '该分类下还有商品，不能删除' });
    const boom = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ c: 10500, m: '服务器开小差了，请稍后再试' });
    expect(boom.body).not.toContain('secret');
    expect(boom.headers['x-request-id']).toBeTruthy();
  });

  it('reads GET params from the query even with a multipart content type, as the old client sends', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/system/staff/company/?_key=qf',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.json().d.results[0].id).toBe(126);
  });

  it('publishes the OpenAPI document with the contract paths', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/account/login',
      '/api/shop/goods/category/list',
      '/api/goods/category/selected/delete',
      '/api/goods/staff/category/',
      '/api/system/staff/company/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it('keeps the request id a caller sends, and makes one otherwise', async () => {
    const given = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
