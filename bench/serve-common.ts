// What both benchmark children share: a throw-away data folder with a migrated, reference-seeded
// database (SQLite in WAL unless DATABASE_URL names another), the real app, and the listen /
// report / SIGTERM teardown the parent (harness.ts) relies on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@portal/server/src/app.ts';
import { loadConfig } from '@portal/server/src/config.ts';
import { rebuildCatalogueIndex } from '@portal/server/src/modules/catalogue/index.ts';
import {
  type DatabaseHandle,
  migrateToLatest,
  modulesDatabase,
  openDatabase,
  type PlatformDatabase,
} from '@portal/server/src/platform/db/database.ts';
import { createCategory, seedReference } from '@portal/server/src/seed/seed.ts';

export interface BenchData {
  dir: string;
  database: DatabaseHandle;
}

/** A fresh data folder under the system temp folder (named `prefix…`) and its migrated, seeded database. */
export async function openBenchData(prefix: string): Promise<BenchData> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = openDatabase({
    url: process.env.DATABASE_URL || path.join(dir, 'bench.sqlite'),
    poolSize: loadConfig().databasePoolSize,
  });
  await migrateToLatest(database);
  await seedReference(database);
  return { dir, database };
}

/** The real app on that database, without the web build. */
export const buildBenchApp = ({ dir, database }: BenchData) =>
  buildApp({ database, config: { ...loadConfig({ DATA_DIR: dir }), webDist: undefined } });

type BenchApp = Awaited<ReturnType<typeof buildBenchApp>>;

/**
 * Listens on a free local port and prints one JSON line `{ port, dialect, ...info }` (the parent
 * waits for it); on SIGTERM closes the app and the database and removes the data folder.
 */
export async function serveBench(app: BenchApp, { dir, database }: BenchData, info: Record<string, unknown>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, dialect: database.dialect, ...info })}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** The words of the goods names `seedGoods` writes (`特级茶叶 型号0`…), each in a tenth of them. */
export const GOODS_WORDS = [
  '茶叶',
  '手机',
  '笔记本',
  '连衣裙',
  '坚果',
  '打印机',
  '衬衫',
  '登机箱',
  '牛肉干',
  '红茶',
];
const ADJ = ['特级', '精选', '经典', '轻薄', '加厚', '礼盒', '家用', '商务', '限量', '新款'];

/** The code of the i-th goods `seedGoods` writes: SP-000000, SP-000001… */
export const goodsCode = (i: number) => `SP-${String(i).padStart(6, '0')}`;

/**
 * `count` goods on sale in the library and the shop of company 125 (or `company`), in 20 leaf
 * categories under 4 top categories, written straight to the table in transactions of 1,000 and
 * then indexed as the back office's writes index them (ADR 0014). Answers the categories and how
 * long the indexing took.
 */
export async function seedGoods(db: PlatformDatabase, count: number, company = 125) {
  const now = new Date().toISOString();
  const tops: number[] = [];
  const leaves: number[] = [];
  for (let t = 0; t < 4; t++) {
    const top = await createCategory(db, company, `大类${t}`, null, t);
    tops.push(top.id);
    for (let l = 0; l < 5; l++) leaves.push((await createCategory(db, company, `小类${t}-${l}`, top, l)).id);
  }
  for (let start = 0; start < count; start += 1000) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let i = start; i < Math.min(start + 1000, count); i++) {
        const created = new Date(Date.parse(now) - i * 60_000).toISOString();
        rows.push({
          company_id: company,
          category_id: leaves[i % leaves.length] as number,
          code: goodsCode(i),
          name: `${ADJ[(i >> 3) % ADJ.length]}${GOODS_WORDS[i % GOODS_WORDS.length]} 型号${i}`,
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
      // 14 columns per row: batches of 70 rows stay under SQLite's 999 bound parameters.
      for (let k = 0; k < rows.length; k += 70)
        await trx
          .insertInto('goods')
          .values(rows.slice(k, k + 70))
          .execute();
    });
  }
  const indexStart = performance.now();
  await rebuildCatalogueIndex(modulesDatabase(db), company);
  return { tops, leaves, indexMs: performance.now() - indexStart };
}
