import path from 'node:path';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../files/file-store.ts';
import type { ZoneOf } from '../time.ts';
import { type BullmqStore, bullmqQueue } from './bullmq.ts';
import { type EmbeddedOptions, embeddedQueue } from './embedded.ts';
import { type JobLog, jobCore } from './job-core.ts';
import { jobFiles } from './job-files.ts';
import type { JobEngineName, JobQueue } from './types.ts';

/** A week: a job's files (its upload, the files it made) are removed when it is this old. */
export const JOB_FILES_KEEP_MS = 7 * 86_400_000;
/** How long a finished job's row stays in its user's list (the list shows recent jobs): 90 days. */
export const JOB_ROWS_KEEP_MS = 90 * 86_400_000;

/** What chooses and sets up the engine (from `Config`). */
export interface JobSettings {
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /** `JOBS_ENGINE`: `embedded` forces the in-process runner; otherwise chosen by the stores configured. */
  jobsEngine: 'embedded' | 'bullmq' | undefined;
  /** `JOBS_PREFIX`: BullMQ's key prefix on Redis. */
  jobsPrefix: string;
  /** `JOBS_CONCURRENCY`: jobs one process runs at once. */
  jobsConcurrency: number;
  /** `JOBS_LEASE_SECONDS` in ms: how long a claim lasts unrenewed (a dead process's job waits so long). */
  jobsLeaseMs?: number;
}

/**
 * The engine the configuration asks for (ADR 0037): `JOBS_ENGINE=embedded` → the in-process
 * runner; else Redis when `REDIS_URL` is set → BullMQ on Redis; else PostgreSQL → BullMQ on
 * PostgreSQL; else (SQLite, no Redis) → the in-process runner.
 */
export function jobEngineOf(
  settings: Pick<JobSettings, 'redisUrl' | 'databaseUrl' | 'jobsEngine'>,
): JobEngineName {
  if (settings.jobsEngine === 'embedded') return 'embedded';
  if (settings.redisUrl) return 'bullmq-redis';
  if (settings.databaseUrl) return 'bullmq-postgres';
  if (settings.jobsEngine === 'bullmq')
    throw new Error('JOBS_ENGINE=bullmq needs REDIS_URL or a PostgreSQL DATABASE_URL');
  return 'embedded';
}

export interface OpenJobQueue {
  db: Database;
  store: BlobStore;
  log: JobLog;
  settings: JobSettings;
  /** Tests: another engine than the configuration's, a lease of their own, a clock, an owner name, a poll period. */
  engine?: JobEngineName;
  leaseMs?: number;
  now?: () => number;
  owner?: string;
  pollMs?: EmbeddedOptions['pollMs'];
  /** BullMQ's store when it is not the configuration's (tests: a prefix of their own). */
  bullmq?: BullmqStore;
  /** A company's time zone, for the jobs' `ctx.zone()` (app.ts: the company's settings). */
  zoneOf?: ZoneOf;
}

/**
 * The portal's job queue on the engine the configuration names, with the platform's own repeat:
 * the files of jobs older than a week removed.
 */
export async function openJobQueue(o: OpenJobQueue): Promise<JobQueue> {
  const files = jobFiles(o.store, path.join(o.settings.dataDir, 'uploads', '.jobs'));
  const core = jobCore({
    db: o.db,
    files,
    log: o.log,
    leaseMs: o.leaseMs ?? o.settings.jobsLeaseMs,
    ...(o.now && { now: o.now }),
    ...(o.owner && { owner: o.owner }),
    ...(o.zoneOf && { zoneOf: o.zoneOf }),
  });
  const engine = o.engine ?? jobEngineOf(o.settings);
  const concurrency = o.settings.jobsConcurrency;
  let queue: JobQueue;
  if (engine === 'embedded') {
    queue = embeddedQueue(core, o.db, o.log, {
      concurrency,
      ...(o.pollMs !== undefined && { pollMs: o.pollMs }),
    });
  } else {
    const store: BullmqStore =
      o.bullmq ??
      (engine === 'bullmq-redis'
        ? { kind: 'redis', url: o.settings.redisUrl ?? '', prefix: o.settings.jobsPrefix }
        : { kind: 'postgres', url: o.settings.databaseUrl ?? '', schema: 'bullmq' });
    queue = await bullmqQueue(core, o.db, o.log, store, { concurrency });
  }
  queue.repeat('清理一周前的任务文件', 3600_000, () => core.sweepFiles(JOB_FILES_KEEP_MS));
  queue.repeat('清理三个月前的任务记录', 86_400_000, () => core.sweepRows(JOB_ROWS_KEEP_MS));
  return queue;
}
