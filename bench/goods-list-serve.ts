// Child process of the goods-list benchmark: the real app on a real SQLite file (WAL) with one
// company holding 100,000 goods on sale in 20 leaf categories under 4 top categories.
import { buildBenchApp, openBenchData, seedGoods, serveBench } from './serve-common.ts';

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const data = await openBenchData('portal-bench-goods-');
const { db } = data.database;
const company = 125;
// Goods written straight to the table, then indexed as the back office's writes do (ADR 0014).
const { tops, leaves, indexMs } = await seedGoods(db, GOODS, company);
const app = await buildBenchApp(data);
// One uncached answer, timed, so the report shows what a query costs before it is remembered.
const t0 = performance.now();
const first = await app.inject({
  method: 'GET',
  url: `/api/goods/staff/shopgoods/?company_id=${company}&category_id=${tops[0]}&keyword=${encodeURIComponent('茶叶')}`,
});
const coldMs = performance.now() - t0;
const t1 = performance.now();
await app.inject({
  method: 'GET',
  url: `/api/goods/staff/shopgoods/?company_id=${company}&category_id=${tops[1]}&keyword=${encodeURIComponent('手机')}&sort=price_asc`,
});
const uncachedMs = performance.now() - t1;
await serveBench(app, data, {
  goods: GOODS,
  tops,
  leaves,
  bytes: first.rawPayload.length,
  count: first.json().d.paging.count,
  coldMs,
  uncachedMs,
  indexMs,
});
