import { Codes, DEPARTMENT_LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeInTree } from '../src/modules/department/department.service.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Departments and positions (issue 34, docs/adr/0038 decision 4): a company's administrators manage
 * their company's, a group's staff those of their group's companies, the super administrator any
 * company's; nobody else, and no company outside the scope.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let a1: number;
let a2: number;
let b1: number;
let unitManager: Who;
let unitAssistant: Who;
let groupManager: Who;
let otherUnitManager: Who;
let superAdmin: Who;
let shopAdmin: Who;

const { get, post } = jsonCalls(() => h.app);

const organization = async (who: Who, companyId?: number) =>
  (await get(`/department/tree${companyId ? `?company_id=${companyId}` : ''}`, who)).d;

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('部门甲公司');
  a2 = await h.company('部门乙公司');
  b1 = await h.company('部门丙公司');
  [unitManager, unitAssistant, groupManager, otherUnitManager, superAdmin, shopAdmin] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(1, b1),
    h.as(12, a1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
});
afterAll(() => h.close());

describe('placeInTree', () => {
  const tree = [
    { id: 1, parent_id: 0 },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 2 },
  ];
  it('refuses a parent that is the department or below it, and a tree too deep', () => {
    expect(placeInTree(tree, 0, 3)).toBe('ok');
    expect(placeInTree(tree, 1, 1)).toBe('cycle');
    expect(placeInTree(tree, 1, 3)).toBe('cycle');
    expect(placeInTree(tree, 3, 0)).toBe('ok');
    const chain = Array.from({ length: DEPARTMENT_LIMITS.depth }, (_, i) => ({ id: i + 1, parent_id: i }));
    expect(placeInTree(chain, 0, DEPARTMENT_LIMITS.depth - 1)).toBe('ok');
    expect(placeInTree(chain, 0, DEPARTMENT_LIMITS.depth)).toBe('too_deep');
    // Moving a two-level subtree under the fifth level makes seven levels.
    expect(placeInTree([...chain, { id: 50, parent_id: 0 }, { id: 51, parent_id: 50 }], 50, 5)).toBe(
      'too_deep',
    );
  });
});

describe('departments', () => {
  it('a company manager builds a tree in their company; the tree and counts come back', async () => {
    const top = await post('/department/create', { name: '销售部', sort: 2 }, unitManager);
    expect(top.c).toBe(0);
    expect(top.d).toMatchObject({ name: '销售部', parent_id: 0, sort: 2, user_count: 0 });
    const child = await post(
      '/department/create',
      { name: '华东销售组', parent_id: top.d.id },
      unitAssistant,
    );
    expect(child.d.parent_id).toBe(top.d.id);
    const org = await organization(unitManager);
    expect(org.company_id).toBe(a1);
    expect(org.company_name).toMatch(/^部门甲公司/);
    expect(org.departments.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['销售部', '华东销售组']),
    );
    // The seed's 默认分组 of the company's users is a top-level department with its people counted.
    const defaults = org.departments.find((d: { name: string }) => d.name === '默认分组');
    expect(defaults).toMatchObject({ parent_id: 0 });
    expect(defaults.user_count).toBeGreaterThan(0);
    const audits = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'after_json'])
      .where('entity', '=', 'departments')
      .where('entity_id', '=', top.d.id)
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.after_json ?? '{}')).toMatchObject({ company_id: a1, name: '销售部' });
  });

  it('names are unique among siblings, also when two saves race', async () => {
    const parent = (await post('/department/create', { name: '研发部' }, unitManager)).d;
    const taken = await post('/department/create', { name: '研发部' }, unitManager);
    expect(taken).toMatchObject({ c: Codes.DEPARTMENT_NAME_TAKEN.c, field: 'name' });
    // The same name under another parent is another department.
    expect((await post('/department/create', { name: '研发部', parent_id: parent.id }, unitManager)).c).toBe(
      0,
    );
    const raced = await Promise.all(
      [1, 2, 3].map(() => post('/department/create', { name: '测试部' }, unitManager)),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.DEPARTMENT_NAME_TAKEN.c)).toHaveLength(2);
  });

  it('moves a department, never under itself or its own children', async () => {
    const a = (await post('/department/create', { name: '行政部' }, unitManager)).d;
    const b = (await post('/department/create', { name: '行政一组', parent_id: a.id }, unitManager)).d;
    const cycle = await post(
      '/department/update',
      { id: a.id, name: '行政部', parent_id: b.id },
      unitManager,
    );
    expect(cycle).toMatchObject({ c: Codes.DEPARTMENT_PARENT_INVALID.c, field: 'parent_id' });
    const self = await post('/department/update', { id: a.id, name: '行政部', parent_id: a.id }, unitManager);
    expect(self.c).toBe(Codes.DEPARTMENT_PARENT_INVALID.c);
    const moved = await post(
      '/department/update',
      { id: b.id, name: '综合组', parent_id: 0, sort: 5 },
      unitManager,
    );
    expect(moved.d).toMatchObject({ id: b.id, name: '综合组', parent_id: 0, sort: 5 });
    const missing = await post('/department/create', { name: '孤儿部', parent_id: 99999999 }, unitManager);
    expect(missing).toMatchObject({ c: Codes.NOT_FOUND.c, field: 'parent_id' });
  });

  it('deletes only an empty department', async () => {
    const a = (await post('/department/create', { name: '临时部' }, unitManager)).d;
    const b = (await post('/department/create', { name: '临时组', parent_id: a.id }, unitManager)).d;
    expect((await post('/department/delete', { id: a.id }, unitManager)).c).toBe(
      Codes.DEPARTMENT_NOT_EMPTY.c,
    );
    expect((await post('/department/delete', { id: b.id }, unitManager)).c).toBe(0);
    const p = (await post('/position/create', { name: '临时岗', department_id: a.id }, unitManager)).d;
    expect((await post('/department/delete', { id: a.id }, unitManager)).c).toBe(
      Codes.DEPARTMENT_NOT_EMPTY.c,
    );
    expect((await post('/position/delete', { id: p.id }, unitManager)).c).toBe(0);
    expect((await post('/department/delete', { id: a.id }, unitManager)).c).toBe(0);
    const names = (await organization(unitManager)).departments.map((d: { name: string }) => d.name);
    expect(names).not.toContain('临时部');
    // A deleted name may be used again.
    expect((await post('/department/create', { name: '临时部' }, unitManager)).c).toBe(0);
    // A department with people is not deleted.
    const withPeople = (await organization(unitManager)).departments.find(
      (d: { name: string }) => d.name === '默认分组',
    );
    expect((await post('/department/delete', { id: withPeople.id }, unitManager)).c).toBe(
      Codes.DEPARTMENT_NOT_EMPTY.c,
    );
  });

  it('checks the input with the field’s Chinese message', async () => {
    expect(await post('/department/create', { name: '' }, unitManager)).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      m: '部门名称不能为空',
      field: 'name',
    });
    expect(await post('/department/create', { name: '部'.repeat(31) }, unitManager)).toMatchObject({
      m: `部门名称不能超过${DEPARTMENT_LIMITS.name}个字符`,
      field: 'name',
    });
    expect((await post('/department/create', { name: '部', parent_id: 'x' }, unitManager)).field).toBe(
      'parent_id',
    );
    expect((await post('/department/create', { name: '部', sort: -1 }, unitManager)).field).toBe('sort');
  });
});

describe('positions', () => {
  it('belong to a department or to the whole company, unique within it', async () => {
    const dept = (await post('/department/create', { name: '财务部' }, unitManager)).d;
    const head = await post('/position/create', { name: '经理', department_id: dept.id }, unitManager);
    expect(head.d).toMatchObject({ name: '经理', department_id: dept.id, user_count: 0 });
    const again = await post('/position/create', { name: '经理', department_id: dept.id }, unitManager);
    expect(again).toMatchObject({ c: Codes.POSITION_NAME_TAKEN.c, field: 'name' });
    expect((await post('/position/create', { name: '经理', department_id: 0 }, unitManager)).c).toBe(0);
    const renamed = await post(
      '/position/update',
      { id: head.d.id, name: '财务经理', department_id: dept.id, sort: 1 },
      unitManager,
    );
    expect(renamed.d).toMatchObject({ name: '财务经理', sort: 1 });
    const nowhere = await post('/position/create', { name: '会计', department_id: 99999999 }, unitManager);
    expect(nowhere).toMatchObject({ c: Codes.NOT_FOUND.c, field: 'department_id' });
  });

  it('a position somebody holds is not deleted', async () => {
    const p = (await post('/position/create', { name: '出纳', department_id: 0 }, unitManager)).d;
    await h.db
      .updateTable('users')
      .set({ position_id: p.id })
      .where('id', '=', unitAssistant.user.id)
      .execute();
    expect((await post('/position/delete', { id: p.id }, unitManager)).c).toBe(Codes.POSITION_IN_USE.c);
    const org = await organization(unitManager);
    expect(org.positions.find((x: { id: number }) => x.id === p.id).user_count).toBe(1);
  });
});

describe('scope', () => {
  it('a group manager works in the companies of their group, not outside it', async () => {
    const inGroup = await post('/department/create', { company_id: a1, name: '集群建的部门' }, groupManager);
    expect(inGroup.c).toBe(0);
    expect((await organization(groupManager, a1)).company_id).toBe(a1);
    const outside = await post('/department/create', { company_id: b1, name: '越界部门' }, groupManager);
    expect(outside.c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/department/tree?company_id=${b1}`, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    // A company that does not exist answers the same as one outside the scope.
    expect((await get('/department/tree?company_id=99999999', groupManager)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('a company manager reaches only their company, by company or by id', async () => {
    expect((await get(`/department/tree?company_id=${a1}`, otherUnitManager)).c).toBe(Codes.FORBIDDEN.c);
    const mine = (await post('/department/create', { name: '甲公司的部门' }, unitManager)).d;
    // Another company's id in the caller's own company is simply not found, and nothing changes.
    for (const [url, form] of [
      ['/department/update', { id: mine.id, name: '改名' }],
      ['/department/delete', { id: mine.id }],
    ] as const) {
      expect((await post(url, form, otherUnitManager)).c).toBe(Codes.NOT_FOUND.c);
    }
    const still = (await organization(unitManager)).departments.find((d: { id: number }) => d.id === mine.id);
    expect(still.name).toBe('甲公司的部门');
  });

  it('the super administrator works in any company; an unknown one is refused', async () => {
    expect((await post('/department/create', { company_id: a2, name: '总部建的' }, superAdmin)).c).toBe(0);
    expect((await get('/department/tree?company_id=99999999', superAdmin)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('refuses anonymous callers and roles without the permission', async () => {
    expect((await get('/department/tree')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/department/create', { name: '匿名' })).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/department/tree', shopAdmin)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/position/create', { name: '无权', department_id: 0 }, shopAdmin)).c).toBe(
      Codes.FORBIDDEN.c,
    );
  });
});
