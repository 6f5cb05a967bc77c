import type { Database } from '../db/database.ts';
import { ABORT, type JobCore, type JobLog, jobOf } from './job-core.ts';
import { repeatsRepository as repeats } from './jobs.repository.ts';
import type { JobQueue } from './types.ts';

export interface EmbeddedOptions {
  /** Jobs this process runs at once (default 1: one long write at a time on SQLite). */
  concurrency?: number;
  /** How often the table is looked at for jobs other processes added and for due repeats (default 1 s). */
  pollMs?: number;
}

interface Repeat {
  everyMs: number;
  run: (due: Date) => Promise<unknown>;
  /** Running in this process now (a repeat does not overlap itself here). */
  busy: boolean;
  /** Its `job_repeats` row exists. */
  ensured: boolean;
  /** Before this time (ISO) the repeat is not due: its row is not read again until then. */
  notBefore: string;
}

/**
 * The embedded engine (ADR 0037): no queue library, the `jobs` table itself. `add` inserts the row
 * and wakes this process's runner; every process polls the table (`pollMs`) for jobs others added
 * and for jobs whose lease lapsed (a process died), and claims one with a conditional update
 * (jobs-core `claimNext`), at most `concurrency` at once. The repeats are `job_repeats` rows:
 * the process whose conditional update moves a repeat's `next_at` on runs that period.
 *
 * `poll()` runs one round now (the timers call it; tests call it instead of waiting).
 */
export function embeddedQueue(
  core: JobCore,
  db: Database,
  log: JobLog,
  options: EmbeddedOptions = {},
): JobQueue & { poll(): Promise<void> } {
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1000;
  const registered = new Map<string, Repeat>();
  /** Jobs this queue launched and that have not ended. */
  const active = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let again = false;

  const launch = (row: Parameters<JobCore['run']>[0]) => {
    const run: Promise<void> = core
      .run(row)
      .catch((err) => log.error({ err, job: row.id }, `任务 ${row.id} 未能执行`))
      .finally(() => {
        active.delete(run);
        wake();
      });
    active.add(run);
  };

  /** Claims jobs while there is room; one round at a time (a call meanwhile asks for another round). */
  function claimJobs(): Promise<void> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        again = false;
        while (!stopped && active.size < concurrency) {
          const row = await core.claimNext();
          if (!row) break;
          launch(row);
        }
      } while (again && !stopped);
    })().finally(() => {
      claiming = undefined;
    });
    return claiming;
  }

  /** Runs the repeats that are due and that this process wins, and waits for them. */
  async function runDueRepeats() {
    await Promise.all(
      [...registered].map(async ([name, repeat]) => {
        if (repeat.busy || stopped) return;
        const nowMs = core.now();
        const now = core.iso(nowMs);
        if (!repeat.ensured) {
          await repeats.ensure(db, name, now);
          repeat.ensured = true;
        }
        if (now < repeat.notBefore) return;
        const row = await repeats.schedule(db, name);
        if (!row) return;
        // Not due, or another process runs it now: looked at again when it may be.
        if (row.next_at > now) {
          repeat.notBefore = row.next_at;
          return;
        }
        if (row.lease_until && row.lease_until >= now) return;
        const nextAt = core.iso(nowMs + repeat.everyMs);
        const won = await repeats.claim(db, name, row.next_at, {
          owner: core.owner,
          now,
          until: core.iso(nowMs + Math.max(core.leaseMs, repeat.everyMs)),
          nextAt,
        });
        if (!won) return;
        repeat.notBefore = nextAt;
        const due = row.next_at;
        repeat.busy = true;
        try {
          await repeat.run(new Date(due));
        } catch (err) {
          log.warn({ err, repeat: name }, `定时任务失败：${name}`);
        } finally {
          repeat.busy = false;
          await repeats.release(db, name, core.owner).catch(() => {});
        }
      }),
    );
  }

  async function poll() {
    if (stopped) return;
    try {
      await claimJobs();
      await runDueRepeats();
    } catch (err) {
      log.warn({ err }, '任务轮询出错');
    }
  }

  function wake() {
    if (!started || stopped) return;
    setImmediate(() => void claimJobs().catch((err) => log.warn({ err }, '任务轮询出错')));
  }

  return {
    engine: 'embedded',
    define: (handler) => core.define(handler),
    async add(caller, job) {
      const row = await core.add(caller, job);
      wake();
      return jobOf(row);
    },
    get: (caller, id) => core.get(caller, id),
    list: (caller, filter) => core.list(caller, filter),
    cancel: async (caller, id) => (await core.cancel(caller, id)).job,
    file: (caller, id, name) => core.file(caller, id, name),
    repeat(name, everyMs, run) {
      registered.set(name, { everyMs, run, busy: false, ensured: false, notBefore: '' });
    },
    poll,
    async start() {
      if (started) return;
      started = true;
      // The first round is awaited: a process starts with its due sweeps done, as before jobs.
      await poll();
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      core.abortAll(ABORT.stop);
      await claiming?.catch(() => {});
    },
  };
}
