import {
  type CodeName,
  type Product,
  type ProductPushResult,
  type productCalls,
  productResource,
  requiredFor,
  valuesFromFields,
} from '@portal/contract';
import type { z } from 'zod';
import { changeGoods } from '#server/modules/catalogue/index.ts';
import {
  bookMoves,
  type LineGoods,
  lineGoods,
  type MoveLine,
  warehouseInUse,
} from '#server/modules/stock/index.ts';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import { exportPages, resourceService } from '#server/platform/resource/resource-service.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  bomLines,
  codeTaken,
  countProducts,
  findProduct,
  type GoodsRef,
  goodsByIds,
  insertProduct,
  listProducts,
  type MaterialValues,
  materialsOf,
  outputTakenBy,
  type ProductSort,
  replaceMaterials,
  updateProduct,
} from './product.repository.ts';
import { type ProductDeps, productStore } from './product.store.ts';

type Fields = z.output<typeof productResource.schemas.createBody>;
/** The list's input; 状态 is the searched flag's filter, derived from the declaration (untyped there). */
type ListInput = z.output<typeof productResource.schemas.listBody> & { status?: number };
type ExportInput = z.output<typeof productResource.schemas.exportQuery> & { status?: number };
type PushInput = z.output<typeof productCalls.push.input>;

/** "name（spec）" or "name". */
const labelOf = (g: { name: string }, spec: string | undefined) => (spec ? `${g.name}（${spec}）` : g.name);

/** One line of what `units` of a product need (production plans read it through index.ts). */
export interface MaterialNeed extends LineGoods {
  /** Per batch of the product's `batch_size`. */
  quantity: number;
  /** ceil(units × quantity ÷ batch_size). */
  required: number;
}

/** A live product of the company with its output's names, or undefined. */
export function productById(trx: Database, companyId: number, id: number): Promise<Product | undefined> {
  return findProduct(trx, companyId, id);
}

/**
 * What `units` units of a product need of each material: ceil(units × per batch ÷ batch size),
 * the product's lines in order. Refused (NOT_FOUND) for a product the company does not have.
 */
export async function materialNeeds(
  trx: Database,
  companyId: number,
  productId: number,
  units: number,
): Promise<MaterialNeed[]> {
  const product = await findProduct(trx, companyId, productId);
  if (!product) throw new AppError('NOT_FOUND', '产品不存在或已被删除');
  const lines = await bomLines(trx, companyId, productId);
  return lines.map((l) => ({
    ...lineGoods(l),
    quantity: l.quantity,
    required: requiredFor(units, l.quantity, product.batch_size),
  }));
}

/**
 * The products' rules (ADR 0023). The resource block serves the picker, the code check, the
 * batch delete and the import (product.store.ts); the list, the reads and the writes are here
 * because a product is read with its output's names and written with its material lines, and
 * `/product/push/to/stock` books production through the stock ledger.
 */
export function productService(db: Database, deps: ProductDeps) {
  const base = resourceService(db, productResource, productStore(deps));

  /** The refusal a unique index's race answers: the code, or the output goods. */
  function refusalOf(error: unknown) {
    const text = String((error as { message?: unknown; constraint?: unknown })?.message ?? '');
    const constraint = String((error as { constraint?: unknown })?.constraint ?? '');
    const output = /products_output|goods_id/.test(`${text} ${constraint}`);
    const code: CodeName = output ? 'PRODUCT_OUTPUT_TAKEN' : 'PRODUCT_CODE_TAKEN';
    return new AppError(code, undefined, output ? 'goods_id' : 'code');
  }

  async function write<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalOf(error);
      throw error;
    }
  }

  /** A goods and specification a form names, checked: live, and a specification exactly when it has some. */
  function goodsAndSku(
    goods: Map<number, GoodsRef>,
    goodsId: number,
    skuId: number | undefined,
    what: { goods: string; field: string },
  ) {
    const g = goods.get(goodsId);
    if (!g) throw new AppError('PARAM_ERROR', `${what.goods}不存在或已被删除，请重新选择`, what.field);
    const sku = skuId ?? 0;
    if (g.sku_count === 0) {
      if (sku !== 0)
        throw new AppError('PARAM_ERROR', `${what.goods}「${g.name}」没有规格，请不要选择规格`, what.field);
      return { goods: g, sku_id: 0, spec: '' };
    }
    if (sku === 0)
      throw new AppError('GOODS_SKU_REQUIRED', `${what.goods}「${g.name}」有规格，请选择规格`, what.field);
    const spec = g.skus.get(sku);
    if (spec === undefined)
      throw new AppError(
        'PARAM_ERROR',
        `${what.goods}「${g.name}」的规格不存在或已被删除，请重新选择`,
        what.field,
      );
    return { goods: g, sku_id: sku, spec };
  }

  /**
   * The output and the material lines, checked in the writing transaction: live goods and
   * specifications; the output no other live product's; no material the output goods itself, none
   * twice. Answers the output's specification and the lines to store.
   */
  async function checkRefs(trx: Database, companyId: number, f: Fields, exceptId?: number) {
    const lines = f.materials ?? [];
    const goods = await goodsByIds(trx, companyId, [f.goods_id, ...lines.map((l) => l.goods_id)]);
    const output = goodsAndSku(goods, f.goods_id, f.sku_id, { goods: '成品', field: 'goods_id' });
    const taken = await outputTakenBy(trx, companyId, f.goods_id, output.sku_id, exceptId);
    if (taken)
      throw new AppError(
        'PRODUCT_OUTPUT_TAKEN',
        `「${labelOf(output.goods, output.spec)}」已是产品「${taken.name}」（${taken.code}）的成品，一种成品只能属于一个产品`,
        'goods_id',
      );
    const seen = new Set<string>();
    const stored: MaterialValues[] = lines.map((l, i) => {
      const row = `第${i + 1}行物料`;
      let m: ReturnType<typeof goodsAndSku>;
      try {
        m = goodsAndSku(goods, l.goods_id, l.sku_id, { goods: row, field: 'materials' });
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError('PRODUCT_MATERIAL_INVALID', error.message, 'materials');
        throw error;
      }
      if (l.goods_id === f.goods_id)
        throw new AppError(
          'PRODUCT_MATERIAL_INVALID',
          `${row}「${m.goods.name}」是这个产品的成品，不能作为自己的物料`,
          'materials',
        );
      const key = `${l.goods_id}:${m.sku_id}`;
      if (seen.has(key))
        throw new AppError(
          'PRODUCT_MATERIAL_INVALID',
          `${row}「${labelOf(m.goods, m.spec)}」重复，同一物料只能添加一次`,
          'materials',
        );
      seen.add(key);
      return { goods_id: l.goods_id, sku_id: m.sku_id, quantity: l.quantity, remark: l.remark ?? '' };
    });
    return { output, lines: stored };
  }

  /** The row's values: the declared mapping, with the checked specification and the output's unit by default. */
  const values = (f: Fields, output: { goods: GoodsRef; sku_id: number }) => {
    const { materials: _, ...declared } = valuesFromFields(productResource.shape, f) as Required<Fields>;
    return { ...declared, sku_id: output.sku_id, unit: f.unit || output.goods.unit };
  };

  async function get(caller: Caller, id: number) {
    const p = await findProduct(db, caller.companyId, id);
    if (!p) throw new AppError('NOT_FOUND', '产品不存在或已被删除');
    return p;
  }

  /** The product and its lines as the audit log keeps them. */
  async function snapshot(trx: Database, companyId: number, id: number) {
    const product = await findProduct(trx, companyId, id);
    return { ...product, materials: await bomLines(trx, companyId, id) };
  }

  const filterOf = (f: ExportInput) => ({ keyword: f.keyword, status: f.status, goods_id: f.goods_id });

  return {
    ...base,

    async list(caller: Caller, input: ListInput) {
      const { page, pageSize, offset } = pageParams(input);
      const f = filterOf(input);
      const sort = (input.sort ?? 'newest') as ProductSort;
      const [results, count] = await Promise.all([
        listProducts(db, caller.companyId, f, sort, pageSize, offset),
        countProducts(db, caller.companyId, f),
      ]);
      return paged({ count, results }, { page, pageSize });
    },

    /** The export's rows, read with their output goods as the list reads them. */
    rows(caller: Caller, input: ExportInput) {
      const f = filterOf(input);
      const sort = (input.sort ?? 'newest') as ProductSort;
      return exportPages((limit, offset) => listProducts(db, caller.companyId, f, sort, limit, offset));
    },

    get,

    /** A product with its material lines, in one transaction. */
    async create(caller: Caller, f: Fields) {
      const id = await write(async (trx) => {
        if (await codeTaken(trx, caller.companyId, f.code))
          throw new AppError('PRODUCT_CODE_TAKEN', undefined, 'code');
        const { output, lines } = await checkRefs(trx, caller.companyId, f);
        const now = nowIso();
        const row = await insertProduct(trx, caller.companyId, caller.userId, {
          ...values(f, output),
          material_count: lines.length,
          created_at: now,
          updated_at: now,
        });
        await replaceMaterials(trx, caller.companyId, row.id, lines);
        const after = await snapshot(trx, caller.companyId, row.id);
        await audit(trx, caller, { action: 'create', entity: 'products', entityId: row.id, after });
        return row.id;
      });
      return get(caller, id);
    },

    /** A product and, when `materials` is given, its lines replaced, in one transaction. */
    async update(caller: Caller, id: number, f: Fields) {
      await write(async (trx) => {
        const before = await snapshot(trx, caller.companyId, id);
        if (before.id === undefined) throw new AppError('NOT_FOUND', '产品不存在或已被删除');
        if (await codeTaken(trx, caller.companyId, f.code, id))
          throw new AppError('PRODUCT_CODE_TAKEN', undefined, 'code');
        // Left out of a save, the stored lines stay (and are checked against the new output).
        const kept = before.materials.map((m) => ({ ...m, sku_id: m.sku_id || undefined }));
        const { output, lines } = await checkRefs(
          trx,
          caller.companyId,
          { ...f, materials: f.materials ?? kept },
          id,
        );
        await updateProduct(trx, caller.companyId, caller.userId, id, {
          ...values(f, output),
          material_count: lines.length,
          updated_at: nowIso(),
        });
        if (f.materials !== undefined) await replaceMaterials(trx, caller.companyId, id, lines);
        const after = await snapshot(trx, caller.companyId, id);
        await audit(trx, caller, { action: 'update', entity: 'products', entityId: id, before, after });
      });
      return get(caller, id);
    },

    /** `/product/detail/list`: one product's lines with what is on hand (in a warehouse, or in all). */
    async materials(caller: Caller, id: number, warehouseId: number | undefined) {
      await get(caller, id);
      return { results: await materialsOf(db, caller.companyId, id, warehouseId) };
    },

    /**
     * `/product/push/to/stock`: finished output into a warehouse. In one transaction, one
     * `bookMoves`: the output (+quantity, `production`) and each material out of the same
     * warehouse (−ceil(quantity × per batch ÷ batch size), `material`), then the shop's sellable
     * stock of all of them by `changeGoods` (levels first, goods rows last). A material the
     * warehouse holds too little of refuses the whole push, naming it; nothing is written.
     */
    async push(caller: Caller, input: PushInput): Promise<ProductPushResult> {
      const now = nowIso();
      const out = await db.transaction().execute(async (trx) => {
        const product = await findProduct(trx, caller.companyId, input.id);
        if (!product) throw new AppError('NOT_FOUND', '产品不存在或已被删除');
        if (product.status !== 1)
          throw new AppError('PRODUCT_STOPPED', `产品「${product.name}」已停用，不能生产入库`);
        const w = await warehouseInUse(trx, caller.companyId, input.warehouse_id);
        const needs = await materialNeeds(trx, caller.companyId, product.id, input.quantity);
        const live = await goodsByIds(trx, caller.companyId, [
          product.goods_id,
          ...needs.map((n) => n.goods_id),
        ]);
        const gone = [
          { ...product, label: `成品「${product.goods_name}」` },
          ...needs.map((n) => ({ ...n, label: `物料「${n.goods_name}」` })),
        ].find((g) => !live.has(g.goods_id) || (g.sku_id !== 0 && !live.get(g.goods_id)?.skus.has(g.sku_id)));
        if (gone)
          throw new AppError('PRODUCT_MATERIAL_INVALID', `${gone.label}已被删除，请先修改产品的物料清单`);
        const ref = { type: 'product', id: product.id, no: product.code };
        const reason = input.remark || `生产入库：${product.name} × ${input.quantity}`;
        const lines: MoveLine[] = [
          {
            warehouse_id: w.id,
            goods_id: product.goods_id,
            sku_id: product.sku_id,
            quantity: input.quantity,
            kind: 'production',
            reason,
            ref,
          },
          ...needs.map(
            (n): MoveLine => ({
              warehouse_id: w.id,
              goods_id: n.goods_id,
              sku_id: n.sku_id,
              quantity: -n.required,
              kind: 'material',
              reason,
              ref,
            }),
          ),
        ];
        const short = await bookMoves(
          trx,
          caller.companyId,
          lines,
          { userId: caller.userId, name: caller.username },
          now,
        );
        if (short) {
          const n = needs.find((x) => x.goods_id === short.line.goods_id && x.sku_id === short.line.sku_id);
          const name = n ? labelOf({ name: n.goods_name }, n.spec_text) : `#${short.line.goods_id}`;
          throw new AppError(
            'PRODUCT_MATERIAL_SHORT',
            `物料「${name}」在「${w.name}」的库存不足：在库${short.onHand}，需要${-short.line.quantity}`,
          );
        }
        // What the shop may sell moves with what is on hand (ADR 0022): the output up, the materials down.
        const stuck = await changeGoods(
          trx,
          caller.companyId,
          [
            { goods_id: product.goods_id, sku_id: product.sku_id || null, stock: input.quantity },
            ...needs.map((n) => ({ goods_id: n.goods_id, sku_id: n.sku_id || null, stock: -n.required })),
          ],
          { now },
        );
        if (stuck !== undefined) {
          const n = needs.find((x) => x.goods_id === stuck);
          throw new AppError(
            'STOCK_RESERVED',
            `物料「${n?.goods_name ?? product.goods_name}」可售库存不足：其余库存已被未发货的订单占用，请先处理订单`,
          );
        }
        const result: ProductPushResult = {
          product_id: product.id,
          warehouse_id: w.id,
          quantity: input.quantity,
          materials: needs.map((n) => ({
            goods_id: n.goods_id,
            sku_id: n.sku_id,
            goods_name: n.goods_name,
            required: n.required,
          })),
        };
        await audit(trx, caller, {
          action: 'update',
          entity: 'products',
          entityId: product.id,
          after: { pushed_to_stock: result, remark: input.remark ?? '' },
        });
        return result;
      });
      deps.goodsChanged(caller.companyId);
      return out;
    },
  };
}

export type ProductService = ReturnType<typeof productService>;
