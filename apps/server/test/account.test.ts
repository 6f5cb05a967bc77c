import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, testApp } from './harness.ts';

describe('account: login, session, password, permissions', () => {
  let h: Harness;
  let companyId: number;
  beforeAll(async () => {
    h = await testApp({ LOGIN_MAX_FAILURES: '3' });
    companyId = await h.company();
  });
  afterAll(() => h.close());

  it('logs in with an HttpOnly cookie, a token, the login time and no secrets', async () => {
    const u = await h.user(12, companyId);
    const res = await h.post('/api/account/login', { username: u.username, password: PASSWORD });
    const body = res.json();
    expect(body.c).toBe(0);
    expect(body.d.token).toMatch(/^[\w-]{40,}$/);
    expect(Date.parse(body.d.login_time)).not.toBeNaN();
    expect(body.d.user).toMatchObject({
      username: u.username,
      role: 12,
      role_name: '商城管理员',
      company_id: companyId,
    });
    // No password nor its hash (whether one must be changed is no secret).
    expect(JSON.stringify(body).replace('"must_change_password":0', '')).not.toMatch(/password|argon2/);
    const cookie = res.cookies.find((c) => c.name === 'sessionid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // the cookie alone authenticates reads
    const info = await h.app.inject({
      method: 'GET',
      url: '/api/account/info',
      cookies: { sessionid: cookie?.value ?? '' },
    });
    expect(info.json().d.user.username).toBe(u.username);
    expect(info.json().d.login_time).toBe(body.d.login_time);
  });

  it('answers a wrong password and an unknown user with the same message, and logs each attempt', async () => {
    const u = await h.user(9, companyId);
    const wrong = (
      await h.post('/api/account/login', { username: u.username, password: 'nope12345' })
    ).json();
    const unknown = (
      await h.post('/api/account/login', { username: 'nobody_here', password: 'nope12345' })
    ).json();
    expect(wrong).toEqual({ c: Codes.LOGIN_FAILED.c, m: '用户名或密码错误' });
    expect(unknown).toEqual(wrong);
    await h.login(u.username);
    const logs = await h.db
      .selectFrom('login_logs')
      .select(['success', 'reason'])
      .where('username', '=', u.username)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { success: 0, reason: 'bad_credentials' },
      { success: 1, reason: 'ok' },
    ]);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const u = await h.user(9, companyId);
    for (let i = 0; i < 3; i++)
      await h.post('/api/account/login', { username: u.username, password: 'wrong-pass1' });
    const locked = (await h.post('/api/account/login', { username: u.username, password: PASSWORD })).json();
    expect(locked.c).toBe(Codes.LOGIN_LOCKED.c);
    // another account from the same address still logs in
    const other = await h.user(9, companyId);
    expect(
      (await h.post('/api/account/login', { username: other.username, password: PASSWORD })).json().c,
    ).toBe(0);
  });

  it('answers 10003 to an anonymous or logged-out caller', async () => {
    const anon = await h.app.inject({ method: 'GET', url: '/api/account/permission' });
    expect(anon.json()).toEqual({ c: 10003, m: Codes.NOT_LOGGED_IN.m });
    const u = await h.user(12, companyId);
    const headers = await h.login(u.username);
    expect((await h.post('/api/account/quit', { company_id: companyId }, headers)).json()).toEqual({
      c: 0,
      d: null,
    });
    const after = await h.app.inject({ method: 'GET', url: '/api/account/permission', headers });
    expect(after.json().c).toBe(10003);
  });

  it('refuses a write that carries only the cookie (no token header)', async () => {
    const u = await h.user(12, companyId);
    const login = await h.post('/api/account/login', { username: u.username, password: PASSWORD });
    const sessionid = login.cookies.find((c) => c.name === 'sessionid')?.value ?? '';
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/account/quit',
      cookies: { sessionid },
      payload: {},
    });
    expect(res.json().c).toBe(Codes.TOKEN_REQUIRED.c);
  });

  it('changes the password: checks the old one, validates the new one, ends other sessions', async () => {
    const u = await h.user(12, companyId);
    const a = await h.login(u.username);
    const b = await h.login(u.username);
    const wrongOld = (
      await h.post('/api/account/password/update', { old_password: 'bad', new_password: 'NewPass123' }, a)
    ).json();
    expect(wrongOld).toEqual({ c: Codes.OLD_PASSWORD_WRONG.c, m: '原密码不正确', field: 'old_password' });
    const weak = (
      await h.post('/api/account/password/update', { old_password: PASSWORD, new_password: 'short' }, a)
    ).json();
    expect(weak).toMatchObject({ c: 10001, m: '新密码不能少于8个字符', field: 'new_password' });
    const noDigit = (
      await h.post('/api/account/password/update', { old_password: PASSWORD, new_password: 'onlyletters' }, a)
    ).json();
    expect(noDigit).toMatchObject({ c: 10001, m: '新密码须同时包含字母和数字', field: 'new_password' });
    const done = (
      await h.post('/api/account/password/update', { old_password: PASSWORD, new_password: 'NewPass123' }, a)
    ).json();
    expect(done).toEqual({ c: 0, d: null });
    expect((await h.app.inject({ method: 'GET', url: '/api/account/info', headers: a })).json().c).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: '/api/account/info', headers: b })).json().c).toBe(
      10003,
    );
    expect((await h.post('/api/account/login', { username: u.username, password: PASSWORD })).json().c).toBe(
      10010,
    );
    expect(
      (await h.post('/api/account/login', { username: u.username, password: 'NewPass123' })).json().c,
    ).toBe(0);
  });

  it('answers the permission table of the caller’s role', async () => {
    const shop = await h.as(12, companyId);
    const perm = (
      await h.app.inject({ method: 'GET', url: '/api/account/permission', headers: shop.headers })
    ).json().d;
    const codes = (entries: { codename: string }[] | undefined) =>
      (entries ?? []).map((e) => e.codename).sort();
    expect(codes(perm.goods)).toEqual([
      'add_goods',
      'add_goods_brand',
      'add_goods_category',
      'change_goods',
      'change_goods_brand',
      'change_goods_category',
      'change_shop_goods',
      'delete_goods',
      'delete_goods_brand',
      'delete_goods_category',
      'view_goods',
      'view_goods_brand',
      'view_goods_category',
    ]);
    const warehouse = await h.as(13, companyId);
    const wperm = (
      await h.app.inject({ method: 'GET', url: '/api/account/permission', headers: warehouse.headers })
    ).json().d;
    // The warehouse keeps goods (not their shop state) and ships orders.
    expect(codes(wperm.goods)).toEqual([
      'add_goods',
      'change_goods',
      'view_goods',
      'view_goods_brand',
      'view_goods_category',
    ]);
    expect(wperm.order).toEqual([
      { codename: 'view_order', name: '查看订单' },
      { codename: 'ship_order', name: '订单发货' },
    ]);
    const finance = await h.as(18, companyId);
    const fperm = (
      await h.app.inject({ method: 'GET', url: '/api/account/permission', headers: finance.headers })
    ).json().d;
    // Finance sees orders and money, and reads the goods (stock values), not the goods tree.
    expect(fperm.order).toEqual([
      { codename: 'view_order', name: '查看订单' },
      { codename: 'confirm_order_payment', name: '确认收款' },
      { codename: 'refund_order', name: '订单退款' },
      { codename: 'change_payment_account', name: '设置收款账户' },
    ]);
    expect(codes(fperm.goods)).toEqual(['view_goods']);
  });

  it('lists the caller’s own login records, newest first, paged', async () => {
    const u = await h.user(9, companyId);
    await h.post('/api/account/login', { username: u.username, password: 'bad-pass-1' });
    const headers = await h.login(u.username);
    const res = (
      await h.app.inject({ method: 'GET', url: '/api/account/login/log?page=1&page_size=5', headers })
    ).json();
    expect(res.d.results.map((r: { success: number }) => r.success)).toEqual([1, 0]);
    expect(res.d.paging).toMatchObject({ count: 2, cur_page: 1, page_size: 5, has_next: false });
  });

  it('gives malformed and oversized input a Chinese message, never a 500', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ c: 10001, m: '参数格式不正确' });
    const missing = (await h.post('/api/account/login', { username: 'x' })).json();
    expect(missing).toEqual({ c: 10001, m: '密码不能为空', field: 'password' });
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: ['a'], password: 1 },
    });
    expect(wrongType.json()).toMatchObject({ c: 10001, m: '用户名格式不正确', field: 'username' });
    const huge = await h.post('/api/account/login', { username: 'x'.repeat(2_000_000), password: 'y' });
    expect(huge.json()).toEqual({ c: Codes.PAYLOAD_TOO_LARGE.c, m: '提交的数据过大' });
    const longName = (await h.post('/api/account/login', { username: 'x'.repeat(51), password: 'y' })).json();
    expect(longName).toMatchObject({ c: 10001, m: '用户名不能超过50个字符' });
    const arrayBody = await h.app.inject({ method: 'POST', url: '/api/account/login', payload: [1, 2] });
    expect(arrayBody.json()).toMatchObject({ c: 10001, m: '参数格式不正确' });
  });

  it('answers an unknown API path with the portal envelope', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ c: Codes.ROUTE_NOT_FOUND.c, m: Codes.ROUTE_NOT_FOUND.m });
  });
});

describe('expired sessions', () => {
  it('refuses an expired session and sweeps it away', async () => {
    const h = await testApp();
    try {
      const { headers, user } = await h.as(12);
      await h.db
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('user_id', '=', user.id)
        .execute();
      // The sweep runs once an hour across processes: made due now, a process starting runs it.
      await h.db
        .updateTable('job_repeats')
        .set({ next_at: '2000-01-01T00:00:00.000Z' })
        .where('name', '=', '清理过期会话')
        .execute();
      // the session cache may still hold it for a moment: a fresh app reads the database
      const { buildApp } = await import('../src/app.ts');
      const { loadConfig } = await import('../src/config.ts');
      const other = await buildApp({
        database: h.database,
        config: { ...loadConfig({}), webDist: undefined },
      });
      expect((await other.inject({ method: 'GET', url: '/api/account/info', headers })).json().c).toBe(10003);
      const left = await h.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
      expect(left).toEqual([]);
      await other.close();
    } finally {
      await h.close();
    }
  });
});
