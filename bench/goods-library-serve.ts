// Child process of the goods-library benchmark: the real app on a real SQLite file (WAL) with one
// company holding 100,000 goods (the catalogue benchmark's, each with a code) and a logged-in shop
// administrator (role 12, view_goods).
import { createUser } from '@portal/server/src/seed/seed.ts';
import { buildBenchApp, openBenchData, seedGoods, serveBench } from './serve-common.ts';

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const data = await openBenchData('portal-bench-library-');
const { db } = data.database;
const company = 125;
const { tops, leaves, indexMs } = await seedGoods(db, GOODS, company);
const username = `bench_${process.pid}_${Date.now()}`;
await createUser(db, { companyId: company, username, password: 'Bench12345', role: 12 });
const app = await buildBenchApp(data);
const login = await app.inject({
  method: 'POST',
  url: '/api/account/login',
  payload: { username, password: 'Bench12345' },
});
const token = `Token ${login.json().d.token}`;
// Two first answers, timed: what a query costs before anything is warm.
const list = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/goods/list', headers: { authorization: token }, payload });
const t0 = performance.now();
const first = await list({ keyword: '茶叶', page_size: 20 });
const coldMs = performance.now() - t0;
if (first.json().c !== 0) throw new Error(`goods list refused: ${first.body}`);
const t1 = performance.now();
await list({ keyword: '手机', category_id: tops[1], sort: 'price', page_size: 20 });
const uncachedMs = performance.now() - t1;
await serveBench(app, data, {
  goods: GOODS,
  tops,
  leaves,
  token,
  bytes: first.rawPayload.length,
  count: first.json().d.paging.count,
  coldMs,
  uncachedMs,
  indexMs,
});
