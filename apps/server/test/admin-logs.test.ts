import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * The administration's logs and statistics (issue 34, docs/adr/0038): 管理首页, 登录记录 (list and
 * Excel), `/account/online`, `/account/get/user-statistic`, 操作日志 — each in a company of the
 * caller's scope only, another company's rows never shown.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let a1: number;
let a2: number;
let b1: number;
let manager: Who;
let assistant: Who;
let groupManager: Who;
let otherManager: Who;
let clerk: Who;
let department: number;

const { get, post } = jsonCalls(() => h.app);
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
/** Today in China time, as the screens' day filters speak of it. */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const failedLogin = (username: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username, password: 'Wrong9999' },
  });

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('日志甲公司');
  a2 = await h.company('日志乙公司');
  b1 = await h.company('日志丙公司');
  [manager, assistant, groupManager, otherManager, clerk] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(5, a1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
  await failedLogin(manager.user.username);
  department = (await post('/department/create', { name: '日志部' }, manager)).d.id;
});
afterAll(() => h.close());

describe('登录记录 /admin/login/log/list', () => {
  it("answers the company's logins, successful and refused, with who and from where", async () => {
    const r = await post('/admin/login/log/list', { date_from: today(), date_to: today() }, manager);
    expect(r.c).toBe(0);
    const names = r.d.results.map((l: { username: string }) => l.username);
    expect(names).toContain(manager.user.username);
    expect(names).toContain(assistant.user.username);
    expect(names).not.toContain(otherManager.user.username);
    expect(names).not.toContain(groupManager.user.username);
    const refused = await post('/admin/login/log/list', { success: 0 }, manager);
    expect(refused.d.results).toEqual([
      expect.objectContaining({ username: manager.user.username, success: 0, reason: expect.any(String) }),
    ]);
    const mine = await post('/admin/login/log/list', { user_id: manager.user.id, success: 1 }, manager);
    expect(mine.d.results[0]).toMatchObject({
      user_id: manager.user.id,
      role: 3,
      role_name: expect.any(String),
    });
    expect(mine.d.results[0].ip).not.toBe('');
  });

  it('finds nothing on a day without logins', async () => {
    const r = await post(
      '/admin/login/log/list',
      { date_from: '2020-01-01', date_to: '2020-01-02' },
      manager,
    );
    expect(r.d.paging.count).toBe(0);
  });

  it("lets a group manager read a company of the group, never another group's", async () => {
    const r = await post('/admin/login/log/list', { company_id: a1 }, groupManager);
    expect(r.c).toBe(0);
    expect(r.d.results.map((l: { username: string }) => l.username)).toContain(manager.user.username);
    expect((await post('/admin/login/log/list', { company_id: b1 }, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/admin/login/log/list', { company_id: a1 }, otherManager)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('refuses the anonymous and a role without the action', async () => {
    expect((await post('/admin/login/log/list', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/admin/login/log/list', {}, clerk)).c).toBe(Codes.FORBIDDEN.c);
  });

  it("answers a bad day range with the field's Chinese message", async () => {
    const r = await post(
      '/admin/login/log/list',
      { date_from: '2026-05-02', date_to: '2026-05-01' },
      manager,
    );
    expect(r).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'date_to', m: '结束日期不能早于开始日期' });
    const bad = await post('/admin/login/log/list', { date_from: '2026-02-30' }, manager);
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'date_from' });
    expect(bad.m).toContain('开始日期');
  });

  it('exports the list under its filters as an .xlsx', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/admin/login/log/export?${qs({ success: 0 })}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const refused = await h.app.inject({
      method: 'GET',
      url: `/api/admin/login/log/export?${qs({ company_id: b1 })}`,
      headers: groupManager.headers,
    });
    expect(refused.json().c).toBe(Codes.FORBIDDEN.c);
  });
});

describe('在线人员 /account/online', () => {
  it('answers the people of the company with a live session, one row each', async () => {
    const r = await post('/account/online', {}, manager);
    expect(r.c).toBe(0);
    const ids = r.d.results.map((o: { user_id: number }) => o.user_id);
    expect(ids).toContain(manager.user.id);
    expect(ids).toContain(clerk.user.id);
    expect(ids).not.toContain(otherManager.user.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.d.results.find((o: { user_id: number }) => o.user_id === manager.user.id)).toMatchObject({
      sessions: 1,
      role: 3,
      ip: expect.any(String),
    });
    expect((await post('/account/online', { company_id: b1 }, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/online', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/account/online', {}, clerk)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('no longer lists a user whose session ended', async () => {
    const leaving = await h.as(5, a1);
    await post('/account/quit', {}, leaving);
    const r = await post('/account/online', { keyword: leaving.user.username }, manager);
    expect(r.d.paging.count).toBe(0);
  });
});

describe('使用统计 /account/get/user-statistic', () => {
  it("answers the company's people by role, state and department and each day's logins", async () => {
    const q = qs({ start_date: today(), end_date: today() });
    const r = await get(`/account/get/user-statistic?${q}`, manager);
    expect(r.c).toBe(0);
    expect(r.d.days).toHaveLength(1);
    expect(r.d.days[0].logins).toBeGreaterThanOrEqual(3);
    expect(r.d.days[0].failures).toBeGreaterThanOrEqual(1);
    expect(r.d.days[0].active_users).toBeGreaterThanOrEqual(3);
    expect(r.d.days[0].new_users).toBeGreaterThanOrEqual(3);
    expect(r.d.results[0]).toEqual({ x: Date.parse(`${today()}T00:00:00+08:00`), y: r.d.days[0].logins });
    const total = r.d.people.by_role.reduce((s: number, x: { count: number }) => s + x.count, 0);
    expect(r.d.people.total).toBe(total);
    expect(r.d.people.by_role).toContainEqual(expect.objectContaining({ key: 3, count: 1 }));
    const b = await get(`/account/get/user-statistic?${q}`, otherManager);
    expect(b.d.people.by_role).toContainEqual(expect.objectContaining({ key: 3, count: 1 }));
    expect(b.d.people.total).toBeLessThan(total);
  });

  it('spans the days asked, each once', async () => {
    const r = await get(
      `/account/get/user-statistic?${qs({ start_date: '2026-01-30', end_date: '2026-02-02' })}`,
      manager,
    );
    expect(r.d.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it("refuses a missing or backward range with the field's message, and callers outside the scope", async () => {
    const missing = await get(`/account/get/user-statistic?${qs({ end_date: today() })}`, manager);
    expect(missing).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'start_date' });
    expect(missing.m).toContain('开始日期');
    const backward = await get(
      `/account/get/user-statistic?${qs({ start_date: '2026-03-02', end_date: '2026-03-01' })}`,
      manager,
    );
    expect(backward).toMatchObject({ field: 'end_date', m: '结束日期不能早于开始日期' });
    const long = await get(
      `/account/get/user-statistic?${qs({ start_date: '2024-01-01', end_date: '2026-01-01' })}`,
      manager,
    );
    expect(long).toMatchObject({ field: 'end_date', m: '日期范围最多 366 天' });
    const q = qs({ start_date: today(), end_date: today() });
    expect((await get(`/account/get/user-statistic?${q}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/account/get/user-statistic?${q}`, clerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/account/get/user-statistic?${q}&company_id=${b1}`, groupManager)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await get(`/account/get/user-statistic?${q}&company_id=${a1}`, groupManager)).c).toBe(0);
  });

  it('exports the days as an .xlsx', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/admin/statistic/export?${qs({ start_date: today(), end_date: today() })}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('操作日志 /admin/operation/log/list', () => {
  it('answers who changed what in the company, before and after', async () => {
    const r = await post('/admin/operation/log/list', { action: 'create' }, manager);
    expect(r.c).toBe(0);
    const row = r.d.results.find((o: { entity_id: number }) => o.entity_id === department);
    expect(row).toMatchObject({ user_id: manager.user.id, action: 'create', action_name: '新增' });
    expect(row.after).toContain('日志部');
    const b = await post('/admin/operation/log/list', {}, otherManager);
    expect(b.d.results.some((o: { entity_id: number }) => o.entity_id === department)).toBe(false);
    const byOther = await post('/admin/operation/log/list', { user_id: assistant.user.id }, manager);
    expect(byOther.d.paging.count).toBe(0);
  });

  it('refuses outsiders and bad filters', async () => {
    expect((await post('/admin/operation/log/list', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/admin/operation/log/list', {}, clerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/admin/operation/log/list', { company_id: b1 }, groupManager)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect(await post('/admin/operation/log/list', { action: 'drop' }, manager)).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'action',
      m: '操作类型不正确',
    });
  });
});

describe('管理首页 /admin/home', () => {
  it('counts the people, the logins today, who is online and the requests waiting', async () => {
    const r = await post('/admin/home', {}, manager);
    expect(r.c).toBe(0);
    expect(r.d).toMatchObject({
      company_id: a1,
      pending: [
        expect.objectContaining({ kind: 'company_change' }),
        expect.objectContaining({ kind: 'person_transfer', count: 0, path: '/manager/resultCompanyChange' }),
        expect.objectContaining({ kind: 'group_transfer', count: 0 }),
      ],
    });
    expect(r.d.people).toBeGreaterThanOrEqual(3);
    expect(r.d.logins_today).toBeGreaterThanOrEqual(3);
    expect(r.d.online).toBeGreaterThanOrEqual(2);
    const g = await post('/admin/home', { company_id: a1 }, groupManager);
    expect(g.d).toMatchObject({ company_id: a1, people: r.d.people });
    expect((await post('/admin/home', { company_id: b1 }, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/admin/home', {}, clerk)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/admin/home', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});
