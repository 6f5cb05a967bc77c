import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/**
 * A live goods of the company and, when it has specifications, one of them (`skuId`; 0 or
 * undefined for none), as a stock line names it: refused beside `goods_id` (gone) or `sku_id` (a
 * specification missing, not the goods' own, or given to a goods without any). Stock records,
 * adjustments and production plans' material lines read their goods through it.
 */
export async function stockGoods(
  trx: Database,
  companyId: number,
  goodsId: number,
  skuId: number | undefined,
) {
  const scope = inCompany(trx, companyId);
  const goods = await scope
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.name', 'g.code', 'g.unit', 'g.sku_count'])
    .where('g.id', '=', goodsId)
    .executeTakeFirst();
  if (!goods) throw new AppError('PARAM_ERROR', '商品不存在或已被删除，请重新选择', 'goods_id');
  if (goods.sku_count === 0) {
    if (skuId) throw new AppError('PARAM_ERROR', '该商品没有规格，请不要选择规格', 'sku_id');
    return { ...goods, sku_id: 0, spec_text: '', label: goods.name };
  }
  if (!skuId) throw new AppError('GOODS_SKU_REQUIRED', '该商品有规格，请选择规格', 'sku_id');
  const sku = await scope
    .selectFrom('goods_skus', 's')
    .select(['s.id', 's.spec_text'])
    .where('s.id', '=', skuId)
    .where('s.goods_id', '=', goodsId)
    .executeTakeFirst();
  if (!sku) throw new AppError('PARAM_ERROR', '规格不存在或已被删除，请重新选择', 'sku_id');
  return { ...goods, sku_id: sku.id, spec_text: sku.spec_text, label: `${goods.name}（${sku.spec_text}）` };
}
