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
