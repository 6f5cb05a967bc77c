import { Codes, KEYWORD_MAX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDescendants } from '../src/modules/users/users.service.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * A company's people (issue 34, docs/adr/0038): `/account/list`, `/account/users`,
 * `/account/get/user/byname`, `/account/company/user/create`, `/account/user/update`, the state and
 * the password reset — in the caller's scope only, a role given only by someone who may give it,
 * nothing changed by a refused call.
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
let superAdmin: Who;
let shopAdmin: Who;
let sales: number;
let east: number;
let clerk: number;
let salesHead: number;

const { get, post } = jsonCalls(() => h.app);
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
const list = async (who: Who, q: Record<string, string | number> = {}) =>
  (await get(`/account/list?${qs(q)}`, who)).d;

let seq = 0;
const person = (extra: Record<string, string | number> = {}) => {
  seq += 1;
  return {
    username: `staff_${Date.now().toString(36)}_${seq}`,
    password: 'Start1234',
    real_name: `员工${seq}`,
    role: 5,
    ...extra,
  };
};
const stored = (id: number) =>
  h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('人员甲公司');
  a2 = await h.company('人员乙公司');
  b1 = await h.company('人员丙公司');
  [manager, assistant, groupManager, otherManager, superAdmin, shopAdmin] = await Promise.all([
    h.as(3, a1),
    h.as(7, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(1, b1),
    h.as(12, a1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
  sales = (await post('/department/create', { name: '销售部' }, manager)).d.id;
  east = (await post('/department/create', { name: '华东组', parent_id: sales }, manager)).d.id;
  clerk = (await post('/position/create', { name: '文员', department_id: 0 }, manager)).d.id;
  salesHead = (await post('/position/create', { name: '销售经理', department_id: sales }, manager)).d.id;
});
afterAll(() => h.close());

describe('withDescendants', () => {
  it('takes a department with every department below it', () => {
    const tree = [
      { id: 1, parent_id: 0 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: 0 },
    ];
    expect(withDescendants(tree, 1).sort()).toEqual([1, 2, 3]);
    expect(withDescendants(tree, 4)).toEqual([4]);
  });
});

describe('POST /account/company/user/create', () => {
  it('a company manager creates a person with department, position and role; they can log in', async () => {
    const input = person({
      real_name: '张三',
      gender: 1,
      mobile: '13912345601',
      email: 'zhang@example.com',
      department_id: east,
      position_id: clerk,
    });
    const made = await post('/account/company/user/create', input, manager);
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      company_id: a1,
      username: input.username,
      real_name: '张三',
      gender: 1,
      mobile: '13912345601',
      role: 5,
      role_name: '业务人员',
      department_name: '华东组',
      position_name: '文员',
      status: 1,
      manageable: true,
    });
    expect(made.d).not.toHaveProperty('password_hash');
    const login = await post('/account/login', { username: input.username, password: 'Start1234' });
    expect(login.c).toBe(0);
    expect(login.d.user.group_name).toBe('华东组');
    const audit = await h.db
      .selectFrom('audit_logs')
      .select('after_json')
      .where('entity', '=', 'users')
      .where('entity_id', '=', made.d.id)
      .executeTakeFirstOrThrow();
    expect(audit.after_json).not.toContain('Start1234');
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ company_id: a1, role: 5 });
  });

  it('takes the department of a department’s position when none is given', async () => {
    const made = await post('/account/company/user/create', person({ position_id: salesHead }), manager);
    expect(made.d).toMatchObject({ department_id: sales, position_name: '销售经理' });
    const wrong = await post(
      '/account/company/user/create',
      person({ department_id: east, position_id: salesHead }),
      manager,
    );
    expect(wrong).toMatchObject({ c: Codes.POSITION_NOT_IN_DEPARTMENT.c, field: 'position_id' });
  });

  it('user names and mobile numbers are unique across companies, also when saves race', async () => {
    const first = person({ mobile: '13912345602' });
    expect((await post('/account/company/user/create', first, manager)).c).toBe(0);
    const sameName = await post(
      '/account/company/user/create',
      { ...person(), username: first.username },
      otherManager,
    );
    expect(sameName).toMatchObject({ c: Codes.USERNAME_TAKEN.c, field: 'username' });
    const sameMobile = await post(
      '/account/company/user/create',
      person({ mobile: '13912345602' }),
      otherManager,
    );
    expect(sameMobile).toMatchObject({ c: Codes.USER_MOBILE_TAKEN.c, field: 'mobile' });
    const racer = person();
    const raced = await Promise.all(
      [1, 2, 3].map(() => post('/account/company/user/create', racer, manager)),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.USERNAME_TAKEN.c)).toHaveLength(2);
    const racedMobile = await Promise.all(
      [1, 2, 3].map(() => post('/account/company/user/create', person({ mobile: '13912345603' }), manager)),
    );
    expect(racedMobile.filter((r) => r.c === 0)).toHaveLength(1);
    expect(racedMobile.filter((r) => r.c === Codes.USER_MOBILE_TAKEN.c)).toHaveLength(2);
  });

  it('gives only the roles the caller may give: no escalation', async () => {
    for (const role of [1, 2, 3, 6]) {
      const r = await post('/account/company/user/create', person({ role }), manager);
      expect(r).toMatchObject({ c: Codes.USER_ROLE_NOT_ALLOWED.c, field: 'role' });
    }
    expect((await post('/account/company/user/create', person({ role: 7 }), assistant)).c).toBe(
      Codes.USER_ROLE_NOT_ALLOWED.c,
    );
    expect((await post('/account/company/user/create', person({ role: 7 }), manager)).c).toBe(0);
    expect(
      (await post('/account/company/user/create', person({ role: 3, company_id: a1 }), groupManager)).c,
    ).toBe(0);
    expect((await post('/account/company/user/create', person({ role: 1 }), superAdmin)).c).toBe(
      Codes.USER_ROLE_NOT_ALLOWED.c,
    );
  });

  it('checks the input with the field’s Chinese message', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ username: '' }, 'username', '用户名不能为空'],
      [{ username: 'a b' }, 'username', '用户名只能包含字母、数字和 _ . @ -'],
      [{ password: 'short1' }, 'password', '初始密码不能少于8个字符'],
      [{ password: 'onlyletters' }, 'password', '初始密码须同时包含字母和数字'],
      [{ real_name: '' }, 'real_name', '姓名不能为空'],
      [{ mobile: '12345' }, 'mobile', '手机号格式不正确'],
      [{ email: 'x@' }, 'email', '邮箱格式不正确'],
      [{ role: 'x' }, 'role', '角色必须是整数'],
      [{ department_id: 99999999 }, 'department_id', '部门不存在或已被删除'],
      [{ position_id: 99999999 }, 'position_id', '职务不存在或已被删除'],
    ];
    for (const [change, field, m] of cases) {
      const r = await post('/account/company/user/create', person(change), manager);
      expect(r, field).toMatchObject({ field, m });
    }
  });
});

describe('GET /account/list', () => {
  it('lists the company’s people with filters, never its members or another company’s', async () => {
    const mine = await post(
      '/account/company/user/create',
      person({ real_name: '李四筛选', department_id: east, role: 9 }),
      manager,
    );
    await h.as(15, a1); // a member: not one of the people
    const all = await list(manager, { page_size: 20 });
    expect(
      all.results.every((u: { company_id: number; role: number }) => u.company_id === a1 && u.role !== 15),
    ).toBe(true);
    // The department filter takes the departments below it too.
    const inSales = await list(manager, { department_id: sales, page_size: 20 });
    expect(inSales.results.map((u: { id: number }) => u.id)).toContain(mine.d.id);
    const byRole = await list(manager, { role: 9 });
    expect(byRole.results.map((u: { id: number }) => u.id)).toEqual([mine.d.id]);
    expect((await list(manager, { keyword: '李四筛' })).paging.count).toBe(1);
    expect((await list(manager, { keyword: '%' })).paging.count).toBe(0);
    const none = await list(manager, { department_id: 0, page_size: 20 });
    expect(none.results.every((u: { department_id: number | null }) => u.department_id === null)).toBe(true);
    // The caller themself is listed but not manageable.
    const me = all.results.find((u: { id: number }) => u.id === manager.user.id);
    expect(me?.manageable).toBe(false);
    expect((await get(`/account/list?keyword=${'字'.repeat(KEYWORD_MAX + 1)}`, manager)).field).toBe(
      'keyword',
    );
    expect((await get('/account/list?status=2', manager)).field).toBe('status');
  });

  it('a group manager lists a company of the group, not one outside it', async () => {
    expect((await list(groupManager, { company_id: a1 })).paging.count).toBeGreaterThan(0);
    expect((await get(`/account/list?company_id=${b1}`, groupManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/account/list?company_id=${a1}`, otherManager)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('refuses anonymous callers and roles without the permission', async () => {
    expect((await get('/account/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/account/list', shopAdmin)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/company/user/create', person(), shopAdmin)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/company/user/create', person())).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});

describe('GET /account/users and /account/get/user/byname', () => {
  it('the picker answers active people by name; by user name only within the scope', async () => {
    const input = person({ real_name: '王五选择' });
    const made = (await post('/account/company/user/create', input, manager)).d;
    const options = (await get(`/account/users?keyword=${encodeURIComponent('王五选')}`, manager)).d.results;
    expect(options.map((o: { id: number }) => o.id)).toEqual([made.id]);
    expect(Object.keys(options[0]).sort()).toEqual(
      ['department_name', 'id', 'position_name', 'real_name', 'role', 'username'].sort(),
    );
    expect((await get(`/account/get/user/byname?username=${input.username}`, manager)).d.id).toBe(made.id);
    expect((await get(`/account/get/user/byname?username=${input.username}`, groupManager)).d.id).toBe(
      made.id,
    );
    // Outside the scope a user is as unknown as one that does not exist.
    expect((await get(`/account/get/user/byname?username=${input.username}`, otherManager)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await get('/account/get/user/byname?username=nobody_here', manager)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/account/user/${made.id}`, otherManager)).c).toBe(Codes.NOT_FOUND.c);
  });
});

describe('POST /account/user/update, state and password', () => {
  it('changes a person; not another company’s by id, not a role above the caller’s, not themselves', async () => {
    const made = (await post('/account/company/user/create', person({ mobile: '13912345610' }), manager)).d;
    const changed = await post(
      '/account/user/update',
      { id: made.id, real_name: '改名了', role: 9, department_id: sales, position_id: salesHead, mobile: '' },
      manager,
    );
    expect(changed.d).toMatchObject({ real_name: '改名了', role: 9, department_id: sales, mobile: '' });
    const before = await stored(made.id);
    expect(
      (await post('/account/user/update', { id: made.id, real_name: '越界', role: 5 }, otherManager)).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect(
      (
        await post(
          '/account/user/update',
          { id: made.id, real_name: '越界', role: 5, company_id: a1 },
          otherManager,
        )
      ).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/user/update', { id: made.id, real_name: '升级', role: 3 }, manager)).c).toBe(
      Codes.USER_ROLE_NOT_ALLOWED.c,
    );
    expect(
      (await post('/account/user/update', { id: manager.user.id, real_name: '自己', role: 3 }, manager)).c,
    ).toBe(Codes.USER_NOT_MANAGEABLE.c);
    // An assistant cannot change a company manager.
    expect(
      (await post('/account/user/update', { id: manager.user.id, real_name: '上级', role: 5 }, assistant)).c,
    ).toBe(Codes.USER_NOT_MANAGEABLE.c);
    expect(await stored(made.id)).toEqual(before);
  });

  it('stopping a person ends their sessions; restarting lets them in again', async () => {
    const input = person();
    const made = (await post('/account/company/user/create', input, manager)).d;
    const headers = await h.login(input.username, input.password);
    expect((await h.app.inject({ method: 'GET', url: '/api/account/info', headers })).json().c).toBe(0);
    const stopped = await post('/account/user/status', { id: made.id, status: 0 }, manager);
    expect(stopped.d.status).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: '/api/account/info', headers })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    expect((await post('/account/login', { username: input.username, password: input.password })).c).not.toBe(
      0,
    );
    expect((await post('/account/user/status', { id: made.id, status: 1 }, manager)).d.status).toBe(1);
    expect((await post('/account/login', { username: input.username, password: input.password })).c).toBe(0);
    expect((await post('/account/user/status', { id: manager.user.id, status: 0 }, manager)).c).toBe(
      Codes.USER_NOT_MANAGEABLE.c,
    );
  });

  it('a reset password must be changed at the next login before anything else', async () => {
    const input = person({ role: 12 });
    const made = (await post('/account/company/user/create', input, manager)).d;
    const old = await h.login(input.username, input.password);
    const reset = await post('/account/user/password/reset', { id: made.id, password: 'Temp12345' }, manager);
    expect(reset.d.must_change_password).toBe(1);
    expect((await h.app.inject({ method: 'GET', url: '/api/account/info', headers: old })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    const login = await post('/account/login', { username: input.username, password: 'Temp12345' });
    expect(login.d.user.must_change_password).toBe(1);
    const headers = { authorization: `Token ${login.d.token}` };
    const as = {
      companyId: a1,
      user: { id: made.id, username: input.username, password: 'Temp12345' },
      headers,
    };
    // A call needing a permission is refused; the account's own calls go on.
    expect(await post('/shop/goods/category/list', {}, as)).toMatchObject({
      c: Codes.PASSWORD_CHANGE_REQUIRED.c,
      m: '管理员已重置你的密码，请先修改密码',
    });
    expect((await get('/account/info', as)).c).toBe(0);
    const changed = await post(
      '/account/password/update',
      { old_password: 'Temp12345', new_password: 'Mine12345' },
      as,
    );
    expect(changed.c).toBe(0);
    expect((await get('/account/info', as)).d.user.must_change_password).toBe(0);
    expect((await post('/shop/goods/category/list', {}, as)).c).toBe(0);
    const weak = await post('/account/user/password/reset', { id: made.id, password: 'abc' }, manager);
    expect(weak).toMatchObject({ field: 'password', m: '新密码不能少于8个字符' });
    expect(
      (await post('/account/user/password/reset', { id: made.id, password: 'Temp12345' }, shopAdmin)).c,
    ).toBe(Codes.FORBIDDEN.c);
  });

  it('the super administrator works in any company; their reset of a company manager is refused to others', async () => {
    const made = (await post('/account/company/user/create', person({ company_id: b1, role: 3 }), superAdmin))
      .d;
    expect(made.company_id).toBe(b1);
    expect(
      (
        await post(
          '/account/user/password/reset',
          { id: made.id, password: 'Temp12345', company_id: b1 },
          otherManager,
        )
      ).c,
    ).toBe(Codes.USER_NOT_MANAGEABLE.c);
  });
});

describe('several roles and switching (/account/query, /account/switch/role)', () => {
  it('a person holds several roles; the session switches among them and its permissions follow', async () => {
    const input = person({ role: 12, other_roles: '4,20' });
    const made = await post('/account/company/user/create', input, manager);
    expect(made.d.roles).toEqual([12, 4, 20]);
    expect((await list(manager, { role: 20 })).results.map((u: { id: number }) => u.id)).toContain(made.d.id);
    const headers = await h.login(input.username, input.password);
    const as = {
      companyId: a1,
      user: { id: made.d.id, username: input.username, password: input.password },
      headers,
    };
    const roles = (await get('/account/query', as)).d;
    expect(roles.current).toBe(12);
    expect(roles.roles).toEqual([
      { role: 12, role_name: '商城管理员', area: 'crm' },
      { role: 4, role_name: '指导者', area: 'instructor' },
      { role: 20, role_name: '销售人员', area: 'crm' },
    ]);
    // As 商城管理员 the goods categories are theirs to see; as 指导者 not.
    expect((await post('/shop/goods/category/list', {}, as)).c).toBe(0);
    const switched = await post('/account/switch/role', { role: 4 }, as);
    expect(switched.d.user).toMatchObject({ role: 4, role_name: '指导者' });
    expect((await get('/account/info', as)).d.user.role).toBe(4);
    expect((await get('/account/query', as)).d.current).toBe(4);
    expect((await post('/shop/goods/category/list', {}, as)).c).toBe(Codes.FORBIDDEN.c);
    // A role they do not hold, or nonsense, is refused and nothing changes.
    expect(await post('/account/switch/role', { role: 1 }, as)).toMatchObject({
      c: Codes.ROLE_NOT_HELD.c,
      field: 'role',
    });
    expect((await post('/account/switch/role', { role: 'x' }, as)).field).toBe('role');
    expect((await get('/account/info', as)).d.user.role).toBe(4);
    // Another login of the same person starts in the main role again.
    const other = await h.login(input.username, input.password);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/account/info', headers: other })).json().d.user.role,
    ).toBe(12);
    // Taking the role away ends the sessions: none keeps acting in a role its user lost.
    const changed = await post(
      '/account/user/update',
      { id: made.d.id, real_name: made.d.real_name, role: 12, other_roles: '20' },
      manager,
    );
    expect(changed.d.roles).toEqual([12, 20]);
    expect((await get('/account/info', as)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/account/query')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('no role beside the main one may be one the caller cannot give', async () => {
    const r = await post('/account/company/user/create', person({ role: 5, other_roles: '3' }), manager);
    expect(r).toMatchObject({ c: Codes.USER_ROLE_NOT_ALLOWED.c, field: 'other_roles' });
    const bad = await post('/account/company/user/create', person({ other_roles: 'a,b' }), manager);
    expect(bad.field).toBe('other_roles');
    // A person holding a role above the assistant's is not the assistant's to change.
    const high = (await post('/account/company/user/create', person({ role: 5, other_roles: '7' }), manager))
      .d;
    expect(high.manageable).toBe(true);
    const byAssistant = await post(
      '/account/user/update',
      { id: high.id, real_name: '改', role: 5 },
      assistant,
    );
    expect(byAssistant.c).toBe(Codes.USER_NOT_MANAGEABLE.c);
  });
});
