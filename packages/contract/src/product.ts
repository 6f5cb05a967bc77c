import { z } from 'zod';
import { postCalls } from './call.ts';
import { flag, form, id, int, MAX_ID, optionalId, optionalInt, optionalText, text } from './fields.ts';
import { fromJson } from './goods-library.ts';
import { auditTimes, goodsLine, goodsRef } from './item-fields.ts';
import { defineResource } from './resource.ts';
import { STOCK_QUANTITY_MAX } from './stock-constants.ts';

/**
 * Products and their bills of materials (spec §2 `/crm/product_index`, §7 `/product/*`; ADR 0023):
 * what the company makes. A product's output is a goods of the library (usually of type 成品) and
 * carries its stock; its bill of materials (BOM) names the goods used per batch of `batch_size`
 * units. Production plans (`/pmc/*`) are made from it, and `/product/push/to/stock` books finished
 * output: the output in, the materials out, in one transaction.
 */

export const PRODUCT_STATUS = { 1: '启用', 0: '停用' } as const;
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

/** A product as the list and the form read it. */
export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The output goods (its stock is the product's). */
  ...goodsLine,
  /** Units per batch: the material lines are per this many units. */
  batch_size: z.number().int(),
  remark: z.string(),
  /** 1 启用, 0 停用 (a stopped product is not produced). */
  status: z.number().int(),
  material_count: z.number().int(),
  ...auditTimes,
});
export type Product = z.infer<typeof productSchema>;

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

const codeText = (label: string) =>
  text(label, { max: PRODUCT_CODE_MAX }).refine(
    (v) => CODE_PATTERN.test(v),
    `${label}只能包含字母、数字和 - _ .`,
  );

/** The product's own fields (what a form and a spreadsheet row both carry, the output by id). */
export const productFields = {
  code: codeText('产品编码'),
  name: text('产品名称', { max: PRODUCT_NAME_MAX }),
  goods_id: id('成品'),
  /** 0 or none: an output goods without specifications. */
  sku_id: optionalInt('成品规格', { min: 0, max: MAX_ID }),
  batch_size: int('每批数量', { min: 1, max: PRODUCT_BATCH_MAX }),
  unit: optionalText('单位', { max: 10 }),
  remark: optionalText('备注', { max: 200 }),
  status: flag('状态'),
  /**
   * The BOM: an array, or in a form post its JSON text. Given, it replaces the stored lines;
   * left out of a save, the stored lines stay.
   */
  materials: fromJson(
    z.optional(
      z
        .array(productMaterialLine, { error: '物料清单格式不正确' })
        .max(PRODUCT_MATERIAL_MAX, `物料最多${PRODUCT_MATERIAL_MAX}种`),
    ),
  ),
};

/**
 * One row of the products' import: the output goods by its code (a goods without specifications),
 * the materials as `编码*用量` separated by `;` (`LJ-001*2;BOX-01*1`), each a goods without
 * specifications.
 */
export const productSheetFields = {
  code: codeText('产品编码'),
  name: text('产品名称', { max: PRODUCT_NAME_MAX }),
  goods_code: text('成品编码', { max: 40 }),
  batch_size: int('每批数量', { min: 1, max: PRODUCT_BATCH_MAX }),
  unit: optionalText('单位', { max: 10 }),
  materials: optionalText('物料清单', { max: 4000 }),
  remark: optionalText('备注', { max: 200 }),
  status: z.optional(flag('状态')),
};

export const productResource = defineResource({
  label: '产品',
  tags: ['product'],
  item: productSchema,
  columns: {
    code: '产品编码',
    name: '产品名称',
    goods_code: '成品编码',
    goods_name: '成品名称',
    spec_text: '成品规格',
    batch_size: '每批数量',
    unit: '单位',
    material_count: '物料种数',
    status: '状态',
    remark: '备注',
    update_time: '更新时间',
  },
  fields: productFields,
  filters: { status: z.optional(flag('状态')), goods_id: optionalId('成品') },
  sorts: { newest: '最新', code: '编码', name: '名称' },
  unique: ['code'],
  excel: {
    fields: productSheetFields,
    labels: { goods_code: '成品编码', materials: '物料清单' },
    choices: { status: { 启用: 1, 停用: 0 } },
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
