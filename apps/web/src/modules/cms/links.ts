/** Links and small text rules of the content pages (no zod here: these run in the home chunk). */

/** An article; `companyId` when it belongs to another company than the site's (a microsite's news). */
export const newsHref = (id: number, companyId?: number) =>
  companyId === undefined ? `/detail?id=${id}` : `/detail?id=${id}&company_id=${companyId}`;
export const advertisingHref = (id: number) => `/advertising/${id}`;

/** The page of each category code; other codes are shown under /news. */
export const CATEGORY_PAGES: Record<string, string> = {
  technology: '/technology',
  goodsService: '/goodsService',
  documentary: '/documentary',
};

/** The default names of the category pages (the server's categories answer the company's own). */
export const CATEGORY_NAMES: Record<string, string> = {
  news: '新闻资讯',
  technology: '技术服务',
  goodsService: '商品服务',
  documentary: '纪录片',
};

/** The list an article belongs to: its category page, or /news for the others. */
export function categoryHref(code: string): string {
  return CATEGORY_PAGES[code] ?? `/news?category=${encodeURIComponent(code)}`;
}

/** Plain text → paragraphs (split at blank lines; single line breaks stay inside a paragraph). */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * How an advertising's link is followed: an internal path in the app, an http(s) address in a
 * new tab, anything else not at all (same rule as `isSafeLink` in the contract).
 */
export function linkKind(link: string): 'internal' | 'external' | 'none' {
  if (/^\/(?!\/)/.test(link) && !link.includes('\\')) return 'internal';
  if (/^https?:\/\/[^\s]+$/i.test(link)) return 'external';
  return 'none';
}

/** `2026-11-20` from a server timestamp, in the visitor's time zone. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The /news list as the URL holds it. */
export interface NewsListState {
  category: string;
  keyword: string;
  page: number;
  page_size: number;
}

export const NEWS_PAGE_SIZES = [5, 10, 15, 20] as const;
export const NEWS_DEFAULT_PAGE_SIZE = 10;

const positiveInt = (v: string | null): number | undefined => {
  if (v === null || !/^\d{1,6}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
};

export function parseNewsQuery(params: URLSearchParams): NewsListState {
  const category = params.get('category') ?? '';
  const size = positiveInt(params.get('page_size'));
  return {
    category: /^[A-Za-z][\w-]{0,31}$/.test(category) ? category : '',
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    page: positiveInt(params.get('page')) ?? 1,
    page_size: size && (NEWS_PAGE_SIZES as readonly number[]).includes(size) ? size : NEWS_DEFAULT_PAGE_SIZE,
  };
}

/** The query string of a state, defaults left out (`?` included, or `''`). */
export function newsQueryString(state: Partial<NewsListState>): string {
  const q = new URLSearchParams();
  if (state.category) q.set('category', state.category);
  if (state.keyword) q.set('keyword', state.keyword);
  if (state.page && state.page > 1) q.set('page', String(state.page));
  if (state.page_size && state.page_size !== NEWS_DEFAULT_PAGE_SIZE)
    q.set('page_size', String(state.page_size));
  const s = q.toString();
  return s ? `?${s}` : '';
}
