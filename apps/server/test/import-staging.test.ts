import { brandResource, Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandStore } from '../src/modules/brand/brand.store.ts';
import type { Caller } from '../src/platform/auth/session-user.ts';
import { AppError } from '../src/platform/core/errors.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { inCompany } from '../src/platform/db/scope.ts';
import { JobCancelled } from '../src/platform/jobs/types.ts';
import { importStaging, sweepEndedImports } from '../src/platform/resource/import-staging.ts';
import { resourceService } from '../src/platform/resource/resource-service.ts';
import { readXlsx, xlsx } from './excel.ts';
import { type Harness, testApp } from './harness.ts';
import { callerOf, importContext } from './import-job.ts';

/**
 * The import job's staging and publish (ADR 0037), on brands, through the service with a context
 * of the test's own — the points where a job meets its runner (progress, cancel, a run after a
 * death, `completeIn`) are where these tests act. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let caller: Caller;
let admin: Record<string, string>;
let brands: ReturnType<typeof resourceService<typeof brandResource>>;

const HEADERS = ['品牌名称*', '品牌标志', '品牌介绍', '排序', '状态*'];
const sheet = (rows: (string | number)[][]) => xlsx('品牌', HEADERS, rows);
/** `n` good rows named `${prefix}${i}`. */
const many = (prefix: string, n: number) =>
  sheet(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, '', '', i, '启用']));

const names = async (like: string) =>
  (
    await h.db
      .selectFrom('goods_brands')
      .select('name')
      .where('company_id', '=', companyId)
      .where('del_flag', '=', 0)
      .where('name', 'like', `${like}%`)
      .orderBy('name')
      .execute()
  ).map((r) => r.name);
const audits = async () =>
  Number(
    (
      await h.db
        .selectFrom('audit_logs')
        .select(h.db.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .where('entity', '=', 'goods_brands')
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The AppError a job failed with. */
const failure = (run: Promise<unknown>) =>
  run.then(
    () => {
      throw new Error('the job did not fail');
    },
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return error.message;
    },
  );

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('暂存单位');
  const u = await h.user(12, companyId);
  caller = callerOf(u.id, companyId, u.username);
  admin = await h.login(u.username);
  brands = resourceService(modulesDatabase(h.db), brandResource, brandStore);
  expect((await h.post('/api/goods/brand/add', { name: '已有品牌', status: 1 }, admin)).json().c).toBe(0);
});
afterAll(() => h.close());

const mixed = () =>
  sheet([
    ['甲品牌', '', '', 1, '启用'], // 2 ok
    ['', '', '没有名称', 2, '启用'], // 3 refused
    ['乙品牌', '', '', 'x', '启用'], // 4 refused
    ['已有品牌', '', '', 4, '启用'], // 5 refused: stored already
    ['丙品牌', '', '', 5, '停用'], // 6 ok
  ]);

describe('an import job: staged, then published', () => {
  it('previews from its staged rows: counts, the rows, the refused rows’ file; nothing written, nothing left staged', async () => {
    const job = await importContext(h, caller, 'preview', await mixed());
    let stagedWhileRunning = 0;
    job.ctx.progress = async (percent, message) => {
      job.record.progress.push([percent, message]);
      stagedWhileRunning = Math.max(stagedWhileRunning, await job.staged());
    };
    const result = await brands.importSheet(job.ctx);
    expect(result).toMatchObject({ total: 5, valid: 2, invalid: 3, created: 0 });
    expect(result.rows.map((r) => [r.row, Object.values(r.errors)])).toEqual([
      [2, []],
      [3, ['品牌名称不能为空']],
      [4, ['排序必须是整数']],
      [5, ['已有同名品牌：「已有品牌」']],
      [6, []],
    ]);
    expect(stagedWhileRunning).toBe(5);
    expect(job.record.progress.at(-1)?.[1]).toBe('已检查 5 行');
    const file = job.record.files.get('refused');
    expect(file?.label).toBe('品牌导入错误行.xlsx');
    const { rows } = await readXlsx(file?.body as Buffer);
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['原行号', '错误原因'],
      [3, '品牌名称不能为空'],
      [4, '排序必须是整数'],
      [5, '品牌名称：已有同名品牌：「已有品牌」'],
    ]);
    expect(job.record.completed).toBeUndefined();
    expect(await names('')).toEqual(['已有品牌']);
    expect(await job.staged()).toBe(0);
  });

  it('`all` with a refused row: fails with the count, keeps the refused rows’ file, writes nothing', async () => {
    const before = await audits();
    const job = await importContext(h, caller, 'all', await mixed());
    expect(await failure(brands.importSheet(job.ctx))).toBe(
      '有3行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行',
    );
    expect(job.record.files.has('refused')).toBe(true);
    expect(await names('')).toEqual(['已有品牌']);
    expect(await audits()).toBe(before);
    expect(await job.staged()).toBe(0);
  });

  it('`valid` publishes the valid rows in one transaction, done in it, with the time the publish took', async () => {
    const before = await audits();
    const job = await importContext(h, caller, 'valid', await mixed());
    const result = await brands.importSheet(job.ctx);
    expect(result).toMatchObject({ total: 5, valid: 2, invalid: 3, created: 2, rows: [] });
    expect(result.publish_ms).toBeGreaterThanOrEqual(0);
    expect(job.record.completed).toEqual(result);
    expect(job.record.files.has('refused')).toBe(true);
    expect(await names('')).toEqual(['丙品牌', '已有品牌', '甲品牌']);
    expect(await audits()).toBe(before + 2);
    expect(await job.staged()).toBe(0);
  });

  it('publishes 1,000 rows across batches; a preview of the same file finds them stored', async () => {
    const file = await many('千行', 1000);
    const job = await importContext(h, caller, 'all', file);
    expect(await brands.importSheet(job.ctx)).toMatchObject({ total: 1000, created: 1000 });
    expect(await names('千行')).toHaveLength(1000);
    const again = await importContext(h, caller, 'preview', file);
    expect(await brands.importSheet(again.ctx)).toMatchObject({ valid: 0, invalid: 1000 });
    expect(await again.staged()).toBe(0);
  });

  it('refuses the whole import when another request saved one of its names between staging and publish', async () => {
    const before = await audits();
    const job = await importContext(h, caller, 'all', await many('抢先', 450), {
      async onProgress(_percent, message) {
        // The sheet is read and staged; before the publish begins, another user saves row 302's name.
        if (message.startsWith('正在导入')) {
          expect(await job.staged()).toBe(450);
          const made = await h.post('/api/goods/brand/add', { name: '抢先300', status: 1 }, admin);
          expect(made.json().c).toBe(0);
        }
      },
    });
    const message = await failure(brands.importSheet(job.ctx));
    expect(message).toBe(
      `${Codes.BRAND_NAME_TAKEN.m}：「抢先300」（第302行），没有导入任何一行：请修正后重新导入`,
    );
    expect(job.record.completed).toBeUndefined();
    expect(await names('抢先')).toEqual(['抢先300']);
    expect(await audits()).toBe(before + 1);
    expect(await job.staged()).toBe(0);
  });

  it('refuses the whole import as the duplicate when the unique index refuses a race the check missed', async () => {
    const racing = resourceService(modulesDatabase(h.db), brandResource, {
      ...brandStore,
      rules: {
        ...brandStore.rules,
        // Another request's row of the batch's first name, come after the batch's check and before
        // its insert (on PostgreSQL a transaction committed meanwhile).
        async beforeInsert(trx, values, c) {
          const now = new Date().toISOString();
          await inCompany(trx, c.companyId)
            .insertInto('goods_brands', { name: String(values[0]?.name), created_at: now, updated_at: now })
            .execute();
          return values;
        },
      },
    });
    const before = await audits();
    const job = await importContext(h, caller, 'all', await many('竞态', 3));
    expect(await failure(racing.importSheet(job.ctx))).toBe(Codes.BRAND_NAME_TAKEN.m);
    expect(await names('竞态')).toEqual([]);
    expect(await audits()).toBe(before);
    expect(await job.staged()).toBe(0);
  });

  it('stops when cancelled while staging: nothing written, its staged rows gone', async () => {
    const job = await importContext(h, caller, 'valid', await many('取消', 1000), {
      async onCheck(calls) {
        if (calls === 2) {
          // Two batches are staged when the user cancels.
          expect(await job.staged()).toBe(400);
          throw new JobCancelled();
        }
      },
    });
    await expect(brands.importSheet(job.ctx)).rejects.toBeInstanceOf(JobCancelled);
    expect(await names('取消')).toEqual([]);
    expect(await job.staged()).toBe(0);
  });

  it('a run after its process died mid-staging starts clean: no duplicates, nothing left staged', async () => {
    const file = await many('重跑', 700);
    let died: () => void = () => {};
    const dying = new Promise<void>((resolve) => {
      died = resolve;
    });
    const first = await importContext(h, caller, 'all', file, {
      async onCheck(calls) {
        if (calls === 2) {
          died();
          // The process is gone: this attempt never goes on.
          await new Promise(() => {});
        }
      },
    });
    void brands.importSheet(first.ctx);
    await dying;
    expect(await first.staged()).toBe(400);
    const second = await importContext(h, caller, 'all', file, { id: first.id, attempt: 2 });
    expect(await brands.importSheet(second.ctx)).toMatchObject({ total: 700, created: 700 });
    expect(await names('重跑')).toHaveLength(700);
    expect(await second.staged()).toBe(0);
  });

  it('sweeps the staged rows of jobs that ended without deleting them, and leaves a running job’s', async () => {
    const stage = async (state: 'running' | 'failed' | 'done') => {
      const job = await importContext(h, caller, 'all', await many('清扫', 1));
      await h.db.updateTable('jobs').set({ state }).where('id', '=', job.id).execute();
      await importStaging(modulesDatabase(h.db), companyId, job.id).add(
        [{ rowNumber: 2, values: { name: '清扫' } }],
        [{ rowNumber: 3, values: { name: '' }, errors: { 品牌名称: '品牌名称不能为空' } }],
      );
      expect(await job.staged()).toBe(2);
      return job;
    };
    // The runner gave up after three attempts; the process died after the publish's commit.
    const [gaveUp, published, running] = [await stage('failed'), await stage('done'), await stage('running')];
    await sweepEndedImports(modulesDatabase(h.db));
    expect([await gaveUp.staged(), await published.staged(), await running.staged()]).toEqual([0, 0, 2]);
  });

  it('rolls the publish back when the job is no longer its runner’s at the end (cancelled meanwhile)', async () => {
    const before = await audits();
    const job = await importContext(h, caller, 'all', await many('晚取消', 300), {
      onComplete() {
        throw new JobCancelled();
      },
    });
    await expect(brands.importSheet(job.ctx)).rejects.toBeInstanceOf(JobCancelled);
    expect(await names('晚取消')).toEqual([]);
    expect(await audits()).toBe(before);
    expect(await job.staged()).toBe(0);
  });
});
