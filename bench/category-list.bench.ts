// Issue 2 budget: the authenticated category list (100 categories) at 50 connections must reach at
// least 40% of the rate of a no-database route, measured side by side in one run on SQLite.
// The targets are measured in interleaved rounds and each ratio uses the medians, so a slow
// moment of this shared machine does not land on one target only.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

const server = spawn(process.execPath, ['--import', 'tsx', 'serve.ts'], {
  cwd: import.meta.dirname,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
const ready = await new Promise<{
  port: number;
  token: string;
  dialect: string;
  bytes: Record<string, number>;
}>((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const base = `http://127.0.0.1:${ready.port}`;

interface Target {
  title: string;
  opts: Partial<autocannon.Options> & { path: string };
  runs: { rps: number; p50: number; p99: number }[];
}

const list = (pageSize: number) => ({
  method: 'POST' as const,
  path: '/api/shop/goods/category/list',
  headers: { authorization: ready.token, 'content-type': 'application/x-www-form-urlencoded' },
  body: `page=1&page_size=${pageSize}`,
});

const targets: Target[] = [
  { title: 'GET /api/health (no database)', opts: { path: '/api/health' }, runs: [] },
  { title: 'POST category list, 100 of 100', opts: list(100), runs: [] },
  { title: 'POST category list, page of 10', opts: list(10), runs: [] },
  {
    title: `no database, same ${ready.bytes['100']} bytes as 100`,
    opts: { path: '/bench/same-bytes/100' },
    runs: [],
  },
  {
    title: `no database, same ${ready.bytes['10']} bytes as 10`,
    opts: { path: '/bench/same-bytes/10' },
    runs: [],
  },
];

async function run(t: Target, duration: number) {
  const { path, ...opts } = t.opts;
  const r = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration, ...opts });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${t.title}: ${bad} failed requests — the measurement is void`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

for (const t of targets) await run(t, 2); // warm-up
for (let round = 0; round < ROUNDS; round++) for (const t of targets) t.runs.push(await run(t, SECONDS));
server.kill('SIGTERM');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rps = targets.map((t) => median(t.runs.map((r) => r.rps)));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const reference = rps[0] ?? 1;

console.log(
  `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, ${ready.dialect}; medians`,
);
console.table(
  targets.map((t, i) => ({
    route: t.title,
    'req/s': Math.round(rps[i] ?? 0),
    'p50 ms': median(t.runs.map((r) => r.p50)),
    'p99 ms': median(t.runs.map((r) => r.p99)),
    'ratio to no-db': pct((rps[i] ?? 0) / reference),
  })),
);
const ratio = (rps[1] ?? 0) / reference;
console.log(
  `category list (100) / no-database = ${pct(ratio)} (budget ≥ 40%) ${ratio >= 0.4 ? 'OK' : 'BELOW BUDGET'}`,
);
console.log(`category list (10)  / no-database = ${pct((rps[2] ?? 0) / reference)}`);
// How much of the rate the reply's size alone allows: the list against a route sending its bytes.
console.log(`category list (100) / same bytes without database = ${pct((rps[1] ?? 0) / (rps[3] ?? 1))}`);
console.log(`category list (10)  / same bytes without database = ${pct((rps[2] ?? 0) / (rps[4] ?? 1))}`);
