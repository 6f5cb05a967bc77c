// Issue 2 budget: the authenticated category list (100 categories) at 50 connections must reach at
// least 40% of the rate of a no-database route, measured side by side in one run on SQLite.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const server = spawn(process.execPath, ['--import', 'tsx', 'serve.ts'], {
  cwd: import.meta.dirname,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
const ready = await new Promise<{ port: number; token: string; dialect: string }>((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const base = `http://127.0.0.1:${ready.port}`;

async function measure(title: string, { path, ...opts }: Partial<autocannon.Options> & { path: string }) {
  const url = `${base}${path}`;
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...opts }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${title}: ${bad} failed requests — the measurement is void`);
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad };
}

const list = (pageSize: number) => ({
  method: 'POST' as const,
  path: '/api/shop/goods/category/list',
  headers: { authorization: ready.token, 'content-type': 'application/x-www-form-urlencoded' },
  body: `page=1&page_size=${pageSize}`,
});

const results = [
  await measure('GET /api/health (no database)', { path: '/api/health' }),
  await measure('POST category list, 100 of 100', list(100)),
  await measure('POST category list, page of 10', list(10)),
];
server.kill('SIGTERM');

const reference = results[0]?.rps ?? 1;
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${ready.dialect}`);
console.table(
  results.map((r) => ({
    route: r.title,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'non-2xx/errors': r.bad,
    'ratio to no-db': `${((r.rps / reference) * 100).toFixed(1)}%`,
  })),
);
const ratio = (results[1]?.rps ?? 0) / reference;
console.log(
  `category list (100) / no-database = ${(ratio * 100).toFixed(1)}% (budget ≥ 40%) ${ratio >= 0.4 ? 'OK' : 'BELOW BUDGET'}`,
);
