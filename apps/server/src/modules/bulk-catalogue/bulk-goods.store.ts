import {
  BULK_GOODS_DELETED_MESSAGE,
  type BulkTier,
  bulkFirstTierMessage,
  type bulkGoodsResource,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';
import { bulkRepository as repo } from './bulk-catalogue.repository.ts';

/** The stored tiers (JSON text) as the item's bands; a broken text reads as none. */
export function readTiers(text: unknown): BulkTier[] {
  try {
    const parsed = JSON.parse(String(text));
    return Array.isArray(parsed)
      ? parsed.map((t: { from?: unknown; price?: unknown }) => ({
          from: Number(t.from),
          price: Number(t.price),
        }))
      : [];
  } catch {
    return [];
  }
}

/**
 * What a bulk goods names, checked in its save's transaction and kept on the row as it was then:
 * the library goods (name, code, unit, picture) and its specification, and a bulk category of the
 * company. The first band starts at the minimum order quantity.
 */
async function resolveRefs(
  trx: Database,
  caller: Caller,
  values: Record<string, unknown>,
  before?: Record<string, unknown>,
) {
  // The row's own goods deleted since: the form cannot pick another (a bulk goods keeps its goods),
  // so the refusal says what can still be done.
  const kept = before !== undefined && before.goods_key === values.goods_key;
  const goods = await repo.goods(trx, caller.companyId, Number(values.goods_id));
  if (!goods)
    throw new AppError(
      'PARAM_ERROR',
      kept ? BULK_GOODS_DELETED_MESSAGE : '商品不存在或已被删除，请重新选择',
      'goods_id',
    );
  const skuId = Number(values.sku_id ?? 0);
  let specText = '';
  if (goods.sku_count > 0) {
    if (skuId === 0) throw new AppError('GOODS_SKU_REQUIRED', '该商品有规格，请选择规格', 'sku_id');
    const sku = await repo.sku(trx, caller.companyId, goods.id, skuId);
    if (!sku && kept) throw new AppError('PARAM_ERROR', BULK_GOODS_DELETED_MESSAGE, 'goods_id');
    if (!sku) throw new AppError('PARAM_ERROR', '规格不存在或已被删除，请重新选择', 'sku_id');
    specText = sku.spec_text;
  } else if (skuId !== 0) throw new AppError('PARAM_ERROR', '该商品没有规格，请不要选择规格', 'sku_id');
  if (!(await repo.category(trx, caller.companyId, Number(values.category_id))))
    throw new AppError('PARAM_ERROR', '大宗分类不存在或已被删除，请重新选择', 'category_id');
  const tiers = readTiers(values.tiers);
  if (tiers[0]?.from !== values.min_qty)
    throw new AppError('PARAM_ERROR', bulkFirstTierMessage(Number(values.min_qty)), 'tiers');
  Object.assign(values, {
    goods_name: goods.name,
    goods_code: goods.code,
    spec_text: specText,
    image: goods.cover,
    unit: values.unit || goods.unit,
  });
}

/**
 * Bulk goods (大宗商品, ADR 0026) on the resource block, mapped by their declaration: a library
 * goods (specification) once per company (`goods_key`), its category, minimum order quantity and
 * tiers (stored as JSON text, the first band's price beside them). `changed` runs in every
 * writing transaction: the bulk categories' goods counts move with the rows.
 */
export function bulkGoodsStore(
  changed: (trx: Database, companyId: number) => Promise<unknown>,
): ResourceStore<typeof bulkGoodsResource> {
  return {
    table: 'bulk_goods',
    labelColumn: 'goods_name',
    uniqueCodes: { goods_key: 'BULK_GOODS_TAKEN' },
    // goods_deleted is read beside the rows by the module's list and detail (`withGoodsState`).
    toItem: (row, item) => ({ ...item, goods_deleted: 0, tiers: readTiers(row.tiers) }) as never,
    toValues: (f, values) => ({
      ...values,
      goods_key: `${f.goods_id}:${f.sku_id ?? 0}`,
      tiers: JSON.stringify(f.tiers.map((t) => ({ from: t.from, price: t.price }))),
      price: f.tiers[0]?.price ?? 0,
    }),
    rules: {
      beforeSave: (trx, values, caller, before) => resolveRefs(trx, caller, values, before),
      async afterInsert(trx, _rows, caller) {
        await changed(trx, caller.companyId);
      },
      async afterUpdate(trx, after, before, caller) {
        if (after.category_id !== before.category_id) await changed(trx, caller.companyId);
      },
      async afterRemove(trx, _rows, caller) {
        await changed(trx, caller.companyId);
      },
    },
  };
}
