// Issue 12 budget: the goods library's list (POST /api/goods/list, a shop administrator) over
// 100,000 goods with a keyword, at 50 connections, must reach at least 30% of the rate of the
// no-database route with p99 under 50 ms, measured side by side in one run on SQLite (interleaved
// rounds, medians; harness.ts).
import type autocannon from 'autocannon';
import { measure, pct, report, startServer } from './harness.ts';
import { GOODS_WORDS } from './serve-common.ts';

const { ready, server } = await startServer<{
  port: number;
  dialect: string;
  goods: number;
  tops: number[];
  leaves: number[];
  token: string;
  bytes: number;
  count: number;
  coldMs: number;
  uncachedMs: number;
  indexMs: number;
}>('goods-library-serve.ts');
const base = `http://127.0.0.1:${ready.port}`;
const post = (body: Record<string, unknown>): Partial<autocannon.Options> => ({
  url: `${base}/api/goods/list`,
  method: 'POST',
  headers: { authorization: ready.token, 'content-type': 'application/json' },
  body: JSON.stringify({ page_size: 20, ...body }),
});

// 40 different queries: words of the names (a tenth of the goods each), words of one goods
// (型号123), code prefixes (SP-0001 → 100 goods), × no category / a top / a leaf × sorts × pages.
const KEYWORDS = [...GOODS_WORDS.slice(0, 5), '型号123', 'SP-0001', 'sp-00042', '特级茶叶', '红'];
const SORTS = ['newest', 'code', 'name', 'price', 'stock'];
const varied: string[] = [];
for (let i = 0; i < 40; i++) {
  const category = [undefined, ready.tops[i % ready.tops.length], ready.leaves[i % ready.leaves.length]][
    i % 3
  ];
  varied.push(
    post({
      keyword: KEYWORDS[i % KEYWORDS.length],
      category_id: category,
      sort: SORTS[i % SORTS.length],
      page: 1 + (i % 3),
    }).body as string,
  );
}
const cycle: autocannon.Request = {
  setupRequest: (req, ctx) => {
    const c = ctx as { i?: number };
    c.i = ((c.i ?? -1) + 1) % varied.length;
    return { ...req, body: varied[c.i] };
  },
};

// Handled refusals are HTTP 200 (autocannon would count them as answers): each body is checked once.
for (const body of varied) {
  const res = await fetch(`${base}/api/goods/list`, {
    method: 'POST',
    headers: { authorization: ready.token, 'content-type': 'application/json' },
    body,
  });
  const json = (await res.json()) as { c: number; m?: string };
  if (json.c !== 0) throw new Error(`${body}: refused (${json.c} ${json.m})`);
}

const results = await measure([
  { title: 'GET /api/health (no database)', opts: { url: `${base}/api/health` } },
  { title: 'goods library: keyword 茶叶', opts: post({ keyword: '茶叶' }) },
  {
    title: 'goods library: top category + keyword 茶叶',
    opts: post({ keyword: '茶叶', category_id: ready.tops[0] }),
  },
  { title: 'goods library: 40 different queries', opts: { ...post({}), requests: [cycle] } },
]);
server.kill('SIGTERM');

report(`${ready.goods} goods in the library, ${ready.dialect}`, results);
console.log(
  `reply ${ready.bytes} bytes, ${ready.count} goods counted for 茶叶; first answers: ${ready.coldMs.toFixed(1)} ms and ${ready.uncachedMs.toFixed(1)} ms; indexing ${ready.goods} goods ${(ready.indexMs / 1000).toFixed(1)} s`,
);
const [health, ...lists] = results;
for (const r of lists) {
  const ratio = (r.rps ?? 0) / (health?.rps || 1);
  const ok = ratio >= 0.3 && r.p99 < 50;
  console.log(
    `${r.title} / no-database = ${pct(ratio)}, p99 ${r.p99} ms (budget ≥ 30%, p99 < 50 ms) ${ok ? 'OK' : 'BELOW BUDGET'}`,
  );
}
