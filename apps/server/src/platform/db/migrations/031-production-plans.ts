import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex, createLiveUnique, goodsRef } from './helpers.ts';

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
      await companyTable(dialect, db, 'production_plans')
        .addColumn('plan_no', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('product_name', 'text', (c) => c.notNull().defaultTo(''))
        .$call(goodsRef)
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
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'production_plans_no', 'production_plans', ['company_id', 'plan_no']);
      await createIndex(db, 'production_plans_company', 'production_plans', ['company_id', 'del_flag', 'id']);
      // Open plans (warnings, the home's progress) and a product's plans.
      await createIndex(db, 'production_plans_status', 'production_plans', [
        'company_id',
        'status',
        'due_date',
      ]);
      await createIndex(db, 'production_plans_product', 'production_plans', ['company_id', 'product_id']);

      await companyTable(dialect, db, 'production_plan_materials')
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('production_plans.id'))
        .$call(goodsRef)
        .addColumn('goods_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('goods_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('spec_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('required', 'integer', (c) => c.notNull().check(sql`required > 0`))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit('del_flag', 'created_at', 'updated_at'))
        .execute();
      // A (goods, specification) once per plan among its live lines.
      await createLiveUnique(db, 'production_plan_materials_line', 'production_plan_materials', [
        'plan_id',
        'goods_id',
        'sku_id',
      ]);
      await createIndex(db, 'production_plan_materials_plan', 'production_plan_materials', [
        'company_id',
        'plan_id',
      ]);
      await createIndex(db, 'production_plan_materials_goods', 'production_plan_materials', [
        'company_id',
        'goods_id',
      ]);

      await companyTable(dialect, db, 'production_plan_progress')
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('production_plans.id'))
        .addColumn('report_date', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reporter_name', 'text', (c) => c.notNull().defaultTo(''))
        .$call(audit('del_flag', 'created_by', 'created_at', 'updated_at'))
        .execute();
      await createIndex(db, 'production_plan_progress_plan', 'production_plan_progress', [
        'company_id',
        'plan_id',
        'report_date',
      ]);
    },
  };
}
