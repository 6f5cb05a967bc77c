import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Codes, type Job } from '@portal/contract';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../src/platform/auth/session-user.ts';
import { AppError } from '../src/platform/core/errors.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { inCompany } from '../src/platform/db/scope.ts';
import { fileStoreOf } from '../src/platform/files/file-store.ts';
import type { BullmqStore } from '../src/platform/jobs/bullmq.ts';
import { GAVE_UP } from '../src/platform/jobs/job-core.ts';
import { JOB_FILES_KEEP_MS, JOB_ROWS_KEEP_MS, openJobQueue } from '../src/platform/jobs/job-queue.ts';
import { JOB_MAX_ATTEMPTS, type JobEngineName, type JobQueue } from '../src/platform/jobs/types.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';

/**
 * Long work as jobs (issue 33, ADR 0037 part 2): one suite, run on each engine — the in-process
 * runner over the `jobs` table, BullMQ on Redis (when Redis answers at 127.0.0.1:6379; CI has it)
 * and BullMQ on PostgreSQL (in the PostgreSQL run) — through the calls a browser makes where it is
 * an API, and with several queues on one database (as several processes) where it is the runner.
 * The embedded runner's clock is the test's (a lease lapses when the test moves it); BullMQ's
 * stalled check runs on real time, with a one-second lease.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 6379, timeout: 500 }, () => {
    s.end();
    resolve(true);
  });
  s.on('error', () => resolve(false));
  s.on('timeout', () => {
    s.destroy();
    resolve(false);
  });
});

const ENGINES: { engine: JobEngineName; skip: string | undefined }[] = [
  { engine: 'embedded', skip: undefined },
  { engine: 'bullmq-redis', skip: redisAnswers ? undefined : 'Redis does not answer at 127.0.0.1:6379' },
  {
    engine: 'bullmq-postgres',
    skip:
      dialectUnderTest === 'pg' ? undefined : 'BullMQ on PostgreSQL runs in the PostgreSQL run (TEST_PG_URL)',
  },
];

const ROLE = 12;
const unique = () => randomBytes(4).toString('hex');
const quiet = { warn: () => {}, error: () => {} };

/** A promise the test opens. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });

/** Waits for a condition (no fixed sleep): `probe` until `expectation` holds. */
const until = <T>(probe: () => Promise<T>, expectation: (value: T) => void, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      const value = await probe();
      expectation(value);
      return value;
    },
    { timeout, interval: 20 },
  );

for (const { engine, skip } of ENGINES) {
  describe.skipIf(skip !== undefined)(`jobs on ${engine}${skip ? ` — skipped: ${skip}` : ''}`, () => {
    let h: Harness;
    let companyId: number;
    let owner: { caller: Caller; headers: Record<string, string> };
    let prefix: string;
    /** Each BullMQ queue of the runner tests apart from the app's and from the other tests'. */
    let clusters = 0;
    const runners: JobQueue[] = [];
    /** The embedded runners' clock. */
    const clock = { now: Date.now() };
    const LEASE_MS = engine === 'embedded' ? 30_000 : 1000;

    /** Jobs the app's handlers ran, by id (the attempts). */
    const ran = new Map<number, number>();
    let hold = gate();

    const callerOf = (u: { id: number; username: string }, company: number): Caller => ({
      userId: u.id,
      companyId: company,
      role: ROLE,
      username: u.username,
      sessionId: '',
      ip: '127.0.0.1',
    });
    async function someone(company: number) {
      const u = await h.as(ROLE, company);
      return { caller: callerOf(u.user, company), headers: u.headers };
    }
    const get = async (id: number, headers = owner.headers) =>
      (await h.app.inject({ method: 'GET', url: `/api/job/get?id=${id}`, headers })).json();
    const job = async (id: number) => {
      const r = await get(id);
      if (r.c !== 0) throw new Error(JSON.stringify(r));
      return r.d as Job;
    };
    const ended = (id: number) =>
      until(
        () => job(id),
        (j) => expect(['done', 'failed', 'cancelled']).toContain(j.state),
      );

    beforeAll(async () => {
      prefix = `jobs-${unique()}`;
      h = await testApp(
        engine === 'embedded'
          ? {}
          : engine === 'bullmq-redis'
            ? { JOBS_ENGINE: 'bullmq', REDIS_URL, JOBS_PREFIX: prefix }
            : { JOBS_ENGINE: 'bullmq' },
      );
      companyId = await h.company();
      owner = await someone(companyId);
      const jobs = h.app.jobs;
      const count = (id: number) => ran.set(id, (ran.get(id) ?? 0) + 1);
      jobs.define({
        kind: 'test:echo',
        async run(ctx) {
          count(ctx.id);
          return {
            echo: ctx.data,
            attempt: ctx.attempt,
            user: ctx.caller.userId,
            company: ctx.caller.companyId,
          };
        },
      });
      jobs.define({
        kind: 'test:steps',
        async run(ctx) {
          count(ctx.id);
          await ctx.progress(40, '已处理 4 / 10 行');
          await hold.opened;
          await ctx.progress(90, '已处理 9 / 10 行');
          return { rows: 10 };
        },
      });
      jobs.define({
        kind: 'test:until-cancelled',
        async run(ctx) {
          count(ctx.id);
          await aborted(ctx.signal);
          await ctx.checkCancelled();
          return { ignored: true };
        },
      });
      jobs.define({
        kind: 'test:file',
        async run(ctx) {
          count(ctx.id);
          const input = await ctx.inputFile();
          const given = input ? await fs.promises.readFile(input, 'utf8') : '';
          await ctx.putFile('export', '测试导出.csv', Readable.from([`编码,名称\n${given}`]));
          return { given };
        },
      });
      jobs.define({
        kind: 'test:refused',
        async run(ctx) {
          count(ctx.id);
          throw new AppError('PARAM_ERROR', '第 3 行：商品编码不能为空');
        },
      });
      jobs.define({
        kind: 'test:broken',
        async run(ctx) {
          count(ctx.id);
          throw new Error('a bug, not a refusal');
        },
      });
      jobs.define({
        kind: 'test:commit',
        async run(ctx) {
          count(ctx.id);
          await hold.opened;
          const db = modulesDatabase(h.db);
          await db.transaction().execute(async (trx) => {
            await inCompany(trx, ctx.caller.companyId)
              .insertInto('audit_logs', {
                user_id: ctx.caller.userId,
                action: `job-test-${ctx.id}`,
                entity: 'jobs',
                entity_id: ctx.id,
                before_json: null,
                after_json: null,
                ip: '',
                created_at: new Date().toISOString(),
              })
              .execute();
            await ctx.completeIn(trx, { written: 1 });
          });
          return undefined;
        },
      });
    });
    afterEach(async () => {
      hold.open();
      hold = gate();
      await Promise.all(runners.splice(0).map((r) => r.stop()));
    });
    afterAll(async () => {
      await h?.close();
      if (engine !== 'bullmq-redis') return;
      // BullMQ's keys of this file's queues (the app's and the runner tests'): Redis outlives the run.
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });

    const add = (kind: string, data: unknown = {}, extra: { inputFile?: string } = {}) =>
      h.app.jobs.add(owner.caller, { kind, title: `测试 ${kind}`, data, ...extra });

    it('runs on the engine the configuration names', () => {
      expect(h.app.jobs.engine).toBe(engine);
    });

    it('runs a job added and answers it done with its result, as its user in their company', async () => {
      const started = await add('test:echo', { n: 7 });
      expect(started).toMatchObject({ state: 'queued', progress: 0, kind: 'test:echo', result: null });
      const done = await ended(started.id);
      expect(done).toMatchObject({ state: 'done', progress: 100, error: '', files: [] });
      expect(done.result).toEqual({
        echo: { n: 7 },
        attempt: 1,
        user: owner.caller.userId,
        company: companyId,
      });
      expect(done.finish_time).not.toBe('');
      expect(ran.get(started.id)).toBe(1);

      const list = await h.json('/job/list', {}, owner.headers);
      expect(list.d.list.map((j: Job) => j.id)).toContain(started.id);
      const active = await h.json('/job/list', { active: 1 }, owner.headers);
      expect(active.d.list.map((j: Job) => j.id)).not.toContain(started.id);
      const other = await h.json('/job/list', { kind: 'test:steps' }, owner.headers);
      expect(other.d.list.map((j: Job) => j.id)).not.toContain(started.id);
    });

    it('shows the progress through /job/get while the job runs', async () => {
      const started = await add('test:steps');
      const running = await until(
        () => job(started.id),
        (j) => expect(j).toMatchObject({ state: 'running', progress: 40, message: '已处理 4 / 10 行' }),
      );
      expect(running.result).toBeNull();
      const active = await h.json('/job/list', { active: 1 }, owner.headers);
      expect(active.d.list.map((j: Job) => j.id)).toContain(started.id);
      hold.open();
      const done = await ended(started.id);
      // The last progress was written before the end (the handler's words stay), then done is 100.
      expect(done).toMatchObject({
        state: 'done',
        progress: 100,
        message: '已处理 9 / 10 行',
        result: { rows: 10 },
      });
    });

    it('cancels a queued job at once: it never runs', async () => {
      const blocker = await add('test:steps');
      await until(
        () => job(blocker.id),
        (j) => expect(j.state).toBe('running'),
      );
      const waiting = await add('test:echo', { n: 1 });
      const r = await h.json('/job/cancel', { id: waiting.id }, owner.headers);
      expect(r.c).toBe(0);
      expect(r.d).toMatchObject({ id: waiting.id, state: 'cancelled' });
      hold.open();
      await ended(blocker.id);
      // The runner is free again and takes what is queued after it: the cancelled job is not among it.
      const after = await add('test:echo', { n: 2 });
      await ended(after.id);
      expect((await job(waiting.id)).state).toBe('cancelled');
      expect(ran.has(waiting.id)).toBe(false);
    });

    it('cancels a running job: its handler is told, and it ends cancelled', async () => {
      const started = await add('test:until-cancelled');
      await until(
        () => job(started.id),
        (j) => expect(j.state).toBe('running'),
      );
      const r = await h.json('/job/cancel', { id: started.id }, owner.headers);
      expect(r.c).toBe(0);
      const cancelled = await ended(started.id);
      expect(cancelled).toMatchObject({ state: 'cancelled', result: null });
      // A finished job cannot be cancelled again.
      const again = await h.json('/job/cancel', { id: started.id }, owner.headers);
      expect(again).toEqual({ c: Codes.JOB_FINISHED.c, m: '任务已结束，无法取消' });
    });

    it('keeps the upload a job started with and downloads the file it made under its label', async () => {
      const upload = path.join(os.tmpdir(), `job-input-${unique()}`);
      await fs.promises.writeFile(upload, 'G001,绿茶\n');
      const started = await add('test:file', {}, { inputFile: upload });
      const done = await ended(started.id);
      expect(done.state).toBe('done');
      expect(done.result).toEqual({ given: 'G001,绿茶\n' });
      expect(done.files).toEqual([{ name: 'export', label: '测试导出.csv' }]);
      const file = await h.app.inject({
        method: 'GET',
        url: `/api/job/file?id=${started.id}&name=export`,
        headers: owner.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('测试导出.csv')}`,
      );
      expect(file.headers['content-type']).toMatch(/^text\/csv/);
      expect(file.body).toBe('编码,名称\nG001,绿茶\n');
      const none = await h.app.inject({
        method: 'GET',
        url: `/api/job/file?id=${started.id}&name=refused`,
        headers: owner.headers,
      });
      expect(none.json()).toEqual({ c: Codes.NOT_FOUND.c, m: '文件不存在或已过期' });
    });

    it('refuses another user of the company, a user of another company and an anonymous visitor', async () => {
      const started = await add('test:file');
      await ended(started.id);
      const colleague = await someone(companyId);
      const stranger = await someone(await h.company('别家单位'));
      const gone = { c: Codes.NOT_FOUND.c, m: '任务不存在' };
      for (const who of [colleague, stranger]) {
        expect(await get(started.id, who.headers)).toEqual(gone);
        expect(await h.json('/job/cancel', { id: started.id }, who.headers)).toEqual(gone);
        const file = await h.app.inject({
          method: 'GET',
          url: `/api/job/file?id=${started.id}&name=export`,
          headers: who.headers,
        });
        expect(file.json()).toEqual(gone);
        const list = await h.json('/job/list', {}, who.headers);
        expect(list.d.list.map((j: Job) => j.id)).not.toContain(started.id);
      }
      expect((await get(started.id, {})).c).toBe(Codes.NOT_LOGGED_IN.c);
      const anonymousFile = await h.app.inject({
        method: 'GET',
        url: `/api/job/file?id=${started.id}&name=export`,
      });
      expect(anonymousFile.json().c).toBe(Codes.NOT_LOGGED_IN.c);
      expect((await get(0)).c).toBe(Codes.PARAM_ERROR.c);
    });

    it('ends a refusing handler failed with its reason, and a broken one with a general reason', async () => {
      const refused = await ended((await add('test:refused')).id);
      expect(refused).toMatchObject({ state: 'failed', error: '第 3 行：商品编码不能为空', result: null });
      const broken = await ended((await add('test:broken')).id);
      expect(broken.state).toBe('failed');
      expect(broken.error).toMatch(/^任务执行出错/);
      expect(broken.error).not.toContain('a bug');
    });

    it('rolls the work back when completeIn finds the job cancelled', async () => {
      const started = await add('test:commit');
      await until(
        () => job(started.id),
        (j) => expect(j.state).toBe('running'),
      );
      expect((await h.json('/job/cancel', { id: started.id }, owner.headers)).c).toBe(0);
      hold.open();
      expect(await ended(started.id)).toMatchObject({ state: 'cancelled', result: null });
      const written = await h.db
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', `job-test-${started.id}`)
        .execute();
      expect(written).toEqual([]);

      // Not cancelled: the same work commits, and the job is done by it.
      const kept = await add('test:commit');
      expect(await ended(kept.id)).toMatchObject({ state: 'done', result: { written: 1 } });
      const rows = await h.db
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', `job-test-${kept.id}`)
        .execute();
      expect(rows).toHaveLength(1);
    });

    describe('several runners on one database (several processes)', () => {
      /** A queue as another process would have it, on the same database (and the same BullMQ queue). */
      async function runner(name: string, store: BullmqStore | undefined) {
        const q = await openJobQueue({
          db: modulesDatabase(h.db),
          store: fileStoreOf(h.config),
          log: quiet,
          settings: h.config,
          engine,
          owner: `${name}-${unique()}`,
          leaseMs: LEASE_MS,
          ...(engine === 'embedded' ? { now: () => clock.now, pollMs: 10 } : {}),
          ...(store && { bullmq: store }),
        });
        runners.push(q);
        return q;
      }
      /** A BullMQ queue of its own for one test (the app's worker must not see these jobs). */
      const cluster = (): BullmqStore | undefined => {
        clusters += 1;
        if (engine === 'bullmq-redis')
          return { kind: 'redis', url: REDIS_URL, prefix: `${prefix}-${clusters}` };
        if (engine === 'bullmq-postgres')
          return { kind: 'postgres', url: h.config.databaseUrl ?? '', schema: `bullmq_t${clusters}` };
        return undefined;
      };
      /** Starts a runner that takes over lapsed jobs: on the embedded engine after moving the clock past the lease. */
      async function takeOver(q: JobQueue) {
        if (engine === 'embedded') clock.now += LEASE_MS + 1000;
        await q.start();
      }
      const rowOf = (id: number) =>
        h.db
          .selectFrom('jobs')
          .select(['state', 'attempt', 'error', 'result'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();

      it('resumes a job whose runner died (attempt 2), and fails it with the reason after three attempts', async () => {
        const store = cluster();
        const seen: { runner: string; attempt: number }[] = [];
        const dying = (name: string) => ({
          kind: 'test:lease',
          async run(ctx: { attempt: number; signal: AbortSignal }) {
            seen.push({ runner: name, attempt: ctx.attempt });
            // A process that dies finishes nothing: this one waits until it is stopped.
            await aborted(ctx.signal);
            throw new Error('stopped');
          },
        });
        const r1 = await runner('r1', store);
        r1.define(dying('r1'));
        const started = await r1.add(owner.caller, { kind: 'test:lease', title: '租约', data: {} });
        await r1.start();
        await until(
          async () => seen.length,
          (n) => expect(n).toBe(1),
        );
        await r1.stop();

        // Runner 2 resumes it: attempt 2, and it finishes this time.
        const r2 = await runner('r2', store);
        r2.define({
          kind: 'test:lease',
          async run(ctx) {
            seen.push({ runner: 'r2', attempt: ctx.attempt });
            return { resumed: ctx.attempt };
          },
        });
        await takeOver(r2);
        await until(
          () => rowOf(started.id),
          (row) => expect(row.state).toBe('done'),
        );
        expect(seen).toEqual([
          { runner: 'r1', attempt: 1 },
          { runner: 'r2', attempt: 2 },
        ]);
        expect(JSON.parse((await rowOf(started.id)).result ?? '{}')).toEqual({ resumed: 2 });
        await r2.stop();

        // A job whose every runner dies: three attempts, then failed with the reason.
        seen.length = 0;
        const q1 = await runner('q1', store);
        q1.define(dying('q1'));
        const doomed = await q1.add(owner.caller, { kind: 'test:lease', title: '租约', data: {} });
        await q1.start();
        for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
          await until(
            async () => seen.length,
            (n) => expect(n).toBe(attempt),
          );
          await runners.at(-1)?.stop();
          if (attempt === JOB_MAX_ATTEMPTS) break;
          const next = await runner(`q${attempt + 1}`, store);
          next.define(dying(`q${attempt + 1}`));
          await takeOver(next);
        }
        const last = await runner('last', store);
        last.define(dying('last'));
        await takeOver(last);
        const failed = await until(
          () => rowOf(doomed.id),
          (row) => expect(row.state).toBe('failed'),
        );
        expect(failed).toMatchObject({ attempt: JOB_MAX_ATTEMPTS + 1, error: GAVE_UP });
        expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
        expect((await job(doomed.id)).error).toBe(
          '处理任务的服务进程已停止，已尝试 3 次仍未完成，请重新提交',
        );
      });

      it('cancels at once a running job whose runner is gone', async () => {
        const store = cluster();
        const r1 = await runner('r1', store);
        let started = false;
        r1.define({
          kind: 'test:gone',
          async run(ctx) {
            started = true;
            await aborted(ctx.signal);
            throw new Error('stopped');
          },
        });
        const gone = await r1.add(owner.caller, { kind: 'test:gone', title: '无人处理', data: {} });
        await r1.start();
        await until(
          async () => started,
          (s) => expect(s).toBe(true),
        );
        await r1.stop();
        if (engine === 'embedded') clock.now += LEASE_MS + 1000;
        else
          await until(
            () =>
              h.db
                .selectFrom('jobs')
                .select('lease_until')
                .where('id', '=', gone.id)
                .executeTakeFirstOrThrow(),
            (row) => expect(Date.parse(row.lease_until ?? '')).toBeLessThan(Date.now()),
          );
        // Another process answers the user's cancel: no runner will come to mark it.
        const r2 = await runner('r2', store);
        expect(await r2.cancel(owner.caller, gone.id)).toMatchObject({ state: 'cancelled' });
      });

      it('runs each of 20 jobs exactly once with two runners', async () => {
        const store = cluster();
        const runs = new Map<number, string[]>();
        const r1 = await runner('r1', store);
        const r2 = await runner('r2', store);
        for (const [name, q] of [
          ['r1', r1],
          ['r2', r2],
        ] as const) {
          q.define({
            kind: 'test:count',
            async run(ctx) {
              runs.set(ctx.id, [...(runs.get(ctx.id) ?? []), name]);
              // Let the other runner have a turn while this one holds its job.
              await new Promise((resolve) => setImmediate(resolve));
              return {};
            },
          });
        }
        const ids: number[] = [];
        for (let i = 0; i < 20; i++)
          ids.push(
            (await (i % 2 ? r2 : r1).add(owner.caller, { kind: 'test:count', title: '计数', data: { i } }))
              .id,
          );
        // Both start at once and find the same 20 jobs waiting.
        await Promise.all([r1.start(), r2.start()]);
        await until(
          () => h.db.selectFrom('jobs').select('state').where('id', 'in', ids).execute(),
          (rows) => expect(rows.filter((r) => r.state === 'done')).toHaveLength(20),
        );
        expect(ids.map((id) => runs.get(id)?.length)).toEqual(ids.map(() => 1));
      });

      it('runs a repeat once per period with two runners', async () => {
        const store = cluster();
        const EVERY = engine === 'embedded' ? 60_000 : 400;
        const dues: string[] = [];
        const r1 = await runner('r1', store);
        const r2 = await runner('r2', store);
        const name = `测试重复-${unique()}`;
        for (const q of [r1, r2]) q.repeat(name, EVERY, async (due) => void dues.push(due.toISOString()));
        await Promise.all([r1.start(), r2.start()]);
        if (engine === 'embedded') {
          const embedded = (q: JobQueue) => q as JobQueue & { poll(): Promise<void> };
          for (let period = 1; period <= 3; period++) {
            // Both processes look, again and again, within the period and after it.
            await Promise.all([embedded(r1).poll(), embedded(r2).poll(), embedded(r1).poll()]);
            clock.now += EVERY;
            await Promise.all([embedded(r2).poll(), embedded(r1).poll(), embedded(r2).poll()]);
          }
          expect(dues).toHaveLength(4);
        } else {
          await until(
            async () => dues.length,
            (n) => expect(n).toBeGreaterThanOrEqual(4),
          );
        }
        // Once per period: the periods that ran are a period apart (a second run of one, or a second
        // scheduler's runs between them, would be closer).
        const times = dues.map((d) => Date.parse(d)).sort((a, b) => a - b);
        expect(times.slice(1).map((t, i) => t - (times[i] as number) >= EVERY)).toEqual(
          times.slice(1).map(() => true),
        );
      });

      // The sweep is the shared core's; the embedded runner's clock moves a week in an instant.
      it.skipIf(engine !== 'embedded')('removes the files of a job a week old', async () => {
        const q = await runner('sweeper', undefined);
        q.define({
          kind: 'test:made',
          async run(ctx) {
            await ctx.putFile('export', '旧文件.csv', Readable.from(['旧']));
            return {};
          },
        });
        const upload = path.join(os.tmpdir(), `job-input-${unique()}`);
        await fs.promises.writeFile(upload, 'old');
        const started = await q.add(owner.caller, {
          kind: 'test:made',
          title: '旧',
          data: {},
          inputFile: upload,
        });
        await q.start();
        await until(
          () => rowOf(started.id),
          (row) => expect(row.state).toBe('done'),
        );
        const url = `/api/job/file?id=${started.id}&name=export`;
        expect((await h.app.inject({ method: 'GET', url, headers: owner.headers })).body).toBe('旧');
        clock.now += JOB_FILES_KEEP_MS + 3600_000;
        // The runner's own timer polls too (every 10 ms here): the sweep may be running in its round,
        // which this round does not wait for. What the user sees is waited on instead.
        await (q as JobQueue & { poll(): Promise<void> }).poll();
        await until(
          async () => (await h.app.inject({ method: 'GET', url, headers: owner.headers })).json(),
          (body) => expect(body).toEqual({ c: Codes.NOT_FOUND.c, m: '文件不存在或已过期' }),
        );
        const row = await h.db
          .selectFrom('jobs')
          .select(['input_key', 'files'])
          .where('id', '=', started.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ input_key: null, files: '[]' });
      });

      it.skipIf(engine !== 'embedded')(
        'deletes the rows of jobs finished three months ago, not newer ones',
        async () => {
          // The sweep's schedule as a new deployment starts it (this file's other engines kept it on
          // their own clocks): due at once, then a day later on this runner's clock.
          await h.db.deleteFrom('job_repeats').where('name', '=', '清理三个月前的任务记录').execute();
          const q = await runner('row-sweeper', undefined);
          q.define({ kind: 'test:old', run: async () => ({}) });
          const old = await q.add(owner.caller, { kind: 'test:old', title: '三个月前', data: {} });
          await q.start();
          await until(
            () => rowOf(old.id),
            (row) => expect(row.state).toBe('done'),
          );
          clock.now += JOB_ROWS_KEEP_MS - 86_400_000;
          const recent = await q.add(owner.caller, { kind: 'test:old', title: '昨天', data: {} });
          await until(
            () => rowOf(recent.id),
            (row) => expect(row.state).toBe('done'),
          );
          clock.now += 2 * 86_400_000;
          // As above: the timer's round may be the one running the sweep.
          await (q as JobQueue & { poll(): Promise<void> }).poll();
          await until(
            () => h.db.selectFrom('jobs').select('id').where('id', 'in', [old.id, recent.id]).execute(),
            (left) => expect(left.map((r) => r.id)).toEqual([recent.id]),
          );
          const get = await h.app.inject({
            method: 'GET',
            url: `/api/job/get?id=${old.id}`,
            headers: owner.headers,
          });
          expect(get.json()).toMatchObject({ c: Codes.NOT_FOUND.c });
        },
      );
    });
  });
}
