/**
 * An article or a goods shown inside the microsite (`/dzcen?news=3`): in the site's own frame and
 * language, not in the portal's pages of another company.
 */
export const micrositeNewsHref = (path: string, id: number) => `${path}?news=${id}`;
export const micrositeGoodsHref = (path: string, id: number) => `${path}?goods=${id}`;

/** What `?news=` / `?goods=` of a microsite address asks for, or the site's home. */
export function micrositeView(search: string): { kind: 'home' } | { kind: 'news' | 'goods'; id: number } {
  const params = new URLSearchParams(search);
  for (const kind of ['news', 'goods'] as const) {
    const raw = params.get(kind);
    if (raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647)
      return { kind, id: Number(raw) };
  }
  return { kind: 'home' };
}
