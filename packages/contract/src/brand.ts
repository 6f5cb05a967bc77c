import type { z } from 'zod';
import { defineResource } from './resource.ts';
import { col } from './screen.ts';

/**
 * A brand's columns (ADR 0036): the list, search, form, detail and Excel of 品牌管理 and 公共品牌
 * come from them. A stopped brand stays on old goods and is not offered for new ones.
 */
const brandShape = {
  name: col.text('品牌名称', { max: 30, search: true, phone: 'title', placeholder: '如：青峰' }),
  logo: col.picture('品牌标志', { phone: 'hidden' }),
  description: col.longText('品牌介绍', { max: 500, search: true }),
  sort: col.int('排序', { min: 0, max: 9999, optional: true, initial: 0, hint: '数字小的排在前面' }),
  status: col.flag('状态', '启用', '停用', { search: true, phone: 'title' }),
  update_time: col.time('更新时间'),
};

/** What both brand resources share: their columns, sorts, uniqueness and Excel example. */
const brands = {
  tags: ['brand'],
  shape: brandShape,
  sorts: { sort: '排序', newest: '最新', name: '名称' },
  unique: ['name'],
  excel: { example: { name: '清芳', description: '高山绿茶，产自浙江', logo: '', sort: 10, status: '启用' } },
} as const;

/** The company's brands (`/crm/goods_brand`; spec §7 `/goods/brand/*`, `/goods/brands`). */
export const brandResource = defineResource({
  ...brands,
  label: '品牌',
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
export type Brand = z.infer<typeof brandResource.item>;
export const brandCalls = brandResource.calls;

/**
 * Public brands shared by every company (spec §7 `/public/brand/*`, `/public/brands`): every
 * company's staff read and pick them; only the super administrator changes them.
 */
export const publicBrandResource = defineResource({
  ...brands,
  label: '公共品牌',
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
