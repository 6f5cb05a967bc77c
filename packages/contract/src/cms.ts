import { z } from 'zod';
import { getCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, keyword, optionalId, paging } from './fields.ts';

/**
 * Content (cms): news in categories, and advertisings. Public reads only here; the admin console
 * manages the rows (`newscate`, news, advertisings) later.
 */

/** The categories every company starts with: code → Chinese name (the pages bind to the codes). */
export const DEFAULT_NEWS_CATEGORIES = [
  { code: 'news', name: '新闻资讯', en_name: 'News' },
  { code: 'technology', name: '技术服务', en_name: 'Technology' },
  { code: 'goodsService', name: '商品服务', en_name: 'Goods and services' },
  { code: 'documentary', name: '纪录片', en_name: 'Documentaries' },
] as const;

export const NEWS_LANGS = ['zh', 'en'] as const;
export type NewsLang = (typeof NEWS_LANGS)[number];

export const CATEGORY_CODE_MAX = 32;
/** An advertising list answers at most this many rows (a carousel, a page of banners). */
export const ADVERTISING_LIST_MAX = 50;
/** The `status` of news and of advertisings: 1 published (shown), 0 draft. */
export const NEWS_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;

/** An optional code; '' (or blanks) counts as not given. */
const code = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}格式不正确`) })
      .max(CATEGORY_CODE_MAX, `${label}不能超过${CATEGORY_CODE_MAX}个字符`)
      .regex(/^[A-Za-z][\w-]*$/, `${label}格式不正确`)
      .optional(),
  );

export const newsCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type NewsCategory = z.infer<typeof newsCategorySchema>;

/** One article in a list. `video` is '' when the article has none. */
export const newsSummarySchema = z.object({
  id: z.number().int(),
  category: z.string(),
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  video: z.string(),
  author: z.string(),
  published_at: z.string(),
  views: z.number().int(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

/**
 * One article: `body` is plain text, paragraphs separated by a blank line (shown as paragraphs,
 * never as HTML). Prev is the article listed just before it (newer), next the one after (older),
 * in the same category and language; `null` / '' at the ends.
 */
export const newsDetailSchema = newsSummarySchema.extend({
  lang: z.enum(NEWS_LANGS),
  body: z.string(),
  prev_id: z.number().int().nullable(),
  prev_title: z.string(),
  next_id: z.number().int().nullable(),
  next_title: z.string(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

const lang = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(NEWS_LANGS, { error: '语言只能是zh或en' }).optional(),
);

/** GET /cms/news/list — published articles, newest first; without `category`, every category. */
export const newsListQuery = form({
  ...paging,
  company_id: optionalId('单位'),
  category: code('栏目'),
  keyword: keyword(),
  lang,
});
export type NewsListQuery = z.output<typeof newsListQuery>;

export const newsDetailQuery = form({ id: id('文章'), company_id: optionalId('单位') });

export const newsCategoriesQuery = form({ company_id: optionalId('单位'), lang });

export const advertisingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** An internal path (`/product`) or an http(s) address; '' for none. */
  link: z.string(),
  summary: z.string(),
});
export type Advertising = z.infer<typeof advertisingSchema>;

export const advertisingDetailSchema = advertisingSchema.extend({
  position: z.string(),
  body: z.string(),
});
export type AdvertisingDetail = z.infer<typeof advertisingDetailSchema>;

/** GET /cms/advertising/list — current advertisings (published, within their dates), by sort. */
export const advertisingListQuery = form({ company_id: optionalId('单位'), position: code('广告位') });
export const advertisingDetailQuery = form({ id: id('广告'), company_id: optionalId('单位') });

export const newsCategoryList = z.array(newsCategorySchema);
export const advertisingList = z.array(advertisingSchema);

/** Whether a link may be followed: an internal path (not `//host`) or an http(s) address. */
export function isSafeLink(link: string): boolean {
  return (/^\/(?!\/)/.test(link) && !link.includes('\\')) || /^https?:\/\/[^\s]+$/i.test(link);
}

const tags = ['cms'];
const access = { public: true } as const;

const get = getCalls(tags);

/** The calls of content (news, advertisings), served by modules/cms. */
export const cmsCalls = {
  newsCategories: get('/cms/news/categories', '新闻栏目', access, newsCategoriesQuery, newsCategoryList),
  newsList: get(
    '/cms/news/list',
    '新闻列表（已发布，最新在前）',
    access,
    newsListQuery,
    pageOf(newsSummarySchema),
  ),
  newsDetail: get('/cms/news/detail', '新闻详情（计一次阅读）', access, newsDetailQuery, newsDetailSchema),
  advertisingList: get(
    '/cms/advertising/list',
    '当前广告（按广告位）',
    access,
    advertisingListQuery,
    advertisingList,
  ),
  advertisingDetail: get(
    '/cms/advertising/detail',
    '广告详情',
    access,
    advertisingDetailQuery,
    advertisingDetailSchema,
  ),
};
