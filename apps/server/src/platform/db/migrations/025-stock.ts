import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, createLiveUnique, goodsRef, goodsWords } from './helpers.ts';

/**
 * The company's stock (issue 12, ADR 0022): warehouses (one default per company), the on-hand
 * level of each goods (and specification; `sku_id` 0 for a goods without one) per warehouse, never
 * negative, the ledger of every movement (`stock_moves`, each with the balance after it, so the
 * moves of a level always add up to it), and the stock-in records (入库单) that count only once a
 * second person has checked them.
 *
 * Goods from before get a default warehouse in their company holding what they had: their
 * sellable stock plus what unshipped orders have reserved (on hand = sellable + reserved), booked
 * as `opening` moves. Specifications hold their own stock; what old orders reserved of a goods is
 * on the goods' own level (sku 0), where those order lines are shipped from.
 */
export function stock(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'warehouses')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('keeper', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'warehouses_name', 'warehouses', ['company_id', 'name']);
      // One default warehouse per company, also when two first stock writes race to make it.
      await db.schema
        .createIndex('warehouses_default')
        .on('warehouses')
        .column('company_id')
        .unique()
        .where(sql<boolean>`is_default = 1`)
        .execute();

      await companyTable(dialect, db, 'stock_levels')
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .$call(goodsRef)
        // On hand never below 0, whatever the code above it does (both dialects check it).
        .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
        // Below this the level is in the low-stock list; 0 = no warning.
        .addColumn('warn_quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`warn_quantity >= 0`))
        .$call(audit('created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'stock_levels_key', 'stock_levels', ['warehouse_id', 'goods_id', 'sku_id'], true);
      await createIndex(db, 'stock_levels_goods', 'stock_levels', ['company_id', 'goods_id', 'sku_id']);

      await companyTable(dialect, db, 'stock_moves')
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .$call(goodsRef)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('unit_cost', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ref_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ref_id', 'integer')
        .addColumn('ref_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'stock_moves_company', 'stock_moves', ['company_id', 'id']);
      await createIndex(db, 'stock_moves_goods', 'stock_moves', ['company_id', 'goods_id', 'id']);
      await createIndex(db, 'stock_moves_warehouse', 'stock_moves', ['company_id', 'warehouse_id', 'id']);
      await createIndex(db, 'stock_moves_ref', 'stock_moves', ['company_id', 'ref_type', 'ref_id']);

      await companyTable(dialect, db, 'stock_inputs')
        .addColumn('input_no', 'text', (c) => c.notNull())
        .$call(goodsRef)
        .$call(goodsWords)
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('warehouse_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('supplier_id', 'integer')
        .addColumn('supplier_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('unit_cost', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('input_date', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        // 0 待审核, 1 已审核 (counted).
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maker_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('checked_by', 'integer', (c) => c.references('users.id'))
        .addColumn('checked_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('checked_at', 'text')
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'stock_inputs_no', 'stock_inputs', ['company_id', 'input_no']);
      await createIndex(db, 'stock_inputs_company', 'stock_inputs', ['company_id', 'del_flag', 'id']);

      // Goods from before: a default warehouse per company that has goods, holding what they had.
      const now = new Date().toISOString();
      await sql`insert into warehouses (company_id, name, code, is_default, created_at, updated_at)
        select distinct company_id, ${'默认仓库'}, ${'WH01'}, 1, ${now}, ${now} from goods where del_flag = 0`.execute(
        db,
      );
      // Reserved by unshipped orders (awaiting payment, paid): on hand, not sellable.
      const reserved = sql`(select coalesce(sum(i.quantity), 0) from order_items i
        join orders o on o.id = i.order_id where i.goods_id = g.id and o.status in (1, 2))`;
      await sql`insert into stock_levels (company_id, warehouse_id, goods_id, sku_id, quantity, created_at, updated_at)
        select g.company_id, w.id, g.id, 0,
          (case when g.sku_count > 0 then 0 else g.stock end) + ${reserved}, ${now}, ${now}
        from goods g join warehouses w on w.company_id = g.company_id and w.is_default = 1
        where g.del_flag = 0`.execute(db);
      await sql`insert into stock_levels (company_id, warehouse_id, goods_id, sku_id, quantity, created_at, updated_at)
        select s.company_id, w.id, s.goods_id, s.id, s.stock, ${now}, ${now}
        from goods_skus s join goods g on g.id = s.goods_id
        join warehouses w on w.company_id = s.company_id and w.is_default = 1
        where s.del_flag = 0 and g.del_flag = 0 and s.stock > 0`.execute(db);
      await sql`delete from stock_levels where quantity = 0`.execute(db);
      await sql`insert into stock_moves (company_id, warehouse_id, goods_id, sku_id, kind, quantity, balance_after, reason, created_by_name, created_at)
        select company_id, warehouse_id, goods_id, sku_id, ${'opening'}, quantity, quantity, ${'期初库存（库存管理启用前的商品）'}, ${'系统'}, ${now}
        from stock_levels`.execute(db);
    },
  };
}
