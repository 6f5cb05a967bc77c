import { z } from 'zod';
import { postCalls } from './call.ts';
import { newsCategoryList } from './cms.ts';
import { flag, form, idList, optionalId, text, time } from './fields.ts';
import { defineResource } from './resource.ts';
import { RICH_TEXT_WRITE_BYTES } from './rich-text.ts';
import { type Column, col, fieldsOf } from './screen.ts';

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
} as const;

/** The bytes a news create or update may send: a rich text's (the default 64 kB holds 7,000 Chinese characters). */
export const NEWS_WRITE_BYTES = RICH_TEXT_WRITE_BYTES;

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

/** A column of plain text: no control characters other than line breaks and tabs. */
const plain = <C extends Column>(c: C): C => ({
  ...c,
  field: c.field?.refine((v) => typeof v !== 'string' || !hasControl(v), `${c.label}含有不可见的控制字符`),
});

const L = NEWS_ADMIN_LIMITS;

/**
 * A news article's columns (ADR 0036). The category's name is added by the server's service (it
 * reads the company's categories once per list); a publication time left empty is now; the list's
 * own columns (a title linking to the editor, the status with its schedule) are the page's.
 */
const newsShape = {
  category_id: col.ref(
    '栏目',
    { select: '/cms/news/admin/categories', name: 'category_name' },
    {
      list: false,
      excel: false,
    },
  ),
  title: plain(col.text('标题', { max: L.title, search: true, phone: 'title' })),
  category_name: col.readOnly('栏目'),
  summary: plain(col.longText('摘要', { max: L.summary, search: true, list: false })),
  cover: col.picture('封面图片', { list: false, excel: false }),
  author: plain(col.text('作者', { max: L.author, optional: true, search: true, phone: 'hidden' })),
  source: plain(col.text('来源', { max: L.source, optional: true, list: false })),
  published_at: col.time('发布时间', { form: true, field: publishedAt }),
  status: col.flag('状态', '已发布', '草稿', { search: true, phone: 'title' }),
  body: plain(col.richText('正文', { max: L.body, excel: false })),
  lang: col.readOnly('语言', { list: false, detail: false, excel: false }),
  views: col.int('阅读数', { min: 0, max: 2 ** 31 - 1, form: false, phone: 'hidden' }),
  update_time: col.time('更新时间', { list: false }),
};

/**
 * One row of the news import (导入 on 新闻管理): the category by its name (新闻资讯), as the list
 * shows it — the server finds it among the company's (news-admin.store.ts); the rest as the form.
 */
const { category_id: _byId, ...newsWritten } = fieldsOf(newsShape);
const newsSheetFields = { category: text('栏目', { max: 50 }), ...newsWritten };

export const newsAdminResource = defineResource({
  label: '新闻',
  tags: ['cms'],
  shape: newsShape,
  filters: { category_id: optionalId('栏目') },
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
/** A news as the back office reads it: `published_at` ISO UTC (shown from then on), `status` 1 published. */
export type NewsAdminItem = z.infer<typeof newsAdminResource.item>;

/** 批量发布 / 批量撤回: every id or none. */
export const newsPublishBody = form({
  ids: idList('新闻'),
  status: flag('状态'),
});

const post = postCalls(['cms']);

export const newsAdminCalls = {
  ...newsAdminResource.calls,
  /** The company's categories for the editor; a company without any gets the four defaults first. */
  categories: post(
    '/cms/news/admin/categories',
    '新闻栏目（编辑用；没有栏目的单位先建好默认栏目）',
    'view_news',
    form({}),
    newsCategoryList,
  ),
  publish: post(
    '/cms/news/admin/publish',
    '批量发布或撤回新闻（全部成功或全部不变）',
    'change_news',
    newsPublishBody,
    z.object({ count: z.number().int() }),
  ),
};
