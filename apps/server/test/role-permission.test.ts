import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCache } from '../src/platform/auth/permission-cache.ts';
import type { PlatformDatabase } from '../src/platform/db/database.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * What each role of a company may do (issue 34, docs/adr/0038 decision 5): `/account/roles`,
 * `/account/get/permissions`, `/account/set/roles/actions` — a company's own matrix over the
 * defaults, set by those who may, only with actions they hold, effective on the holder's next
 * request in every process.
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
let otherShop: Who;

const { get, post } = jsonCalls(() => h.app);
const categories = (who: Who) => post('/shop/goods/category/list', {}, who);
const roleOf = (matrix: { roles: { role: number; codenames: string[] }[] }, role: number) =>
  matrix.roles.find((r) => r.role === role);

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('权限甲公司');
  a2 = await h.company('权限乙公司');
  b1 = await h.company('权限丙公司');
  [manager, assistant, groupManager, otherManager, shop, otherShop] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(12, a1),
    h.as(12, b1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
});
afterAll(() => h.close());

describe('GET /account/get/permissions and /account/roles', () => {
  it('answers the roles the caller may set, each with its actions and defaults, and what the caller may give', async () => {
    const m = (await get('/account/get/permissions', manager)).d;
    expect(m.company_id).toBe(a1);
    const roles = m.roles.map((r: { role: number }) => r.role);
    expect(roles).toContain(12);
    expect(roles).not.toEqual(expect.arrayContaining([1]));
    expect(roles).not.toContain(3);
    const shopRole = roleOf(m, 12);
    expect(shopRole?.codenames).toContain('view_goods_category');
    expect(shopRole).toMatchObject({ role_name: '商城管理员' });
    expect(m.modules.find((x: { module: string }) => x.module === 'goods').name).toBe('商品');
    expect(m.grantable).toContain('view_user');
    expect(m.grantable).not.toContain('add_goods');
    const listed = (await get('/account/roles', manager)).d.results.map((r: { role: number }) => r.role);
    expect(listed).toEqual(roles);
  });

  it('refuses anonymous callers, roles without the permission and a company outside the scope', async () => {
    expect((await get('/account/get/permissions')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/account/get/permissions', shop)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get('/account/get/permissions', assistant)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/account/get/permissions?company_id=${a1}`, otherManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/account/get/permissions?company_id=${a1}`, groupManager)).d.company_id).toBe(a1);
  });
});

describe('POST /account/set/roles/actions', () => {
  it('takes an action from a role: its holder, logged in, loses it on the next request; another company keeps it', async () => {
    expect((await categories(shop)).c).toBe(0);
    const m = (await get('/account/get/permissions', manager)).d;
    const without = roleOf(m, 12)?.codenames.filter((c) => c !== 'view_goods_category') ?? [];
    const set = await post('/account/set/roles/actions', { role: 12, codenames: without.join(',') }, manager);
    expect(set.c).toBe(0);
    expect(set.d.codenames).not.toContain('view_goods_category');
    expect(set.d.defaults).toContain('view_goods_category');
    expect((await categories(shop)).c).toBe(Codes.FORBIDDEN.c);
    const perm = (await get('/account/permission', shop)).d;
    expect((perm.goods ?? []).map((e: { codename: string }) => e.codename)).not.toContain(
      'view_goods_category',
    );
    expect((await categories(otherShop)).c).toBe(0);
    const audit = await h.db
      .selectFrom('audit_logs')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'role_permissions')
      .where('user_id', '=', manager.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json ?? '{}').codenames).toContain('view_goods_category');
    expect(JSON.parse(audit.after_json ?? '{}').codenames).not.toContain('view_goods_category');
    // Back to the defaults: the holder has it again.
    expect(
      (await post('/account/set/roles/actions', { role: 12, codenames: set.d.defaults.join(',') }, manager))
        .c,
    ).toBe(0);
    expect((await categories(shop)).c).toBe(0);
    const overrides = await h.db
      .selectFrom('company_role_permissions')
      .selectAll()
      .where('company_id', '=', a1)
      .where('role', '=', 12)
      .execute();
    expect(overrides).toEqual([]);
  });

  it('gives an action the caller holds; never one they lack — nothing is changed then', async () => {
    const m = (await get('/account/get/permissions', manager)).d;
    const shopNow = roleOf(m, 12)?.codenames ?? [];
    const more = await post(
      '/account/set/roles/actions',
      { role: 12, codenames: [...shopNow, 'view_user'].join(',') },
      manager,
    );
    expect(more.d.codenames).toContain('view_user');
    expect((await get('/account/list', shop)).c).toBe(0);
    const escalate = await post(
      '/account/set/roles/actions',
      { role: 5, codenames: ['add_goods', 'change_group'].join(',') },
      manager,
    );
    expect(escalate).toMatchObject({ c: Codes.ACTION_NOT_HELD.c, field: 'codenames' });
    expect(escalate.m).toContain('新增商品');
    const five = roleOf((await get('/account/get/permissions', manager)).d, 5);
    expect(five?.codenames).not.toContain('add_goods');
  });

  it('no one sets the super administrator’s or their own level’s roles, or nonsense', async () => {
    for (const role of [1, 3, 2]) {
      expect(await post('/account/set/roles/actions', { role, codenames: '' }, manager)).toMatchObject({
        c: Codes.ROLE_NOT_SETTABLE.c,
        field: 'role',
      });
    }
    expect(
      (await post('/account/set/roles/actions', { role: 12, codenames: 'no_such_action' }, manager)).field,
    ).toBe('codenames');
    expect((await post('/account/set/roles/actions', { role: 'x', codenames: '' }, manager)).field).toBe(
      'role',
    );
    expect(
      (await post('/account/set/roles/actions', { role: 12, codenames: '', company_id: a1 }, otherManager)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/set/roles/actions', { role: 12, codenames: '' }, shop)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await post('/account/set/roles/actions', { role: 12, codenames: '' })).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
  });

  it('another server process sees a change within its recheck time', async () => {
    const elsewhere = permissionCache(h.db as unknown as PlatformDatabase, { recheckMs: 0 });
    expect(await elsewhere.has({ companyId: a2, role: 12 }, 'view_goods_brand')).toBe(true);
    const m = (await get(`/account/get/permissions?company_id=${a2}`, groupManager)).d;
    const without = roleOf(m, 12)?.codenames.filter((c) => c !== 'view_goods_brand') ?? [];
    // The group manager holds no goods actions but may take one away.
    const set = await post(
      '/account/set/roles/actions',
      { company_id: a2, role: 12, codenames: without.join(',') },
      groupManager,
    );
    expect(set.c).toBe(0);
    expect(await elsewhere.has({ companyId: a2, role: 12 }, 'view_goods_brand')).toBe(false);
    expect(await elsewhere.has({ companyId: a1, role: 12 }, 'view_goods_brand')).toBe(true);
  });
});
