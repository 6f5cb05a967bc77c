// Issue 3 budget: the public goods list (100,000 goods, a category filter and a keyword) at 50
// connections must reach at least 30% of the rate of the no-database route, with p99 under 50 ms,
// measured side by side in one run on SQLite (interleaved rounds, medians).
import type autocannon from 'autocannon';
import { measure, pct, report, startServer } from './harness.ts';

const { ready, server } = await startServer<{
  port: number;
  dialect: string;
  goods: number;
  tops: number[];
  leaves: number[];
  bytes: number;
  count: number;
  coldMs: number;
  uncachedMs: number;
  indexMs: number;
}>('goods-list-serve.ts');
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
const cycle: autocannon.Request = {
  setupRequest: (req, ctx) => {
    const c = ctx as { i?: number };
    c.i = ((c.i ?? -1) + 1) % varied.length;
    return { ...req, path: varied[c.i] };
  },
};

const results = await measure([
  { title: 'GET /api/health (no database)', opts: { url: `${base}/api/health` } },
  {
    title: 'goods list: top category + keyword',
    opts: { url: `${base}${list(`category_id=${ready.tops[0]}&keyword=${kw('茶叶')}`)}` },
  },
  { title: 'goods list: 40 different queries', opts: { url: base, requests: [cycle] } },
]);
server.kill('SIGTERM');

report(`${ready.goods} goods, ${ready.dialect}`, results);
console.log(
  `reply ${ready.bytes} bytes, ${ready.count} matching goods; first answers: ${ready.coldMs.toFixed(1)} ms and ${ready.uncachedMs.toFixed(1)} ms; indexing ${ready.goods} goods ${(ready.indexMs / 1000).toFixed(1)} s`,
);
const [health, one, many] = results;
const ratio = (one?.rps ?? 0) / (health?.rps || 1);
const ok = ratio >= 0.3 && (one?.p99 ?? 99) < 50;
console.log(
  `goods list / no-database = ${pct(ratio)}, p99 ${one?.p99} ms (budget ≥ 30%, p99 < 50 ms) ${ok ? 'OK' : 'BELOW BUDGET'}`,
);
console.log(
  `40 varied queries / no-database = ${pct((many?.rps ?? 0) / (health?.rps || 1))}, p99 ${many?.p99} ms`,
);
