// Issue 3 budget: the public goods list (100,000 goods, a category filter and a keyword) at 50
// connections must reach at least 30% of the rate of the no-database route, with p99 under 50 ms,
// measured side by side in one run on SQLite (interleaved rounds, medians).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;

const server = spawn(process.execPath, ['--import', 'tsx', 'goods-list-serve.ts'], {
  cwd: import.meta.dirname,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
const ready = await new Promise<{
  port: number;
  dialect: string;
  goods: number;
  tops: number[];
  leaves: number[];
  bytes: number;
  count: number;
  coldMs: number;
  uncachedMs: number;
}>((resolve, reject) => {
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const base = `http://127.0.0.1:${ready.port}`;
const list = (q: string) => `/api/goods/staff/shopgoods/?company_id=125&${q}`;
const kw = (w: string) => encodeURIComponent(w);

// 40 different queries (categories × keywords × sorts × pages), cycled by every connection.
const WORDS = ['茶叶', '手机', '笔记本', '连衣裙', '坚果'];
const varied: string[] = [];
for (let i = 0; i < 40; i++) {
  const cat = i % 2 ? ready.tops[i % ready.tops.length] : ready.leaves[i % ready.leaves.length];
  varied.push(
    list(
      `category_id=${cat}&keyword=${kw(WORDS[i % WORDS.length] as string)}&sort=${['new', 'sales', 'price_asc'][i % 3]}&page=${1 + (i % 4)}`,
    ),
  );
}

interface Target {
  title: string;
  opts: Partial<autocannon.Options>;
  runs: { rps: number; p50: number; p99: number }[];
}
const targets: Target[] = [
  { title: 'GET /api/health (no database)', opts: { url: `${base}/api/health` }, runs: [] },
  {
    title: 'goods list: top category + keyword',
    opts: { url: `${base}${list(`category_id=${ready.tops[0]}&keyword=${kw('茶叶')}`)}` },
    runs: [],
  },
  {
    title: 'goods list: 40 different queries',
    opts: {
      url: base,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>, ctx: Record<string, number>) => {
            ctx.i = ((ctx.i ?? -1) + 1) % varied.length;
            return { ...req, path: varied[ctx.i] };
          },
        },
      ],
    } as Partial<autocannon.Options>,
    runs: [],
  },
];

async function run(t: Target, duration: number) {
  const r = await autocannon({ connections: CONNECTIONS, duration, ...(t.opts as autocannon.Options) });
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${t.title}: ${bad} failed requests — the measurement is void`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

for (const t of targets) await run(t, 2); // warm-up
for (let round = 0; round < ROUNDS; round++) for (const t of targets) t.runs.push(await run(t, SECONDS));
server.kill('SIGTERM');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rps = targets.map((t) => median(t.runs.map((r) => r.rps)));
const p99 = targets.map((t) => median(t.runs.map((r) => r.p99)));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const reference = rps[0] ?? 1;

console.log(
  `\n${ready.goods} goods, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, ${ready.dialect}; medians`,
);
console.log(
  `reply ${ready.bytes} bytes, ${ready.count} matching goods; first (uncached) answers: ${ready.coldMs.toFixed(1)} ms and ${ready.uncachedMs.toFixed(1)} ms`,
);
console.table(
  targets.map((t, i) => ({
    route: t.title,
    'req/s': Math.round(rps[i] ?? 0),
    'p50 ms': median(t.runs.map((r) => r.p50)),
    'p99 ms': p99[i],
    'ratio to no-db': pct((rps[i] ?? 0) / reference),
  })),
);
const ratio = (rps[1] ?? 0) / reference;
const ok = ratio >= 0.3 && (p99[1] ?? 99) < 50;
console.log(
  `goods list / no-database = ${pct(ratio)}, p99 ${p99[1]} ms (budget ≥ 30%, p99 < 50 ms) ${ok ? 'OK' : 'BELOW BUDGET'}`,
);
console.log(`40 varied queries / no-database = ${pct((rps[2] ?? 0) / reference)}, p99 ${p99[2]} ms`);
