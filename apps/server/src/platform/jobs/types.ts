import type { Readable } from 'node:stream';
import type { Job } from '@portal/contract';
import type { Caller } from '../auth/session-user.ts';
import type { Database } from '../db/database.ts';

/**
 * Long work as jobs (issue 33, ADR 0037). The `jobs` table is the truth of every job — who started
 * it, its state, progress, result and files — in the portal's own database, so a job's outcome can
 * be written in the same transaction as its work (an import's publish marks its job done: it can
 * never be published twice). Which process runs a job, and when, is the engine's: BullMQ over
 * Redis (`REDIS_URL`) or PostgreSQL when one is configured; on the embedded default an in-process
 * runner that claims rows of the `jobs` table with a lease. Both sit behind `JobQueue`.
 */

/** What a handler is given to run one job. */
export interface JobContext<D = unknown> {
  readonly id: number;
  /** The input the job was started with (JSON). */
  readonly data: D;
  /** The user who started it, in the company they started it in: every query is scoped by it. */
  readonly caller: Caller;
  /** 1 the first time; more when the job is run again after its process died. */
  readonly attempt: number;
  /** The time zone of the caller's company (its `time_zone` setting): the dates a sheet writes. */
  zone(): Promise<string>;
  /** Aborted when the user cancels or the process stops; `checkCancelled` throws then. */
  readonly signal: AbortSignal;
  /**
   * Where the work is: 0–100 and words. Written at most a few times a second (the last one always),
   * in the background: it never waits for the database, so it may be called inside a transaction.
   */
  progress(percent: number, message: string): Promise<void>;
  /**
   * Throws `JobCancelled` once the user has cancelled (or the job is no longer this runner's: the
   * process stops, or another took it over after a lost lease). Reads the job's row at most twice a
   * second: call it between batches, outside a transaction.
   */
  checkCancelled(): Promise<void>;
  /**
   * A local path of the file the job was started with (an upload), or undefined: read it, never
   * change it (on the disk store it is the kept file itself; from S3 a copy removed after the run).
   */
  inputFile(): Promise<string | undefined>;
  /**
   * Keeps a file the job made for `/job/file` (`name` refused/export, `label` its download name,
   * whose extension gives its type): a local file (moved) or a stream. A file of the same name that
   * an earlier attempt made is replaced. Throws `JobLeaseLost` when the job is no longer this runner's.
   */
  putFile(name: string, label: string, from: string | Readable): Promise<void>;
  /**
   * Marks the job done with its result inside `trx`, the transaction that makes its work visible:
   * throws (rolling the work back) when the job is no longer this runner's (cancelled, or taken
   * over after a lost lease), so the work is done exactly once.
   */
  completeIn(trx: Database, result: Record<string, unknown>): Promise<void>;
}

/** Thrown by `checkCancelled` and `completeIn`: the runner marks the job cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('任务已取消');
  }
}

/**
 * Thrown by `completeIn` (and `checkCancelled`) when the job is no longer this runner's: its lease
 * lapsed and another process took it over, or this process is stopping. The runner leaves the row
 * to whoever holds it now.
 */
export class JobLeaseLost extends Error {
  constructor() {
    super('任务已由其他进程接手');
  }
}

/** One kind of job, registered by its module at start-up. */
export interface JobHandler<D = unknown> {
  /** `import:goods`, `export:goods`… */
  kind: string;
  /**
   * Runs the job. Answering a result marks it done (unless `completeIn` did already); an
   * `AppError` marks it failed with its message; any other error too, with a general reason.
   * After a restart the job runs again from its start (attempt > 1): a handler must undo what an
   * unfinished attempt left (an import's staged rows) before it begins.
   */
  run(ctx: JobContext<D>): Promise<Record<string, unknown> | undefined>;
}

/** How a job is started. */
export interface StartJob {
  kind: string;
  title: string;
  data: unknown;
  /** A local file to keep as the job's input (an upload; it may be moved). */
  inputFile?: string;
}

/** The jobs of the portal, whatever engine runs them. */
export interface JobQueue {
  /** Which engine runs the jobs (ADR 0037): `embedded`, `bullmq-redis` or `bullmq-postgres`. */
  readonly engine: JobEngineName;
  /** Registers a kind of job (a module's `jobs`, registered by app.ts before `start`). */
  define<D>(handler: JobHandler<D>): void;
  /** Queues a job for the caller and answers it as the browser sees it. */
  add(caller: Caller, job: StartJob): Promise<Job>;
  get(caller: Caller, id: number): Promise<Job>;
  list(caller: Caller, filter: { kind?: string; active?: boolean }): Promise<Job[]>;
  cancel(caller: Caller, id: number): Promise<Job>;
  /** A file the job made, to stream to the browser: its download name, type and bytes. */
  file(caller: Caller, id: number, name: string): Promise<{ label: string; mime: string; body: Readable }>;
  /**
   * Work a module repeats (the sweeps, a module's `repeats`): run every `everyMs`, once per period
   * across all processes. `run` is given the time its period was due (the period's identity).
   */
  repeat(name: string, everyMs: number, run: (due: Date) => Promise<unknown>): void;
  /** Starts running jobs in this process (a worker), and the repeats. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and closes the engine's connections; a running job is given back (its signal
   * aborted; its lease lapses and another process resumes it as its next attempt).
   */
  stop(): Promise<void>;
}

export type JobEngineName = 'embedded' | 'bullmq-redis' | 'bullmq-postgres';

/** How many times a job is run (a lapsed lease runs it again) before it is marked failed. */
export const JOB_MAX_ATTEMPTS = 3;
