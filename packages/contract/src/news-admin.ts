import { z } from 'zod';
import { defineCall } from './call.ts';
import { isSafeLink, newsCategoryList } from './cms.ts';
import { flag, form, id, idList, optionalId, optionalText, text, time } from './fields.ts';
import { auditTimes } from './item-fields.ts';
import { defineResource } from './resource.ts';
import { RICH_TEXT_WRITE_BYTES } from './rich-text.ts';

/**
 * The company's news administration (新闻管理 `/crm/news_index`, the editor `/crm/news_detail?id=`;
 * ADR 0027): the same `news` rows the public pages read (`cmsCalls.newsList|newsDetail`), written
 * by staff. The specification names no news writes: the paths are ours, under `/cms/news/admin/`.
 * The body is rich text (ADR 0030): HTML that the server's allow-list keeps (plain text sent is
 * taken as paragraphs separated by a blank line).
 */

export const NEWS_ADMIN_LIMITS = {
  title: 100,
  summary: 300,
  author: 30,
  source: 50,
  /**
   * Characters of a body, its stored (sanitised) HTML counted (a form post of 20,000 Chinese
   * characters is 180 kB: `NEWS_WRITE_BYTES`).
   */
  body: 20_000,
  cover: 300,
} as const;

/** The bytes a news create or update may send: a rich text's (the default 64 kB holds 7,000 Chinese characters). */
export const NEWS_WRITE_BYTES = RICH_TEXT_WRITE_BYTES;

export const newsAdminSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** The category's name ('' when its category is gone). */
  category_name: z.string(),
  lang: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  source: z.string(),
  body: z.string(),
  /** 1 published, 0 draft. */
  status: z.number().int(),
  /** ISO UTC; a published article is shown from then on. */
  published_at: z.string(),
  views: z.number().int(),
  ...auditTimes,
});
export type NewsAdminItem = z.infer<typeof newsAdminSchema>;

/** A picture address: a path of this site (the file store's `/api/file/image?key=`) or http(s). */
const coverAddress = optionalText('封面图片', { max: NEWS_ADMIN_LIMITS.cover }).refine(
  (v) => v === undefined || v === '' || isSafeLink(v),
  '封面图片须为本站路径或 http(s) 地址',
);

/** Optional publication time ('' or absent: now). */
const publishedAt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  time('发布时间').optional(),
);

/** Whether `v` holds a control character other than a tab or a line break. */
const hasControl = (v: string) => {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
};

/** Plain text without control characters other than line breaks and tabs. */
const plain = <T extends z.ZodType<string | undefined>>(field: T, label: string) =>
  field.refine((v) => v === undefined || !hasControl(v), `${label}含有不可见的控制字符`);

/** What a news is written with besides its category: the form's fields and the import sheet's alike. */
const newsWritten = {
  title: plain(text('标题', { max: NEWS_ADMIN_LIMITS.title }), '标题'),
  summary: plain(optionalText('摘要', { max: NEWS_ADMIN_LIMITS.summary }), '摘要'),
  cover: coverAddress,
  author: plain(optionalText('作者', { max: NEWS_ADMIN_LIMITS.author }), '作者'),
  source: plain(optionalText('来源', { max: NEWS_ADMIN_LIMITS.source }), '来源'),
  published_at: publishedAt,
  status: flag('状态'),
  body: plain(optionalText('正文', { max: NEWS_ADMIN_LIMITS.body }), '正文'),
};

/**
 * One row of the news import (导入 on 新闻管理): the category by its name (新闻资讯), as the list
 * shows it — the server finds it among the company's (news-admin.store.ts).
 */
const newsSheetFields = { category: text('栏目', { max: 50 }), ...newsWritten };

export const newsAdminResource = defineResource({
  label: '新闻',
  tags: ['cms'],
  item: newsAdminSchema,
  columns: {
    title: '标题',
    category_name: '栏目',
    author: '作者',
    source: '来源',
    summary: '摘要',
    status: '状态',
    published_at: '发布时间',
    views: '阅读数',
    update_time: '更新时间',
  },
  fields: { category_id: id('栏目'), ...newsWritten },
  filters: { category_id: optionalId('栏目'), status: z.optional(flag('状态')) },
  sorts: { newest: '发布时间', updated: '最近修改', title: '标题' },
  unique: [],
  excel: {
    fields: newsSheetFields,
    labels: { category: '栏目', cover: '封面图片', body: '正文' },
    example: {
      category: '新闻资讯',
      title: '公司参加2026年春季展会',
      summary: '展会期间发布了三款新品',
      author: '市场部',
      source: '本站',
      published_at: '2026-03-01 09:00:00',
      status: '已发布',
      body: '<p>第一段，<strong>加粗</strong>的文字。</p><p>第二段。</p>',
    },
    choices: { status: { 已发布: 1, 草稿: 0 } },
  },
  paths: {
    list: '/cms/news/admin/list',
    get: '/cms/news/admin/get',
    create: '/cms/news/admin/add',
    update: '/cms/news/admin/update',
    remove: '/cms/news/admin/delete',
    removeMany: '/cms/news/admin/selected/delete',
    select: '/cms/news/admin/options',
    check: '/cms/news/admin/check',
    export: '/cms/news/admin/export',
  },
  permissions: { view: 'view_news', add: 'add_news', change: 'change_news', delete: 'delete_news' },
});

/** 批量发布 / 批量撤回: every id or none. */
export const newsPublishBody = form({
  ids: idList('新闻'),
  status: flag('状态'),
});

export const newsAdminCalls = {
  ...newsAdminResource.calls,
  /** The company's categories for the editor; a company without any gets the four defaults first. */
  categories: defineCall({
    method: 'POST',
    path: '/cms/news/admin/categories',
    summary: '新闻栏目（编辑用；没有栏目的单位先建好默认栏目）',
    tags: ['cms'],
    access: { permission: 'view_news' },
    input: form({}),
    output: newsCategoryList,
  }),
  publish: defineCall({
    method: 'POST',
    path: '/cms/news/admin/publish',
    summary: '批量发布或撤回新闻（全部成功或全部不变）',
    tags: ['cms'],
    access: { permission: 'change_news' },
    input: newsPublishBody,
    output: z.object({ count: z.number().int() }),
  }),
};
