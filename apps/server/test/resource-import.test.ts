import * as contract from '@portal/contract';
import { brandResource, Codes, type Job, RESOURCE_IMPORT_MAX_BYTES } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobFile, readXlsx, runImport, sendImport, xlsx } from './excel.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';

/**
 * The Excel import every declared resource gets (design/back-office.md "Excel import", ADR 0017),
 * on brands, as a job (ADR 0037: the call answers the job, followed with /job/get to its end):
 * template, preview with per-cell errors (fields, picked words, duplicates in the file and against
 * the stored rows), commit all-or-nothing or only the valid rows (audited), the refused rows' file
 * (the job's), the upload's bounds, and who may do it. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let warehouse: Record<string, string>;

const HEADERS = ['品牌名称*', '品牌标志', '品牌介绍', '排序', '状态*'];

/** An .xlsx with the brand headers and `rows`. */
const sheet = (rows: (string | number | null)[][], headers = HEADERS) => xlsx('品牌', headers, rows);

/** An import run to its end (the call's refusal, or its job as it ended: `d` its result). */
const upload = (mode: string, content: Buffer, headers: Record<string, string> = admin, name = '品牌.xlsx') =>
  runImport(h, '/api/goods/brand/import', mode, content, headers, name);

const brandNames = async (company = companyId) =>
  (
    await h.db
      .selectFrom('goods_brands')
      .select('name')
      .where('company_id', '=', company)
      .where('del_flag', '=', 0)
      .orderBy('name')
      .execute()
  ).map((r) => r.name);

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('导入单位');
  admin = (await h.as(12, companyId)).headers;
  warehouse = (await h.as(13, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
  // A brand already stored: an import of the same name is refused.
  const made = await h.post('/api/goods/brand/add', { name: '已有品牌', status: 1 }, admin);
  expect(made.json().c).toBe(0);
});
afterAll(() => h.close());

/** Good rows, and bad ones of every kind: fields, picked words, duplicates in the file and in the DB. */
const mixed = () =>
  sheet([
    ['清芳', '', '高山绿茶', 10, '启用'], // 2 ok
    ['', '', '没有名称', 1, '启用'], // 3 name missing
    ['星耀', '', '', 'x', '停用'], // 4 sort not a number
    ['悦享', '', '', 3, '开启'], // 5 status not one of the words
    ['清芳', '', '重复', 4, '启用'], // 6 same name as row 2
    ['已有品牌', '', '', 5, '启用'], // 7 stored already
    ['金禾', 'javascript:alert(1)', '', 6, '1'], // 8 bad logo address
    ['山野', '', '=1+2', 7, '0'], // 9 ok (value instead of the word; a formula-like text)
  ]);

describe('resource import: brands', () => {
  it('answers a template made from the declaration: headers, an example row, the allowed values', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/goods/brand/import/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('品牌导入模板.xlsx'));
    const { wb, rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows[1]?.[0]).toBe('清芳');
    expect(rows[1]?.[4]).toBe('启用');
    const choices = wb.getWorksheet('可选值');
    expect(choices?.getColumn(1).values?.slice(1)).toEqual(['状态', '启用', '停用']);
    // The template imports as it is.
    const preview = await upload('preview', res.rawPayload);
    expect(preview).toMatchObject({ c: 0, d: { total: 1, valid: 1, invalid: 0 } });
  });

  it('previews every row with per-cell Chinese errors and saves nothing', async () => {
    const before = await brandNames();
    const res = await upload('preview', await mixed());
    expect(res.c).toBe(0);
    expect(res.d).toMatchObject({ total: 8, valid: 2, invalid: 6, created: 0 });
    const byRow = Object.fromEntries(
      res.d.rows.map((r: { row: number; errors: object }) => [r.row, r.errors]),
    );
    expect(byRow).toEqual({
      2: {},
      3: { 品牌名称: '品牌名称不能为空' },
      4: { 排序: '排序必须是整数' },
      5: { 状态: '状态只能是「启用」、「停用」' },
      6: { 品牌名称: '品牌名称「清芳」与第2行重复' },
      7: { 品牌名称: '已有同名品牌：「已有品牌」' },
      8: { 品牌标志: '品牌标志须为本站路径或 http(s) 地址' },
      9: {},
    });
    const row9 = res.d.rows.find((r: { row: number }) => r.row === 9);
    expect(row9?.values).toMatchObject({ name: '山野', description: '=1+2', status: '0' });
    expect(await brandNames()).toEqual(before);
  });

  it('answers a job the user follows: its kind the resource’s import, listed among their unfinished or recent jobs', async () => {
    const started = (await sendImport(h, '/api/goods/brand/import', 'preview', await mixed(), admin)).json();
    expect(started).toMatchObject({
      c: 0,
      d: { kind: brandResource.jobKinds.import, title: '导入品牌', result: null },
    });
    expect(brandResource.jobKinds.import).toBe('import:/goods/brand/import');
    const job = await h.jobEnded(started.d.id, admin);
    expect(job).toMatchObject({ state: 'done', progress: 100, error: '' });
    expect(job.files).toEqual([{ name: 'refused', label: '品牌导入错误行.xlsx' }]);
    const listed = await h.json('/job/list', { kind: brandResource.jobKinds.import }, admin);
    expect(listed.d.list.map((j: { id: number }) => j.id)).toContain(job.id);
    // Another user of the company sees neither the job nor its file.
    const colleague = (await h.as(12, companyId)).headers;
    const theirs = await h.app.inject({
      method: 'GET',
      url: `/api/job/get?id=${job.id}`,
      headers: colleague,
    });
    expect(theirs.json()).toMatchObject({ c: Codes.NOT_FOUND.c });
    expect((await jobFile(h, job, 'refused', colleague)).json()).toMatchObject({ c: Codes.NOT_FOUND.c });
    // Nothing of the import is left staged.
    const staged = await h.db.selectFrom('import_rows').select('id').where('job_id', '=', job.id).execute();
    expect(staged).toEqual([]);
  });

  it('starts a job of its kind for every declared resource: each module runs its resources’ imports', async () => {
    const root = (await h.as(1, companyId)).headers;
    const resources = Object.values(contract).filter(
      (v): v is typeof brandResource => typeof v === 'object' && v !== null && 'jobKinds' in v,
    );
    expect(resources.length).toBeGreaterThanOrEqual(10);
    const file = await sheet([['种类品牌', '', '', 1, '启用']]);
    for (const resource of resources) {
      const res = await sendImport(h, `/api${resource.calls.import.path}`, 'preview', file, root);
      expect(res.json(), resource.label).toMatchObject({ c: 0, d: { kind: resource.jobKinds.import } });
      // Its kind has a handler: the job runs (another resource's columns fail it, as they should).
      const job = await h.jobEnded(res.json().d.id, root);
      expect(job.error, resource.label).not.toBe('没有能处理这类任务的服务进程，请稍后重新提交');
    }
  });

  it('stops when the user cancels while the sheet is checked: nothing written, nothing left staged', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`取消品牌${i}`, '', '', i, '启用']);
    const started = (await sendImport(h, '/api/goods/brand/import', 'all', await sheet(rows), admin)).json();
    const id = started.d.id as number;
    const staged = async () =>
      (await h.db.selectFrom('import_rows').select('id').where('job_id', '=', id).execute()).length;
    // The first batches are staged: the job is checking the sheet.
    await vi.waitFor(
      async () => {
        expect(await staged()).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 10 },
    );
    expect(await h.json('/job/cancel', { id }, admin)).toMatchObject({ c: 0 });
    const job = await h.jobEnded(id, admin);
    expect(job).toMatchObject({ state: 'cancelled', result: null });
    // It stopped while checking: its last words are the rows checked so far, not the publish's.
    const checked = /^已检查 ([\d,]+) 行$/.exec(job.message)?.[1];
    expect(Number(checked?.replaceAll(',', ''))).toBeLessThan(20_000);
    expect((await brandNames()).filter((n) => n.startsWith('取消品牌'))).toEqual([]);
    expect(await staged()).toBe(0);
  });

  it('refuses the whole file with `all` when any row is bad, writing nothing', async () => {
    const before = await brandNames();
    const audits = await h.db.selectFrom('audit_logs').select('id').execute();
    const res = await upload('all', await mixed());
    expect(res.job).toMatchObject({
      state: 'failed',
      error: '有6行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行',
      files: [{ name: 'refused', label: '品牌导入错误行.xlsx' }],
    });
    expect(await brandNames()).toEqual(before);
    expect(await h.db.selectFrom('audit_logs').select('id').execute()).toHaveLength(audits.length);
  });

  it('keeps the refused rows as the job’s .xlsx with 错误原因, which imports again once corrected', async () => {
    const { job } = await upload('preview', await mixed());
    const res = await jobFile(h, job as Job, 'refused', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('品牌导入错误行.xlsx'));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['原行号', '品牌名称', '品牌标志', '品牌介绍', '排序', '状态', '错误原因']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([3, 4, 5, 6, 7, 8]);
    expect(rows[1]?.[6]).toBe('品牌名称不能为空');
    expect(rows[3]?.[6]).toBe('状态只能是「启用」、「停用」');
  });

  it('writes only the valid rows with `valid`, in one transaction, each audited like a create', async () => {
    const res = await upload('valid', await mixed());
    expect(res).toMatchObject({ c: 0, d: { total: 8, valid: 2, invalid: 6, created: 2, rows: [] } });
    expect(await brandNames()).toEqual(['山野', '已有品牌', '清芳'].sort());
    const stored = await h.db
      .selectFrom('goods_brands')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('name', '=', '山野')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ description: '=1+2', sort: 7, status: 0 });
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'entity', 'company_id', 'after_json'])
      .where('entity', '=', 'goods_brands')
      .where('entity_id', '=', stored.id)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ action: 'create', company_id: companyId });
    expect(JSON.parse(audited[0]?.after_json ?? '{}')).toMatchObject({ name: '山野' });
    // The list sees them.
    const list = (await h.post('/api/goods/brand/list', { keyword: '山野' }, admin)).json();
    expect(list.d.results).toHaveLength(1);
    // Importing the same file again: its good rows are now stored, so nothing is left to write.
    const again = await upload('valid', await mixed());
    expect(again.job).toMatchObject({ state: 'failed', error: '表格中没有可以导入的品牌' });
  });

  it('writes every row with `all` when all are good', async () => {
    const res = await upload(
      'all',
      await sheet([
        ['东方', '/demo/logo.svg', '', 1, '启用'],
        ['九阳', 'https://example.com/a.png', '厨房电器', '', '停用'],
      ]),
    );
    expect(res).toMatchObject({ c: 0, d: { total: 2, valid: 2, invalid: 0, created: 2 } });
    expect(await brandNames()).toEqual(expect.arrayContaining(['东方', '九阳']));
  });

  it('refuses what is not a sheet: a renamed picture, a fake workbook, a missing column', async () => {
    // A PNG named .xlsx (a CSV named so is read as the CSV it is: excel-formats.test.ts).
    const picture = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(5000),
    ]);
    const text = await upload('preview', picture, admin, '品牌.xlsx');
    expect(text).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '文件类型不支持' });
    // A zip (what an .xlsx is) that holds no workbook.
    const zip = await sheet([['清芳', '', '', 1, '启用']]);
    const fake = Buffer.from(zip);
    // Break the workbook part's name inside the zip: still a zip, no longer a workbook.
    const at = fake.indexOf('xl/workbook.xml');
    expect(at).toBeGreaterThan(0);
    for (let i = fake.indexOf('xl/workbook.xml'); i >= 0; i = fake.indexOf('xl/workbook.xml', i + 1))
      fake.write('xl/notabook.xml', i);
    // What only reading finds is the job's failure.
    expect((await upload('preview', fake)).job).toMatchObject({
      state: 'failed',
      error: '文件不是有效的Excel工作簿（.xlsx），请使用下载的模板',
    });
    const missing = await upload('preview', await sheet([['清芳', 1]], ['品牌名称', '排序']));
    expect(missing.job).toMatchObject({ state: 'failed', error: '表头缺少必填列「状态」，请使用下载的模板' });
    const noFile = (
      await h.multipart('/api/goods/brand/import', { mode: 'preview', file: 'x' }, undefined, admin)
    ).json();
    expect(noFile).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '请选择要导入的Excel文件' });
    const badMode = await upload('everything', await sheet([['清芳', '', '', 1, '启用']]));
    expect(badMode).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '导入方式不正确' });
  });

  it('refuses a file over the limit with 10007 before reading it', async () => {
    const big = Buffer.concat([
      await sheet([['大文件', '', '', 1, '启用']]),
      Buffer.alloc(RESOURCE_IMPORT_MAX_BYTES),
    ]);
    const res = await upload('preview', big);
    expect(res.c).toBe(Codes.PAYLOAD_TOO_LARGE.c);
    expect(await brandNames()).not.toContain('大文件');
  });

  it('finds a stored name anywhere in a batch of 200 rows (its uniqueness queried 100 names at a time)', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`批量品牌${i}`, '', '', i, '启用']);
    rows[150] = ['已有品牌', '', '', 150, '启用'];
    const res = await upload('preview', await sheet(rows));
    expect(res.d).toMatchObject({ total: 200, valid: 199, invalid: 1 });
    expect(res.d.rows.find((r: { row: number }) => r.row === 152)?.errors).toEqual({
      品牌名称: '已有同名品牌：「已有品牌」',
    });
  });

  it('writes 1,200 rows in one commit, the table analysed on the way when its statistics counted it empty', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`大批品牌${i}`, '', '', i, '启用']);
    const res = await upload('valid', await sheet(rows));
    expect(res).toMatchObject({ c: 0, d: { total: 1200, valid: 1200, created: 1200 } });
    expect((await brandNames()).filter((n) => n.startsWith('大批品牌'))).toHaveLength(1200);
    if (dialectUnderTest === 'pg') {
      // The statistics the commit made count the rows it had written (PostgreSQL; freshStatistics).
      const { rows: stats } = await sql<{ reltuples: number }>`
        select reltuples from pg_class where oid = to_regclass('goods_brands')`.execute(h.db);
      expect(Number(stats[0]?.reltuples)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('imports into the caller’s company only: another company’s rows neither block nor change', async () => {
    const res = await upload('valid', await sheet([['清芳', '', '', 1, '启用']]), otherAdmin);
    // The name is taken in the first company only: the other company imports it into its own.
    expect(res).toMatchObject({ c: 0, d: { created: 1 } });
    const rows = await h.db
      .selectFrom('goods_brands')
      .select(['company_id'])
      .where('name', '=', '清芳')
      .where('del_flag', '=', 0)
      .execute();
    expect(rows.map((r) => r.company_id)).toHaveLength(2);
    expect(rows.filter((r) => r.company_id === companyId)).toHaveLength(1);
  });

  it('imports shared rows (public brands) for the super administrator only, each audited', async () => {
    const root = (await h.as(1, companyId)).headers;
    const tag = Date.now().toString(36);
    const file = await sheet([
      [`公共导入甲${tag}`, '', '', 1, '启用'],
      [`公共导入乙${tag}`, '', '', 2, '停用'],
      ['', '', '', 3, '启用'],
    ]);
    const post = (headers: Record<string, string>) =>
      runImport(h, '/api/public/brand/import', 'valid', file, headers, '公共品牌.xlsx');
    expect((await post(admin)).c).toBe(Codes.FORBIDDEN.c);
    expect(await post(root)).toMatchObject({ c: 0, d: { created: 2, invalid: 1 } });
    const rows = await h.db
      .selectFrom('public_brands')
      .select(['id', 'name', 'status'])
      .where('name', 'like', `公共导入%${tag}`)
      .execute();
    expect(rows.map((r) => [r.name, r.status]).sort()).toEqual(
      [
        [`公共导入乙${tag}`, 0],
        [`公共导入甲${tag}`, 1],
      ].sort(),
    );
    const audited = await h.db
      .selectFrom('audit_logs')
      .select('entity_id')
      .where('entity', '=', 'public_brands')
      .where(
        'entity_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('reads its own export back: statuses as the words the list shows (启用/停用), not 1/0', async () => {
    const post = (url: string, form: Record<string, string | number>, headers = admin) =>
      h.post(`/api${url}`, form, headers).then((r) => r.json());
    expect((await post('/goods/brand/add', { name: '往返启用', sort: 3, status: 1 })).c).toBe(0);
    expect((await post('/goods/brand/add', { name: '往返停用', description: '=A1', status: 0 })).c).toBe(0);
    const exported = await h.app.inject({
      method: 'GET',
      url: `/api/goods/brand/export?keyword=${encodeURIComponent('往返')}`,
      headers: admin,
    });
    expect(exported.statusCode).toBe(200);
    const { rows } = await readXlsx(exported.rawPayload);
    const status = (rows[0] as string[]).indexOf('状态');
    expect(
      rows
        .slice(1)
        .map((r) => r[status])
        .sort(),
    ).toEqual(['停用', '启用']);

    // Another company imports the file as it is: every row, each status as it was.
    const imported = await upload('all', exported.rawPayload, otherAdmin);
    expect(imported, JSON.stringify(imported)).toMatchObject({ c: 0, d: { total: 2, created: 2 } });
    const theirs = await post('/goods/brand/list', { keyword: '往返', sort: 'name' }, otherAdmin);
    expect(
      theirs.d.results.map((b: { name: string; status: number; description: string; sort: number }) => [
        b.name,
        b.status,
        b.description,
        b.sort,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['往返启用', 1, '', 3],
        ['往返停用', 0, '=A1', 0],
      ]),
    );
  });

  it('refuses an anonymous visitor and a role without the add permission; nothing changes', async () => {
    const before = await brandNames();
    const file = await sheet([['匿名品牌', '', '', 1, '启用']]);
    const anonymous = await upload('valid', file, {});
    expect(anonymous.c).toBe(Codes.NOT_LOGGED_IN.c);
    const noRight = await upload('valid', file, warehouse);
    expect(noRight.c).toBe(Codes.FORBIDDEN.c);
    const template = await h.app.inject({
      method: 'GET',
      url: '/api/goods/brand/import/template',
      headers: warehouse,
    });
    expect(template.json().c).toBe(Codes.FORBIDDEN.c);
    expect((await h.app.inject({ method: 'GET', url: '/api/goods/brand/import/template' })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    expect(await brandNames()).toEqual(before);
  });
});
