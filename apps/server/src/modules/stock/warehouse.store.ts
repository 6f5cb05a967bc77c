import type { warehouseResource } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';

/**
 * A live warehouse of the company in use (id, name), or the refusal of the `warehouse_id` field:
 * where stock is moved, produced into or planned (stock, products, production plans).
 */
export async function warehouseInUse(trx: Database, companyId: number, id: number) {
  const w = await inCompany(trx, companyId)
    .selectFrom('warehouses', 'w')
    .select(['w.id', 'w.name', 'w.status'])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (w?.status !== 1) throw new AppError('PARAM_ERROR', '仓库不存在或已停用，请重新选择', 'warehouse_id');
  return { id: w.id, name: w.name };
}

/**
 * The company's warehouses: the default one (where opening stock goes and shipments leave from
 * first) is neither stopped nor deleted, and a warehouse holding stock is not deleted.
 */
export const warehouseStore: ResourceStore<typeof warehouseResource> = {
  table: 'warehouses',
  sorts: {
    default: [
      ['is_default', 'desc'],
      ['id', 'asc'],
    ],
  },
  uniqueCodes: { name: 'WAREHOUSE_NAME_TAKEN' },
  rules: {
    async beforeSave(_trx, values, _caller, before) {
      if (before?.is_default === 1 && values.status === 0)
        throw new AppError('PARAM_ERROR', '默认仓库不能停用', 'status');
    },
    async beforeRemove(trx, rows, caller) {
      const main = rows.find((r) => r.is_default === 1);
      if (main) throw new AppError('WAREHOUSE_IN_USE', `「${String(main.name)}」是默认仓库，不能删除`);
      const held = await inCompany(trx, caller.companyId)
        .selectFrom('stock_levels', 'l')
        .select('l.warehouse_id')
        .where(
          'l.warehouse_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('l.quantity', '>', 0)
        .executeTakeFirst();
      if (held) {
        const w = rows.find((r) => r.id === held.warehouse_id);
        throw new AppError('WAREHOUSE_IN_USE', `仓库「${String(w?.name)}」还有库存，不能删除`);
      }
      const pending = await inCompany(trx, caller.companyId)
        .selectFrom('stock_inputs', 'i')
        .select('i.warehouse_id')
        .where(
          'i.warehouse_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('i.status', '=', 0)
        .executeTakeFirst();
      if (pending) {
        const w = rows.find((r) => r.id === pending.warehouse_id);
        throw new AppError('WAREHOUSE_IN_USE', `仓库「${String(w?.name)}」还有待审核的入库单，不能删除`);
      }
    },
  },
};
