import { z } from 'zod';
import { postCalls } from './call.ts';
import { form, id, int, MAX_ID, optionalId, optionalInt, optionalText, text } from './fields.ts';
import { fromJson } from './goods-library.ts';
import { goodsLine, goodsRef } from './item-fields.ts';
import { defineResource } from './resource.ts';
import { col, fieldsOf } from './screen.ts';
import { STOCK_QUANTITY_MAX } from './stock-constants.ts';

/**
 * Products and their bills of materials (spec §2 `/crm/product_index`, §7 `/product/*`; ADR 0023):
 * what the company makes. A product's output is a goods of the library (usually of type 成品) and
 * carries its stock; its bill of materials (BOM) names the goods used per batch of `batch_size`
 * units. Production plans (`/pmc/*`) are made from it, and `/product/push/to/stock` books finished
 * output: the output in, the materials out, in one transaction.
 */

/** Most material lines of one product. */
export const PRODUCT_MATERIAL_MAX = 200;
/** The largest batch (units one BOM describes). */
export const PRODUCT_BATCH_MAX = 1_000_000;
export const PRODUCT_CODE_MAX = 40;
export const PRODUCT_NAME_MAX = 60;

/** A product code: letters, digits and - _ . (like goods codes). */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Material needed for `units` units of a product whose BOM line holds `quantity` per `batchSize`. */
export const requiredFor = (units: number, quantity: number, batchSize: number) =>
  Math.ceil((units * quantity) / batchSize);

/** One material line of a product's BOM, as read, with what is on hand now. */
export const productMaterialSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  ...goodsLine,
  /** Used per batch of the product's `batch_size` units. */
  quantity: z.number().int(),
  remark: z.string(),
  sort: z.number().int(),
  /** On hand now: in the asked warehouse, or across all warehouses. */
  on_hand: z.number().int(),
});
export type ProductMaterial = z.infer<typeof productMaterialSchema>;

/** One material line as written (the form's row). */
export const productMaterialLine = z.object(
  {
    goods_id: id('物料'),
    /** 0 or none: a goods without specifications. */
    sku_id: optionalInt('物料规格', { min: 0, max: MAX_ID }),
    quantity: int('物料用量', { min: 1, max: STOCK_QUANTITY_MAX }),
    remark: optionalText('物料备注', { max: 100 }),
  },
  { error: '物料格式不正确' },
);
export type ProductMaterialLine = z.input<typeof productMaterialLine>;

/**
 * A product's columns (ADR 0036): the output goods by id (its code, name and specification read
 * with it, `product.repository.ts`), the batch, the unit (the output's when left empty), and the
 * BOM as a field of its own: an array, or in a form post its JSON text; given, it replaces the
 * stored lines, left out of a save, they stay. A reply never holds the lines
 * (`/product/detail/list` reads them).
 */
const productShape = {
  code: col.text('产品编码', {
    code: 'pad',
    max: PRODUCT_CODE_MAX,
    search: true,
    phone: 'title',
    placeholder: '如：CP-001',
    field: text('产品编码', { max: PRODUCT_CODE_MAX }).refine(
      (v) => CODE_PATTERN.test(v),
      '产品编码只能包含字母、数字和 - _ .',
    ),
  }),
  name: col.text('产品名称', { max: PRODUCT_NAME_MAX, search: true, placeholder: '如：龙井礼盒' }),
  /** The output goods (its stock is the product's). */
  goods_id: col.ref(
    '成品',
    { select: '/goods/select', name: 'goods_name' },
    { list: false, excel: false, hint: '产出的商品（一般为商品类型「成品」），它的库存就是产品的库存' },
  ),
  /** 0 or none: an output goods without specifications. */
  sku_id: col.int('成品规格', {
    min: 0,
    max: MAX_ID,
    optional: true,
    list: false,
    excel: false,
    detail: false,
  }),
  goods_code: col.readOnly('成品编码', { list: false, code: 'pad' }),
  goods_name: col.readOnly('成品名称'),
  spec_text: col.readOnly('成品规格', { list: false }),
  /** Units per batch: the material lines are per this many units. */
  batch_size: col.int('每批数量', {
    min: 1,
    max: PRODUCT_BATCH_MAX,
    initial: 1,
    hint: '物料清单的用量按这么多个成品计',
  }),
  unit: col.text('单位', { max: 10, optional: true, list: false, hint: '不填则用成品的单位' }),
  materials: col.custom(
    '物料清单',
    {
      item: z.never().optional(),
      field: fromJson(
        z.optional(
          z
            .array(productMaterialLine, { error: '物料清单格式不正确' })
            .max(PRODUCT_MATERIAL_MAX, `物料最多${PRODUCT_MATERIAL_MAX}种`),
        ),
      ),
    },
    { list: false, detail: false, excel: false },
  ),
  material_count: col.int('物料种数', { min: 0, max: PRODUCT_MATERIAL_MAX, form: false }),
  /** 1 启用, 0 停用 (a stopped product is not produced). */
  status: col.flag('状态', '启用', '停用', { search: true, phone: 'title' }),
  remark: col.longText('备注', { max: 200, list: false }),
  update_time: col.time('更新时间', { phone: 'hidden' }),
};

/**
 * One row of the products' import: the output goods by its code (a goods without specifications),
 * the materials as `编码*用量` separated by `;` (`LJ-001*2;BOX-01*1`), each a goods without
 * specifications.
 */
const shaped = fieldsOf(productShape);
export const productSheetFields = {
  code: shaped.code,
  name: shaped.name,
  goods_code: text('成品编码', { max: 40 }),
  batch_size: shaped.batch_size,
  unit: shaped.unit,
  materials: optionalText('物料清单', { max: 4000 }),
  remark: shaped.remark,
  status: z.optional(shaped.status),
};

export const productResource = defineResource({
  label: '产品',
  tags: ['product'],
  shape: productShape,
  filters: { goods_id: optionalId('成品') },
  sorts: { newest: '最新', code: '编码', name: '名称' },
  unique: ['code'],
  excel: {
    fields: productSheetFields,
    labels: { goods_code: '成品编码', materials: '物料清单' },
    example: {
      code: 'CP-001',
      name: '龙井礼盒',
      goods_code: 'LH-001',
      batch_size: 10,
      unit: '盒',
      materials: 'LJ-001*10;BOX-01*10',
      remark: '',
      status: '启用',
    },
  },
  paths: {
    list: '/product/list',
    get: '/product/get',
    create: '/product/create',
    update: '/product/save',
    remove: '/product/delete',
    removeMany: '/product/selected/delete',
    select: '/product/select',
    check: '/product/check',
    export: '/product/export',
  },
  permissions: {
    view: 'view_product',
    add: 'add_product',
    change: 'change_product',
    delete: 'delete_product',
  },
});

/** A product as the list and the form read it. */
export type Product = z.infer<typeof productResource.item>;

const productCall = postCalls(['product']);

/** What `/product/push/to/stock` booked: the output in, each material out. */
export const productPushResultSchema = z.object({
  product_id: z.number().int(),
  warehouse_id: z.number().int(),
  quantity: z.number().int(),
  materials: z.array(
    z.object({
      ...goodsRef,
      goods_name: z.string(),
      required: z.number().int(),
    }),
  ),
});
export type ProductPushResult = z.infer<typeof productPushResultSchema>;

export const productPushFields = {
  id: id('产品'),
  quantity: int('生产数量', { min: 1, max: STOCK_QUANTITY_MAX }),
  warehouse_id: id('仓库'),
  remark: optionalText('备注', { max: 200 }),
};

export const productCalls = {
  ...productResource.calls,
  /** One product's material lines with names and what is on hand (in `warehouse_id`, or in all). */
  materials: productCall(
    '/product/detail/list',
    '产品物料清单',
    'view_product',
    form({ id: id('产品'), warehouse_id: optionalId('仓库') }),
    z.object({ results: z.array(productMaterialSchema) }),
  ),
  /**
   * Finished output into stock: in one transaction the output goods rises by `quantity` in the
   * warehouse (`production` move) and each material falls by ceil(quantity × per batch ÷ batch
   * size) there (`material` moves); refused with the short material named, nothing written.
   */
  push: productCall(
    '/product/push/to/stock',
    '生产入库（成品入库、物料出库）',
    'produce_product',
    form(productPushFields),
    productPushResultSchema,
  ),
};
