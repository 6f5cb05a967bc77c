import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { JOB_FINISHED, type Job, type JobState } from '@portal/contract';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import type { Database } from '../db/database.ts';
import { defaultZone, type ZoneOf } from '../time.ts';
import type { JobFiles } from './job-files.ts';
import { type JobRow, type KeptFile, jobsRepository as repo } from './jobs.repository.ts';
import {
  JOB_MAX_ATTEMPTS,
  JobCancelled,
  type JobContext,
  type JobHandler,
  JobLeaseLost,
  type StartJob,
} from './types.ts';

/** Where the runner writes what went wrong (pino's logger fits). */
export interface JobLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobCoreOptions {
  /** The modules' handle: the `jobs` rows are read through `inCompany` or the runner's exemption. */
  db: Database;
  files: JobFiles;
  log: JobLog;
  /** How long a claim holds a job without being renewed (default 30 s); renewed every third of it. */
  leaseMs?: number;
  /** The clock of leases and repeats (tests move it instead of waiting). */
  now?: () => number;
  /** This runner's name in `lease_owner`: unique per queue, so two queues of one process are two runners. */
  owner?: string;
  /** A company's time zone (`ctx.zone()`); the default zone when not given (tests of the queue alone). */
  zoneOf?: ZoneOf;
}

/** Why a running job's signal was aborted. */
export const ABORT = {
  /** The user cancelled: the runner marks the job cancelled. */
  cancel: 'cancel',
  /** This process stops: the job is given back (its lease lapses, another process resumes it). */
  stop: 'stop',
  /** The lease was lost (another runner took the job over): the row is left to it. */
  lost: 'lost',
} as const;

/** The reason a job run out of attempts fails with. */
export const GAVE_UP = `处理任务的服务进程已停止，已尝试 ${JOB_MAX_ATTEMPTS} 次仍未完成，请重新提交`;
/** The reason of a failure that is no `AppError` (the details are in the log). */
const BROKE = '任务执行出错，请稍后重新提交；如果一再出现，请联系管理员';
/** A user's list shows this many jobs at most. */
const LIST_LIMIT = 50;
/** Progress is written at most once in this many ms (3 writes a second), the last one always. */
const PROGRESS_EVERY_MS = 300;
/** `checkCancelled` reads the row at most once in this many ms. */
const CHECK_EVERY_MS = 500;

const notFound = () => new AppError('NOT_FOUND', '任务不存在');
const isFinished = (state: JobState) => JOB_FINISHED.includes(state);

const parse = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The row as the browser sees it (`jobSchema`). */
export function jobOf(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    state: row.state,
    progress: row.progress,
    message: row.message,
    error: row.error,
    result: parse<Record<string, unknown> | null>(row.result, null),
    files: parse<KeptFile[]>(row.files, []).map((f) => ({ name: f.name, label: f.label })),
    create_time: row.created_at,
    update_time: row.updated_at,
    finish_time: row.finished_at ?? '',
  };
}

/** What `add` keeps of the caller with the job's input, to run it as them later. */
interface StoredData {
  input: unknown;
  caller: Pick<Caller, 'role' | 'username' | 'sessionId' | 'ip'>;
}

/**
 * What every engine shares (ADR 0037): the `jobs` rows — a user's calls (add, get, list, cancel,
 * file) and the one path a claimed job is run by (its context, lease renewal, and its end: done,
 * failed or cancelled, each a conditional update on the lease). An engine decides only which
 * runner claims which job and when: the embedded runner by polling the table, BullMQ by delivering
 * the job's id to one worker.
 */
export function jobCore(options: JobCoreOptions) {
  const { db, files, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const now = options.now ?? Date.now;
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const iso = (ms = now()) => new Date(ms).toISOString();
  const handlers = new Map<string, JobHandler<unknown>>();
  /** The jobs this runner runs now, by id: their signals. */
  const running = new Map<number, AbortController>();

  const lease = () => ({ owner, now: iso(), until: iso(now() + leaseMs) });

  /** Ends a job this runner holds; a failed write is logged (the lease lapses and it runs again). */
  async function finish(id: number, outcome: Parameters<typeof repo.finish>[3]) {
    try {
      return await repo.finish(db, id, owner, outcome);
    } catch (err) {
      log.error({ err, job: id }, `任务 ${id} 的结果未能写入`);
      return 0;
    }
  }

  function contextOf(row: JobRow, ctl: AbortController) {
    const stored = parse<Partial<StoredData>>(row.data, {});
    const caller: Caller = {
      userId: row.user_id,
      companyId: row.company_id,
      role: stored.caller?.role ?? 0,
      username: stored.caller?.username ?? '',
      sessionId: stored.caller?.sessionId ?? '',
      ip: stored.caller?.ip ?? '',
    };
    let kept = parse<KeptFile[]>(row.files, []);
    let input: Promise<{ path: string; done(): Promise<void> }> | undefined;

    // Progress: the latest value waits here; one write at a time, at most every PROGRESS_EVERY_MS.
    let pending: { progress: number; message: string } | undefined;
    let writing: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    let lastWrite = 0;
    const write = () => {
      const value = pending;
      if (!value) return;
      pending = undefined;
      lastWrite = performance.now();
      writing = repo
        .progress(db, row.id, owner, { ...value, at: iso() })
        .catch((err) => log.warn({ err, job: row.id }, '任务进度未能写入'))
        .finally(() => {
          writing = undefined;
          schedule();
        });
    };
    const schedule = () => {
      if (!pending || writing || timer) return;
      const wait = lastWrite + PROGRESS_EVERY_MS - performance.now();
      if (wait <= 0) write();
      else
        timer = setTimeout(() => {
          timer = undefined;
          write();
        }, wait);
    };
    const flush = async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await writing;
      if (pending) write();
      await writing;
    };

    let lastCheck = Number.NEGATIVE_INFINITY;
    const aborted = () => (ctl.signal.reason === ABORT.cancel ? new JobCancelled() : new JobLeaseLost());

    const ctx: JobContext<unknown> = {
      id: row.id,
      data: stored.input,
      caller,
      attempt: row.attempt,
      signal: ctl.signal,
      zone: () => (options.zoneOf ?? defaultZone)(caller.companyId),
      async progress(percent, message) {
        pending = {
          progress: Math.max(0, Math.min(100, Math.round(percent))),
          message: message.slice(0, 500),
        };
        schedule();
      },
      async checkCancelled() {
        if (ctl.signal.aborted) throw aborted();
        if (performance.now() - lastCheck < CHECK_EVERY_MS) return;
        lastCheck = performance.now();
        const standing = await repo.standing(db, row.id, owner);
        if (!standing.held) ctl.abort(ABORT.lost);
        else if (standing.cancelled) ctl.abort(ABORT.cancel);
        if (ctl.signal.aborted) throw aborted();
      },
      async inputFile() {
        if (!row.input_key) return undefined;
        input ??= files.local(row.input_key);
        return (await input).path;
      },
      async putFile(name, label, from: string | Readable) {
        const file =
          typeof from === 'string' ? await files.keep(from, label) : await files.keepStream(from, label);
        const before = kept.find((f) => f.name === name);
        const next = [...kept.filter((f) => f.name !== name), { name, label, ...file }];
        if ((await repo.setFiles(db, row.id, owner, next, iso())) !== 1) {
          await files.remove(file.key);
          throw new JobLeaseLost();
        }
        kept = next;
        if (before) await files.remove(before.key);
      },
      async completeIn(trx, result) {
        const done = await repo.finish(trx, row.id, owner, {
          state: 'done',
          result,
          at: iso(),
          unlessCancelled: true,
        });
        if (done === 1) return;
        const standing = await repo.standing(trx, row.id, owner);
        throw standing.held && standing.cancelled ? new JobCancelled() : new JobLeaseLost();
      },
    };
    const cleanup = async () => {
      if (timer) clearTimeout(timer);
      if (input) await (await input.catch(() => undefined))?.done();
    };
    return { ctx, flush, cleanup };
  }

  /** The end of a handler that answered: done, unless the user cancelled first. */
  async function ended(row: JobRow, result: Record<string, unknown> | undefined) {
    const at = iso();
    if (await finish(row.id, { state: 'done', result: result ?? {}, at, unlessCancelled: true })) return;
    // Not done: the user cancelled (then it is), completeIn already finished it, or it is no longer ours.
    await finish(row.id, { state: 'cancelled', at });
  }

  /** The end of a handler that threw: cancelled, failed with its reason, or left to whoever holds it. */
  async function broke(row: JobRow, ctl: AbortController, error: unknown) {
    const reason = ctl.signal.aborted ? ctl.signal.reason : undefined;
    if (reason === ABORT.stop || reason === ABORT.lost || error instanceof JobLeaseLost) return;
    const at = iso();
    if (reason === ABORT.cancel || error instanceof JobCancelled) {
      await finish(row.id, { state: 'cancelled', at });
      return;
    }
    if (!(error instanceof AppError))
      log.error({ err: error, job: row.id, kind: row.kind }, `任务 ${row.id}（${row.kind}）执行出错`);
    const message = error instanceof AppError ? error.message : BROKE;
    await finish(row.id, { state: 'failed', error: message, at });
  }

  return {
    owner,
    leaseMs,
    now,
    iso,
    running,
    handlers,

    define<D>(handler: JobHandler<D>) {
      handlers.set(handler.kind, handler as JobHandler<unknown>);
    },

    async add(caller: Caller, start: StartJob): Promise<JobRow> {
      if (!handlers.has(start.kind)) throw new Error(`no handler is defined for job kind ${start.kind}`);
      const kept = start.inputFile ? await files.keep(start.inputFile, start.inputFile) : undefined;
      const data: StoredData = {
        input: start.data,
        caller: { role: caller.role, username: caller.username, sessionId: caller.sessionId, ip: caller.ip },
      };
      try {
        return await repo.insert(db, caller, {
          kind: start.kind,
          title: start.title,
          data: JSON.stringify(data),
          input_key: kept?.key ?? null,
          at: iso(),
        });
      } catch (error) {
        if (kept) await files.remove(kept.key).catch(() => {});
        throw error;
      }
    },

    async get(caller: Caller, id: number): Promise<Job> {
      const row = await repo.mine(db, caller, id);
      if (!row) throw notFound();
      return jobOf(row);
    },

    async list(caller: Caller, filter: { kind?: string; active?: boolean }): Promise<Job[]> {
      return (await repo.listMine(db, caller, filter, LIST_LIMIT)).map(jobOf);
    },

    /**
     * Cancels a job of the caller: a queued one at once; a running one is asked to stop (its
     * runner is told at once in this process, by its lease renewal or `checkCancelled` in another)
     * and marked cancelled when its handler stops. `queued` says whether it never started.
     */
    async cancel(caller: Caller, id: number): Promise<{ job: Job; queued: boolean }> {
      const row = await repo.mine(db, caller, id);
      if (!row) throw notFound();
      if (isFinished(row.state)) throw new AppError('JOB_FINISHED');
      const at = iso();
      const queued = row.state === 'queued' && (await repo.cancelQueued(db, caller, id, at)) === 1;
      if (!queued && (await repo.requestCancel(db, caller, id, at)) === 1) {
        running.get(id)?.abort(ABORT.cancel);
        // A job whose runner is gone (its lease lapsed) is not waited for.
        await repo.cancelAbandoned(db, caller, id, at);
      }
      const after = await repo.mine(db, caller, id);
      if (!after) throw notFound();
      if (!queued && isFinished(after.state) && after.state !== 'cancelled')
        throw new AppError('JOB_FINISHED');
      return { job: jobOf(after), queued };
    },

    async file(caller: Caller, id: number, name: string) {
      const row = await repo.mine(db, caller, id);
      if (!row) throw notFound();
      const kept = parse<KeptFile[]>(row.files, []).find((f) => f.name === name);
      const body = kept && (await files.read(kept.key));
      if (!kept || !body) throw new AppError('NOT_FOUND', '文件不存在或已过期');
      return { label: kept.label, mime: kept.mime, body };
    },

    /** Claims the oldest job this runner can run (a kind it knows), or nothing. */
    async claimNext(): Promise<JobRow | undefined> {
      const kinds = [...handlers.keys()];
      if (kinds.length === 0) return undefined;
      for (const id of await repo.claimable(db, iso(), kinds, 10)) {
        if (running.has(id)) continue;
        const row = await repo.claim(db, id, lease());
        if (row) return row;
      }
      return undefined;
    },

    /** Claims the job `id` (BullMQ delivered it), or nothing when it is not claimable now. */
    claim: (id: number) => repo.claim(db, id, lease()),

    /**
     * Runs a claimed job to its end — the one path of every engine: out of attempts → failed with
     * the reason; asked to cancel before it began → cancelled; else the handler, its lease renewed
     * meanwhile, and the row finished by what the handler did.
     */
    async run(row: JobRow): Promise<void> {
      if (row.attempt > JOB_MAX_ATTEMPTS) {
        await finish(row.id, { state: 'failed', error: GAVE_UP, at: iso() });
        return;
      }
      if (row.cancel_requested) {
        await finish(row.id, { state: 'cancelled', at: iso() });
        return;
      }
      const handler = handlers.get(row.kind);
      if (!handler) {
        await finish(row.id, {
          state: 'failed',
          error: '没有能处理这类任务的服务进程，请稍后重新提交',
          at: iso(),
        });
        return;
      }
      const ctl = new AbortController();
      running.set(row.id, ctl);
      const renew = async () => {
        try {
          const held = await repo.renew(db, row.id, { owner, until: iso(now() + leaseMs) });
          if (!held) ctl.abort(ABORT.lost);
          else if (held.cancel_requested) ctl.abort(ABORT.cancel);
        } catch (err) {
          log.warn({ err, job: row.id }, '任务租约未能续期');
        }
      };
      const beat = setInterval(() => void renew(), Math.max(10, Math.floor(leaseMs / 3)));
      beat.unref();
      const { ctx, flush, cleanup } = contextOf(row, ctl);
      try {
        const result = await handler.run(ctx);
        await flush();
        await ended(row, result);
      } catch (error) {
        await flush().catch(() => {});
        await broke(row, ctl, error);
      } finally {
        clearInterval(beat);
        running.delete(row.id);
        await cleanup().catch(() => {});
      }
    },

    /** Aborts every job this runner runs (the process stops). */
    abortAll(reason: (typeof ABORT)[keyof typeof ABORT]) {
      for (const ctl of running.values()) ctl.abort(reason);
    },

    /** Marks a job failed that can no longer run (the queue refused it). */
    fail: (id: number, error: string) => repo.fail(db, id, error, iso()),

    /** Deletes the rows of jobs that finished more than `olderThanMs` ago (their files went first). */
    async sweepRows(olderThanMs: number) {
      const before = iso(now() - olderThanMs);
      while ((await repo.deleteFinishedBefore(db, before, 500)) === 500) {
        // Between pages this process serves others (SQLite's statements hold its only thread).
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /** Removes the files of jobs older than `olderThanMs` (their rows stay, without files). */
    async sweepFiles(olderThanMs: number) {
      const before = iso(now() - olderThanMs);
      for (;;) {
        const rows = await repo.withFilesBefore(db, before, 100);
        for (const row of rows) {
          const keys = [row.input_key, ...parse<KeptFile[]>(row.files, []).map((f) => f.key)];
          for (const key of keys) if (key) await files.remove(key);
          await repo.forgetFiles(db, row.id, iso());
        }
        if (rows.length < 100) return;
      }
    },
  };
}

export type JobCore = ReturnType<typeof jobCore>;
