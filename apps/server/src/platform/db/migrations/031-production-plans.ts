import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { createIndex, withId } from './helpers.ts';

/**
 * Production plans (PMC, issue 12, ADR 0024): a plan makes `quantity` of a product (ADR 0023) into
 * a warehouse between two days. It keeps the product's code, name and output goods as they were
 * (a document), its material lines copied from the bill of materials (`production_plan_materials`,
 * editable while the plan is open) and its daily progress reports (`production_plan_progress`),
 * whose total `produced` never exceeds the quantity (a CHECK besides the conditional update).
 * Finishing books the output and the materials through the stock ledger and stamps `finished_*`.
 */
export function productionPlans(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('production_plans'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('plan_no', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('product_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('produced', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`produced >= 0 and produced <= quantity`),
        )
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('warehouse_name', 'text', (c) => c.notNull().defaultTo(''))
        // 0 计划中, 1 生产中, 2 已完成, 3 已取消 (PMC_STATUS).
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source_plan_id', 'integer')
        .addColumn('finished_at', 'text')
        .addColumn('finished_by', 'integer', (c) => c.references('users.id'))
        .addColumn('finished_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('production_plans_no')
        .on('production_plans')
        .columns(['company_id', 'plan_no'])
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      await createIndex(db, 'production_plans_company', 'production_plans', ['company_id', 'del_flag', 'id']);
      // Open plans (warnings, the home's progress) and a product's plans.
      await createIndex(db, 'production_plans_status', 'production_plans', [
        'company_id',
        'status',
        'due_date',
      ]);
      await createIndex(db, 'production_plans_product', 'production_plans', ['company_id', 'product_id']);

      await withId(dialect, db.schema.createTable('production_plan_materials'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('production_plans.id'))
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
        .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('goods_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('goods_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('spec_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('required', 'integer', (c) => c.notNull().check(sql`required > 0`))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // A (goods, specification) once per plan among its live lines.
      await db.schema
        .createIndex('production_plan_materials_line')
        .on('production_plan_materials')
        .columns(['plan_id', 'goods_id', 'sku_id'])
        .unique()
        .where(sql<boolean>`del_flag = 0`)
        .execute();
      await createIndex(db, 'production_plan_materials_plan', 'production_plan_materials', [
        'company_id',
        'plan_id',
      ]);
      await createIndex(db, 'production_plan_materials_goods', 'production_plan_materials', [
        'company_id',
        'goods_id',
      ]);

      await withId(dialect, db.schema.createTable('production_plan_progress'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('production_plans.id'))
        .addColumn('report_date', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reporter_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'production_plan_progress_plan', 'production_plan_progress', [
        'company_id',
        'plan_id',
        'report_date',
      ]);
    },
  };
}
