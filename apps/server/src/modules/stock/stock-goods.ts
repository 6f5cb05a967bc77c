import type { CodeName } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

type GoodsRow = { id: number; name: string; code: string; unit: string; sku_count: number };
type SkuRow = { id: number; goods_id: number; spec_text: string };
type Refusal = { code: CodeName; message: string; field: 'goods_id' | 'sku_id' };

const goodsRows = (trx: Database, companyId: number, ids: readonly number[]) =>
  inCompany(trx, companyId)
    .selectFrom('goods', 'g')
    .select(['g.id', 'g.name', 'g.code', 'g.unit', 'g.sku_count'])
    .where('g.id', 'in', [...ids])
    .execute();

const skuRows = (trx: Database, companyId: number, ids: readonly number[]) =>
  inCompany(trx, companyId)
    .selectFrom('goods_skus', 's')
    .select(['s.id', 's.goods_id', 's.spec_text'])
    .where('s.id', 'in', [...ids])
    .execute();

/** A line's goods and specification as read, or why it is refused. */
function resolve(goods: GoodsRow | undefined, skus: readonly SkuRow[], skuId: number | undefined) {
  const refuse = (code: CodeName, message: string, field: Refusal['field']): { refusal: Refusal } => ({
    refusal: { code, message, field },
  });
  if (!goods) return refuse('PARAM_ERROR', '商品不存在或已被删除，请重新选择', 'goods_id');
  if (goods.sku_count === 0) {
    if (skuId) return refuse('PARAM_ERROR', `「${goods.name}」没有规格，请不要选择规格`, 'sku_id');
    return { goods: { ...goods, sku_id: 0, spec_text: '', label: goods.name } };
  }
  if (!skuId) return refuse('GOODS_SKU_REQUIRED', `「${goods.name}」有规格，请选择规格`, 'sku_id');
  const sku = skus.find((s) => s.id === skuId && s.goods_id === goods.id);
  if (!sku) return refuse('PARAM_ERROR', '规格不存在或已被删除，请重新选择', 'sku_id');
  return {
    goods: { ...goods, sku_id: sku.id, spec_text: sku.spec_text, label: `${goods.name}（${sku.spec_text}）` },
  };
}

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
  // One after the other: inside a transaction both run on its one connection.
  const [goods] = await goodsRows(trx, companyId, [goodsId]);
  const skus = goods && goods.sku_count > 0 && skuId ? await skuRows(trx, companyId, [skuId]) : [];
  const r = resolve(goods, skus, skuId);
  if ('refusal' in r) throw new AppError(r.refusal.code, r.refusal.message, r.refusal.field);
  return r.goods;
}

/**
 * `stockGoods` for a document's lines at once (a purchase order's): two queries whatever their
 * number; the first refused line is named by its row (`第2行：…`) beside `lines`.
 */
export async function stockGoodsOfLines(
  trx: Database,
  companyId: number,
  lines: readonly { goods_id: number; sku_id?: number | undefined }[],
) {
  const goods = await goodsRows(trx, companyId, [...new Set(lines.map((l) => l.goods_id))]);
  const skuIds = [...new Set(lines.map((l) => l.sku_id ?? 0).filter((id) => id !== 0))];
  const skus = skuIds.length === 0 ? [] : await skuRows(trx, companyId, skuIds);
  const byId = new Map(goods.map((g) => [g.id, g]));
  return lines.map((l, i) => {
    const r = resolve(byId.get(l.goods_id), skus, l.sku_id);
    if ('refusal' in r) throw new AppError(r.refusal.code, `第${i + 1}行：${r.refusal.message}`, 'lines');
    return r.goods;
  });
}

/**
 * What a document's line keeps of its goods (a purchase line, a product's or a plan's material):
 * the goods and specification, and the goods' name, code, specification values and unit as they
 * were when the line was written (the contract's goodsLine).
 */
export interface LineGoods {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_code: string;
  spec_text: string;
  unit: string;
}

/** A line's goods copied from another line (or a material's need) that holds them. */
export const lineGoods = (l: LineGoods): LineGoods => ({
  goods_id: l.goods_id,
  sku_id: l.sku_id,
  goods_name: l.goods_name,
  goods_code: l.goods_code,
  spec_text: l.spec_text,
  unit: l.unit,
});

/** A line's goods as `stockGoods` or `stockGoodsOfLines` read them. */
export const lineGoodsOf = (g: Awaited<ReturnType<typeof stockGoods>>): LineGoods => ({
  goods_id: g.id,
  sku_id: g.sku_id,
  goods_name: g.name,
  goods_code: g.code,
  spec_text: g.spec_text,
  unit: g.unit,
});
