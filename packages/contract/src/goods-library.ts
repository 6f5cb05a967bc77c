import { z } from 'zod';
import { postCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import {
  choice,
  flag,
  form,
  id,
  idList,
  int,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
  yuanAsCents,
} from './fields.ts';
import { defineResource, RESOURCE_BATCH_MAX } from './resource.ts';
import { col, pictureList } from './screen.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

/**
 * The goods library (`/crm/goods_manager`, `new_goods`, `goods_detail`; spec §7 `/goods/*`,
 * ADR 0021): every goods the company keeps — what it sells, buys, makes or uses — with a code
 * unique in the company, its category, brand, unit, type, images and its specifications (SKUs:
 * spec values, barcode, price, cost, weight). A goods is in the shop once pushed there
 * (`in_shop`); the shop sells it while it is on sale.
 */

export const GOODS_TYPES = {
  normal: '普通商品',
  material: '原材料',
  finished: '成品',
  service: '服务',
  virtual: '虚拟商品',
} as const;
export type GoodsType = keyof typeof GOODS_TYPES;

/** Most specifications (SKUs) of one goods, spec values per SKU, images per goods. */
export const GOODS_SKU_MAX = 50;
export const GOODS_SPEC_MAX = 3;
export const GOODS_IMAGE_MAX = 10;
export const GOODS_CODE_MAX = 40;
export const GOODS_NAME_MAX = 60;
/** Characters of a goods' 商品详情, its stored (sanitised) HTML counted (ADR 0030). */
export const GOODS_DESCRIPTION_MAX = 20_000;
/** Most units of a goods or specification in stock (an opening stock's bound). */
const STOCK_MAX = 10_000_000;

/** A goods code or barcode: letters, digits and - _ . (what scanners and spreadsheets keep). */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const codeText = (label: string, max: number) =>
  text(label, { max }).refine((v) => CODE_PATTERN.test(v), `${label}只能包含字母、数字和 - _ .`);
const optionalCode = (label: string, max: number) =>
  optionalText(label, { max }).refine(
    (v) => v === undefined || v === '' || CODE_PATTERN.test(v),
    `${label}只能包含字母、数字和 - _ .`,
  );

/** A nested value that a form post carries as its JSON text (a form has no nesting); an array or object as is. */
export const fromJson = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

export const goodsSpecValueSchema = z.object({ name: z.string(), value: z.string() });

/** One specification of a goods (a SKU), as read. Money in cents, weight in grams. */
export const goodsSkuSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  specs: z.array(goodsSpecValueSchema),
  /** The spec values joined for showing ("红色 / 500ml"). */
  spec_text: z.string(),
  barcode: z.string(),
  price: z.number().int(),
  cost: z.number().int(),
  weight: z.number().int(),
  stock: z.number().int(),
  /** 1: the shop sells this specification; 0: stopped (`/shop/goods/detail/delete`). */
  on_sale: z.number().int(),
});
export type GoodsSku = z.infer<typeof goodsSkuSchema>;

/** A specification as written: `id` names one to change; without it, a new one. */
export const goodsSkuLine = z.object(
  {
    id: optionalId('规格'),
    specs: fromJson(
      z
        .array(
          z.object({
            name: text('规格名', { max: 20 }),
            value: text('规格值', { max: 30 }),
          }),
          { error: '规格格式不正确' },
        )
        .min(1, '每个规格至少填写一项规格值')
        .max(GOODS_SPEC_MAX, `每个规格最多${GOODS_SPEC_MAX}项规格值`),
    ),
    barcode: optionalCode('条形码', 32),
    price: int('销售价', { min: 0, max: MAX_PRICE_CENTS }),
    cost: optionalInt('成本价', { min: 0, max: MAX_PRICE_CENTS }),
    weight: optionalInt('重量', { min: 0, max: 10_000_000 }),
    /** Opening stock of a new specification (later, stock moves only through stock records). */
    stock: optionalInt('期初库存', { min: 0, max: STOCK_MAX }),
  },
  { error: '规格格式不正确' },
);
export type GoodsSkuLine = z.input<typeof goodsSkuLine>;

/** The goods' pictures (the first the cover), as the declared column checks them. */
export const imageList = pictureList('商品图片', GOODS_IMAGE_MAX);

/**
 * One row of the goods import (`/goods/excel_data_save`): a goods without specifications as a
 * spreadsheet holds it — the category by its name or path (茶叶/绿茶) and the brand by its name, the
 * price in yuan; the server resolves the names in the company (goods-import.ts).
 */
export const goodsSheetFields = {
  code: codeText('商品编码', GOODS_CODE_MAX),
  name: text('商品名称', { max: GOODS_NAME_MAX }),
  category: text('商品分类', { max: 200 }),
  brand: optionalText('品牌', { max: 50 }),
  unit: optionalText('单位', { max: 10 }),
  goods_type: choice('商品类型', GOODS_TYPES),
  price: yuanAsCents('销售价（元）', { max: MAX_PRICE_CENTS }),
  stock: optionalInt('期初库存', { min: 0, max: STOCK_MAX }),
  subtitle: optionalText('副标题', { max: 100 }),
  keywords: optionalText('搜索关键词', { max: 100 }),
  status: z.optional(flag('状态')),
  /** Rich text (ADR 0030): HTML kept by the server's allow-list, or plain text (paragraphs). */
  description: optionalText('商品详情', { max: GOODS_DESCRIPTION_MAX }),
};
export type GoodsSheetRow = z.output<z.ZodObject<typeof goodsSheetFields>>;

/** One entry of a goods' history: who, when, what (the fields that changed, before → after). */
export const goodsHistorySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  username: z.string(),
  action: z.string(),
  /**
   * The fields that changed under their labels, each value in words (a choice's or flag's word,
   * money ¥88.00); `picture` 1: the values are pictures' addresses.
   */
  changes: z.array(
    z.object({
      field: z.string(),
      before: z.string(),
      after: z.string(),
      picture: z.optional(z.literal(1)),
    }),
  ),
});
export type GoodsHistory = z.infer<typeof goodsHistorySchema>;

/**
 * A goods' columns (ADR 0036): in the list's order (图片 first, 商城 before 状态), then what the
 * form and the export read. The list's 价格 is the lowest of its specifications' prices (or its
 * own without any); 期初库存 is written at creation only, after which stock moves by stock records.
 */
const goodsShape = {
  cover: col.picture('图片', { form: false, excel: false, phone: 'hidden' }),
  code: col.text('商品编码', {
    code: 'pad',
    max: GOODS_CODE_MAX,
    search: true,
    field: codeText('商品编码', GOODS_CODE_MAX),
  }),
  name: col.text('商品名称', { max: GOODS_NAME_MAX, search: true, phone: 'title' }),
  subtitle: col.text('副标题', { max: 100, optional: true, list: false, excel: false }),
  keywords: col.text('搜索关键词', {
    max: 100,
    optional: true,
    search: true,
    list: false,
    excel: false,
    hint: '顾客搜索这些词也能找到该商品，用空格分隔',
  }),
  // Required to write; a goods read may have none (its category deleted since).
  category_id: col.ref(
    '商品分类',
    { select: '/goods/categorys', name: 'category_name' },
    { optional: true, field: id('商品分类'), excel: false },
  ),
  category_name: col.readOnly('商品分类', { list: false }),
  brand_id: col.ref(
    '品牌',
    { select: '/goods/brands', name: 'brand_name' },
    { optional: true, excel: false },
  ),
  brand_name: col.readOnly('品牌', { list: false }),
  unit: col.text('单位', { max: 10, optional: true, list: false }),
  goods_type: col.choice('商品类型', GOODS_TYPES, { search: true }),
  /** The price of a goods without specifications (ignored when it has some), cents. */
  price: col.money('销售价', { max: MAX_PRICE_CENTS, optional: true }),
  /** Opening stock of a goods without specifications, at creation; the item's 库存. */
  stock: col.int('期初库存', { min: 0, max: STOCK_MAX, optional: true, excel: '库存' }),
  sales: col.int('销量', { min: 0, max: STOCK_MAX, form: false, list: false }),
  images: col.pictures('商品图片', { max: GOODS_IMAGE_MAX, list: false, excel: false }),
  /** Rich text (ADR 0030): the server keeps only its allow-list of HTML. */
  description: col.richText('商品详情', { max: GOODS_DESCRIPTION_MAX, excel: false }),
  sku_count: col.int('规格数', { min: 0, max: GOODS_SKU_MAX, form: false, list: false, excel: false }),
  /** In the shop (pushed there); the list shows it with 在售/已下架 and 不公开. */
  in_shop: col.flag('商城', '已推送', '未推送', { form: false, excel: false, phone: 'title' }),
  status: col.flag('状态', '启用', '停用', { search: true }),
  on_sale: col.flag('在售', '在售', '已下架', { form: false, list: false }),
  is_public: col.flag('公开', '公开', '不公开', { form: false, list: false, excel: false }),
  max_per_order: col.int('每单限购', { min: 0, max: STOCK_MAX, form: false, list: false, excel: false }),
  create_time: col.time('创建时间', { list: false, excel: false }),
  update_time: col.time('更新时间', { list: false }),
};

export const goodsResource = defineResource({
  label: '商品',
  tags: ['goods'],
  shape: goodsShape,
  fields: {
    /** The specifications: an array, or in a form post its JSON text (a form carries no nesting). */
    skus: fromJson(
      z.optional(
        z.array(goodsSkuLine, { error: '规格格式不正确' }).max(GOODS_SKU_MAX, `规格最多${GOODS_SKU_MAX}个`),
      ),
    ),
  },
  filters: {
    category_id: optionalId('商品分类'),
    brand_id: optionalId('品牌'),
    in_shop: z.optional(flag('是否在商城')),
    on_sale: z.optional(flag('是否在售')),
  },
  sorts: { newest: '最新', code: '编码', name: '名称', price: '价格', stock: '库存' },
  unique: ['code'],
  paths: {
    list: '/goods/list',
    get: '/goods/get',
    create: '/goods/create',
    update: '/goods/save',
    remove: '/goods/delete',
    removeMany: '/goods/selected/delete',
    select: '/goods/select',
    check: '/goods/check',
    export: '/goods/export',
    import: '/goods/excel_data_save',
    importTemplate: '/goods/excel_data_save/template',
  },
  permissions: {
    view: 'view_goods',
    add: 'add_goods',
    change: 'change_goods',
    delete: 'delete_goods',
  },
  excel: {
    fields: goodsSheetFields,
    labels: {
      category: '商品分类',
      brand: '品牌',
      price: '销售价（元）',
      stock: '期初库存',
      subtitle: '副标题',
      keywords: '搜索关键词',
      description: '商品详情',
    },
    example: {
      code: 'LJ-001',
      name: '西湖龙井 250g',
      category: '茶叶/绿茶',
      brand: '',
      unit: '盒',
      goods_type: '普通商品',
      price: '168.00',
      stock: 100,
      subtitle: '明前特级',
      keywords: '龙井 绿茶',
      status: '启用',
      description: '<p>产自杭州西湖产区，<strong>明前采摘</strong>。</p><p>密封避光保存。</p>',
    },
  },
});

/** A goods of the library as the list and the form read it. */
export const libraryGoodsSchema = goodsResource.item;
export type LibraryGoods = z.infer<typeof libraryGoodsSchema>;

/** A goods call of the specification: a POST needing `permission`. */
const goodsCall = postCalls(['goods']);

const count = z.object({ count: z.number().int() });
const goodsIds = idList('商品', RESOURCE_BATCH_MAX);

export const goodsCalls = {
  ...goodsResource.calls,
  /** The specifications of one goods. */
  skuList: goodsCall(
    '/goods/detail/list',
    '商品规格列表',
    'view_goods',
    form({ goods_id: id('商品') }),
    z.object({ results: z.array(goodsSkuSchema) }),
  ),
  /** Adds (without `id`) or changes one specification of a goods. */
  skuSave: goodsCall(
    '/goods/detail/save',
    '保存商品规格',
    'change_goods',
    form({ goods_id: id('商品'), ...goodsSkuLine.shape }),
    goodsSkuSchema,
  ),
  /** Removes one specification (a goods keeps at least its others; its past orders keep their lines). */
  skuRemove: goodsCall(
    '/goods/detail/delete',
    '删除商品规格',
    'change_goods',
    form({ id: id('规格') }),
    count,
  ),
  /** Which of `ids` are of `goods_type` (a bill of materials takes only materials, say). */
  checkType: goodsCall(
    '/goods/checkGoodsType',
    '检查商品类型',
    'view_goods',
    form({ ids: goodsIds, goods_type: choice('商品类型', GOODS_TYPES) }),
    z.object({
      matching: z.array(z.number().int()),
      others: z.array(z.object({ id: z.number().int(), name: z.string(), goods_type: z.string() })),
    }),
  ),
  /** Sets the type of the chosen goods. */
  setType: goodsCall(
    '/goods/setGoodsType',
    '批量设置商品类型',
    'change_goods',
    form({ ids: goodsIds, goods_type: choice('商品类型', GOODS_TYPES) }),
    count,
  ),
  /**
   * Puts the chosen goods in the shop — and on sale in the same transaction with `on_sale: 1` (the
   * dialog's 推送后立即上架), all or none: a goods without a price is refused (GOODS_NO_PRICE).
   * Without `on_sale` each keeps its sale state (a new one is off sale). `no_stock` names the goods
   * put on sale that have no stock yet (customers see them, cannot buy until stock comes in).
   */
  pushToShop: goodsCall(
    '/goods/push/to/shop',
    '推送商品到商城',
    'change_shop_goods',
    form({ ids: goodsIds, on_sale: z.optional(flag('是否上架')) }),
    z.object({ count: z.number().int(), no_stock: z.array(z.string()).optional() }),
  ),
  /** On sale (1) or off sale (0), in a batch; goods not in the shop, or without a price, are refused. */
  setOnSale: goodsCall(
    '/shop/goods/selected/onsale',
    '批量上架或下架',
    'change_shop_goods',
    form({ ids: goodsIds, on_sale: flag('是否上架') }),
    count,
  ),
  /** Listed in the shop's lists and search (1) or reachable only by its link (0), in a batch. */
  setPublic: goodsCall(
    '/shop/goods/selected/public',
    '批量设置公开或不公开',
    'change_shop_goods',
    form({ ids: goodsIds, is_public: flag('是否公开') }),
    count,
  ),
  /** Who changed the goods when, and what (the audit log, newest first). */
  history: goodsCall(
    '/goods/log',
    '商品修改记录',
    'view_goods',
    form({ id: id('商品'), ...paging }),
    pageOf(goodsHistorySchema),
  ),
  /** Takes the chosen goods out of the shop (off sale; the library keeps them). */
  removeFromShop: goodsCall(
    '/shop/goods/selected/delete',
    '从商城移除商品',
    'change_shop_goods',
    form({ ids: goodsIds }),
    count,
  ),
};
