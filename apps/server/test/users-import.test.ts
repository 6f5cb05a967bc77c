import { Codes, type ImportResult, type Job, USER_IMPORT_KIND } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersImport } from '../src/modules/users/users-import.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { jobFile, readXlsx, XLSX_TYPE, xlsx } from './excel.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';
import { callerOf, importContext } from './import-job.ts';

/**
 * The people's Excel import and export (issue 34, docs/adr/0038) on the platform's import block:
 * the template, a preview with each row's Chinese reasons (a user name twice in the file, a mobile
 * number some user of another company holds, an unknown department, a position of another
 * department, a role the importer may not give, a weak first password), the good rows imported as a
 * job with the refused rows' file, nothing half-written by a refused publish, the same file again
 * adding nobody; a company outside the caller's scope, anonymous callers and roles without the
 * codename refused; the filtered list exported. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let a1: number;
let a2: number;
let b1: number;
let manager: Who;
let groupManager: Who;
let otherManager: Who;
let shopAdmin: Who;
let student: Who;
let taken: Who;

const { post } = jsonCalls(() => h.app);
const URL = '/api/account/user/import';
const HEADERS = ['用户名*', '姓名*', '初始密码*', '角色*', '性别', '手机号', '邮箱', '部门', '职务'];
const tag = Date.now().toString(36);
const name = (n: string) => `imp_${tag}_${n}`;

const sheet = (rows: (string | number | null)[][]) => xlsx('人员', HEADERS, rows);
/** The import call as `who` (with `company_id` when given): the response's JSON. */
const send = async (mode: string, content: Buffer, who: Who | null, company?: number) =>
  (
    await h.multipart(
      URL,
      company === undefined ? { mode } : { mode, company_id: String(company) },
      { name: '人员.xlsx', content, type: XLSX_TYPE },
      who?.headers ?? {},
    )
  ).json();
/** The import run to its end: its job. */
async function run(mode: string, content: Buffer, who: Who, company?: number) {
  const started = await send(mode, content, who, company);
  expect(started).toMatchObject({ c: 0 });
  return h.jobEnded((started.d as Job).id, who.headers);
}
const peopleOf = async (company: number) =>
  (
    await h.db
      .selectFrom('users')
      .select(['username', 'role', 'department_id', 'position_id', 'mobile'])
      .where('company_id', '=', company)
      .where('username', 'like', `imp_${tag}_%`)
      .orderBy('username')
      .execute()
  ).map((r) => r.username);

let sales: number;
let salesHead: number;

beforeAll(async () => {
  h = await testApp();
  a1 = await h.company('导入人员甲公司');
  a2 = await h.company('导入人员乙公司');
  b1 = await h.company('导入人员丙公司');
  [manager, groupManager, otherManager, shopAdmin, student, taken] = await Promise.all([
    h.as(3, a1),
    h.as(2, a2),
    h.as(3, b1),
    h.as(12, a1),
    h.as(9, a1),
    h.as(5, b1),
  ]);
  await h.group([a1, a2], [[groupManager.user.id, 2]]);
  sales = (await post('/department/create', { name: '销售部' }, manager)).d.id;
  await post('/department/create', { name: '技术部' }, manager);
  await post('/position/create', { name: '文员', department_id: 0 }, manager);
  salesHead = (await post('/position/create', { name: '销售经理', department_id: sales }, manager)).d.id;
  // A mobile number held by a user of another company (mobile numbers log in: unique everywhere).
  await h.db.updateTable('users').set({ mobile: '13900000001' }).where('id', '=', taken.user.id).execute();
});
afterAll(() => h.close());

/** Good rows and one of each refusal. */
const mixed = () =>
  sheet([
    [name('ok1'), '张一', 'abc12345', '学生', '男', '13900000011', '', '销售部', '销售经理'], // 2 ok
    [name('ok2'), '张二', 'abc12345', '业务人员', '', '', '', '', '文员'], // 3 ok (whole company's position)
    [name('ok1'), '重名', 'abc12345', '学生', '', '', '', '', ''], // 4 user name as row 2
    [name('mob'), '撞号', 'abc12345', '学生', '', '13900000001', '', '', ''], // 5 mobile of another company's user
    [name('dep'), '无部门', 'abc12345', '学生', '', '', '', '市场部', ''], // 6 unknown department
    [name('rol'), '越权', 'abc12345', '单位管理员', '', '', '', '', ''], // 7 a role a manager may not give
    [name('pos'), '错职务', 'abc12345', '学生', '', '', '', '技术部', '销售经理'], // 8 position of another department
    [name('pwd'), '弱密码', '12345678', '学生', '', '', '', '', ''], // 9 password without a letter
    [name('sex'), '性别', 'abc12345', '学生', '未知', '', '', '', ''], // 10 gender not a word
  ]);

describe('users import', () => {
  it('answers the template: the headers, an example row, the roles the caller may give', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${URL}/template`, headers: manager.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('人员导入模板.xlsx'));
    const { wb, rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    const roles: unknown[] = [];
    wb.getWorksheet('可选值')
      ?.getColumn(1)
      .eachCell((c) => {
        roles.push(c.value);
      });
    expect(roles).toContain('学生');
    expect(roles).not.toContain('单位管理员');
  });

  it('previews every row with its Chinese reasons, writing nothing', async () => {
    const job = await run('preview', await mixed(), manager);
    expect(job).toMatchObject({ state: 'done', kind: USER_IMPORT_KIND });
    const r = job.result as ImportResult;
    expect(r).toMatchObject({ total: 9, valid: 2, invalid: 7, created: 0 });
    const errors = Object.fromEntries(r.rows.map((x) => [x.row, x.errors]));
    expect(errors[2]).toEqual({});
    expect(errors[3]).toEqual({});
    expect(errors[4]).toEqual({ 用户名: `用户名「${name('ok1')}」与第2行重复` });
    expect(errors[5]).toEqual({ 手机号: '该手机号已被其他用户使用：「13900000001」' });
    expect(errors[6]).toEqual({ 部门: '部门「市场部」不存在' });
    expect(errors[7]).toEqual({ 角色: '不能授予「单位管理员」角色' });
    expect(errors[8]).toEqual({ 职务: '职务「销售经理」不属于部门「技术部」' });
    expect(errors[9]?.初始密码).toContain('初始密码');
    expect(errors[10]).toEqual({ 性别: '性别只能是「男」或「女」' });
    // The first password is never kept: the preview shows it masked.
    expect(r.rows.find((x) => x.row === 2)?.values.password).toBe('******');
    expect(await peopleOf(a1)).toEqual([]);
  });

  it('imports the good rows as a job, with the refused rows’ file; the same file again adds nobody', async () => {
    const job = await run('valid', await mixed(), manager);
    expect(job).toMatchObject({ state: 'done' });
    expect(job.result).toMatchObject({ total: 9, valid: 2, invalid: 7, created: 2 });
    expect(await peopleOf(a1)).toEqual([name('ok1'), name('ok2')]);
    const one = await h.db
      .selectFrom('users')
      .select(['role', 'department_id', 'position_id', 'mobile', 'gender', 'password_hash'])
      .where('username', '=', name('ok1'))
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({
      role: 9,
      department_id: sales,
      position_id: salesHead,
      mobile: '13900000011',
      gender: 1,
    });
    expect(one.password_hash).not.toContain('abc12345');
    // The new person logs in with the first password.
    const login = await h.post('/api/account/login', { username: name('ok1'), password: 'abc12345' });
    expect(login.json()).toMatchObject({ c: 0 });
    // Audited, one create each.
    const audits = await h.db
      .selectFrom('audit_logs')
      .select('entity_id')
      .where('entity', '=', 'users')
      .where('action', '=', 'create')
      .where('company_id', '=', a1)
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // The refused rows' file: 原行号, the columns, 错误原因; the password masked.
    const file = await jobFile(h, job, 'refused', manager.headers);
    expect(file.statusCode).toBe(200);
    const { rows } = await readXlsx(file.rawPayload);
    expect(rows[0]?.[0]).toBe('原行号');
    expect(rows[0]?.at(-1)).toBe('错误原因');
    expect(rows.length).toBe(8);
    expect(rows.flat().join(' ')).not.toContain('abc12345');
    expect(rows[2]?.[0]).toBe(5);
    expect(String(rows[2]?.at(-1))).toContain('该手机号已被其他用户使用');
    // Again: every row is refused now (the user names are taken), nobody added.
    const again = await run('valid', await mixed(), manager);
    expect(again).toMatchObject({ state: 'failed', error: '表格中没有可以导入的人员' });
    expect(await peopleOf(a1)).toEqual([name('ok1'), name('ok2')]);
  });

  it('imports all or nothing: one refused row fails the whole import', async () => {
    const job = await run(
      'all',
      await sheet([
        [name('all1'), '全一', 'abc12345', '学生', '', '', '', '', ''],
        [name('all1'), '全二', 'abc12345', '学生', '', '', '', '', ''],
      ]),
      manager,
    );
    expect(job.state).toBe('failed');
    expect(job.error).toContain('有1行数据有误，没有导入任何一行');
    expect(await peopleOf(a1)).not.toContain(name('all1'));
  });

  it('writes nothing when the publish finds a user name taken since the rows were checked', async () => {
    const imports = usersImport(modulesDatabase(h.db), { checkPassword: async () => {} });
    const caller = callerOf(manager.user.id, a1, manager.user.username, 3);
    const content = await sheet([
      [name('race1'), '竞一', 'abc12345', '学生', '', '', '', '', ''],
      [name('race2'), '竞二', 'abc12345', '学生', '', '', '', '', ''],
    ]);
    const before = await h.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', taken.user.id)
      .executeTakeFirstOrThrow();
    const job = await importContext(h, caller, 'valid', content, {
      // Between the check and the publish, another company's user takes the second row's name.
      async onProgress(_percent, message) {
        if (message.startsWith('正在导入'))
          await h.db
            .updateTable('users')
            .set({ username: name('race2') })
            .where('id', '=', taken.user.id)
            .execute();
      },
    });
    try {
      await expect(
        imports.job.run({ ...job.ctx, data: { mode: 'valid', company_id: a1 } }),
      ).rejects.toMatchObject({ c: Codes.USERNAME_TAKEN.c, message: expect.stringContaining('第3行') });
      expect(await peopleOf(a1)).not.toContain(name('race1'));
      expect(job.record.completed).toBeUndefined();
      expect(await job.staged()).toBe(0);
    } finally {
      await h.db
        .updateTable('users')
        .set({ username: before.username })
        .where('id', '=', taken.user.id)
        .execute();
    }
  });

  it('lets a group manager import into a company of the group, never into another', async () => {
    const job = await run(
      'all',
      await sheet([[name('grp'), '集群导入', 'abc12345', '学生', '', '', '', '销售部', '']]),
      groupManager,
      a1,
    );
    expect(job).toMatchObject({ state: 'done', result: { created: 1 } });
    expect(await peopleOf(a1)).toContain(name('grp'));
    const refused = await send(
      'all',
      await sheet([[name('out'), '越界', 'abc12345', '学生', '', '', '', '', '']]),
      groupManager,
      b1,
    );
    expect(refused).toMatchObject({ c: Codes.FORBIDDEN.c });
    const fromOther = await send(
      'all',
      await sheet([[name('out2'), '越界', 'abc12345', '学生', '', '', '', '', '']]),
      otherManager,
      a1,
    );
    expect(fromOther).toMatchObject({ c: Codes.FORBIDDEN.c });
    expect(await peopleOf(b1)).toEqual([]);
    expect(await peopleOf(a1)).not.toContain(name('out2'));
  });

  it('refuses the anonymous, a role without the codename, and a bad body', async () => {
    const content = await sheet([[name('anon'), '匿名', 'abc12345', '学生', '', '', '', '', '']]);
    expect(await send('all', content, null)).toMatchObject({ c: Codes.NOT_LOGGED_IN.c });
    expect(await send('all', content, student)).toMatchObject({ c: Codes.FORBIDDEN.c });
    expect(await send('everything', content, manager)).toMatchObject({ c: Codes.PARAM_ERROR.c });
    const noFile = await h.multipart(URL, { mode: 'all' }, undefined, manager.headers);
    expect(noFile.json()).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '请选择要导入的Excel文件' });
    const template = await h.app.inject({
      method: 'GET',
      url: `${URL}/template`,
      headers: shopAdmin.headers,
    });
    expect(template.json()).toMatchObject({ c: Codes.FORBIDDEN.c });
    const anonymous = await h.app.inject({ method: 'GET', url: `${URL}/template` });
    expect(anonymous.json()).toMatchObject({ c: Codes.NOT_LOGGED_IN.c });
    expect(await peopleOf(a1)).not.toContain(name('anon'));
  });
});

describe('users export', () => {
  it('exports the filtered list as .xlsx, names not ids, never a password', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/account/user/export?role=9&keyword=${encodeURIComponent(`imp_${tag}`)}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]?.slice(0, 8)).toEqual([
      '用户名',
      '姓名',
      '角色',
      '性别',
      '手机号',
      '邮箱',
      '部门',
      '职务',
    ]);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names.sort()).toEqual([name('grp'), name('ok1')]);
    const ok1 = rows.find((r) => r[0] === name('ok1'));
    expect(ok1?.slice(0, 8)).toEqual([
      name('ok1'),
      '张一',
      '学生',
      '男',
      '13900000011',
      undefined,
      '销售部',
      '销售经理',
    ]);
  });

  it('lists and exports the people holding any of a screen’s fixed roles (学生管理, 管理员管理)', async () => {
    const q = `keyword=${encodeURIComponent(`imp_${tag}`)}&roles=9`;
    const listed = await h.app.inject({
      method: 'GET',
      url: `/api/account/list?${q}`,
      headers: manager.headers,
    });
    expect(
      listed
        .json()
        .d.results.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual([name('grp'), name('ok1')]);
    const admins = await h.app.inject({
      method: 'GET',
      url: `/api/account/list?roles=2,3,6,7&page_size=20`,
      headers: manager.headers,
    });
    const roles = admins.json().d.results.map((u: { roles: number[] }) => u.roles);
    expect(roles.length).toBeGreaterThan(0);
    for (const held of roles) expect(held.some((r: number) => [2, 3, 6, 7].includes(r))).toBe(true);
    const exported = await h.app.inject({
      method: 'GET',
      url: `/api/account/user/export?${q}`,
      headers: manager.headers,
    });
    expect((await readXlsx(exported.rawPayload)).rows.length).toBe(3);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/account/list?roles=x',
      headers: manager.headers,
    });
    expect(bad.json()).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '角色必须是整数' });
  });

  it('exports a company of the group for its manager, refuses one outside and the anonymous', async () => {
    const group = await h.app.inject({
      method: 'GET',
      url: `/api/account/user/export?company_id=${a1}`,
      headers: groupManager.headers,
    });
    expect(group.statusCode).toBe(200);
    const outside = await h.app.inject({
      method: 'GET',
      url: `/api/account/user/export?company_id=${a1}`,
      headers: otherManager.headers,
    });
    expect(outside.json()).toMatchObject({ c: Codes.FORBIDDEN.c });
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/account/user/export' });
    expect(anonymous.json()).toMatchObject({ c: Codes.NOT_LOGGED_IN.c });
    const noCodename = await h.app.inject({
      method: 'GET',
      url: '/api/account/user/export',
      headers: student.headers,
    });
    expect(noCodename.json()).toMatchObject({ c: Codes.FORBIDDEN.c });
  });
});
