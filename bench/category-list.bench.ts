// Issue 2 budget: the authenticated category list (100 categories) at 50 connections must reach at
// least 40% of the rate of a no-database route, measured side by side in one run on SQLite.
// The targets are measured in interleaved rounds and each ratio uses the medians, so a slow
// moment of this shared machine does not land on one target only.
import { measure, pct, report, startServer } from './harness.ts';

const { ready, server } = await startServer<{
  port: number;
  token: string;
  dialect: string;
  bytes: Record<string, number>;
}>('serve.ts');
const base = `http://127.0.0.1:${ready.port}`;

const list = (pageSize: number) => ({
  url: `${base}/api/shop/goods/category/list`,
  method: 'POST' as const,
  headers: { authorization: ready.token, 'content-type': 'application/x-www-form-urlencoded' },
  body: `page=1&page_size=${pageSize}`,
});

const results = await measure([
  { title: 'GET /api/health (no database)', opts: { url: `${base}/api/health` } },
  { title: 'POST category list, 100 of 100', opts: list(100) },
  { title: 'POST category list, page of 10', opts: list(10) },
  {
    title: `no database, same ${ready.bytes['100']} bytes as 100`,
    opts: { url: `${base}/bench/same-bytes/100` },
  },
  {
    title: `no database, same ${ready.bytes['10']} bytes as 10`,
    opts: { url: `${base}/bench/same-bytes/10` },
  },
]);
server.kill('SIGTERM');

report(ready.dialect, results);
const rps = results.map((r) => r.rps);
const ratio = (rps[1] ?? 0) / (rps[0] || 1);
console.log(
  `category list (100) / no-database = ${pct(ratio)} (budget ≥ 40%) ${ratio >= 0.4 ? 'OK' : 'BELOW BUDGET'}`,
);
console.log(`category list (10)  / no-database = ${pct((rps[2] ?? 0) / (rps[0] || 1))}`);
// How much of the rate the reply's size alone allows: the list against a route sending its bytes.
console.log(`category list (100) / same bytes without database = ${pct((rps[1] ?? 0) / (rps[3] || 1))}`);
console.log(`category list (10)  / same bytes without database = ${pct((rps[2] ?? 0) / (rps[4] || 1))}`);
