import type { Job } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toBuffer } from '../src/platform/excel/index.ts';
import { goodsSheet } from './goods-sheet.ts';
import { dialectUnderTest } from './harness.ts';
import { goodsCount, type ImportDatabase, importDatabase, onDatabase, signIn } from './import-server.ts';
import type { PortalClient } from './load-clients.ts';
import { type RealServer, startRealServer } from './real-server.ts';

/**
 * Issue 33, "What must be shown": a server process killed in the middle of an import job and
 * started again — the way `npm start` runs it, on a SQLite file in its data folder or on
 * PostgreSQL — resumes the job and finishes it, or marks it failed with its reason; either way
 * nothing is half-imported (the company holds none of the sheet's goods or all of them) and no
 * staged row is left. And with two processes on one database a job runs once.
 *
 * The kill waits on the job's progress as /job/get shows it (the sheet being read and staged),
 * not on time. A killed process's job is taken over when its lease lapses (ADR 0037; on BullMQ,
 * when its stalled check finds the lock lapsed), so the new process's answer takes that long.
 */
const ROWS = Number(process.env.IMPORT_RESTART_ROWS ?? 5_000);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let data: ImportDatabase;
const servers: RealServer[] = [];
let killedSheet: Buffer;
let onceSheet: Buffer;

/**
 * A real server process on the test's database, its claims on jobs leased for 5 s (the shortest
 * JOBS_LEASE_SECONDS; 30 s by default): a killed process's job is taken over that much sooner.
 */
async function serve() {
  const server = await startRealServer(
    { ...data.database.env, JOBS_LEASE_SECONDS: '5' },
    { dataDir: data.database.dataDir },
  );
  servers.push(server);
  return server;
}

/** Starts an import of `content` in `mode` as `admin`: the job the call answers. */
async function startImport(admin: PortalClient, mode: string, content: Buffer) {
  const r = await admin.upload(
    '/goods/excel_data_save',
    { mode },
    { name: '商品.xlsx', content, type: XLSX_TYPE },
  );
  expect(r.c, JSON.stringify(r)).toBe(0);
  return r.d as Job;
}

/** Asks /job/get until `until` holds of the job (a finished job always ends the wait): the job then. */
async function watch(client: PortalClient, id: number, until: (job: Job) => boolean) {
  for (;;) {
    const r = await client.get('/job/get', { id });
    expect(r.c, JSON.stringify(r)).toBe(0);
    const job = r.d as Job;
    if (until(job) || ['done', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The job's row: its attempts and state. */
const jobRow = (id: number) =>
  onDatabase(data.database, (db) =>
    db.selectFrom('jobs').select(['attempt', 'state']).where('id', '=', id).executeTakeFirstOrThrow(),
  );

/** How many staged rows the job left. */
const stagedRows = (id: number) =>
  onDatabase(data.database, async (db) =>
    Number(
      (
        await db
          .selectFrom('import_rows')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('job_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

/**
 * Whether the job's staged rows are gone, asked until they are (for at most a minute): the handler
 * deletes them as it ends, just after the publish's commit marked the job done.
 */
async function stagedRowsGone(id: number) {
  const deadline = Date.now() + 60_000;
  while ((await stagedRows(id)) > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** How many goods of the sheet with codes `codes` were audited as created. */
const auditedCreates = (codes: string) =>
  onDatabase(data.database, async (db) =>
    Number(
      (
        await db
          .selectFrom('audit_logs as a')
          .innerJoin('goods as g', 'g.id', 'a.entity_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('a.entity', '=', 'goods')
          .where('a.action', '=', 'create')
          .where('g.company_id', '=', data.company.companyId)
          .where('g.code', 'like', `${codes}%`)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

beforeAll(async () => {
  data = await importDatabase(0);
  [killedSheet, onceSheet] = await Promise.all([
    toBuffer(goodsSheet(ROWS, 'none', 'GK')),
    toBuffer(goodsSheet(ROWS, 'none', 'GL')),
  ]);
}, 120_000);

// Each test's processes end with it: the next one counts its own.
afterEach(() => {
  for (const s of servers.splice(0)) s.stop();
});
afterAll(() => data?.database.drop());

describe(`an import job when its server process is killed (${dialectUnderTest})`, () => {
  it('resumes or fails with its reason after a restart, and nothing is half-imported', async () => {
    const first = await serve();
    const { admin } = await signIn(first.base, data);
    const job = await startImport(admin, 'all', killedSheet);
    // Killed while the sheet is being read and staged: some progress, not finished.
    const seen = await watch(admin, job.id, (j) => j.state === 'running' && j.progress > 0);
    expect(seen.state, 'the job was still running when the process was killed').toBe('running');
    await first.kill();
    expect(await goodsCount(data, 'GK')).toMatchObject({ imported: 0 });

    // A new process on the same database.
    const second = await serve();
    const again = (await signIn(second.base, data)).admin;
    const end = await watch(again, job.id, () => false);
    const { imported } = await goodsCount(data, 'GK');
    if (end.state === 'done') {
      expect(end.result).toMatchObject({ total: ROWS, valid: ROWS, created: ROWS });
      expect(imported).toBe(ROWS);
      expect(await auditedCreates('GK')).toBe(ROWS);
      expect((await jobRow(job.id)).attempt).toBeGreaterThan(1);
    } else {
      expect(end.state).toBe('failed');
      expect(end.error).toMatch(/[\u4e00-\u9fff]/);
      expect(imported).toBe(0);
    }
    expect(await stagedRowsGone(job.id)).toBe(true);
    console.log(
      `import killed at ${seen.progress}% (${seen.message}) and restarted (${dialectUnderTest}): ` +
        `${end.state}${end.error ? ` — ${end.error}` : ''}; ${imported} of ${ROWS} goods`,
    );
  }, 300_000);

  it('runs a job once with two server processes on one database', async () => {
    const [one, two] = [await serve(), await serve()];
    const viaOne = (await signIn(one.base, data)).admin;
    const viaTwo = (await signIn(two.base, data)).admin;
    const job = await startImport(viaTwo, 'all', onceSheet);
    // Both processes look for jobs; either may run it, one does.
    const end = await watch(viaOne, job.id, () => false);
    expect(end.state, end.error).toBe('done');
    expect(end.result).toMatchObject({ created: ROWS });
    expect(await jobRow(job.id)).toEqual({ attempt: 1, state: 'done' });
    expect(await goodsCount(data, 'GL')).toMatchObject({ imported: ROWS });
    expect(await auditedCreates('GL')).toBe(ROWS);
    expect(await stagedRowsGone(job.id)).toBe(true);
  }, 300_000);
});
