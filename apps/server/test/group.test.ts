import { Codes, KEYWORD_MAX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/time.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Groups of companies (issue 34, docs/adr/0038): a group's staff (集群管理员 2, 集群管理员助理 6)
 * see the companies of their groups and nothing else; the super administrator sees every group;
 * anyone sees the default group's active companies (registration).
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let g1: number;
let g2: number;
let deleted: number;
let a1: number;
let a2: number;
let stopped: number;
let b1: number;
let outside: number;
let manager: Who;
let assistant: Who;
let otherManager: Who;
let unstaffed: Who;
let unitManager: Who;
let superAdmin: Who;

async function group(name: string, extra: { is_default?: number; del_flag?: number } = {}) {
  const now = nowIso();
  const row = await h.db
    .insertInto('company_groups')
    .values({
      name,
      comment: `${name}的说明`,
      is_public: 1,
      is_default: extra.is_default ?? 0,
      del_flag: extra.del_flag ?? 0,
      created_by: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function into(groupId: number, ...companies: number[]) {
  await h.db.updateTable('companies').set({ group_id: groupId }).where('id', 'in', companies).execute();
}

async function staff(groupId: number, who: Who, role: number) {
  await h.db
    .insertInto('group_staff')
    .values({ group_id: groupId, user_id: who.user.id, role, created_at: nowIso() })
    .execute();
}

const { get, post } = jsonCalls(() => h.app);

beforeAll(async () => {
  h = await testApp();
  g1 = await group(`华东集团${Math.random().toString(36).slice(2, 6)}`, { is_default: 1 });
  g2 = await group(`华南集团${Math.random().toString(36).slice(2, 6)}`);
  deleted = await group(`已删集团${Math.random().toString(36).slice(2, 6)}`, { del_flag: 1 });
  // One after another: the lists are newest first, by id.
  a1 = await h.company('杭州分公司');
  a2 = await h.company('宁波分公司');
  stopped = await h.company('停用分公司');
  b1 = await h.company('广州分公司');
  outside = await h.company('独立单位');
  await h.db.updateTable('companies').set({ status: 0 }).where('id', '=', stopped).execute();
  await into(g1, a1, a2, stopped);
  await into(g2, b1);
  const typeId = (
    await h.db.selectFrom('company_types').select('id').where('name', '=', '学校').executeTakeFirstOrThrow()
  ).id;
  await h.db.updateTable('companies').set({ company_type_id: typeId }).where('id', '=', a2).execute();
  [manager, assistant, otherManager, unstaffed, unitManager, superAdmin] = await Promise.all([
    h.as(2, a1),
    h.as(6, a1),
    h.as(2, b1),
    h.as(2, outside),
    h.as(3, a1),
    h.as(1, outside),
  ]);
  await staff(g1, manager, 2);
  await staff(g1, assistant, 6);
  await staff(g2, otherManager, 2);
  // Staff of a deleted group see nothing of it.
  await staff(deleted, manager, 2);
});
afterAll(() => h.close());

describe('GET /account/default-group', () => {
  it('answers anyone the default group and its active companies, not the stopped one', async () => {
    const body = await get('/account/default-group');
    expect(body.c).toBe(0);
    expect(body.d.id).toBe(g1);
    expect(body.d.companies.map((c: { id: number }) => c.id)).toEqual([a1, a2]);
    expect(Object.keys(body.d.companies[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('GET /account/my-group', () => {
  it('answers a group manager and their assistant their group with every company of it', async () => {
    for (const who of [manager, assistant]) {
      const body = await get('/account/my-group', who);
      expect(body.c).toBe(0);
      expect(body.d.results.map((g: { id: number }) => g.id)).toEqual([g1]);
      const [mine] = body.d.results;
      expect(mine.companies.map((c: { id: number }) => c.id)).toEqual([stopped, a2, a1]);
      expect(mine.companies.find((c: { id: number }) => c.id === a2).company_type).toBe('学校');
    }
  });

  it('answers the super administrator every live group', async () => {
    const ids = (await get('/account/my-group', superAdmin)).d.results.map((g: { id: number }) => g.id);
    expect(ids).toEqual(expect.arrayContaining([g1, g2]));
    expect(ids).not.toContain(deleted);
  });

  it('answers a group manager of no group an empty list', async () => {
    expect((await get('/account/my-group', unstaffed)).d).toEqual({ results: [] });
  });

  it('refuses a company manager and an anonymous visitor', async () => {
    expect((await get('/account/my-group', unitManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get('/account/my-group')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});

describe('POST /account/group/companys', () => {
  it('pages a group’s companies for its staff, newest first, with a keyword', async () => {
    const all = await post('/account/group/companys', { group_id: g1, page: 1, page_size: 2 }, manager);
    expect(all.c).toBe(0);
    expect(all.d.paging).toMatchObject({ count: 3, num_pages: 2, has_next: true });
    expect(all.d.results.map((c: { id: number }) => c.id)).toEqual([stopped, a2]);
    const found = await post('/account/group/companys', { group_id: g1, keyword: '宁波' }, assistant);
    expect(found.d.results.map((c: { id: number }) => c.id)).toEqual([a2]);
  });

  it('refuses a group outside the caller’s scope the same whether it exists or not', async () => {
    for (const id of [g2, deleted + 1000])
      expect(await post('/account/group/companys', { group_id: id }, manager)).toEqual({
        c: Codes.FORBIDDEN.c,
        m: Codes.FORBIDDEN.m,
      });
    expect((await post('/account/group/companys', { group_id: g1 }, otherManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/group/companys', { group_id: g1 }, unstaffed)).c).toBe(Codes.FORBIDDEN.c);
    // A deleted group is no longer its staff's.
    expect((await post('/account/group/companys', { group_id: deleted }, manager)).c).toBe(Codes.NOT_FOUND.c);
  });

  it('lets the super administrator read any group, and tells them of an unknown one', async () => {
    const other = await post('/account/group/companys', { group_id: g2 }, superAdmin);
    expect(other.d.results.map((c: { id: number }) => c.id)).toEqual([b1]);
    expect(await post('/account/group/companys', { group_id: deleted + 1000 }, superAdmin)).toEqual({
      c: Codes.NOT_FOUND.c,
      m: '集群不存在或已被删除',
    });
  });

  it('refuses a company manager, an anonymous visitor and bad input with the field’s message', async () => {
    expect((await post('/account/group/companys', { group_id: g1 }, unitManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/account/group/companys', { group_id: g1 })).c).toBe(Codes.NOT_LOGGED_IN.c);
    const bad = await post('/account/group/companys', { group_id: 'abc' }, manager);
    expect(bad.c).toBe(Codes.PARAM_ERROR.c);
    expect(bad.m).toContain('集群');
    const long = await post(
      '/account/group/companys',
      { group_id: g1, keyword: '字'.repeat(KEYWORD_MAX + 1) },
      manager,
    );
    expect(long.c).toBe(Codes.PARAM_ERROR.c);
    expect(long.m).toBe(`单位名称不能超过${KEYWORD_MAX}个字符`);
  });
});

describe('GET /account/get/companyTypeId', () => {
  it('answers a logged-in user the company types in their order, and refuses an anonymous one', async () => {
    const body = await get('/account/get/companyTypeId', unitManager);
    expect(body.c).toBe(0);
    expect(body.d.results.map((t: { name: string }) => t.name)).toEqual([
      '企业',
      '学校',
      '政府机关',
      '事业单位',
      '社会组织',
      '其他',
    ]);
    expect((await get('/account/get/companyTypeId')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});

describe('the super administrator’s groups (/group/*)', () => {
  const fresh = () => `测试集群${Math.random().toString(36).slice(2, 8)}`;

  it('lists every live group with its companies’ count and its staff, found by name', async () => {
    const page = await post('/group/list', { page_size: 100 }, superAdmin);
    expect(page.c).toBe(0);
    const mine = page.d.results.find((g: { id: number }) => g.id === g1);
    expect(mine.company_count).toBe(3);
    expect(mine.staff.map((s: { user_id: number; role: number }) => [s.user_id, s.role])).toEqual([
      [manager.user.id, 2],
      [assistant.user.id, 6],
    ]);
    expect(page.d.results.map((g: { id: number }) => g.id)).not.toContain(deleted);
    const found = await post('/group/list', { keyword: '华南' }, superAdmin);
    expect(found.d.results.map((g: { id: number }) => g.id)).toContain(g2);
    expect(found.d.results.map((g: { id: number }) => g.id)).not.toContain(g1);
  });

  it('refuses a group manager, a company manager and an anonymous caller', async () => {
    for (const who of [manager, assistant, unitManager])
      expect((await post('/group/list', {}, who)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/group/list', {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/group/create', { name: fresh(), is_public: 1, is_default: 0 }, manager)).c).toBe(
      Codes.FORBIDDEN.c,
    );
  });

  it('creates a group, refuses a second of the same name beside the field, and audits it', async () => {
    const name = fresh();
    const made = await post(
      '/group/create',
      { name, comment: '新集群', is_public: 0, is_default: 0 },
      superAdmin,
    );
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      name,
      comment: '新集群',
      is_public: 0,
      is_default: 0,
      company_count: 0,
      staff: [],
    });
    expect(await post('/group/create', { name, is_public: 1, is_default: 0 }, superAdmin)).toEqual({
      c: Codes.GROUP_NAME_TAKEN.c,
      m: Codes.GROUP_NAME_TAKEN.m,
      field: 'name',
    });
    const logged = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'user_id'])
      .where('entity', '=', 'company_groups')
      .where('entity_id', '=', made.d.id)
      .execute();
    expect(logged).toEqual([{ action: 'create', user_id: superAdmin.user.id }]);
  });

  it('checks every field with its Chinese message, and changes nothing then', async () => {
    const before = await h.db
      .selectFrom('company_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const cases: [Record<string, string | number>, string][] = [
      [{ name: '', is_public: 1, is_default: 0 }, '集群名称不能为空'],
      [{ name: '集'.repeat(49), is_public: 1, is_default: 0 }, '集群名称'],
      [{ name: fresh(), is_public: 'x', is_default: 0 }, '是否公开只能是0或1'],
      [
        { name: fresh(), comment: '述'.repeat(257), is_public: 1, is_default: 0 },
        '集群描述不能超过256个字符',
      ],
    ];
    for (const [form, message] of cases) {
      const body = await post('/group/create', form, superAdmin);
      expect(body.c).toBe(Codes.PARAM_ERROR.c);
      expect(body.m).toContain(message);
    }
    const after = await h.db
      .selectFrom('company_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('moves the default to the group made default, keeping one default', async () => {
    const made = await post('/group/create', { name: fresh(), is_public: 1, is_default: 1 }, superAdmin);
    expect(made.d.is_default).toBe(1);
    expect((await get('/account/default-group')).d.id).toBe(made.d.id);
    const back = await post(
      '/group/update',
      {
        id: g1,
        name: (
          await h.db
            .selectFrom('company_groups')
            .select('name')
            .where('id', '=', g1)
            .executeTakeFirstOrThrow()
        ).name,
        comment: '恢复默认',
        is_public: 1,
        is_default: 1,
      },
      superAdmin,
    );
    expect(back.c).toBe(0);
    expect((await get('/account/default-group')).d.id).toBe(g1);
    const defaults = await h.db
      .selectFrom('company_groups')
      .select('id')
      .where('is_default', '=', 1)
      .where('del_flag', '=', 0)
      .execute();
    expect(defaults).toEqual([{ id: g1 }]);
  });

  it('renames a group, refusing another group’s name and an unknown group', async () => {
    const made = await post('/group/create', { name: fresh(), is_public: 1, is_default: 0 }, superAdmin);
    const taken = (
      await h.db.selectFrom('company_groups').select('name').where('id', '=', g2).executeTakeFirstOrThrow()
    ).name;
    expect(
      (await post('/group/update', { id: made.d.id, name: taken, is_public: 1, is_default: 0 }, superAdmin))
        .c,
    ).toBe(Codes.GROUP_NAME_TAKEN.c);
    const renamed = fresh();
    const ok = await post(
      '/group/update',
      { id: made.d.id, name: renamed, is_public: 0, is_default: 0 },
      superAdmin,
    );
    expect(ok.d).toMatchObject({ id: made.d.id, name: renamed, is_public: 0 });
    expect(
      (await post('/group/update', { id: deleted, name: fresh(), is_public: 1, is_default: 0 }, superAdmin))
        .c,
    ).toBe(Codes.NOT_FOUND.c);
  });

  it('puts companies into a group and takes them out; an unknown company changes nothing', async () => {
    const made = await post('/group/create', { name: fresh(), is_public: 1, is_default: 0 }, superAdmin);
    const id = made.d.id as number;
    const refused = await post(
      '/group/companies/add',
      { id, company_ids: `${outside},99999999` },
      superAdmin,
    );
    expect(refused).toEqual({ c: Codes.NOT_FOUND.c, m: '单位不存在：99999999', field: 'company_ids' });
    const groupOf = async (c: number) =>
      (await h.db.selectFrom('companies').select('group_id').where('id', '=', c).executeTakeFirstOrThrow())
        .group_id;
    expect(await groupOf(outside)).toBeNull();
    const added = await post('/group/companies/add', { id, company_ids: `${outside}` }, superAdmin);
    expect(added.d.company_count).toBe(1);
    expect(await groupOf(outside)).toBe(id);
    // Taking out a company that is in another group leaves it there.
    await post('/group/companies/remove', { id, company_ids: `${outside},${b1}` }, superAdmin);
    expect(await groupOf(outside)).toBeNull();
    expect(await groupOf(b1)).toBe(g2);
  });

  it('offers the companies not in the group, with the group each is in now, found by name', async () => {
    const options = async (form: Record<string, string | number>) =>
      (await post('/group/company/options', form, superAdmin)).d.results as {
        id: number;
        group_name: string;
      }[];
    const forG1 = await options({ id: g1, keyword: '分公司' });
    const ids = forG1.map((o) => o.id);
    expect(ids).toContain(b1);
    expect(ids).not.toContain(a1);
    expect(ids).not.toContain(a2);
    const g2Name = (
      await h.db.selectFrom('company_groups').select('name').where('id', '=', g2).executeTakeFirstOrThrow()
    ).name;
    expect(forG1.find((o) => o.id === b1)?.group_name).toBe(g2Name);
    expect((await options({ id: g2, keyword: '独立单位' })).find((o) => o.id === outside)?.group_name).toBe(
      '',
    );
    expect((await post('/group/company/options', { id: g1 }, manager)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('names a group manager of any company to a group’s staff and takes them off again', async () => {
    const options = async (form: Record<string, string | number>) =>
      (await post('/group/staff/options', form, superAdmin)).d.results as { user_id: number; role: number }[];
    const forG2 = (await options({ id: g2, keyword: unstaffed.user.username })).map((o) => o.user_id);
    expect(forG2).toEqual([unstaffed.user.id]);
    // Already on g1's staff, or not a group role: not offered.
    expect((await options({ id: g1, keyword: manager.user.username })).map((o) => o.user_id)).toEqual([]);
    expect((await options({ id: g1, keyword: unitManager.user.username })).map((o) => o.user_id)).toEqual([]);
    expect((await post('/group/staff/options', { id: g1 }, manager)).c).toBe(Codes.FORBIDDEN.c);

    expect((await post('/group/company/options', { id: g2 }, superAdmin)).c).toBe(0);
    expect((await post('/account/group/companys', { group_id: g2 }, unstaffed)).c).toBe(Codes.FORBIDDEN.c);
    const added = await post('/group/staff/add', { id: g2, user_id: unstaffed.user.id }, superAdmin);
    expect(added.d.staff).toContainEqual(expect.objectContaining({ user_id: unstaffed.user.id, role: 2 }));
    expect((await get('/account/my-group', unstaffed)).d.results.map((g: { id: number }) => g.id)).toEqual([
      g2,
    ]);
    expect((await post('/account/group/companys', { group_id: g2 }, unstaffed)).c).toBe(0);

    expect(await post('/group/staff/add', { id: g2, user_id: unitManager.user.id }, superAdmin)).toEqual({
      c: Codes.PARAM_ERROR.c,
      m: '只能指定启用中的集群管理员或集群管理员助理',
      field: 'user_id',
    });
    expect((await post('/group/staff/add', { id: g2, user_id: 99999999 }, superAdmin)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await post('/group/staff/add', { id: g2, user_id: unstaffed.user.id }, manager)).c).toBe(
      Codes.FORBIDDEN.c,
    );

    const removed = await post('/group/staff/remove', { id: g2, user_id: unstaffed.user.id }, superAdmin);
    expect(removed.d.staff.map((x: { user_id: number }) => x.user_id)).not.toContain(unstaffed.user.id);
    expect((await get('/account/my-group', unstaffed)).d).toEqual({ results: [] });
    expect((await post('/group/staff/remove', { id: g2, user_id: unstaffed.user.id }, superAdmin)).c).toBe(
      Codes.NOT_FOUND.c,
    );
  });

  it('deletes only a group without companies, and lets its staff go', async () => {
    expect(await post('/group/delete', { id: g2 }, superAdmin)).toEqual({
      c: Codes.GROUP_NOT_EMPTY.c,
      m: Codes.GROUP_NOT_EMPTY.m,
    });
    const made = await post('/group/create', { name: fresh(), is_public: 1, is_default: 0 }, superAdmin);
    const id = made.d.id as number;
    await staff(id, unstaffed, 2);
    expect((await post('/group/delete', { id }, superAdmin)).d).toEqual({ id });
    expect(
      (await post('/group/list', { page_size: 100 }, superAdmin)).d.results.map((g: { id: number }) => g.id),
    ).not.toContain(id);
    expect(
      await h.db.selectFrom('group_staff').select('user_id').where('group_id', '=', id).execute(),
    ).toEqual([]);
    expect((await post('/group/delete', { id }, superAdmin)).c).toBe(Codes.NOT_FOUND.c);
  });
});

describe('POST /group/company/create', () => {
  const fresh = () => Math.random().toString(36).slice(2, 8);
  const company = (extra: Record<string, string | number> = {}) => {
    const k = fresh();
    return {
      group_id: g1,
      company_name: `新建单位${k}`,
      code: `new-${k}`,
      manager_username: `mgr_${k}`,
      manager_name: '新单位管理员',
      manager_password: 'Manager123',
      ...extra,
    };
  };

  it('a group manager adds a company to their group with its first manager, who can log in and manage it', async () => {
    const input = company();
    const made = await post('/group/company/create', input, manager);
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({ company_name: input.company_name, code: input.code, status: 1 });
    const listed = await post(
      '/account/group/companys',
      { group_id: g1, keyword: input.company_name },
      manager,
    );
    expect(listed.d.results.map((c: { id: number }) => c.id)).toEqual([made.d.id]);
    const login = await post('/account/login', { username: input.manager_username, password: 'Manager123' });
    expect(login.d.user).toMatchObject({ role: 3, company_id: made.d.id });
    const them = { headers: { authorization: `Token ${login.d.token}` } } as Who;
    expect((await post('/department/create', { name: '办公室' }, them)).c).toBe(0);
  });

  it('refuses another group, a taken code or user name, and bad input; nothing is half made', async () => {
    expect((await post('/group/company/create', company({ group_id: g2 }), manager)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await post('/group/company/create', company(), unitManager)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/group/company/create', company())).c).toBe(Codes.NOT_LOGGED_IN.c);
    const first = company();
    expect((await post('/group/company/create', first, manager)).c).toBe(0);
    const sameCode = company({ code: first.code });
    expect(await post('/group/company/create', sameCode, manager)).toMatchObject({
      c: Codes.COMPANY_CODE_TAKEN.c,
      field: 'code',
    });
    const sameUser = company({ manager_username: first.manager_username });
    expect(await post('/group/company/create', sameUser, manager)).toMatchObject({
      c: Codes.USERNAME_TAKEN.c,
      field: 'manager_username',
    });
    for (const bad of [sameCode, sameUser]) {
      const stored = await h.db
        .selectFrom('companies')
        .select('id')
        .where('company_name', '=', bad.company_name)
        .execute();
      expect(stored).toEqual([]);
    }
    expect((await post('/group/company/create', company({ code: '编码' }), manager)).field).toBe('code');
    expect((await post('/group/company/create', company({ manager_password: 'abc' }), manager)).m).toBe(
      '管理员密码不能少于8个字符',
    );
    expect((await post('/group/company/create', company({ company_type_id: 99999 }), manager)).field).toBe(
      'company_type_id',
    );
    // Two saves of one code at once: one company.
    const racer = company();
    const raced = await Promise.all(
      [1, 2, 3].map((i) =>
        post(
          '/group/company/create',
          { ...racer, manager_username: `${racer.manager_username}${i}` },
          manager,
        ),
      ),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.COMPANY_CODE_TAKEN.c)).toHaveLength(2);
  });
});

describe('POST /account/user/create', () => {
  const fresh = () => Math.random().toString(36).slice(2, 8);

  it('the super administrator makes a group manager in a company of the group and names them at once', async () => {
    const username = `gm_${fresh()}`;
    const made = await post(
      '/account/user/create',
      { id: g1, company_id: a2, role: 2, username, real_name: '新集群管理员', password: 'Cluster123' },
      superAdmin,
    );
    expect(made.c).toBe(0);
    expect(made.d.staff).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '新集群管理员', role: 2 })]),
    );
    const login = await post('/account/login', { username, password: 'Cluster123' });
    expect(login.d.user).toMatchObject({ role: 2, company_id: a2 });
    const them = { headers: { authorization: `Token ${login.d.token}` } } as Who;
    expect((await get('/account/my-group', them)).d.results.map((g: { id: number }) => g.id)).toEqual([g1]);
  });

  it('refuses a company outside the group, a taken user name, another role, and everyone but the super administrator', async () => {
    const input = {
      id: g1,
      company_id: b1,
      role: 2,
      username: `gm_${fresh()}`,
      real_name: '越界',
      password: 'Cluster123',
    };
    expect(await post('/account/user/create', input, superAdmin)).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'company_id',
    });
    expect(
      (await h.db.selectFrom('users').select('id').where('username', '=', input.username).execute()).length,
    ).toBe(0);
    expect(
      (
        await post(
          '/account/user/create',
          { ...input, company_id: a1, username: manager.user.username },
          superAdmin,
        )
      ).field,
    ).toBe('username');
    expect(
      (await post('/account/user/create', { ...input, company_id: a1, role: 3 }, superAdmin)).field,
    ).toBe('role');
    expect((await post('/account/user/create', { ...input, company_id: a1 }, manager)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await post('/account/user/create', { ...input, company_id: a1 })).c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});
