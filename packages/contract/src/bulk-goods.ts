import { z } from 'zod';
import { BULK_QUANTITY_MAX, BULK_TIERS_MAX } from './bulk-catalogue-constants.ts';
import { getCalls, postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { flag, form, idList, int, MAX_ID, optionalId, paging } from './fields.ts';
import { fromJson } from './goods-library.ts';
import { defineResource, RESOURCE_BATCH_MAX } from './resource.ts';
import { col } from './screen.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

export * from './bulk-catalogue-constants.ts';

/**
 * The bulk-procurement catalogue (大宗采购, ADR 0026): a second catalogue of the company's library
 * goods, each with a minimum order quantity and price tiers (the unit price per quantity band), in
 * a category tree of its own (`bulkCategoryCalls` in goods-category.ts). The `/dzc` and `/dzcen`
 * microsites list what is on sale. The specification names the screens (`/crm/goods_index_dzc`,
 * `/crm/goods_category_dzc`, `/crm/new_goods_dzc`) but no calls: the paths under `/dzc/` are ours.
 */

/** One band: from `from` units on, each unit costs `price` cents. */
export const bulkTierSchema = z.object({ from: z.number().int(), price: z.number().int() });
export type BulkTier = z.infer<typeof bulkTierSchema>;

/**
 * The price tiers as written: 1 to 10 bands, each quantity strictly above the band before it and
 * each unit price not above the one before it (buying more never costs more per unit). That the
 * first band starts at the minimum order quantity is checked with both fields (the server's save).
 */
export const bulkTiersField = fromJson(
  z
    .array(
      z.object(
        {
          from: int('采购量', { min: 1, max: BULK_QUANTITY_MAX }),
          price: int('单价', { min: 0, max: MAX_PRICE_CENTS }),
        },
        { error: '价格档位格式不正确' },
      ),
      { error: '价格档位格式不正确' },
    )
    .min(1, '请至少填写一个价格档位')
    .max(BULK_TIERS_MAX, `价格档位最多${BULK_TIERS_MAX}个`)
    .superRefine((tiers, ctx) => {
      for (let i = 1; i < tiers.length; i++) {
        const [before, band] = [tiers[i - 1], tiers[i]] as [BulkTier, BulkTier];
        if (band.from <= before.from)
          ctx.addIssue({
            code: 'custom',
            message: `第${i + 1}档的采购量须大于第${i}档（${before.from}）`,
            path: [i, 'from'],
          });
        else if (band.price > before.price)
          ctx.addIssue({
            code: 'custom',
            message: `第${i + 1}档的单价不能高于第${i}档：采购量越大，单价应越低或相同`,
            path: [i, 'price'],
          });
      }
    }),
);

/** The message when the first band does not start at the minimum order quantity. */
export const bulkFirstTierMessage = (minQty: number) => `第1档的采购量须等于最小起订量（${minQty}）`;

/**
 * A bulk goods' columns (ADR 0036): a library goods (specification) with the name, code,
 * specification text and picture it had when the row was last saved, its bulk category, minimum
 * order quantity and price tiers.
 */
const bulkGoodsShape = {
  goods_id: col.ref('商品', { select: '/goods/select', name: 'goods_name' }, { list: false, excel: false }),
  /** 0 or none: the goods itself (a goods without specifications). */
  sku_id: col.int('规格', { min: 0, max: MAX_ID, optional: true, list: false, excel: false }),
  image: col.picture('图片', { form: false, excel: false, phone: 'hidden' }),
  goods_code: col.readOnly('商品编码', { search: true, list: false, code: 'pad' }),
  goods_name: col.readOnly('商品名称', { search: true, phone: 'title' }),
  spec_text: col.readOnly('规格', { search: true, list: false }),
  /**
   * 1 when the library goods (or its specification) has been deleted since: the row can no longer
   * be saved, only taken off sale or deleted (the list flags it 商品已删除).
   */
  goods_deleted: col.flag('商品已删除', '是', '否', {
    form: false,
    list: false,
    detail: false,
    excel: false,
  }),
  category_id: col.ref('大宗分类', { select: '/dzc/categorys' }, { excel: false }),
  /** Empty: the library goods' unit. */
  unit: col.text('单位', { max: 10, optional: true, list: false }),
  min_qty: col.int('最小起订量', { min: 1, max: BULK_QUANTITY_MAX }),
  tiers: col.custom('价格档位', { item: z.array(bulkTierSchema), field: bulkTiersField }, { excel: false }),
  /** The first band's unit price (cents): the highest a buyer pays. */
  price: col.money('起订单价', { max: MAX_PRICE_CENTS, form: false, phone: 'hidden' }),
  /** 1 上架 (listed on /dzc), 0 下架. */
  on_sale: col.flag('上架状态', '上架', '下架', { search: true, phone: 'title' }),
  sort: col.int('排序', { min: 0, max: 9999, optional: true, list: false }),
  remark: col.text('备注', { max: 200, optional: true, search: true, list: false }),
  update_time: col.time('更新时间', { list: false }),
};

/** The bulk catalogue's goods (大宗商品): the resource block serves list, form, batch delete and export. */
export const bulkGoodsResource = defineResource({
  label: '大宗商品',
  tags: ['bulk-catalogue'],
  shape: bulkGoodsShape,
  filters: { category_id: optionalId('大宗分类') },
  sorts: { sort: '排序', newest: '最新', price: '起订单价' },
  /** A goods (specification) is in the catalogue once: `goods_key` is `<goods_id>:<sku_id>`. */
  unique: ['goods_key'],
  excel: {
    example: {
      goods_id: 1,
      sku_id: 0,
      category_id: 1,
      unit: '箱',
      min_qty: 100,
      tiers: '[{"from":100,"price":1200},{"from":500,"price":1100}]',
      on_sale: '上架',
      sort: 0,
      remark: '',
    },
    labels: {
      goods_id: '商品ID',
      sku_id: '规格ID',
      category_id: '大宗分类ID',
      tiers: '价格档位（JSON，单价为分）',
    },
  },
  paths: {
    list: '/dzc/goods/list',
    get: '/dzc/goods',
    create: '/dzc/goods/add',
    update: '/dzc/goods/update',
    remove: '/dzc/goods/delete',
    removeMany: '/dzc/goods/selected/delete',
    select: '/dzc/goods/select',
    check: '/dzc/goods/check',
    export: '/dzc/goods/export',
  },
  permissions: {
    view: 'view_bulk_goods',
    add: 'add_bulk_goods',
    change: 'change_bulk_goods',
    delete: 'delete_bulk_goods',
  },
});

export type BulkGoods = z.infer<typeof bulkGoodsResource.item>;

/** A bulk goods as a visitor of `/dzc` sees it. */
export const publicBulkGoodsSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  spec_text: z.string(),
  image: z.string(),
  category_id: z.number().int(),
  unit: z.string(),
  min_qty: z.number().int(),
  tiers: z.array(bulkTierSchema),
});
export type PublicBulkGoods = z.infer<typeof publicBulkGoodsSchema>;

export const publicBulkGoodsQuery = form({
  ...paging,
  company_id: optionalId('单位'),
  /** A category and everything under it. */
  category_id: optionalId('大宗分类'),
});

const tags = ['bulk-catalogue'];
const get = getCalls(tags);
const post = postCalls(tags);

export const bulkGoodsCalls = {
  ...bulkGoodsResource.calls,
  /** 上架 (1) or 下架 (0), in a batch: all the ids or none. */
  setOnSale: post(
    '/dzc/goods/selected/onsale',
    '大宗商品批量上架或下架',
    'change_bulk_goods',
    form({ ids: idList('大宗商品', RESOURCE_BATCH_MAX), on_sale: flag('上架状态') }),
    z.object({ count: z.number().int() }),
  ),
  /** The company's bulk goods on sale (the `/dzc` and `/dzcen` microsites), by sort. */
  publicList: get(
    '/dzc/goods/public',
    '大宗采购商品（公开，按单位）',
    { public: true },
    publicBulkGoodsQuery,
    pageOf(publicBulkGoodsSchema),
  ),
};
