import { z } from 'zod';
import { isSafeLink } from './cms.ts';
import { flag, optionalInt, optionalText, text } from './fields.ts';
import { auditTimes } from './item-fields.ts';
import { defineResource } from './resource.ts';

/** Longest brand name. */
export const BRAND_NAME_MAX = 30;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A picture address (the file store's, or an https address). */
  logo: z.string(),
  description: z.string(),
  sort: z.number().int(),
  /** 1 in use, 0 stopped (kept on old goods, not offered for new ones). */
  status: z.number().int(),
  ...auditTimes,
});
export type Brand = z.infer<typeof brandSchema>;

export const BRAND_STATUS = { 1: '启用', 0: '停用' } as const;

/** An image address: a path of this site or an http(s) address (the links' rule, `isSafeLink`). */
const imageAddress = (label: string) =>
  optionalText(label, { max: 300 }).refine(
    (v) => v === undefined || v === '' || isSafeLink(v),
    `${label}须为本站路径或 http(s) 地址`,
  );

/**
 * The company's brands (`/crm/goods_brand`; spec §7 `/goods/brand/*`, `/goods/brands`): the first
 * resource declared with `defineResource`.
 */
export const brandResource = defineResource({
  label: '品牌',
  tags: ['brand'],
  item: brandSchema,
  columns: {
    name: '品牌名称',
    description: '品牌介绍',
    logo: '品牌标志',
    sort: '排序',
    status: '状态',
    update_time: '更新时间',
  },
  fields: {
    name: text('品牌名称', { max: BRAND_NAME_MAX }),
    logo: imageAddress('品牌标志'),
    description: optionalText('品牌介绍', { max: 500 }),
    sort: optionalInt('排序', { min: 0, max: 9999 }),
    status: flag('状态'),
  },
  filters: { status: z.optional(flag('状态')) },
  sorts: { sort: '排序', newest: '最新', name: '名称' },
  unique: ['name'],
  excel: {
    example: { name: '清芳', description: '高山绿茶，产自浙江', logo: '', sort: 10, status: '启用' },
    choices: { status: { 启用: 1, 停用: 0 } },
  },
  paths: {
    list: '/goods/brand/list',
    get: '/goods/brand',
    create: '/goods/brand/add',
    update: '/goods/brand/update',
    remove: '/goods/brand/delete',
    removeMany: '/goods/brand/selected/delete',
    select: '/goods/brands',
    check: '/goods/brand/check',
    export: '/goods/brand/export',
  },
  permissions: {
    view: 'view_goods_brand',
    add: 'add_goods_brand',
    change: 'change_goods_brand',
    delete: 'delete_goods_brand',
  },
});

export const brandCalls = brandResource.calls;

/**
 * Public brands shared by every company (spec §7 `/public/brand/*`, `/public/brands`): every
 * company's staff read and pick them; only the super administrator changes them.
 */
export const publicBrandResource = defineResource({
  label: '公共品牌',
  tags: ['brand'],
  item: brandSchema,
  columns: brandResource.columns,
  fields: brandResource.fields,
  filters: brandResource.filters,
  sorts: brandResource.sorts,
  unique: ['name'],
  excel: brandResource.excel,
  paths: {
    list: '/public/brand/list',
    get: '/public/brand',
    create: '/public/brand/add',
    update: '/public/brand/update',
    remove: '/public/brand/delete',
    removeMany: '/public/brand/selected/delete',
    select: '/public/brands',
    check: '/public/brand/check',
    export: '/public/brand/export',
  },
  permissions: {
    view: 'view_goods_brand',
    add: 'change_public_brand',
    change: 'change_public_brand',
    delete: 'change_public_brand',
  },
});

export const publicBrandCalls = publicBrandResource.calls;
