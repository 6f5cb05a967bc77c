import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsReader } from '../src/modules/company-settings/company-settings.reader.ts';
import type { Database } from '../src/platform/db/database.ts';
import { type Harness, jsonCalls, PASSWORD, testApp } from './harness.ts';

/**
 * A company's settings (issue 34, system-set and crm-set; docs/adr/0038 "Company settings"):
 * `/company/settings/system|crm` GET and POST and `/company/settings/password-rule` — validated by
 * the declaration, scoped to the caller's company or group, audited, and read by the modules they
 * act in (passwords, login, sessions, payment deadlines) on the next request in every process.
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
let shop: Who;

const { get, post } = jsonCalls(() => h.app);
const stored = (companyId: number) =>
  h.db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).execute();

beforeAll(async () => {
  h = await testApp({ ORDER_PAY_MINUTES: '45' });
  a1 = await h.company('设置甲公司');
  a2 = await h.company('设置乙公司');
  b1 = await h.company('设置丙公司');
  [manager, assistant, groupManager, otherManager, shop] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(12, a1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
});
afterAll(() => h.close());

describe('GET /company/settings/system and /company/settings/crm', () => {
  it('answers the defaults of a company that set none, the environment’s where it gave one', async () => {
    const system = await get('/company/settings/system', manager);
    expect(system.c).toBe(0);
    expect(system.d).toEqual({
      company_id: a1,
      values: {
        password_min_length: 8,
        password_letters_digits: 1,
        session_hours: 12,
        login_name: 'username',
        single_session: 0,
        time_zone: 'Asia/Shanghai',
      },
      defaults: system.d.values,
    });
    const crm = (await get('/company/settings/crm', manager)).d;
    expect(crm.values).toEqual({
      online_pay_minutes: 45,
      transfer_pay_hours: 72,
      cod_confirm_hours: 24,
      stock_in_second_approver: 0,
    });
    expect(crm.defaults.online_pay_minutes).toBe(45);
  });

  it('refuses anonymous callers, roles without the permission and a company outside the scope', async () => {
    expect((await get('/company/settings/system')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/company/settings/crm', shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/company/settings/system?company_id=${a1}`, otherManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/company/settings/crm?company_id=${b1}`, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/company/settings/crm?company_id=${a1}`, groupManager)).d.company_id).toBe(a1);
    expect((await get('/company/settings/system', assistant)).d.company_id).toBe(a1);
  });
});

describe('POST /company/settings/system and /company/settings/crm', () => {
  it('refuses a value out of range with the field’s message, an unknown key and the other group’s key — nothing saved', async () => {
    const cases: [Record<string, string | number>, string, string | undefined][] = [
      [{ password_min_length: 4 }, '密码最短长度不能小于8', 'password_min_length'],
      [{ password_min_length: 99 }, '密码最短长度不能大于32', 'password_min_length'],
      [{ password_min_length: 'x' }, '密码最短长度必须是整数', 'password_min_length'],
      [{ session_hours: 0 }, '登录有效时长不能小于1', 'session_hours'],
      [{ login_name: 'email' }, '登录账号不正确', 'login_name'],
      [{ single_session: 'maybe' }, '同一账号只保留最新一次登录只能是0或1', 'single_session'],
      [{ session_hours: 8, theme: 'dark' }, '未知的设置项：theme', undefined],
      [{ online_pay_minutes: 10 }, '未知的设置项：online_pay_minutes', undefined],
    ];
    for (const [body, m, field] of cases) {
      const r = await post('/company/settings/system', body, manager);
      expect(r, JSON.stringify(body)).toMatchObject({ c: 10001, m });
      if (field) expect(r.field).toBe(field);
    }
    const crm = await post('/company/settings/crm', { online_pay_minutes: 2 }, manager);
    expect(crm).toMatchObject({ c: 10001, m: '在线支付等待时长不能小于5', field: 'online_pay_minutes' });
    expect(await stored(a1)).toEqual([]);
  });

  it('refuses anonymous callers, roles without the permission and another company — nothing saved', async () => {
    expect((await post('/company/settings/system', { session_hours: 3 })).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/company/settings/system', { session_hours: 3 }, shop)).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (await post('/company/settings/system', { company_id: a1, session_hours: 3 }, otherManager)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect(
      (await post('/company/settings/crm', { company_id: b1, cod_confirm_hours: 3 }, groupManager)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect(await stored(a1)).toEqual([]);
    expect(await stored(b1)).toEqual([]);
  });

  it('saves what changed, audited with before and after; another company keeps its own', async () => {
    const r = await post('/company/settings/system', { session_hours: 2, single_session: 0 }, manager);
    expect(r.c).toBe(0);
    expect(r.d.values).toMatchObject({ session_hours: 2, single_session: 0 });
    expect(r.d.defaults.session_hours).toBe(12);
    const rows = await stored(a1);
    expect(rows.map((x) => [x.key, x.value])).toEqual([['session_hours', '2']]);
    expect(rows[0]?.created_by).toBe(manager.user.id);
    const log = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'company_settings')
      .where('user_id', '=', manager.user.id)
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]?.before_json ?? '')).toEqual({
      company_id: a1,
      group: 'system',
      session_hours: 12,
    });
    expect(JSON.parse(log[0]?.after_json ?? '')).toEqual({
      company_id: a1,
      group: 'system',
      session_hours: 2,
    });
    expect((await get('/company/settings/system', otherManager)).d.values.session_hours).toBe(12);
  });

  it('a group manager sets a company of the group', async () => {
    const r = await post('/company/settings/crm', { company_id: a2, transfer_pay_hours: 48 }, groupManager);
    expect(r).toMatchObject({ c: 0, d: { company_id: a2, values: { transfer_pay_hours: 48 } } });
    expect((await stored(a2)).map((x) => x.key)).toEqual(['transfer_pay_hours']);
  });
});

describe('the settings where they act', () => {
  it('a longer minimum, and letters and digits no longer required, hold at the next password change', async () => {
    const u = await h.user(12, a1);
    const as = { headers: await h.login(u.username) };
    expect(
      (
        await post(
          '/company/settings/system',
          { password_min_length: 12, password_letters_digits: 0 },
          manager,
        )
      ).c,
    ).toBe(0);
    const short = await post(
      '/account/password/update',
      { old_password: PASSWORD, new_password: 'Short12345' },
      as,
    );
    expect(short).toMatchObject({ c: 10001, m: '新密码不能少于12个字符', field: 'new_password' });
    const rule = await get('/company/settings/password-rule', as);
    expect(rule.d).toEqual({ min: 12, lettersAndDigits: false });
    expect(
      (await post('/account/password/update', { old_password: PASSWORD, new_password: 'onlylettersok' }, as))
        .c,
    ).toBe(0);
    // A user made by an administrator, and a reset, follow the same rule.
    const made = await post(
      '/account/company/user/create',
      { username: `p${Date.now()}`, real_name: '规则', password: 'Abc1234567', role: 12 },
      manager,
    );
    expect(made).toMatchObject({ c: 10001, m: '初始密码不能少于12个字符', field: 'password' });
    await post('/company/settings/system', { password_min_length: 8, password_letters_digits: 1 }, manager);
  });

  it('a changed setting is seen by the next request, and by another process within its recheck time', async () => {
    const elsewhere = settingsReader(h.db as unknown as Database, { recheckMs: 0 });
    expect((await elsewhere.of(a2)).online_pay_minutes).toBe(30);
    const methods = async () =>
      (await get(`/payment/methods?company_id=${a2}`)).d.results.find(
        (m: { method: string }) => m.method === 'sandbox',
      )?.pay_minutes;
    expect(await methods()).toBe(45);
    expect(
      (await post('/company/settings/crm', { company_id: a2, online_pay_minutes: 15 }, groupManager)).c,
    ).toBe(0);
    expect(await methods()).toBe(15);
    expect((await elsewhere.of(a2)).online_pay_minutes).toBe(15);
  });

  it('session length and login variants act at the next login', async () => {
    const u = await h.user(12, b1);
    const mobile = `139${String(Date.now()).slice(-8)}`;
    await h.db.updateTable('users').set({ mobile }).where('id', '=', u.id).execute();
    const login = (username: string) =>
      h.app.inject({ method: 'POST', url: '/api/account/login', payload: { username, password: PASSWORD } });
    expect((await login(mobile)).json().c).toBe(Codes.LOGIN_FAILED.c);
    expect(
      (
        await post(
          '/company/settings/system',
          { session_hours: 1, login_name: 'username_or_mobile', single_session: 1 },
          otherManager,
        )
      ).c,
    ).toBe(0);
    const first = await login(u.username);
    const byMobile = await login(mobile);
    expect(byMobile.json().c).toBe(0);
    const cookie = byMobile.cookies.find((c) => c.name === 'sessionid');
    expect(cookie?.maxAge).toBe(3600);
    const sessions = await h.db
      .selectFrom('sessions')
      .select(['expires_at'])
      .where('user_id', '=', u.id)
      .execute();
    // Only the newest login is kept, and it lasts an hour.
    expect(sessions).toHaveLength(1);
    const left = Date.parse(sessions[0]?.expires_at ?? '') - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    const old = { headers: { authorization: `Token ${first.json().d.token}` } };
    expect((await get('/account/info', old)).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});
