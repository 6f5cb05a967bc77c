import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { migrations } from '../src/platform/db/migrations/index.ts';
import { openTestDatabase } from './harness.ts';

/**
 * Migration 025 (stock, ADR 0022) on a database with data: goods written before it get a default
 * warehouse per company holding what they had — sellable stock plus what unshipped orders reserved,
 * specifications their own stock — booked as `opening` moves; deleted goods and specifications
 * and empty levels get nothing. The migrations up to 024 run first, then rows as they were, then
 * 025 and every later migration. SQLite, and PostgreSQL with TEST_PG_URL.
 */
// biome-ignore lint/suspicious/noExplicitAny: the tables as they were at 024 are not the schema's types
type Old = Kysely<any>;
let handle: DatabaseHandle;
let db: Old;

const migrator = () =>
  new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
  });

const now = '2026-01-02T03:04:05.000Z';
const stamp = { created_at: now, updated_at: now };
const insert = async (table: string, values: Record<string, unknown>) =>
  (await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db as Old;
  // There is no 024: the last migration before the stock is 023.
  const before = await migrator().migrateTo('023-customers');
  if (before.error) throw before.error;
});
afterAll(() => handle.close());

describe('migration 025', () => {
  it('books what goods held before it into a default warehouse per company, as opening moves', async () => {
    const company = (code: string) => insert('companies', { code, company_name: `${code}单位`, ...stamp });
    const [a, b, c] = [await company('mig-a'), await company('mig-b'), await company('mig-c')];
    const user = await insert('users', {
      company_id: a,
      username: 'mig-member',
      password_hash: 'x',
      role: 22,
      ...stamp,
    });
    const goods = (company_id: number, name: string, over: Record<string, unknown> = {}) =>
      insert('goods', { company_id, name, stock: 0, ...stamp, ...over });
    // a: a goods sold as itself, a goods with specifications, an empty one and a deleted one.
    const plain = await goods(a, '散装茶', { stock: 7 });
    const specced = await goods(a, '礼盒茶', { stock: 4, sku_count: 2 });
    const empty = await goods(a, '空货架', { stock: 0 });
    const gone = await goods(a, '已删除', { stock: 9, del_flag: 1 });
    const sku = (goods_id: number, spec_text: string, stock: number, del_flag = 0) =>
      insert('goods_skus', { company_id: a, goods_id, spec_text, price: 100, stock, del_flag, ...stamp });
    const big = await sku(specced, '大盒', 4);
    await sku(specced, '小盒', 0);
    await sku(specced, '旧款', 5, 1);
    // b: one goods; c: only a deleted one (no warehouse).
    const other = await goods(b, '别家茶', { stock: 2 });
    await goods(c, '早删了', { stock: 3, del_flag: 1 });

    // Orders: awaiting payment (1) and paid (2) reserve stock; shipped (3) does not.
    let no = 0;
    const order = async (status: number, lines: [number, number][]) => {
      no += 1;
      const id = await insert('orders', {
        company_id: a,
        order_no: `MIG${no}`,
        user_id: user,
        status,
        goods_amount: 0,
        pay_amount: 0,
        consignee_name: '张三',
        consignee_mobile: '13800000000',
        consignee_address: '杭州',
        payment_method: 'transfer',
        expires_at: now,
        ...stamp,
      });
      for (const [goods_id, quantity] of lines)
        await insert('order_items', {
          company_id: a,
          order_id: id,
          goods_id,
          name: '',
          price: 100,
          quantity,
          amount: 100 * quantity,
        });
    };
    await order(1, [[plain, 2]]);
    await order(2, [
      [plain, 1],
      [specced, 1],
    ]);
    await order(3, [[plain, 5]]);

    const to025 = await migrator().migrateTo('025-stock');
    expect(to025.error).toBeUndefined();

    const warehouses = await db
      .selectFrom('warehouses')
      .select(['id', 'company_id', 'name', 'code', 'is_default'])
      .orderBy('company_id')
      .execute();
    expect(warehouses.map((w) => [w.company_id, w.name, w.code, w.is_default])).toEqual([
      [a, '默认仓库', 'WH01', 1],
      [b, '默认仓库', 'WH01', 1],
    ]);
    const warehouseOf = new Map(warehouses.map((w) => [w.company_id as number, w.id as number]));
    const levels = await db
      .selectFrom('stock_levels')
      .select(['company_id', 'warehouse_id', 'goods_id', 'sku_id', 'quantity'])
      .orderBy('goods_id')
      .orderBy('sku_id')
      .execute();
    expect(levels).toEqual([
      // 7 sellable + 2 awaiting payment + 1 paid; the shipped 5 left long ago.
      { company_id: a, warehouse_id: warehouseOf.get(a), goods_id: plain, sku_id: 0, quantity: 10 },
      // The goods' own level holds what orders reserved of it; its specification holds its stock.
      { company_id: a, warehouse_id: warehouseOf.get(a), goods_id: specced, sku_id: 0, quantity: 1 },
      { company_id: a, warehouse_id: warehouseOf.get(a), goods_id: specced, sku_id: big, quantity: 4 },
      { company_id: b, warehouse_id: warehouseOf.get(b), goods_id: other, sku_id: 0, quantity: 2 },
    ]);
    expect(levels.some((l) => l.goods_id === empty || l.goods_id === gone)).toBe(false);

    // One opening move per level, whose balance is the level: the ledger adds up from the start.
    const moves = await db
      .selectFrom('stock_moves')
      .select(['warehouse_id', 'goods_id', 'sku_id', 'kind', 'quantity', 'balance_after', 'reason'])
      .orderBy('goods_id')
      .orderBy('sku_id')
      .execute();
    expect(moves).toEqual(
      levels.map((l) => ({
        warehouse_id: l.warehouse_id,
        goods_id: l.goods_id,
        sku_id: l.sku_id,
        kind: 'opening',
        quantity: l.quantity,
        balance_after: l.quantity,
        reason: '期初库存（库存管理启用前的商品）',
      })),
    );

    // Every later migration runs on these rows too.
    const latest = await migrator().migrateToLatest();
    expect(latest.error).toBeUndefined();
    expect(await db.selectFrom('stock_levels').select('id').execute()).toHaveLength(4);
  });
});
