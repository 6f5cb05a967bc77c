import type { productResource, productSheetFields } from '@portal/contract';
import type { z } from 'zod';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ResourceStore, SheetValues } from '#server/platform/resource/resource-service.ts';
import {
  goodsCodes,
  type MaterialValues,
  materialsText,
  productOutputs,
  replaceMaterials,
} from './product.repository.ts';

type SheetRow = z.output<z.ZodObject<typeof productSheetFields>>;

export interface ProductDeps {
  /** After a commit that changed goods' stock: the lists forget the company's answers. */
  goodsChanged: (companyId: number) => void;
  /**
   * A product among `ids` that something else still uses (a production plan), with the reason,
   * or undefined: its removal is refused with that reason. Given by app.ts from the module that
   * uses products (`/pmc`).
   */
  productInUse?: (trx: Database, companyId: number, ids: readonly number[]) => Promise<string | undefined>;
}

/**
 * The material lines an import's rows carry, per request (the caller object of one import), by
 * product code: the sheet row's values are the product's columns, and the lines are written after
 * the rows are inserted (`afterInsert`, same transaction).
 */
const importedLines = new WeakMap<Caller, Map<string, MaterialValues[]>>();

/** `编码*用量;编码*用量` → [code, quantity] pairs, or the reason it cannot be read. */
function parseMaterials(cell: string): [string, number][] | string {
  const out: [string, number][] = [];
  for (const part of cell.split(/[;；\n]/)) {
    const t = part.trim();
    if (t === '') continue;
    const m = /^(.+?)\s*[*×xX]\s*(\d+)$/.exec(t);
    if (!m?.[1] || !m[2]) return `「${t}」格式不正确，应为 编码*用量，多种物料用 ; 分隔`;
    const n = Number(m[2]);
    if (n < 1 || n > 10_000_000) return `「${t}」的用量应为1到10000000的整数`;
    out.push([m[1].trim(), n]);
  }
  return out;
}

/**
 * The import: a row names its output goods by code and its materials as `编码*用量;…`, each a
 * goods without specifications of the company (those with specifications are picked in the
 * form); read once per import. Refused per row: an unknown code, the output of another product
 * (stored or above in the sheet), a material that is the output or is named twice.
 */
async function prepareImport(conn: Database, caller: Caller) {
  const [goods, outputs] = await Promise.all([
    goodsCodes(conn, caller.companyId),
    productOutputs(conn, caller.companyId),
  ]);
  const lines = new Map<string, MaterialValues[]>();
  importedLines.set(caller, lines);
  const outputsAbove = new Map<number, string>();
  return (data: Record<string, unknown>): SheetValues => {
    const row = data as SheetRow;
    const g = goods.get(row.goods_code);
    if (!g) return { errors: { goods_code: `成品编码「${row.goods_code}」不存在，请先在商品库中添加` } };
    if (g.sku_count > 0)
      return { errors: { goods_code: `成品「${g.name}」有规格，请在产品管理页面中新增并选择规格` } };
    const taken = outputs.get(`${g.id}:0`) ?? outputsAbove.get(g.id);
    if (taken) return { errors: { goods_code: `成品「${g.name}」已是产品「${taken}」的成品` } };
    const pairs = parseMaterials(row.materials ?? '');
    if (typeof pairs === 'string') return { errors: { materials: pairs } };
    const seen = new Set<number>();
    const materials: MaterialValues[] = [];
    for (const [code, quantity] of pairs) {
      const m = goods.get(code);
      if (!m) return { errors: { materials: `物料编码「${code}」不存在` } };
      if (m.sku_count > 0)
        return { errors: { materials: `物料「${m.name}」有规格，请在产品管理页面中选择规格` } };
      if (m.id === g.id) return { errors: { materials: `物料「${m.name}」是这个产品的成品` } };
      if (seen.has(m.id)) return { errors: { materials: `物料「${m.name}」重复` } };
      seen.add(m.id);
      materials.push({ goods_id: m.id, sku_id: 0, quantity, remark: '' });
    }
    if (materials.length > 200) return { errors: { materials: '物料最多200种' } };
    // The first row with a code keeps it (a later one is refused as a duplicate by the block).
    if (!lines.has(row.code)) {
      lines.set(row.code, materials);
      outputsAbove.set(g.id, row.code);
    }
    return {
      values: {
        code: row.code,
        name: row.name,
        goods_id: g.id,
        sku_id: 0,
        batch_size: row.batch_size,
        unit: row.unit || g.unit,
        remark: row.remark ?? '',
        status: row.status ?? 1,
        material_count: materials.length,
      },
    };
  };
}

/**
 * What the resource block needs of products for the calls it serves itself — the picker
 * (`/product/select`), the code check (`/product/check`), the deletes and the import — and the
 * rule of deleting: a product that another module still uses (`deps.productInUse`) is kept. The
 * mapping, search and sorts are the declaration's (ADR 0036); the list, the reads and the writes
 * live in product.service.ts (output names, material lines).
 */
export function productStore(deps: ProductDeps): ResourceStore<typeof productResource> {
  return {
    table: 'products',
    // The picker names a product by its name (the first unique field, its code, otherwise).
    labelColumn: 'name',
    uniqueCodes: { code: 'PRODUCT_CODE_TAKEN' },
    import: { prepare: prepareImport },
    // The export writes each product's bill of materials as the import reads it (编码*用量;…).
    async sheet(conn, caller, items) {
      const texts = await materialsText(
        conn,
        caller.companyId,
        items.map((p) => Number(p.id)),
      );
      return items.map((p) => ({ materials: texts.get(Number(p.id)) ?? '' }));
    },
    rules: {
      async beforeRemove(trx, rows, caller) {
        const reason = await deps.productInUse?.(
          trx,
          caller.companyId,
          rows.map((r) => r.id),
        );
        if (reason) throw new AppError('PRODUCT_IN_USE', reason);
      },
      async afterInsert(trx, rows, caller) {
        const lines = importedLines.get(caller);
        for (const row of rows)
          await replaceMaterials(trx, caller.companyId, row.id, lines?.get(String(row.code)) ?? []);
      },
    },
  };
}
