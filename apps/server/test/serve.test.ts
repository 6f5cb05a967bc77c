import { Writable } from 'node:stream';
import { Codes, ConsoleCodes, MEMBER_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { shapeRoutes } from './call-shapes.ts';
import { type Harness, testApp } from './harness.ts';

const SHOP_ADMIN = 12;

/**
 * `serve()` of a declared call whose handler sends the reply itself (a pre-serialized page): the
 * reply is sent once, and nothing is logged. (A second send made Fastify build an error and log a
 * warning on every category list: a quarter of that route's rate in bench/category-list.bench.ts.)
 */
describe('serve', () => {
  let h: Harness;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const log: string[] = [];
  beforeAll(async () => {
    h = await testApp();
    app = await buildApp({
      database: h.database,
      config: { ...loadConfig({ DATA_DIR: '/tmp/portal-test' }), webDist: undefined },
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _enc, cb) {
            log.push(String(chunk));
            cb();
          },
        }),
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('answers a handler that sent the page itself once, without a warning', async () => {
    const shop = await h.as(12);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/shop/goods/category/list',
        headers: shop.headers,
        payload: { page_size: 10 },
      });
      expect(res.json()).toMatchObject({ c: 0, d: { results: [], paging: { count: 0 } } });
    }
    expect(log).toEqual([]);
  });
});

/**
 * Calls of every shape (ADR 0034), served from a test-only module (call-shapes.ts): path
 * parameters read with the body or the query and checked by the input schema, the console's REST
 * family with its statuses, and access refused in each family's form.
 */
describe('serve: path parameters and the console family', () => {
  let h: Harness;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
    h.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
  beforeAll(async () => {
    h = await testApp({}, { routes: shapeRoutes });
    const shop = await h.as(SHOP_ADMIN);
    admin = shop.headers;
    member = (await h.as(MEMBER_ROLE, shop.companyId)).headers;
  });
  afterAll(() => h.close());

  it('reads a path parameter with the body; the path wins over a body field of that name', async () => {
    const res = await send('POST', '/test/parallel/12/decide', member, { nid: '3', bid: '99' });
    expect(res.json()).toEqual({ c: 0, d: { bid: 12, nid: 3, remark: '' } });
  });

  it('checks path parameters and the rest with the input schema, in Chinese, naming the field', async () => {
    const wrongType = await send('POST', '/test/parallel/abc/decide', member, { nid: 3 });
    expect(wrongType.statusCode).toBe(200);
    expect(wrongType.json()).toEqual({ c: 10001, m: '业务必须是整数', field: 'bid' });
    expect((await send('POST', '/test/parallel/0/decide', member, { nid: 3 })).json()).toMatchObject({
      c: 10001,
      m: '业务不能小于1',
    });
    expect((await send('POST', '/test/parallel/5/decide', member, {})).json()).toEqual({
      c: 10001,
      m: '环节不能为空',
      field: 'nid',
    });
    const query = await send('GET', '/test/parallel/5/branches?page=x', admin);
    expect(query.json()).toEqual({ c: 10001, m: '页码必须是整数', field: 'page' });
    expect((await send('GET', '/test/parallel/5/branches?page=2', admin)).json()).toEqual({
      c: 0,
      d: { bid: 5, page: 2 },
    });
  });

  it('refuses a NUL byte in a text path parameter as in the body, and reads the value otherwise', async () => {
    expect((await send('GET', '/test/parallel/code/a%00b', admin)).json()).toEqual({
      c: 10001,
      m: '参数包含非法字符',
    });
    expect((await send('GET', '/test/parallel/code/%E7%BC%96%E5%8F%B7-7', admin)).json()).toEqual({
      c: 0,
      d: { code: '编号-7' },
    });
  });

  it('refuses a portal call in the envelope: anonymous 10003, without the permission 10004', async () => {
    expect((await send('POST', '/test/parallel/1/decide', {}, { nid: 1 })).json()).toMatchObject({
      c: 10003,
    });
    expect((await send('GET', '/test/parallel/1/branches')).json()).toMatchObject({ c: 10003 });
    const forbidden = await send('GET', '/test/parallel/1/branches', member);
    expect([forbidden.statusCode, forbidden.json()]).toMatchObject([200, { c: 10004 }]);
  });

  it('answers a console call with its body and status: 200, 201, 204', async () => {
    const got = await send('GET', '/v1/sysadmin/simcard/7/', admin);
    expect([got.statusCode, got.json()]).toEqual([200, { id: 7, iccid: '8986', remark: '' }]);
    const created = await send('POST', '/v1/sysadmin/simcard/', admin, { iccid: '8986001' });
    expect([created.statusCode, created.json()]).toEqual([201, { id: 1, iccid: '8986001', remark: '' }]);
    const put = await send('PUT', '/v1/sysadmin/simcard/7/', admin, { iccid: '1', remark: '旧卡' });
    expect([put.statusCode, put.json()]).toEqual([200, { id: 7, iccid: '1', remark: '旧卡' }]);
    const removed = await send('DELETE', '/v1/sysadmin/simcard/7/', admin);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
  });

  it('refuses a console call in its own form: 400 field lists, 401 AUTH_FAIL, 403 PERMISSION_DENIED', async () => {
    const wrongType = await send('GET', '/v1/sysadmin/simcard/abc/', admin);
    expect([wrongType.statusCode, wrongType.json()]).toEqual([400, { id: ['SIM卡必须是整数'] }]);
    const missing = await send('PUT', '/v1/sysadmin/simcard/7/', admin, { remark: 'x' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { iccid: ['ICCID不能为空'] }]);
    const anonymous = await send('GET', '/v1/sysadmin/simcard/7/');
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { code: 'AUTH_FAIL', msg: ConsoleCodes.AUTH_FAIL.msg },
    ]);
    const forbidden = await send('DELETE', '/v1/sysadmin/simcard/7/', member);
    expect([forbidden.statusCode, forbidden.json()]).toEqual([
      403,
      { code: 'PERMISSION_DENIED', msg: ConsoleCodes.PERMISSION_DENIED.msg },
    ]);
  });

  it("answers a console refusal one way, in DRF's words, whether the access check or a rule refuses", async () => {
    const authFail = [401, { code: 'AUTH_FAIL', msg: '身份认证信息未提供。' }];
    const denied = [403, { code: 'PERMISSION_DENIED', msg: '您没有执行该操作的权限。' }];
    const answer = async (r: Promise<{ statusCode: number; json: () => unknown }>) => {
      const res = await r;
      return [res.statusCode, res.json()];
    };
    // Anonymous: a read, and a write (which also lacks the token header).
    expect(await answer(send('GET', '/v1/sysadmin/simcard/7/'))).toEqual(authFail);
    expect(await answer(send('PUT', '/v1/sysadmin/simcard/7/', {}, { iccid: '1' }))).toEqual(authFail);
    // Logged in without the codename, and a rule refusing a row the caller may not see.
    expect(await answer(send('DELETE', '/v1/sysadmin/simcard/7/', member))).toEqual(denied);
    expect(await answer(send('GET', '/v1/sysadmin/simcard/7/', member))).toEqual(denied);
    expect(await answer(send('GET', '/v1/sysadmin/simcard/403/', admin))).toEqual(denied);
    // No such route under the console: the same NOT_FOUND as a rule's row that does not exist.
    expect(await answer(send('GET', '/v1/sysadmin/nothing/', admin))).toEqual([
      404,
      { code: 'NOT_FOUND', msg: '未找到。' },
    ]);
  });

  it("answers a rule's refusal in the call's family: the envelope, or the status its code stands for", async () => {
    expect((await send('POST', '/test/parallel/404/decide', member, { nid: 1 })).json()).toEqual({
      c: Codes.NOT_FOUND.c,
      m: Codes.NOT_FOUND.m,
    });
    const gone = await send('GET', '/v1/sysadmin/simcard/404/', admin);
    expect([gone.statusCode, gone.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', msg: ConsoleCodes.NOT_FOUND.msg },
    ]);
    const nul = await send('GET', '/v1/sysadmin/simcard/%00/', admin);
    expect(nul.statusCode).toBe(400);
  });

  it('documents path parameters as such in the OpenAPI document', () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, { parameters?: object[] }>> };
    expect(doc.paths['/api/test/parallel/{bid}/decide']?.post?.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'bid', required: true }),
    ]);
    expect(Object.keys(doc.paths['/api/v1/sysadmin/simcard/{id}/'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
  });
});
