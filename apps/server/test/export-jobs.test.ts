import type { Readable } from 'node:stream';
import {
  brandResource,
  Codes,
  DEFAULT_TIME_ZONE,
  type Job,
  RESOURCE_EXPORT_DIRECT_MAX,
  RESOURCE_EXPORT_MAX,
  type Resource,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandStore } from '#server/modules/brand/brand.store.ts';
import { modulesDatabase } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { toBuffer } from '#server/platform/excel/index.ts';
import { JobCancelled, type JobContext } from '#server/platform/jobs/types.ts';
import { exportJob, type ListExport, listExportJob } from '#server/platform/resource/list-export.ts';
import { exportPages, resourceService } from '#server/platform/resource/resource-service.ts';
import { dayIn } from '#server/platform/time.ts';
import { jobFile, readXlsx, runImport } from './excel.ts';
import { goodsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';
import { callerOf } from './import-job.ts';

/**
 * Exports over RESOURCE_EXPORT_DIRECT_MAX rows as jobs (issue 33, ADR 0037 "Exports as jobs"): the
 * GET export refuses a longer list with the way forward, `exportJob` writes the same sheet to the
 * job's file with its progress, the file imports back (ADR 0017's round trip), another company's
 * user and a visitor are refused, a queued and a running export cancelled keep no file; purchases,
 * an export of a module's own list, the same way. The threshold is the real one: the 5,001 brands
 * are written straight into the table (500 a statement, well under a second), and the job writes
 * and the import reads all of them. SQLite, and PostgreSQL with TEST_PG_URL.
 */

let h: Harness;
type Headers = Record<string, string>;
let companyId: number;
let admin: { headers: Headers; user: { id: number; username: string } };
/** The brands over the threshold: 品牌00001 … 品牌05000, and one more named 其他品牌. */
const OVER = RESOURCE_EXPORT_DIRECT_MAX + 1;

/** Brands written straight into the company's table (the API would take minutes for thousands). */
async function seedBrands(company: number, userId: number, names: string[]) {
  const db = inCompany(modulesDatabase(h.db), company, { userId });
  const at = new Date().toISOString();
  for (let i = 0; i < names.length; i += 500)
    await db
      .insertInto(
        'goods_brands',
        names.slice(i, i + 500).map((name, j) => ({
          name,
          description: (i + j) % 7 === 0 ? '高山绿茶\n第二行' : '',
          sort: (i + j) % 100,
          status: (i + j) % 5 === 0 ? 0 : 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
}

/** The caller a service sees for the company's administrator. */
const adminCaller = () => callerOf(admin.user.id, companyId, admin.user.username);

/**
 * An export handler's context as the runner gives it, without a runner (the runner's own cancel and
 * files are tested in jobs.test.ts): the progress words and kept files recorded, each cancel check
 * numbered and given to `onCheck` (throw `JobCancelled` to cancel).
 */
function handlerContext(onCheck: (n: number) => void = () => {}) {
  const progress: string[] = [];
  const kept: Buffer[] = [];
  let checks = 0;
  const ctx: JobContext<Record<string, unknown>> = {
    id: 0,
    data: {},
    caller: adminCaller(),
    attempt: 1,
    signal: new AbortController().signal,
    progress: async (_percent, message) => {
      progress.push(message);
    },
    zone: async () => 'Asia/Shanghai',
    async checkCancelled() {
      onCheck(++checks);
    },
    inputFile: async () => undefined,
    async putFile(_name, _label, from) {
      kept.push(await toBuffer(from as Readable));
    },
    completeIn: async () => {},
  };
  return { ctx, progress, kept, checks: () => checks };
}

const exportGet = (query: string, headers: Headers) =>
  h.app.inject({ method: 'GET', url: `/api/goods/brand/export${query}`, headers });

const getJob = async (id: number, headers: Headers) =>
  (await h.app.inject({ method: 'GET', url: `/api/job/get?id=${id}`, headers })).json();

/** Starts an export job at `path` (the resource's exportJob call) and answers it once finished. */
async function exportAsJob(path: string, filters: Record<string, unknown>, headers: Headers) {
  const started = await h.json(path, filters, headers);
  expect(started.c, JSON.stringify(started)).toBe(0);
  return h.jobEnded((started.d as Job).id, headers);
}

/** A finished export job's sheet: its rows (the header first). */
async function sheetOf(job: Job, headers: Headers) {
  const res = await jobFile(h, job, 'export', headers);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, rows: (await readXlsx(res.rawPayload)).rows };
}

const today = () => dayIn(DEFAULT_TIME_ZONE).replaceAll('-', '');
/**
 * A sheet's data rows in one order, of the import's columns (the list's read-only ones after them,
 * 创建时间, are the new rows'), to compare two exports of the same rows.
 */
const imported = (rows: unknown[][]) =>
  rows.map((r) => JSON.stringify(r.slice(0, brandResource.importColumns.length))).sort();

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('导出任务单位');
  const a = await h.as(12, companyId);
  admin = { headers: a.headers, user: a.user };
  const names = Array.from({ length: OVER - 1 }, (_, i) => `品牌${String(i + 1).padStart(5, '0')}`);
  await seedBrands(companyId, a.user.id, [...names, '其他品牌']);
});
afterAll(() => h.close());

describe('the GET export up to the threshold', () => {
  it('refuses a list over 5,000 rows with the way forward; a list of 5,000 is downloaded at once', async () => {
    const refused = (await exportGet('', admin.headers)).json();
    expect(refused).toEqual({
      c: Codes.EXPORT_TOO_LONG.c,
      m: '共 5,001 条品牌，超过 5,000 条，不能直接下载：请在列表页点击「导出」，以任务方式导出',
    });
    // The filters count: 品牌 finds the 5,000 named so, which are downloaded at once.
    const direct = await exportGet(`?keyword=${encodeURIComponent('品牌0')}`, admin.headers);
    expect(direct.statusCode, direct.body.slice(0, 200)).toBe(200);
    expect(direct.headers['content-disposition']).toContain(encodeURIComponent(`品牌-${today()}.xlsx`));
    expect((await readXlsx(direct.rawPayload)).rows.length).toBe(1 + RESOURCE_EXPORT_DIRECT_MAX);
  });
});

describe('an export as a job', () => {
  it('writes the whole list to its file with its progress, named as the GET export names it', async () => {
    const started = await h.json('/goods/brand/export/job', {}, admin.headers);
    expect(started).toMatchObject({
      c: 0,
      d: { kind: brandResource.jobKinds.export, title: '导出品牌', files: [], result: null },
    });
    expect(brandResource.jobKinds.export).toBe('export:/goods/brand/export');
    const job = await h.jobEnded(started.d.id, admin.headers);
    expect(job).toMatchObject({
      state: 'done',
      progress: 100,
      message: '已写入 5,001 / 5,001 行',
      error: '',
      result: { rows: OVER, total: OVER },
      files: [{ name: 'export', label: `品牌-${today()}.xlsx` }],
    });
    const { res, rows } = await sheetOf(job, admin.headers);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`品牌-${today()}.xlsx`));
    expect(rows[0]).toEqual(brandResource.exportColumns.map((c) => c.label));
    expect(rows.length).toBe(1 + OVER);
    // Newest first, then by id: the last brand written is the first row.
    expect(rows[1]?.[0]).toBe('其他品牌');
  });

  it('writes the sheet the GET export writes, under the same filters', async () => {
    for (const filters of [{ keyword: '品牌0000' }, { keyword: '品牌001', status: 0, sort: 'sort' }]) {
      const job = await exportAsJob('/goods/brand/export/job', filters, admin.headers);
      const query = `?${new URLSearchParams(Object.entries(filters).map(([k, v]): [string, string] => [k, String(v)]))}`;
      const direct = await exportGet(query, admin.headers);
      expect(direct.statusCode).toBe(200);
      const { rows } = await sheetOf(job, admin.headers);
      expect(rows.length).toBeGreaterThan(1);
      expect(job.result).toEqual({ rows: rows.length - 1, total: rows.length - 1 });
      expect(rows).toEqual((await readXlsx(direct.rawPayload)).rows);
    }
  });

  it('makes a file that imports back unchanged (ADR 0017), and exports the same again', async () => {
    const job = await exportAsJob('/goods/brand/export/job', {}, admin.headers);
    const file = (await jobFile(h, job, 'export', admin.headers)).rawPayload;
    const other = await h.as(12, await h.company('导入导出的单位'));
    const done = await runImport(h, '/api/goods/brand/import', 'all', file, other.headers);
    expect(done, JSON.stringify(done).slice(0, 300)).toMatchObject({
      c: 0,
      d: { total: OVER, created: OVER, invalid: 0 },
    });
    const again = await exportAsJob('/goods/brand/export/job', {}, other.headers);
    expect(again.result).toEqual({ rows: OVER, total: OVER });
    const [before, after] = [(await readXlsx(file)).rows, (await sheetOf(again, other.headers)).rows];
    expect(after[0]).toEqual(before[0]);
    expect(imported(after.slice(1))).toEqual(imported(before.slice(1)));
  });
});

describe('who may export, and whose job it is', () => {
  it('refuses a visitor and a role without the list; another company sees neither the job nor its file', async () => {
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/goods/brand/export/job', payload: {} });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    const finance = (await h.as(18, companyId)).headers;
    expect((await h.json('/goods/brand/export/job', {}, finance)).c).toBe(Codes.FORBIDDEN.c);
    expect((await h.json('/goods/brand/export/job', { status: 7 }, admin.headers)).field).toBe('status');

    const job = await exportAsJob('/goods/brand/export/job', { keyword: '品牌0000' }, admin.headers);
    const stranger = (await h.as(12, await h.company('别家单位'))).headers;
    const notFound = { c: Codes.NOT_FOUND.c, m: '任务不存在' };
    expect(await getJob(job.id, stranger)).toMatchObject(notFound);
    expect((await jobFile(h, job, 'export', stranger)).json()).toMatchObject(notFound);
    expect(await h.json('/job/cancel', { id: job.id }, stranger)).toMatchObject(notFound);
    const anonymousFile = await h.app.inject({
      method: 'GET',
      url: `/api/job/file?id=${job.id}&name=export`,
    });
    expect(anonymousFile.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    // Their own export holds their company's rows only: none.
    const theirs = await exportAsJob('/goods/brand/export/job', {}, stranger);
    expect(theirs).toMatchObject({
      state: 'done',
      result: { rows: 0, total: 0 },
      message: '已写入 0 / 0 行',
    });
    expect((await sheetOf(theirs, stranger)).rows).toEqual([brandResource.exportColumns.map((c) => c.label)]);
  });
});

describe('cancelling an export', () => {
  it('cancels one still queued: it never runs and keeps no file', async () => {
    // One job at a time runs in a process (JOBS_CONCURRENCY 1): a test job holds the runner.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.app.jobs.define({ kind: 'test:hold', run: () => held.then(() => ({})) });
    const caller = adminCaller();
    const holder = await h.app.jobs.add(caller, { kind: 'test:hold', title: '占用', data: {} });
    await vi.waitFor(async () => expect((await getJob(holder.id, admin.headers)).d.state).toBe('running'), {
      timeout: 10_000,
      interval: 20,
    });
    const started = await h.json('/goods/brand/export/job', {}, admin.headers);
    expect(started.d.state).toBe('queued');
    const cancelled = await h.json('/job/cancel', { id: started.d.id }, admin.headers);
    expect(cancelled).toMatchObject({ c: 0, d: { state: 'cancelled', files: [] } });
    release();
    expect((await h.jobEnded(holder.id, admin.headers)).state).toBe('done');
    // The runner is free again and the export stays cancelled, without a file.
    const after = await exportAsJob('/goods/brand/export/job', { keyword: '品牌0000' }, admin.headers);
    expect(after.state).toBe('done');
    expect((await getJob(started.d.id, admin.headers)).d).toMatchObject({ state: 'cancelled', files: [] });
    expect((await jobFile(h, started.d, 'export', admin.headers)).json().c).toBe(Codes.NOT_FOUND.c);
    expect(await h.json('/job/cancel', { id: started.d.id }, admin.headers)).toMatchObject({
      c: Codes.JOB_FINISHED.c,
    });
  });

  it('stops a running one at the next page: the cancel is checked every 500 rows and no file is kept', async () => {
    // The handler as the runner calls it, with a context whose cancel check answers 取消 once a
    // page has been written.
    const service = resourceService(modulesDatabase(h.db), brandResource as Resource, brandStore as never);
    const { ctx, progress, kept, checks } = handlerContext((n) => {
      if (n === 2) throw new JobCancelled();
    });
    await expect(exportJob(brandResource as Resource, service).run(ctx)).rejects.toBeInstanceOf(JobCancelled);
    expect(kept).toEqual([]);
    expect(checks()).toBe(2);
    expect(progress).toEqual(['已写入 0 / 5,001 行', '已写入 500 / 5,001 行']);
  });
});

describe('a list over the most one export writes', () => {
  it('writes its first 50,000 rows and says how many the list holds', async () => {
    // A list of 60,000 rows read as an export reads (`exportPages`: at most RESOURCE_EXPORT_MAX).
    const list: ListExport<Record<string, unknown>> = {
      kind: 'export:/test/export',
      label: '测试',
      columns: [{ key: 'n', label: '序号' }],
      count: async () => 60_000,
      rows: () =>
        exportPages(async (limit, offset) =>
          Array.from({ length: Math.max(0, Math.min(limit, 60_000 - offset)) }, (_, i) => ({
            n: offset + i,
          })),
        ),
    };
    const { ctx, progress, kept } = handlerContext();
    expect(await listExportJob(list).run(ctx)).toEqual({ rows: RESOURCE_EXPORT_MAX, total: 60_000 });
    expect(progress.at(-1)).toBe(
      '已写入 50,000 行：列表共 60,000 行，一次最多导出 50,000 行，请用筛选条件分批导出',
    );
    const { rows } = await readXlsx(kept[0] as Buffer);
    expect(rows.length).toBe(1 + RESOURCE_EXPORT_MAX);
    expect(rows.at(-1)).toEqual([RESOURCE_EXPORT_MAX - 1]);
  });
});

describe('purchases: a module’s own list exports the same way', () => {
  it('writes the GET export’s sheet as a job, and refuses the GET over 5,000 orders', async () => {
    const co = await goodsCompany(h, '采购导出单位', '办公', {
      code: 'CG-',
      name: '采购商品',
      unit: '台',
      price: 1000,
    });
    const { purchaser } = await co.staff({ purchaser: 14 });
    const supplierId = await co.supplier('杭州墨印科技', { status: 1 });
    const goods = await co.goods();
    for (const quantity of [1, 2, 3]) {
      const made = await h.json(
        '/purchase/add',
        { supplier_id: supplierId, lines: [{ goods_id: goods.id, quantity, unit_price: 1250 }] },
        purchaser,
      );
      expect(made.c, JSON.stringify(made)).toBe(0);
    }
    const job = await exportAsJob('/purchase/export/job', {}, purchaser);
    expect(job).toMatchObject({
      kind: 'export:/purchase/export',
      title: '导出采购单',
      state: 'done',
      result: { rows: 3, total: 3 },
      files: [{ name: 'export', label: `采购单-${today()}.xlsx` }],
    });
    const direct = await h.app.inject({ method: 'GET', url: '/api/purchase/export', headers: purchaser });
    expect(direct.statusCode).toBe(200);
    expect((await sheetOf(job, purchaser)).rows).toEqual((await readXlsx(direct.rawPayload)).rows);

    // 4,998 more drafts like the first, straight into the table: 5,001 orders.
    const db = modulesDatabase(h.db);
    const first = await inCompany(db, co.companyId)
      .selectFrom('purchases')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, company_id: _company, ...row } = first;
    for (let i = 0; i < OVER - 3; i += 500)
      await inCompany(db, co.companyId)
        .insertInto(
          'purchases',
          Array.from({ length: Math.min(500, OVER - 3 - i) }, (_, j) => ({
            ...row,
            order_no: `CG-T${String(i + j).padStart(5, '0')}`,
          })),
        )
        .execute();
    const refused = await h.app.inject({ method: 'GET', url: '/api/purchase/export', headers: purchaser });
    expect(refused.json()).toEqual({
      c: Codes.EXPORT_TOO_LONG.c,
      m: '共 5,001 条采购单，超过 5,000 条，不能直接下载：请在列表页点击「导出」，以任务方式导出',
    });
    const all = await exportAsJob('/purchase/export/job', {}, purchaser);
    expect(all).toMatchObject({
      state: 'done',
      result: { rows: OVER, total: OVER },
      message: '已写入 5,001 / 5,001 行',
    });
  });
});
