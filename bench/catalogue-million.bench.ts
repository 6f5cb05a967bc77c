// Issue 22: the public goods list at 1,000,000 goods, on SQLite and on PostgreSQL in one run.
// Per database: seed a fresh database (catalogue-million-seed.ts: ~1,100 categories, realistic
// goods), start the real server as `npm start` starts it (its bundle, apps/server/dist/main.mjs), and measure
// through HTTP only: cold start, memory, random and repeated category + keyword queries, deep
// pages, each sort, and the time from a write (direct SQL) to the list showing it while a load
// runs — each beside `GET /api/health` (no database) in interleaved rounds. Ends with the issue's
// targets, OK or MISS. A benchmark, not a test: a miss never makes the exit code non-zero.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from '@portal/server/src/platform/db/database.ts';
import { seedReference } from '@portal/server/src/seed/seed.ts';
import autocannon from 'autocannon';
// @ts-expect-error plain JavaScript of the start script (no types): what `npm start` runs
import { ensureServerBuilt, SERVER_BUNDLE, serverNodeArgs } from '../scripts/lib.mjs';
import {
  COMMON_KEYWORDS,
  keywordCounts,
  maxPriceOf,
  type SeedResult,
  sampleNames,
  seedCatalogue,
  settleDatabase,
} from './catalogue-million-seed.ts';
import { pct, ROUNDS, SECONDS } from './harness.ts';
import { throwAwayDatabase } from './pg-database.ts';

const GOODS = Number(process.env.BENCH_GOODS ?? 1_000_000);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Seconds autocannon waits for one answer before it counts the request as timed out (a failure). */
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 30);
const WRITES = 10;
/**
 * A folder where a seeded SQLite catalogue is kept and found again (`sqlite-<goods>/`: the database
 * and its seed.json): a run that finds one copies it instead of seeding and indexing (minutes at
 * 1,000,000 goods); one that does not keeps its own there. Only for comparing code that does not
 * change the index: the database holds the index as the run that kept it built it.
 */
const REUSE = process.env.BENCH_REUSE;
/**
 * BENCH_ENGINE=1: also what a search engine beside the database would answer for the random
 * queries (search-engine-serve.ts, a process of its own), and the list route's page by ids that the
 * shop would then read — measured in the same interleaved rounds (issue 38).
 */
const ENGINE = process.env.BENCH_ENGINE === '1';
const keptDir = () => (REUSE ? path.join(REUSE, `sqlite-${GOODS}`) : undefined);
/** The default company (DEFAULT_COMPANY_ID), the one the public list answers for. */
const COMPANY = 125;
const ROOT = path.resolve(import.meta.dirname, '..');
const PAGE_SIZE = 20;

const list = (q: string) => `/api/goods/staff/shopgoods/?company_id=${COMPANY}&page_size=${PAGE_SIZE}&${q}`;
const kw = (w: string) => encodeURIComponent(w);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pctl = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const msText = (ms: number) =>
  Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en')} ms` : 'never';
const mb = (x: number) => `${Math.round(x).toLocaleString('en')} MB`;
const started = performance.now();
const log = (line: string) => console.log(`[${secs(performance.now() - started).padStart(7)}] ${line}`);

// ---------------------------------------------------------------------------------------------
// Clean-up: servers, temporary folders and the PostgreSQL database go even when a step fails or
// the run is interrupted.
const cleanups: (() => unknown)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.log(`clean-up: ${(error as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.log(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });

// ---------------------------------------------------------------------------------------------
// Databases.
interface Prepared {
  label: 'SQLite' | 'PostgreSQL';
  handle: DatabaseHandle;
  /** The SQLite file or the PostgreSQL URL. */
  url: string;
  /** What the server is started with. */
  env: NodeJS.ProcessEnv;
  /** A kept catalogue was copied in (BENCH_REUSE): nothing to seed. */
  reused?: boolean;
}

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-million-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function prepareSqlite(): Prepared {
  const dir = tempDir();
  const url = path.join(dir, 'portal.sqlite');
  const kept = keptDir();
  const reused = kept !== undefined && fs.existsSync(path.join(kept, 'seed.json'));
  if (reused) {
    fs.copyFileSync(path.join(kept, 'portal.sqlite'), url);
    log(`BENCH_REUSE: the catalogue seeded and indexed in ${kept}`);
  }
  const handle = openDatabase({ url });
  cleanups.push(() => handle.close());
  return { label: 'SQLite', handle, url, env: { DATA_DIR: dir, DATABASE_URL: '' }, reused };
}

/** The seed of a kept catalogue (seed.json: its SeedResult, the Map as entries). */
function keptSeed(kept: string): SeedResult {
  const json = JSON.parse(fs.readFileSync(path.join(kept, 'seed.json'), 'utf8'));
  return { ...json, keywordsByTop: new Map(json.keywordsByTop) };
}

/** Keeps a seeded SQLite catalogue for later runs (BENCH_REUSE). */
function keep(db: Prepared, seeded: SeedResult) {
  const kept = keptDir();
  if (!kept || db.handle.dialect !== 'sqlite') return;
  fs.mkdirSync(kept, { recursive: true });
  fs.copyFileSync(db.url, path.join(kept, 'portal.sqlite'));
  fs.writeFileSync(
    path.join(kept, 'seed.json'),
    JSON.stringify({ ...seeded, keywordsByTop: [...seeded.keywordsByTop] }),
  );
  log(`BENCH_REUSE: kept the seeded catalogue in ${kept}`);
}

async function preparePg(): Promise<Prepared | undefined> {
  const database = await throwAwayDatabase(PG_URL, `portal_million_${process.pid}`, 'skipped');
  if (!database) return undefined;
  cleanups.push(database.drop);
  const dir = tempDir();
  const handle = openDatabase({ url: database.url, poolSize: 4 });
  cleanups.push(() => handle.close());
  return {
    label: 'PostgreSQL',
    handle,
    url: database.url,
    env: { DATA_DIR: dir, DATABASE_URL: database.url },
  };
}

/** A module of the server that may not exist (the catalogue is being rewritten): undefined then. */
async function optionalModule(spec: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(spec)) as Record<string, unknown>;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code !== 'ERR_MODULE_NOT_FOUND' || !e.message.includes(spec.split('/').at(-1) as string))
      log(`could not load ${spec}: ${e.message}`);
    return undefined;
  }
}

interface SeedReport {
  seed: SeedResult;
  migrateMs: number;
  indexMs: number | undefined;
  settleMs: number;
  totalMs: number;
}

async function seed(db: Prepared, showVocabulary: boolean): Promise<SeedReport> {
  const t0 = performance.now();
  const kept = keptDir();
  if (db.reused && kept) {
    const seeded = keptSeed(kept);
    return { seed: seeded, migrateMs: 0, indexMs: undefined, settleMs: 0, totalMs: performance.now() - t0 };
  }
  await migrateToLatest(db.handle);
  // seedReference creates the default company, so main.ts finds a seeded database and does not
  // add the demo data (seed.ts isEmpty); the goods below are the company's only goods.
  await seedReference(db.handle);
  const migrateMs = performance.now() - t0;
  const seeded = await seedCatalogue(db.handle, { url: db.url }, COMPANY, GOODS, log);
  log(
    `goods: ${GOODS.toLocaleString('en')} in ${secs(seeded.goodsMs)} (${seeded.rowsPerSecond.toLocaleString('en')} rows/s); ` +
      `leaf sizes ${seeded.leafSizes.smallest}–${seeded.leafSizes.largest} (median ${seeded.leafSizes.median})`,
  );
  let indexMs: number | undefined;
  const index = await optionalModule('@portal/server/src/modules/catalogue/catalogue-index.ts');
  if (typeof index?.rebuildCatalogueIndex === 'function') {
    const t = performance.now();
    const rebuild = index.rebuildCatalogueIndex as (
      d: DatabaseHandle['db'],
      companyId: number,
    ) => Promise<unknown>;
    await rebuild(db.handle.db, COMPANY);
    indexMs = performance.now() - t;
    log(`rebuildCatalogueIndex: ${secs(indexMs)}`);
  } else log('no rebuildCatalogueIndex (catalogue-index.ts absent): nothing to index');
  const t1 = performance.now();
  await settleDatabase(db.handle.dialect, db.url);
  const settleMs = performance.now() - t1;
  log(`${db.handle.dialect === 'pg' ? 'vacuum analyze' : 'wal_checkpoint(truncate)'}: ${secs(settleMs)}`);
  keep(db, seeded);
  if (showVocabulary) {
    const words = [
      '茶',
      '手机',
      '龙井',
      '西湖龙井',
      '智能手机',
      '红茶',
      '机',
      '鞋',
      'x5',
      'pro',
      '5g',
      '无此商品',
    ];
    const counts = await keywordCounts(db.handle, COMPANY, words);
    log(
      `goods whose name or subtitle holds: ${Object.entries(counts)
        .map(([w, n]) => `${w} ${n.toLocaleString('en')}`)
        .join(', ')}`,
    );
    log(`sample names:\n    ${(await sampleNames(db.handle, seeded, 12)).join('\n    ')}`);
  }
  return { seed: seeded, migrateMs, indexMs, settleMs, totalMs: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------
// The search engine's reference (BENCH_ENGINE=1): its own process, built from the seeded database.
interface Engine {
  base: string;
  pid: number;
  goods: number;
  tokens: number;
  buildMs: number;
  rss: number;
}

async function startEngine(prepared: Prepared): Promise<Engine> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=8192',
      '--expose-gc',
      '--import',
      'tsx',
      path.join(ROOT, 'bench/search-engine-serve.ts'),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        ENGINE_DB_URL: prepared.url,
        ENGINE_COMPANY: String(COMPANY),
        ENGINE_PORT: String(port),
      },
    },
  );
  cleanups.push(() => child.kill('SIGTERM'));
  const ready = await new Promise<Omit<Engine, 'base' | 'pid'>>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) =>
      reject(new Error(`the search engine's reference stopped (exit code ${code})`)),
    );
  });
  // Its own report counts bytes; the rest of the run, megabytes.
  return { ...ready, rss: ready.rss / 1024 / 1024, base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0 };
}

// The server, started as `npm start` starts it.
interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  logs: string[];
  exited: Promise<void>;
  dead: () => string | undefined;
}

class ServerDied extends Error {}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the server.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...serverNodeArgs(), ...nodeArgs, '--enable-source-maps', SERVER_BUNDLE],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    },
  );
  const logs: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(line);
    if (logs.length > 400) logs.splice(0, logs.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let death: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      death = `exit code ${code ?? '-'}, signal ${signal ?? '-'}`;
      resolve();
    }),
  );
  const server: Server = {
    child,
    pid: child.pid ?? 0,
    base: `http://127.0.0.1:${port}`,
    logs,
    exited,
    dead: () => death,
  };
  cleanups.push(() => stopServer(server));
  return server;
}

async function stopServer(s: Server) {
  if (s.dead()) return;
  s.child.kill('SIGTERM');
  await Promise.race([s.exited, sleep(15_000)]);
  if (!s.dead()) {
    s.child.kill('SIGKILL');
    await s.exited;
  }
}

function alive(s: Server) {
  const death = s.dead();
  if (death) throw new ServerDied(`the server died (${death})`);
}

interface Answer {
  status: number;
  ms: number;
  // biome-ignore lint/suspicious/noExplicitAny: the reply is read loosely (whatever implementation answers)
  body: any;
}

async function getJson(url: string, timeoutMs: number): Promise<Answer> {
  const t = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, ms: performance.now() - t, body };
}

const okReply = (a: Answer) => a.status === 200 && a.body?.c === 0;

/** Process start → /api/health answers → the first goods list answers. */
async function coldStart(s: Server, t0: number) {
  for (;;) {
    alive(s);
    if (performance.now() - t0 > 300_000) throw new Error('no /api/health answer within 300 s');
    try {
      if ((await getJson(`${s.base}/api/health`, 2000)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const healthMs = performance.now() - t0;
  for (;;) {
    alive(s);
    if (performance.now() - t0 > 600_000) throw new Error('no goods list answer within 600 s');
    try {
      const a = await getJson(`${s.base}${list('')}`, 300_000);
      if (okReply(a))
        return { healthMs, listMs: performance.now() - t0, count: Number(a.body.d.paging.count) };
      log(`first list: HTTP ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    } catch (error) {
      log(`first list: ${(error as Error).message}`);
    }
    await sleep(200);
  }
}

function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

// ---------------------------------------------------------------------------------------------
// Load: autocannon targets with their own connection counts, interleaved rounds, medians.
interface Target {
  key: string;
  title: string;
  connections: number;
  path: string | (() => string);
  /** The no-database target the rate is compared with (same connection count). */
  ref?: string;
  /**
   * false: replies are not read by the load generator (only their status counted). Reading every
   * 8 kB reply costs the load generator, which shares the machine's two cores with the server,
   * more than serving a remembered answer costs the server; the same URL is also measured checked.
   */
  verify?: false;
  /** Another server to ask (the search engine's reference), instead of the portal's. */
  base?: string;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  answered: number;
  failed: number;
  timeouts: number;
}

/** A reply of the public list or of health: HTTP 200 with `{"c":0` (handled failures are HTTP 200 too). */
const okBody = (body: unknown) => typeof body === 'string' && body.startsWith('{"c":0');

function loadOptions(base: string, t: Pick<Target, 'connections' | 'path' | 'verify'>, duration: number) {
  const next = t.path;
  const opts: autocannon.Options = {
    url: typeof next === 'string' ? `${base}${next}` : base,
    connections: t.connections,
    duration,
    timeout: TIMEOUT_S,
  };
  if (t.verify !== false) opts.verifyBody = okBody as autocannon.Options['verifyBody'];
  if (typeof next === 'function') opts.requests = [{ setupRequest: (req) => ({ ...req, path: next() }) }];
  return opts;
}

async function runOnce(s: Server, t: Target, duration: number): Promise<Round> {
  const r = await autocannon(loadOptions(t.base ?? s.base, t, duration));
  const answered = r.requests.total;
  return {
    rps: r.requests.average,
    // No answer within the round: its latency is at least the round (shown as such).
    p50: answered > 0 ? r.latency.p50 : Number.POSITIVE_INFINITY,
    p99: answered > 0 ? r.latency.p99 : Number.POSITIVE_INFINITY,
    max: answered > 0 ? r.latency.max : Number.POSITIVE_INFINITY,
    answered,
    // `errors` includes the timeouts; `mismatches` are replies that are not `{"c":0…`.
    failed: r.non2xx + r.errors + r.mismatches,
    timeouts: r.timeouts,
  };
}

/**
 * Waits until the server answers /api/health within 100 ms: requests a previous target left in
 * flight (autocannon stops at the end of its round, the server does not) are finished first.
 */
async function settle(s: Server) {
  const end = performance.now() + 120_000;
  while (performance.now() < end) {
    alive(s);
    const t = performance.now();
    try {
      await getJson(`${s.base}/api/health`, 60_000);
    } catch {
      // busy or restarting; try again
    }
    if (performance.now() - t < 100) return;
    await sleep(200);
  }
}

interface Measured {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  timeouts: number;
  answered: number;
  ratio: number | undefined;
}

async function measure(s: Server, label: string, targets: Target[]): Promise<Measured[]> {
  for (const t of targets) {
    await settle(s);
    await runOnce(s, t, 2);
  }
  const rounds = targets.map(() => [] as Round[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      await settle(s);
      const r = await runOnce(s, t, SECONDS);
      rounds[i]?.push(r);
      log(
        `${label} round ${round + 1}/${ROUNDS} ${t.key} (${t.connections} conn): ${Math.round(r.rps)} req/s, ` +
          `p50 ${msText(r.p50)}, p99 ${msText(r.p99)}, max ${msText(r.max)}${r.failed ? `, ${r.failed} failed (${r.timeouts} timed out)` : ''}`,
      );
    }
  }
  const out = targets.map((target, i) => {
    const rs = rounds[i] ?? [];
    return {
      target,
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      max: Math.max(...rs.map((r) => r.max)),
      failed: rs.reduce((a, r) => a + r.failed, 0),
      timeouts: rs.reduce((a, r) => a + r.timeouts, 0),
      answered: rs.reduce((a, r) => a + r.answered, 0),
      ratio: undefined as number | undefined,
    };
  });
  for (const m of out) {
    const ref = out.find((x) => x.target.key === m.target.ref);
    if (ref) m.ratio = m.rps / (ref.rps || 1);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Write → visible under load.
interface WriteResult {
  bumped: boolean;
  visible: number[];
  loadMax: number;
  loadP99: number;
  loadAnswers: number;
  loadFailed: number;
  pollMax: number;
}

async function writeUnderLoad(
  s: Server,
  db: Prepared,
  seeded: SeedResult,
  random: () => string,
): Promise<WriteResult> {
  const service = await optionalModule('@portal/server/src/modules/catalogue/catalogue.service.ts');
  const bump =
    typeof service?.bumpCatalogue === 'function'
      ? (service.bumpCatalogue as (trx: DatabaseHandle['db'], companyId: number) => Promise<unknown>)
      : undefined;
  const maxPrice = (await maxPriceOf(db.handle, COMPANY)) || seeded.maxPrice;
  await settle(s);
  const answers: { at: number; ms: number }[] = [];
  const load = autocannon(
    loadOptions(s.base, { connections: 10, path: random }, 3600),
  ) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  load.on('response', (_client, _status, _bytes, ms) => answers.push({ at: performance.now(), ms }));
  await sleep(2000);
  const from = performance.now();
  const visible: number[] = [];
  let pollMax = 0;
  try {
    for (let k = 1; k <= WRITES; k++) {
      alive(s);
      const id = seeded.minId + Math.floor(Math.random() * (seeded.maxId - seeded.minId + 1));
      const price = maxPrice + k * 100;
      await db.handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('goods')
          .set({ price, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .where('company_id', '=', COMPANY)
          .execute();
        if (bump) await bump(trx, COMPANY);
      });
      const committed = performance.now();
      for (;;) {
        alive(s);
        let first: number | undefined;
        try {
          const a = await getJson(`${s.base}${list('sort=price_desc')}`, 120_000);
          pollMax = Math.max(pollMax, a.ms);
          first = okReply(a) ? a.body.d.results[0]?.id : undefined;
        } catch {
          pollMax = Math.max(pollMax, performance.now() - committed);
        }
        if (first === id) {
          visible.push(performance.now() - committed);
          break;
        }
        if (performance.now() - committed > 120_000) {
          visible.push(Number.POSITIVE_INFINITY);
          break;
        }
        await sleep(10);
      }
      log(`write ${k}/${WRITES}: goods ${id} first by price after ${msText(visible.at(-1) ?? 0)}`);
    }
  } finally {
    load.stop();
  }
  const to = performance.now();
  const result = await load;
  // Every answer of the load that was in flight during the writes.
  const during = answers.filter((a) => a.at >= from && a.at - a.ms <= to).map((a) => a.ms);
  return {
    bumped: bump !== undefined,
    visible,
    loadMax: during.length ? Math.max(...during) : Number.POSITIVE_INFINITY,
    loadP99: during.length ? pctl(during, 0.99) : Number.POSITIVE_INFINITY,
    loadAnswers: during.length,
    loadFailed: result.non2xx + result.errors + result.mismatches,
    pollMax,
  };
}

// ---------------------------------------------------------------------------------------------
// One database.
interface DialectRun {
  label: string;
  seed?: SeedReport;
  cold?: { healthMs: number; listMs: number; count: number };
  memFirst?: { rss: number; peak: number };
  memAfter?: { rss: number; peak: number };
  measured?: Measured[];
  writes?: WriteResult;
  engine?: Engine;
  error?: string;
  totalMs: number;
}

function targetsFor(seeded: SeedResult, engine?: Engine): { targets: Target[]; random: () => string } {
  const byLevel = [1, 2, 3].map((level) => seeded.categories.filter((c) => c.level === level));
  const randomCategory = () => pickOne(pickOne(byLevel));
  const randomQuery = () => {
    const cat = randomCategory();
    const words =
      Math.random() < 0.5 ? (seeded.keywordsByTop.get(cat.top) ?? COMMON_KEYWORDS) : COMMON_KEYWORDS;
    return `category_id=${cat.id}&keyword=${kw(pickOne(words))}`;
  };
  const random = () => list(randomQuery());
  const tea = seeded.tops.find((t) => t.name === '茶叶') ?? seeded.tops[0];
  const randomTop = () => pickOne(seeded.tops).id;
  const targets: Target[] = [
    { key: 'health@50', title: 'GET /api/health (no database)', connections: 50, path: '/api/health' },
    { key: 'health@10', title: 'GET /api/health (no database)', connections: 10, path: '/api/health' },
    { key: 'random@10', title: 'random category + keyword', connections: 10, path: random, ref: 'health@10' },
    { key: 'random@50', title: 'random category + keyword', connections: 50, path: random, ref: 'health@50' },
    {
      key: 'repeated@50',
      title: `one repeated query (${tea?.name} + 龙井)`,
      connections: 50,
      path: list(`category_id=${tea?.id}&keyword=${kw('龙井')}`),
      ref: 'health@50',
    },
    {
      key: 'health@50 unchecked',
      title: 'GET /api/health (no database), replies not read',
      connections: 50,
      path: '/api/health',
      verify: false,
    },
    {
      key: 'repeated@50 unchecked',
      title: `the same repeated query, replies not read`,
      connections: 50,
      path: list(`category_id=${tea?.id}&keyword=${kw('龙井')}`),
      ref: 'health@50 unchecked',
      verify: false,
    },
    {
      key: 'deep-all',
      title: 'page 100 of all goods',
      connections: 10,
      path: list('page=100'),
      ref: 'health@10',
    },
    {
      key: 'deep-top',
      title: 'page 100 of a top category (random top)',
      connections: 10,
      path: () => list(`category_id=${randomTop()}&page=100`),
      ref: 'health@10',
    },
  ];
  for (const sort of ['new', 'sales', 'price_asc', 'price_desc']) {
    targets.push({
      key: `sort ${sort} all`,
      title: `sort=${sort}, all goods, first page`,
      connections: 10,
      path: list(`sort=${sort}`),
      ref: 'health@10',
    });
    targets.push({
      key: `sort ${sort} top`,
      title: `sort=${sort}, a top category (random), first page`,
      connections: 10,
      path: () => list(`category_id=${randomTop()}&sort=${sort}`),
      ref: 'health@10',
    });
  }
  // The sorts above repeat a few URLs, which an answer cache serves; these ask a different
  // category and page almost every time, so they show what a sort costs when it is not remembered.
  for (const sort of ['new', 'sales', 'price_asc', 'price_desc'])
    targets.push({
      key: `sort ${sort} any`,
      title: `sort=${sort}, a random category (any level), page 1–5`,
      connections: 10,
      path: () =>
        list(`category_id=${randomCategory().id}&sort=${sort}&page=${1 + Math.floor(Math.random() * 5)}`),
      ref: 'health@10',
    });
  if (engine) {
    // The same random queries asked of the engine, and the page of 20 goods by id the list route
    // would then read (`ids=`, never remembered): together, what the shop's answer would cost.
    const randomIds = () => {
      const ids = new Set<number>();
      while (ids.size < PAGE_SIZE)
        ids.add(seeded.minId + Math.floor(Math.random() * (seeded.maxId - seeded.minId + 1)));
      return [...ids].join(',');
    };
    targets.push(
      {
        key: 'engine@10',
        title: 'search engine: random category + keyword',
        connections: 10,
        path: () => `/q?${randomQuery()}`,
        ref: 'health@10',
        base: engine.base,
      },
      {
        key: 'engine@50',
        title: 'search engine: random category + keyword',
        connections: 50,
        path: () => `/q?${randomQuery()}`,
        ref: 'health@50',
        base: engine.base,
      },
      {
        key: 'engine docs@50',
        title: 'search engine: the same, answering the goods',
        connections: 50,
        path: () => `/q?docs=1&${randomQuery()}`,
        ref: 'health@50',
        base: engine.base,
      },
      {
        key: 'ids@50',
        title: 'a page of 20 goods by id (ids=)',
        connections: 50,
        path: () => list(`ids=${randomIds()}`),
        ref: 'health@50',
      },
    );
  }
  return { targets, random };
}

async function runDialect(prepared: Prepared, first: boolean): Promise<DialectRun> {
  const t0 = performance.now();
  const run: DialectRun = { label: prepared.label, totalMs: 0 };
  let server: Server | undefined;
  try {
    log(`== ${prepared.label}: seeding ${GOODS.toLocaleString('en')} goods`);
    run.seed = await seed(prepared, first);
    log(`seeding took ${secs(run.seed.totalMs)} in all`);
    log(`starting the server as npm start does (node ${SERVER_BUNDLE})`);
    const spawnedAt = performance.now();
    server = await startServer(prepared.env);
    run.cold = await coldStart(server, spawnedAt);
    run.memFirst = memory(server.pid);
    log(
      `cold start: health after ${secs(run.cold.healthMs)}, first list after ${secs(run.cold.listMs)} ` +
        `(${run.cold.count.toLocaleString('en')} in the paging count); memory ${mb(run.memFirst.rss)} (peak ${mb(run.memFirst.peak)})`,
    );

    if (ENGINE) {
      log("building the search engine's reference (search-engine-serve.ts) from the database");
      run.engine = await startEngine(prepared);
      log(
        `search engine: ${run.engine.goods.toLocaleString('en')} goods, ${run.engine.tokens.toLocaleString('en')} tokens ` +
          `in ${secs(run.engine.buildMs)}; memory ${mb(run.engine.rss)}`,
      );
    }
    const { targets, random } = targetsFor(run.seed.seed, run.engine);
    run.measured = await measure(server, prepared.label, targets);
    if (run.engine) run.engine.rss = memory(run.engine.pid).rss;
    log('write → visible, under a load of random queries (10 connections)');
    run.writes = await writeUnderLoad(server, prepared, run.seed.seed, random);
    run.memAfter = memory(server.pid);
    log(`memory after the writes: ${mb(run.memAfter.rss)} (peak ${mb(run.memAfter.peak)})`);
  } catch (error) {
    run.error = (error as Error).message;
    log(`${prepared.label}: ${run.error}`);
    if (server) console.log(`server output (last lines):\n${server.logs.slice(-40).join('\n')}`);
    if (!(error instanceof ServerDied)) process.exitCode = 1;
  } finally {
    if (server) {
      // main.ts prints its banner and the demo accounts; pino's JSON lines at warn (40) and above
      // are what the server had to say during the run.
      const warnings = server.logs.filter((line) => {
        try {
          return Number(JSON.parse(line).level) >= 40;
        } catch {
          return false;
        }
      });
      if (warnings.length > 0)
        log(
          `the server logged ${warnings.length} warnings or errors (kept: the last 200 lines); last:\n    ${warnings
            .slice(-3)
            .map((w) => w.slice(0, 400))
            .join('\n    ')}`,
        );
    }
    await cleanUp();
  }
  run.totalMs = performance.now() - t0;
  log(`${prepared.label} done in ${secs(run.totalMs)}`);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Reports.

/**
 * autocannon counts only the answers that arrive within a round: a latency near the round's
 * length is a lower bound (marked ≥), and a round without any answer shows as > the round.
 */
const latencyCell = (ms: number) =>
  !Number.isFinite(ms) ? `>${SECONDS * 1000}` : ms >= SECONDS * 500 ? `≥${ms}` : ms;
function report(run: DialectRun) {
  console.log(
    `\n${run.label}: ${GOODS.toLocaleString('en')} goods, ${run.seed?.seed.categories.length ?? '?'} categories; ` +
      `${ROUNDS} interleaved rounds of ${SECONDS} s per target, medians; autocannon timeout ${TIMEOUT_S} s`,
  );
  if (run.error) console.log(`  run stopped: ${run.error}`);
  if (run.seed) {
    const s = run.seed;
    console.log(
      `  seeding ${secs(s.totalMs)}: migrate ${secs(s.migrateMs)}, categories ${secs(s.seed.categoriesMs)}, ` +
        `goods ${secs(s.seed.goodsMs)} (${s.seed.rowsPerSecond.toLocaleString('en')} rows/s), ` +
        `rebuildCatalogueIndex ${s.indexMs === undefined ? '—' : secs(s.indexMs)}, settle ${secs(s.settleMs)}`,
    );
  }
  if (run.measured) {
    console.table(
      run.measured.map((m) => ({
        target: m.target.title,
        conn: m.target.connections,
        'req/s': Math.round(m.rps),
        'p50 ms': latencyCell(m.p50),
        'p99 ms': latencyCell(m.p99),
        'max ms': latencyCell(m.max),
        'to no-db': m.ratio === undefined ? '' : pct(m.ratio),
        failed: m.failed ? `VOID ${m.failed}${m.timeouts ? ` (${m.timeouts} t/o)` : ''}` : 0,
      })),
    );
  }
  const rows: Record<string, string> = {};
  if (run.cold) {
    rows['cold start (spawn → first list)'] = secs(run.cold.listMs);
    rows['  of which spawn → /api/health'] = secs(run.cold.healthMs);
  }
  if (run.memFirst)
    rows['memory after first list (RSS / peak)'] = `${mb(run.memFirst.rss)} / ${mb(run.memFirst.peak)}`;
  if (run.memAfter)
    rows['memory after the writes (RSS / peak)'] = `${mb(run.memAfter.rss)} / ${mb(run.memAfter.peak)}`;
  if (run.writes) {
    const w = run.writes;
    rows['write → first by price (median / max)'] =
      `${msText(median(w.visible))} / ${msText(Math.max(...w.visible))}`;
    rows['  load answers meanwhile (n, p99, max)'] =
      `${w.loadAnswers}, ${msText(w.loadP99)}, ${msText(w.loadMax)}`;
    rows['  load failed requests'] = String(w.loadFailed);
    rows['  slowest price_desc poll'] = msText(w.pollMax);
    rows['  bumpCatalogue called'] = w.bumped ? 'yes' : 'no (not exported)';
  }
  if (Object.keys(rows).length) console.table(rows);
}

interface Verdict {
  target: string;
  value: string;
  ok: boolean | undefined;
}

function verdicts(run: DialectRun): Verdict[] {
  const get = (key: string) => run.measured?.find((m) => m.target.key === key);
  const timing = (m: Measured | undefined) =>
    m
      ? `p99 ${Number.isFinite(m.p99) ? `${m.p99 >= SECONDS * 500 ? '≥' : ''}${msText(m.p99)}` : `> ${SECONDS} s (no answer in a round)`}${m.failed ? ` (VOID: ${m.failed} failed)` : ''}`
      : 'not measured';
  const out: Verdict[] = [];
  const r10 = get('random@10');
  out.push({
    target: 'random queries p99 < 50 ms at 10 clients',
    value: timing(r10),
    ok: r10 ? r10.failed === 0 && r10.p99 < 50 : undefined,
  });
  const r50 = get('random@50');
  out.push({
    target: 'random queries ≥ 10% of no-DB at 50',
    value: r50
      ? `${pct(r50.ratio ?? 0)}${r50.failed ? ` (VOID: ${r50.failed} failed)` : ''}`
      : 'not measured',
    ok: r50 ? r50.failed === 0 && (r50.ratio ?? 0) >= 0.1 : undefined,
  });
  const engine50 = get('engine@50');
  const ids50 = get('ids@50');
  if (engine50 && ids50) {
    // Served one after the other on the same two cores, their costs add: 1 / (1/a + 1/b).
    const through = 1 / (1 / (engine50.ratio || 1e-9) + 1 / (ids50.ratio || 1e-9));
    const failed = engine50.failed + ids50.failed;
    // An engine answering the goods, relayed as ready bytes — what a remembered answer costs the
    // server (the repeated query): its HTTP call to the engine not counted, so a lower bound.
    const docs50 = get('engine docs@50');
    const relay = get('repeated@50');
    if (docs50 && relay) {
      const relayed = 1 / (1 / (docs50.ratio || 1e-9) + 1 / (relay.ratio || 1e-9));
      out.push({
        target: '  through a search engine answering the goods (relayed)',
        value: `≤ ${pct(relayed)} (engine ${pct(docs50.ratio ?? 0)}, relay as the repeated query ${pct(relay.ratio ?? 0)})`,
        ok: docs50.failed === 0 && relayed >= 0.1,
      });
    }
    out.push({
      target: '  through a search engine (engine + page by ids)',
      value: `${pct(through)} (engine ${pct(engine50.ratio ?? 0)}, p99 ${msText(get('engine@10')?.p99 ?? 0)} at 10; ids ${pct(ids50.ratio ?? 0)}; engine ${mb(run.engine?.rss ?? 0)}, built in ${secs(run.engine?.buildMs ?? 0)})${failed ? ` (VOID: ${failed} failed)` : ''}`,
      ok: failed === 0 && through >= 0.1,
    });
  }
  const same = get('repeated@50');
  const light = get('repeated@50 unchecked');
  out.push({
    target: 'repeated query ≥ 50% of no-DB',
    value: same
      ? `${pct(same.ratio ?? 0)} with every reply read${light ? `, ${pct(light.ratio ?? 0)} unread` : ''}${same.failed || light?.failed ? ` (VOID: ${same.failed + (light?.failed ?? 0)} failed)` : ''}`
      : 'not measured',
    ok: same
      ? same.failed === 0 && (light?.failed ?? 0) === 0 && ((light ?? same).ratio ?? 0) >= 0.5
      : undefined,
  });
  const sortVerdict = (target: string, sorts: Measured[]) => {
    const worst = sorts.reduce<Measured | undefined>(
      (w, m) => (!w || m.failed > w.failed || (m.failed === w.failed && m.p99 > w.p99) ? m : w),
      undefined,
    );
    out.push({
      target,
      value: worst ? `worst ${worst.target.key}: ${timing(worst)}` : 'not measured',
      ok: sorts.length ? sorts.every((m) => m.failed === 0 && m.p99 < 100) : undefined,
    });
  };
  const sorts = run.measured?.filter((m) => m.target.key.startsWith('sort ')) ?? [];
  sortVerdict(
    'every sort p99 < 100 ms (all goods, top category)',
    sorts.filter((m) => !m.target.key.endsWith(' any')),
  );
  sortVerdict(
    '  and not remembered (any category, page 1–5)',
    sorts.filter((m) => m.target.key.endsWith(' any')),
  );
  const w = run.writes;
  out.push({
    target: 'write visible within 1 s',
    value: w ? `max ${msText(Math.max(...w.visible))} (median ${msText(median(w.visible))})` : 'not measured',
    ok: w ? Math.max(...w.visible) < 1000 : undefined,
  });
  out.push({
    target: 'no list answer > 100 ms meanwhile',
    value: w
      ? `max ${msText(w.loadMax)}, p99 ${msText(w.loadP99)}${w.loadFailed ? `, ${w.loadFailed} failed` : ''}`
      : 'not measured',
    ok: w ? w.loadMax < 100 && w.loadFailed === 0 : undefined,
  });
  out.push({
    target: 'cold start < 5 s',
    value: run.cold ? secs(run.cold.listMs) : 'not measured',
    ok: run.cold ? run.cold.listMs < 5000 : undefined,
  });
  const peak = run.memAfter?.peak ?? run.memFirst?.peak;
  out.push({
    target: 'memory < 500 MB (peak RSS)',
    value: peak === undefined ? 'not measured' : mb(peak),
    ok: peak === undefined ? undefined : peak < 500,
  });
  const deep = [get('deep-all'), get('deep-top')];
  out.push({
    target: 'deep pages (no target; page 100)',
    value: deep.map((m) => (m ? `${m.target.key} ${timing(m)}` : '—')).join(', '),
    ok: undefined,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
const runs: DialectRun[] = [];
try {
  log(
    `catalogue-million: ${GOODS.toLocaleString('en')} goods on ${DIALECTS.join(', ')}; ` +
      `${ROUNDS} rounds × ${SECONDS} s per target (BENCH_ROUNDS, BENCH_SECONDS); server from ${ROOT}`,
  );
  // The server's bundle, built before any timing as `npm start` builds it (when sources changed).
  ensureServerBuilt();
  for (const dialect of DIALECTS) {
    let prepared: Prepared | undefined;
    if (dialect === 'sqlite') prepared = prepareSqlite();
    else if (dialect === 'postgres' || dialect === 'pg') prepared = await preparePg();
    else log(`unknown dialect ${dialect} (sqlite, postgres)`);
    if (prepared) runs.push(await runDialect(prepared, runs.length === 0));
  }
} finally {
  await cleanUp();
}

for (const run of runs) report(run);
if (runs.length > 0) {
  console.log('\nIssue 22 targets (OK / MISS; a benchmark, so a miss does not fail the run):');
  const all = runs.map((r) => verdicts(r));
  const mark = (v: Verdict) => (v.ok === undefined ? '' : v.ok ? 'OK' : 'MISS');
  console.table(
    (all[0] ?? []).map((v, i) => {
      const row: Record<string, string> = { target: v.target };
      for (const [j, run] of runs.entries()) {
        const x = all[j]?.[i];
        row[run.label] = x ? `${mark(x)} ${x.value}`.trim() : '';
      }
      return row;
    }),
  );
}
log(`whole run: ${secs(performance.now() - started)}`);
