// The mixed order load of issue 10: CLIENTS members, each in a loop, place an order of 1–3 lines
// (random goods of a small shop, so orders meet on the same stock rows), then cancel it (a third),
// have it confirmed as paid by the shop (a third), or leave it awaiting payment. The same load runs
// on SQLite and on PostgreSQL, in interleaved rounds, against the real app in a child process.
// Reports orders placed per second and latency percentiles of every request, and counts every
// failed request that is not a business refusal (a 5xx, 10500, a network error) — any voids the run.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { startServer } from './harness.ts';
import { throwAwayDatabase } from './pg-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 40);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Ready {
  port: number;
  dialect: string;
  goods: number[];
  clients: { token: string; consignee_id: number }[];
  staff: string;
}

interface Reply {
  status: number;
  c: number;
  d?: { order?: { id: number } };
}

function post(agent: http.Agent, port: number, path: string, token: string, body: unknown): Promise<Reply> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: `/api${path}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: token,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: res.statusCode ?? 0, c: json.c, d: json.d });
          } catch {
            resolve({ status: res.statusCode ?? 0, c: -1 });
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Tally {
  orders: number;
  requests: number;
  refusals: number;
  failures: number;
  failureKinds: Map<string, number>;
  latencies: number[];
}

/** The load for `seconds` on one server; answers what it counted. */
async function load(ready: Ready, seconds: number): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
  const t: Tally = {
    orders: 0,
    requests: 0,
    refusals: 0,
    failures: 0,
    failureKinds: new Map(),
    latencies: [],
  };
  const end = performance.now() + seconds * 1000;
  const timed = async (path: string, token: string, body: unknown) => {
    const t0 = performance.now();
    let r: Reply;
    try {
      r = await post(agent, ready.port, path, token, body);
    } catch (error) {
      r = { status: 0, c: -2 };
      t.failureKinds.set(`${path} ${(error as Error).message}`, (t.failureKinds.get(path) ?? 0) + 1);
    }
    t.latencies.push(performance.now() - t0);
    t.requests += 1;
    if (r.status >= 500 || r.c === 10500 || r.c < 0) {
      t.failures += 1;
      const kind = `${path} ${r.status} ${r.c}`;
      t.failureKinds.set(kind, (t.failureKinds.get(kind) ?? 0) + 1);
    } else if (r.c !== 0) t.refusals += 1;
    return r;
  };
  const client = async (me: Ready['clients'][number]) => {
    while (performance.now() < end) {
      const lines = 1 + randomInt(3);
      const picked = new Set<number>();
      while (picked.size < lines) picked.add(ready.goods[randomInt(ready.goods.length)] as number);
      const created = await timed('/order/create', me.token, {
        items: [...picked].map((goods_id) => ({ goods_id, quantity: 1 + randomInt(2) })),
        consignee_id: me.consignee_id,
        payment_method: 'bank_transfer',
      });
      const id = created.d?.order?.id;
      if (created.c !== 0 || !id) continue;
      t.orders += 1;
      const next = randomInt(3);
      if (next === 0) await timed('/order/cancel', me.token, { id });
      else if (next === 1) await timed('/order/pay/confirm', ready.staff, { id });
    }
  };
  await Promise.all(ready.clients.map(client));
  agent.destroy();
  return t;
}

const pctl = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0;
};

const pgDatabase = () => throwAwayDatabase(PG_URL, `portal_bench_orders_${process.pid}`, 'SQLite only');

const only = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'pg'];
const pgDb = only.includes('pg') ? await pgDatabase() : undefined;
const servers = [];
if (only.includes('sqlite'))
  servers.push(
    await startServer<Ready>('orders-serve.ts', { BENCH_CLIENTS: String(CLIENTS), DATABASE_URL: '' }),
  );
if (pgDb)
  servers.push(
    await startServer<Ready>('orders-serve.ts', { BENCH_CLIENTS: String(CLIENTS), DATABASE_URL: pgDb.url }),
  );

const tallies = servers.map(() => [] as Tally[]);
try {
  for (const s of servers) await load(s.ready, 2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, s] of servers.entries()) tallies[i]?.push(await load(s.ready, SECONDS));
  }
  console.log(
    `\nMixed order load: ${CLIENTS} clients, orders of 1–3 lines over ${servers[0]?.ready.goods.length} goods, ` +
      `then a third cancelled and a third paid; ${ROUNDS} interleaved rounds of ${SECONDS} s`,
  );
  const rows = [];
  for (const [i, s] of servers.entries()) {
    const ts = tallies[i] ?? [];
    const all = ts.flatMap((t) => t.latencies);
    const sum = (f: (t: Tally) => number) => ts.reduce((a, t) => a + f(t), 0);
    const check = (await (await fetch(`http://127.0.0.1:${s.ready.port}/bench/check`)).json()) as {
      stockRight: boolean;
      salesRight: boolean;
    };
    rows.push({
      database: s.ready.dialect === 'pg' ? 'PostgreSQL' : 'SQLite',
      'orders/s': Math.round(sum((t) => t.orders) / (ROUNDS * SECONDS)),
      'req/s': Math.round(sum((t) => t.requests) / (ROUNDS * SECONDS)),
      'p50 ms': Math.round(pctl(all, 0.5)),
      'p99 ms': Math.round(pctl(all, 0.99)),
      'max ms': Math.round(pctl(all, 1)),
      refusals: sum((t) => t.refusals),
      failures: sum((t) => t.failures),
      'stock right': check.stockRight && check.salesRight,
    });
    for (const t of ts)
      for (const [k, n] of t.failureKinds) console.log(`  ${rows.at(-1)?.database} failure: ${k} ×${n}`);
  }
  console.table(rows);
  const sqlite = rows.find((r) => r.database === 'SQLite');
  const pgRow = rows.find((r) => r.database === 'PostgreSQL');
  if (sqlite && pgRow)
    console.log(
      `PostgreSQL / SQLite orders/s: ${((pgRow['orders/s'] / sqlite['orders/s']) * 100).toFixed(1)}%`,
    );
  if (rows.some((r) => r.failures > 0 || !r['stock right'])) process.exitCode = 1;
} finally {
  for (const s of servers) s.server.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.server.once('exit', r))));
  await pgDb?.drop();
}
