// Child process of the goods-list benchmark: the real app on a real SQLite file (WAL) with one
// company holding 100,000 goods on sale in 20 leaf categories under 4 top categories.
import { rebuildCatalogueIndex } from '@portal/server/src/modules/catalogue/index.ts';
import { createCategory } from '@portal/server/src/seed/seed.ts';
import { buildBenchApp, openBenchData, serveBench } from './serve-common.ts';

const GOODS = Number(process.env.BENCH_GOODS ?? 100_000);
const data = await openBenchData('portal-bench-goods-');
const { db } = data.database;
const now = new Date().toISOString();
const company = 125;

const tops: number[] = [];
const leaves: number[] = [];
for (let t = 0; t < 4; t++) {
  const top = await createCategory(db, company, `大类${t}`, null, t);
  tops.push(top.id);
  for (let l = 0; l < 5; l++) leaves.push((await createCategory(db, company, `小类${t}-${l}`, top, l)).id);
}
const WORDS = ['茶叶', '手机', '笔记本', '连衣裙', '坚果', '打印机', '衬衫', '登机箱', '牛肉干', '红茶'];
const ADJ = ['特级', '精选', '经典', '轻薄', '加厚', '礼盒', '家用', '商务', '限量', '新款'];
for (let start = 0; start < GOODS; start += 1000) {
  await db.transaction().execute(async (trx) => {
    const rows = [];
    for (let i = start; i < Math.min(start + 1000, GOODS); i++) {
      const created = new Date(Date.parse(now) - i * 60_000).toISOString();
      rows.push({
        company_id: company,
        category_id: leaves[i % leaves.length] as number,
        name: `${ADJ[(i >> 3) % ADJ.length]}${WORDS[i % WORDS.length]} 型号${i}`,
        subtitle: '正品保障 全国包邮',
        cover: '/demo/goods/phone.svg',
        price: 1000 + ((i * 7919) % 500_000),
        stock: 100 + (i % 50),
        sales: (i * 31) % 1000,
        on_sale: 1,
        del_flag: 0,
        created_at: created,
        updated_at: created,
      });
    }
    // 13 columns per row: batches of 70 rows stay under SQLite's 999 bound parameters.
    for (let k = 0; k < rows.length; k += 70)
      await trx
        .insertInto('goods')
        .values(rows.slice(k, k + 70))
        .execute();
  });
}
// Goods written straight to the table: index them as the back office's writes do (ADR 0014).
const indexStart = performance.now();
await rebuildCatalogueIndex(db, company);
const indexMs = performance.now() - indexStart;
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
