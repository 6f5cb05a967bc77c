import type {
  BackendFactory,
  Job as BullJob,
  ConnectionOptions,
  IQueueBackend,
  Processor,
  Queue,
  Worker,
} from 'bullmq';
import { AppError } from '../core/errors.ts';
import type { Database } from '../db/database.ts';
import { ABORT, type JobCore, type JobLog, jobOf } from './job-core.ts';
import { jobsRepository, repeatsRepository } from './jobs.repository.ts';
import { JOB_MAX_ATTEMPTS, type JobQueue } from './types.ts';

/** Where BullMQ keeps its queue: Redis (`REDIS_URL`) or the portal's PostgreSQL database. */
export type BullmqStore =
  | { kind: 'redis'; url: string /** Key prefix (several portals on one Redis). */; prefix: string }
  | { kind: 'postgres'; url: string /** The schema of BullMQ's tables in that database. */; schema: string };

export interface BullmqOptions {
  /** Jobs this process runs at once (default 1). */
  concurrency?: number;
}

/** The queue's name; a job's BullMQ id is `j<row id>` (BullMQ refuses an integer id). */
const QUEUE = 'jobs';
const REPEAT = 'repeat';
const bullId = (id: number) => `j${id}`;

/** Redis connection options from `redis[s]://[user:password@]host[:port][/db]`. */
function redisOptions(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    ...(u.username && { username: decodeURIComponent(u.username) }),
    ...(u.password && { password: decodeURIComponent(u.password) }),
    ...(u.pathname.length > 1 && { db: Number(u.pathname.slice(1)) }),
    ...(u.protocol === 'rediss:' && { tls: {} }),
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The BullMQ engine (ADR 0037), on Redis or on PostgreSQL (BullMQ 6's PostgreSQL backend, the same
 * `Queue`/`Worker` API). The `jobs` row stays the truth — state, progress, result, files, the cancel
 * flag, the lease that `completeIn` checks; BullMQ decides which process runs a job and when: `add`
 * inserts the row, then queues its id; the worker that BullMQ hands it to claims the row (the same
 * conditional update as the embedded runner's) and runs it by the shared path. A worker that died
 * stops renewing BullMQ's lock: BullMQ's stalled check hands the job to another worker, which
 * claims the row once its lease lapsed (attempt + 1; after `JOB_MAX_ATTEMPTS`, failed with the
 * reason). The repeats are BullMQ job schedulers, each period claimed in `job_repeats` (one run a
 * period across all processes, though each process upserts the scheduler at its start).
 */
export async function bullmqQueue(
  core: JobCore,
  db: Database,
  log: JobLog,
  store: BullmqStore,
  options: BullmqOptions = {},
): Promise<JobQueue> {
  const bullmq = await import('bullmq');
  let connection: ConnectionOptions;
  let backend: BackendFactory<IQueueBackend>;
  if (store.kind === 'redis') {
    connection = redisOptions(store.url);
    backend = bullmq.createRedisBackend;
  } else {
    // BullMQ's PostgreSQL backend: its own small pool and a LISTEN connection, its tables in
    // `schema` of the portal's database (created and migrated by BullMQ on first connection).
    const postgres = (await import(
      'bullmq/dist/cjs/postgres/index.js' as string
    )) as typeof import('bullmq/dist/esm/postgres/index.js');
    connection = {
      connectionString: store.url,
      schema: store.schema,
      migrate: true,
      max: 4,
      keepAlive: true,
    } as unknown as ConnectionOptions;
    backend = postgres.createPostgresBackend as unknown as BackendFactory;
  }
  const prefix = store.kind === 'redis' ? { prefix: store.prefix } : {};
  const queue: Queue<unknown, unknown, string, unknown, unknown, string, IQueueBackend> = new bullmq.Queue(
    QUEUE,
    {
      connection,
      ...prefix,
      defaultJobOptions: {
        // A processor throws only when the database is away (a handler's error ends in the row):
        // retried after a pause.
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 86_400 },
      },
    },
    backend,
  );
  // A store that does not answer makes every connection report each retry: told once a minute.
  let toldAt = Number.NEGATIVE_INFINITY;
  let missed = 0;
  const connectionError = (err: Error) => {
    if (Date.now() - toldAt < 60_000) {
      missed += 1;
      return;
    }
    log.warn(
      { err, missed },
      `BullMQ 的${store.kind === 'redis' ? ' Redis' : ' PostgreSQL'} 连接出错：${err.message}`,
    );
    toldAt = Date.now();
    missed = 0;
  };
  queue.on('error', connectionError);

  const repeats = new Map<string, { everyMs: number; run: (due: Date) => Promise<unknown> }>();
  const closing = new AbortController();
  let worker: Worker<unknown, unknown, string, IQueueBackend> | undefined;

  /** Runs the job BullMQ handed this worker: claims its row (waiting while another holds a live lease). */
  async function runJob(id: number) {
    for (;;) {
      if (closing.signal.aborted) throw new Error('the worker is closing');
      const row = await core.claim(id);
      if (row) return core.run(row);
      const current = await jobsRepository.byId(db, id);
      // Finished (cancelled while queued, done by another worker) or gone: nothing to run.
      if (!current || (current.state !== 'queued' && current.state !== 'running')) return;
      // Delivered again while another worker still holds a live lease (a stall BullMQ saw, the
      // holder did not): wait for the lease to lapse or the job to end.
      const left = Date.parse(current.lease_until ?? '') - core.now();
      await sleep(Math.min(core.leaseMs, Math.max(50, Number.isNaN(left) ? 50 : left + 20)), closing.signal);
    }
  }

  const processor: Processor = async (job: BullJob) => {
    if (job.name === REPEAT) {
      const name = String((job.data as { name?: unknown }).name);
      const repeat = repeats.get(name);
      // The period's identity: the time it was due, the end of the scheduler's job id
      // (`repeat:<scheduler>:<millis>`).
      const due = Number(/:(\d+)$/.exec(job.id ?? '')?.[1] ?? job.timestamp);
      if (!repeat) return;
      // Once a period across processes, whatever series of jobs BullMQ's schedulers made.
      if (!(await repeatsRepository.claimPeriod(db, name, core.iso(due), core.iso(due + repeat.everyMs))))
        return;
      await repeat.run(new Date(due));
      return;
    }
    await runJob(Number((job.data as { id: number }).id));
  };

  return {
    engine: store.kind === 'redis' ? 'bullmq-redis' : 'bullmq-postgres',
    define: (handler) => core.define(handler),
    async add(caller, start) {
      const row = await core.add(caller, start);
      try {
        // A store that does not answer holds a command until it reconnects; the user waits 10 s at most
        // (a job queued later anyway finds its row failed and is not run).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          queue.add('job', { id: row.id }, { jobId: bullId(row.id) }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('BullMQ did not take the job in 10 s')), 10_000);
          }),
        ]).finally(() => clearTimeout(timer));
      } catch (err) {
        log.error({ err, job: row.id }, `任务 ${row.id} 未能加入队列`);
        await core.fail(row.id, '任务队列暂时不可用，请稍后重新提交').catch(() => {});
        throw new AppError('SERVICE_UNAVAILABLE', '任务队列暂时不可用，请稍后重试');
      }
      return jobOf(row);
    },
    get: (caller, id) => core.get(caller, id),
    list: (caller, filter) => core.list(caller, filter),
    async cancel(caller, id) {
      const { job, queued } = await core.cancel(caller, id);
      // A job that never started leaves the queue too (a worker that got it anyway finds it cancelled).
      if (queued) await queue.remove(bullId(id)).catch(() => {});
      return job;
    },
    file: (caller, id, name) => core.file(caller, id, name),
    repeat(name, everyMs, run) {
      repeats.set(name, { everyMs, run });
    },
    async start() {
      if (worker) return;
      // One scheduler per repeat, by its name, whichever process upserts it: one job a period.
      // Not awaited: a store that does not answer yet must not hold the server's start; tried
      // again until it answers (schedulers kept from an earlier start go on meanwhile).
      const schedule = async () => {
        for (const [name, { everyMs }] of repeats) {
          await queue.upsertJobScheduler(
            `${REPEAT}:${name}`,
            { every: everyMs },
            {
              name: REPEAT,
              data: { name },
              opts: { removeOnComplete: true, removeOnFail: 100, attempts: 1 },
            },
          );
        }
      };
      const scheduled = (): Promise<void> =>
        schedule().catch(async (err) => {
          if (closing.signal.aborted) return;
          log.warn({ err }, 'BullMQ 定时任务未能登记，稍后重试');
          await sleep(30_000, closing.signal);
          if (!closing.signal.aborted) return scheduled();
        });
      void scheduled();
      const started: Worker<unknown, unknown, string, IQueueBackend> = new bullmq.Worker(
        QUEUE,
        processor,
        {
          connection,
          ...prefix,
          concurrency: options.concurrency ?? 1,
          // BullMQ's lock is the row's lease: renewed alike, lapsing alike when the process dies.
          lockDuration: core.leaseMs,
          stalledInterval: core.leaseMs,
          // The row counts the attempts (JOB_MAX_ATTEMPTS); BullMQ must not give up first.
          maxStalledCount: JOB_MAX_ATTEMPTS + 2,
        },
        backend,
      );
      worker = started;
      started.on('error', connectionError);
      started.on('failed', (job, err) => {
        // Out of BullMQ's retries (the database stayed away): the row says so.
        if (!job || job.name === REPEAT || job.attemptsMade < (job.opts.attempts ?? 1)) return;
        log.error({ err, job: job.data }, 'BullMQ 任务重试后仍未能执行');
        void core
          .fail(Number((job.data as { id: number }).id), '任务未能执行，请稍后重新提交')
          .catch(() => {});
      });
    },
    async stop() {
      if (closing.signal.aborted) return;
      closing.abort();
      core.abortAll(ABORT.stop);
      // Not waiting for running jobs: they are given back (BullMQ's lock lapses, another worker resumes them).
      await worker?.close(true);
      await queue.close();
    },
  };
}
