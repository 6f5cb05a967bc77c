import { z } from 'zod';
import { alsoByGet, postCalls, publicCalls } from './call.ts';
import { shopGoodsSchema } from './catalogue.ts';
import { deletedResult, pageOf } from './envelope.ts';
import {
  flag,
  form,
  id,
  idList,
  keyword,
  optionalId,
  optionalInt,
  optionalText,
  paging,
  text,
  time,
} from './fields.ts';
import { MAX_PRICE_CENTS } from './shop-constants.ts';

/** Tickets of one type per order (spec §5 and §9): the counter and the server allow 0 to 12. */
export const PROMOTION_TICKET_MAX = 12;

/** The price slider of the car theme, in yuan (spec §9). The API takes cents. */
export const PROMOTION_PRICE_RANGE = {
  min: 10_000,
  max: 60_000,
  step: 1_000,
  defaults: [18_000, 48_000],
} as const;

/** The mileage (electric range) slider, in km (spec §9). */
export const PROMOTION_MILEAGE_RANGE = { min: 100, max: 800, step: 50, defaults: [200, 700] } as const;

/**
 * The header sticks once the page has scrolled past this many pixels (spec §9: "10 or 150"): 10 on
 * a phone, where the header is small and the banner short; 150 on a desktop, past the tall banner's
 * top part.
 */
export const PROMOTION_STICKY_OFFSET = { phone: 10, desktop: 150 } as const;
/** Widths below this are phones (antd's `md` breakpoint). */
export const PROMOTION_PHONE_WIDTH = 768;

/** 1 published (shown while running), 0 draft; deleting is soft (`deleted_at`). */
export const PROMOTION_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;

/** The longest mileage a filter takes (km). */
export const PROMOTION_MILEAGE_MAX = 10_000;

/** A promotion as lists show it. */
export const promotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  theme: z.string(),
  banner: z.string(),
  intro: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** What a promotion shows of a catalogue goods (prices in cents), under `goods_id`. */
const promotionGoods = shopGoodsSchema
  .pick({ name: true, subtitle: true, cover: true, price: true, stock: true })
  .extend({ goods_id: z.number().int() });

/** A car of a promotion: a goods of the catalogue with its mileage. */
export const promotionCarSchema = promotionGoods.extend({
  original_price: shopGoodsSchema.shape.original_price,
  /** km (electric range). */
  mileage: z.number().int(),
});
export type PromotionCar = z.infer<typeof promotionCarSchema>;

/** A ticket type of a promotion: a goods of the catalogue, ordered through the cart and checkout. */
export const promotionTicketSchema = promotionGoods.extend({
  unit: z.string(),
  /** Most of this type in one order: the goods' limit, as the cart enforces it (0 = no limit of its own). */
  max_per_order: z.number().int(),
});
export type PromotionTicket = z.infer<typeof promotionTicketSchema>;

export const promotionDetailSchema = promotionSchema.extend({
  /** The cars that fit the filters, cheapest first. */
  cars: z.array(promotionCarSchema),
  /** How many cars the promotion has before filtering. */
  car_total: z.number().int(),
  tickets: z.array(promotionTicketSchema),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** POST /shop/promotion/list — the tenant's current promotions. */
export const promotionListBody = form({ ...paging, company_id: optionalId('单位') });

const price = (label: string) => optionalInt(label, { min: 0, max: MAX_PRICE_CENTS });
const mileage = (label: string) => optionalInt(label, { min: 0, max: PROMOTION_MILEAGE_MAX });

/** POST /shop/promotion — one current promotion; prices in cents, mileage in km. */
export const promotionDetailBody = form({
  id: id('活动'),
  company_id: optionalId('单位'),
  price_min: price('最低价格'),
  price_max: price('最高价格'),
  mileage_min: mileage('最短续航'),
  mileage_max: mileage('最长续航'),
}).superRefine((v, ctx) => {
  if (v.price_min !== undefined && v.price_max !== undefined && v.price_min > v.price_max) {
    ctx.addIssue({ code: 'custom', path: ['price_max'], message: '最高价格不能低于最低价格' });
  }
  if (v.mileage_min !== undefined && v.mileage_max !== undefined && v.mileage_min > v.mileage_max) {
    ctx.addIssue({ code: 'custom', path: ['mileage_max'], message: '最长续航不能低于最短续航' });
  }
});
export type PromotionDetailBody = z.output<typeof promotionDetailBody>;

/** A promotion as staff see it after a write (with its state). */
export const promotionAdminSchema = promotionSchema.extend({ status: z.number().int() });
export type PromotionAdmin = z.infer<typeof promotionAdminSchema>;

const promotionFields = {
  title: text('活动名称', { max: 50 }),
  banner: optionalText('横幅图片', { max: 300 }),
  intro: optionalText('活动简介', { max: 500 }),
  starts_at: time('开始时间'),
  ends_at: time('结束时间'),
  status: z.optional(flag('发布')),
};
const endsAfterStart = (v: { starts_at: string; ends_at: string }, ctx: z.RefinementCtx) => {
  if (v.ends_at <= v.starts_at)
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间必须晚于开始时间' });
};

/** POST /shop/promotion/create — a car promotion (status 1 published, 0 draft). */
export const promotionCreateBody = form(promotionFields).superRefine(endsAfterStart);
/** POST /shop/promotion/update — all fields again, with the id. */
export const promotionUpdateBody = form({ id: id('活动'), ...promotionFields }).superRefine(endsAfterStart);
export type PromotionWrite = z.output<typeof promotionCreateBody>;

/** POST /shop/promotion/add — a goods of the company as a car (with its range) or a ticket type. */
export const promotionAddBody = form({
  promotion_id: id('活动'),
  goods_id: id('商品'),
  kind: z.enum(['car', 'ticket'], { error: '类型只能是汽车或门票' }),
  mileage: optionalInt('续航里程', { min: 0, max: PROMOTION_MILEAGE_MAX }),
  sort: optionalInt('排序', { min: 0, max: 9999 }),
}).superRefine((v, ctx) => {
  if (v.kind === 'car' && v.mileage === undefined)
    ctx.addIssue({ code: 'custom', path: ['mileage'], message: '续航里程不能为空' });
});
export type PromotionAddBody = z.output<typeof promotionAddBody>;
export const promotionItemSchema = z.object({
  id: z.number().int(),
  promotion_id: z.number().int(),
  goods_id: z.number().int(),
  kind: z.string(),
  mileage: z.number().int().nullable(),
  sort: z.number().int(),
});

/** POST /shop/promotion/admin/list (ours) — the company's promotions in every state, for staff. */
export const promotionAdminListBody = form({
  ...paging,
  keyword: keyword(),
  status: z.optional(flag('状态')),
});
/** A promotion in the back office's list: its state and how many cars and ticket types it holds. */
export const promotionAdminRowSchema = promotionAdminSchema.extend({
  car_count: z.number().int(),
  ticket_count: z.number().int(),
});
export type PromotionAdminRow = z.infer<typeof promotionAdminRowSchema>;
/** A goods of a promotion as staff see it (also when it is off sale). */
export const promotionItemAdminSchema = promotionItemSchema.extend({
  name: z.string(),
  price: z.number().int(),
  on_sale: z.number().int(),
});
export type PromotionItemAdmin = z.infer<typeof promotionItemAdminSchema>;
export const promotionAdminDetailSchema = promotionAdminSchema.extend({
  items: z.array(promotionItemAdminSchema),
});
export type PromotionAdminDetail = z.infer<typeof promotionAdminDetailSchema>;
/** POST /shop/promotion/item/delete (ours) — takes a goods out of a promotion. */
export const promotionItemIdBody = form({ id: id('活动商品') });

export const promotionIdBody = form({ id: id('活动') });
export const promotionIdsBody = form({ ids: idList('活动', 100) });

const tags = ['promotion'];
const anyone = publicCalls(tags);
const post = postCalls(tags);
const staff = 'change_promotion';
const listSummary = '进行中的促销活动';
const detailSummary = '一个进行中的促销活动：按价格（分）与续航（km）筛选的车型，以及门票';

/** The specification's calls are POST; GET answers the same (`alsoByGet`). */
const promotionPostCalls = {
  list: anyone('/shop/promotion/list', listSummary, promotionListBody, pageOf(promotionSchema)),
  get: anyone('/shop/promotion', detailSummary, promotionDetailBody, promotionDetailSchema),
  create: post('/shop/promotion/create', '新建促销活动', staff, promotionCreateBody, promotionAdminSchema),
  update: post('/shop/promotion/update', '修改促销活动', staff, promotionUpdateBody, promotionAdminSchema),
  addGoods: post(
    '/shop/promotion/add',
    '把本单位的商品加入活动：汽车（含续航）或门票（每单限购12张）',
    staff,
    promotionAddBody,
    promotionItemSchema,
  ),
  remove: post('/shop/promotion/delete', '删除促销活动', staff, promotionIdBody, deletedResult),
  adminList: post(
    '/shop/promotion/admin/list',
    '本单位的促销活动（后台：含草稿、未开始和已结束的）',
    staff,
    promotionAdminListBody,
    pageOf(promotionAdminRowSchema),
  ),
  adminGet: post(
    '/shop/promotion/admin/get',
    '一个促销活动及其全部商品（后台，含已下架的商品）',
    staff,
    promotionIdBody,
    promotionAdminDetailSchema,
  ),
  removeGoods: post(
    '/shop/promotion/item/delete',
    '把商品移出促销活动',
    staff,
    promotionItemIdBody,
    deletedResult,
  ),
  removeMany: post(
    '/shop/promotion/selected/delete',
    '批量删除促销活动',
    staff,
    promotionIdsBody,
    deletedResult,
  ),
};

export const promotionCalls = {
  ...promotionPostCalls,
  listByGet: alsoByGet(promotionPostCalls.list),
  getByGet: alsoByGet(promotionPostCalls.get),
};
