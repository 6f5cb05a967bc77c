/** The product's name: the last part of every page's title. */
export const PRODUCT_NAME = '企业门户';

/**
 * A page's document title: its own title, then — on a back-office page — the company the user
 * works for (so a tab or a bookmark of one company is told from another's), then the product:
 * `入库单 - 启航企业服务有限公司 - 企业门户`.
 */
export function documentTitle(title: string | undefined, companyName?: string | null): string {
  return [title, companyName?.trim(), PRODUCT_NAME].filter(Boolean).join(' - ');
}
