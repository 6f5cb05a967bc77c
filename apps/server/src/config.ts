import path from 'node:path';
import type { S3Settings } from './platform/files/file-store.ts';

export interface Config {
  port: number;
  host: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `sqlitePath` (or `:memory:`). */
  databaseUrl: string | undefined;
  /** PostgreSQL: connections this process keeps open at most. */
  databasePoolSize: number;
  dataDir: string;
  sqlitePath: string;
  redisUrl: string | undefined;
  sessionTtlMs: number;
  /** How long a read session stays in memory; 0 reads it from the database on every request. */
  sessionCacheMs: number;
  /** How often a cached per-company snapshot (categories) checks the stored version. */
  cacheRecheckMs: number;
  logLevel: string;
  /**
   * Minutes an unpaid order of each payment method waits before it is cancelled and its stock
   * given back (a bank transfer takes days, an online payment minutes).
   */
  payMinutes: { bank_transfer: number; cod: number; sandbox: number };
  /** The test payment provider (ADR 0015): on with PAYMENT_SANDBOX=1; moves no money. */
  paymentSandbox: { secret: string } | undefined;
  webDist: string | undefined;
  login: {
    maxFailuresPerAccount: number;
    maxFailuresPerIp: number;
    maxStrangerFailuresPerAccount: number;
    windowMs: number;
  };
  /**
   * `PUSH_STREAM_SECONDS`: how long one live stream of the back office (Server-Sent Events) stays
   * open before the browser opens it again, its session and permission checked anew (default 300).
   */
  pushStreamMs: number;
  /**
   * `LIVE_RECHECK_SECONDS`: how often an open live socket's session is checked again (default 60):
   * a socket whose user logged out, was disabled or whose session expired is closed.
   */
  liveRecheckMs: number;
  /** An HTTP gateway that delivers text messages; unset keeps them in the SMS outbox (README). */
  smsGateway: { url: string; token: string } | undefined;
  /** The file store's S3-compatible bucket (FILES_S3_*); unset keeps files under `dataDir/files` (ADR 0018). */
  fileS3: S3Settings | undefined;
  /**
   * `JOBS_ENGINE`: `embedded` runs jobs in-process over the `jobs` table whatever else is
   * configured; unset (or `bullmq`) uses BullMQ when Redis or PostgreSQL is configured (ADR 0037).
   */
  jobsEngine: 'embedded' | 'bullmq' | undefined;
  /** `JOBS_PREFIX`: BullMQ's key prefix on Redis (several portals on one Redis). */
  jobsPrefix: string;
  /** `JOBS_CONCURRENCY`: jobs one server process runs at once. */
  jobsConcurrency: number;
  /**
   * `JOBS_LEASE_SECONDS`: how long a process's claim on a running job lasts unrenewed — how soon
   * another process (or this one started again) takes over the job of a process that died.
   */
  jobsLeaseMs: number;
}

/** The shortest lease `JOBS_LEASE_SECONDS` may set: renewed every third of it, it outlasts a busy moment. */
const JOBS_LEASE_MIN_SECONDS = 5;

/** JOBS_ENGINE: one of the two words, or unset. */
function jobsEngineOf(value: string | undefined): Config['jobsEngine'] {
  if (!value) return undefined;
  if (value === 'embedded' || value === 'bullmq') return value;
  throw new Error(`JOBS_ENGINE must be embedded or bullmq, not ${value}`);
}

/** The S3 settings from FILES_S3_*: all or none (a half-configured store fails at start, not at the first upload). */
function fileS3Of(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.FILES_S3_ENDPOINT) return undefined;
  const settings = {
    endpoint: env.FILES_S3_ENDPOINT,
    bucket: env.FILES_S3_BUCKET ?? '',
    region: env.FILES_S3_REGION || 'us-east-1',
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY ?? '',
    prefix: (env.FILES_S3_PREFIX ?? '').replace(/^\/+/, ''),
  };
  if (!/^https?:\/\/[^/\s]+/.test(settings.endpoint))
    throw new Error('FILES_S3_ENDPOINT must be http(s)://host');
  for (const [name, value] of [
    ['FILES_S3_BUCKET', settings.bucket],
    ['FILES_S3_ACCESS_KEY_ID', settings.accessKeyId],
    ['FILES_S3_SECRET_ACCESS_KEY', settings.secretAccessKey],
  ]) {
    if (!value) throw new Error(`FILES_S3_ENDPOINT is set but ${name} is not`);
  }
  if (settings.prefix && !settings.prefix.endsWith('/')) settings.prefix += '/';
  return settings;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    dataDir,
    sqlitePath: path.join(dataDir, 'portal.sqlite'),
    redisUrl: env.REDIS_URL || undefined,
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 12) * 3600_000,
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5000),
    cacheRecheckMs: Number(env.CACHE_RECHECK_MS ?? 1000),
    logLevel: env.LOG_LEVEL ?? 'info',
    payMinutes: {
      sandbox: Number(env.ORDER_PAY_MINUTES ?? 30),
      bank_transfer: Number(env.TRANSFER_PAY_HOURS ?? 72) * 60,
      cod: Number(env.COD_CONFIRM_HOURS ?? 24) * 60,
    },
    paymentSandbox:
      env.PAYMENT_SANDBOX === '1'
        ? { secret: env.PAYMENT_SANDBOX_SECRET || 'portal-payment-sandbox' }
        : undefined,
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    login: {
      maxFailuresPerAccount: Number(env.LOGIN_MAX_FAILURES ?? 5),
      maxFailuresPerIp: Number(env.LOGIN_MAX_FAILURES_IP ?? 50),
      maxStrangerFailuresPerAccount: Number(env.LOGIN_MAX_FAILURES_ACCOUNT ?? 20),
      windowMs: Number(env.LOGIN_WINDOW_MINUTES ?? 15) * 60_000,
    },
    pushStreamMs: Math.max(1, Number(env.PUSH_STREAM_SECONDS ?? 300) || 300) * 1000,
    liveRecheckMs: Math.max(0.1, Number(env.LIVE_RECHECK_SECONDS ?? 60) || 60) * 1000,
    smsGateway: env.SMS_GATEWAY_URL
      ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN ?? '' }
      : undefined,
    fileS3: fileS3Of(env),
    jobsEngine: jobsEngineOf(env.JOBS_ENGINE),
    jobsPrefix: env.JOBS_PREFIX || 'portal',
    jobsConcurrency: Math.max(1, Number(env.JOBS_CONCURRENCY ?? 1) || 1),
    jobsLeaseMs: Math.max(JOBS_LEASE_MIN_SECONDS, Number(env.JOBS_LEASE_SECONDS ?? 30) || 30) * 1000,
  };
}
