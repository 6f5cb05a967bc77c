/**
 * Paths whose page grows with its content over a tall background (spec §2). Matched exactly:
 * `/car` is the public car page, `/car/...` the back office.
 */
export const AUTO_HEIGHT_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/shop',
  '/lx',
  '/qingfang',
  '/jy',
  '/dzcen',
  '/zhonggu',
  '/jdzc',
  '/car',
  '/zc',
  '/qf',
  '/zg',
  '/dzc',
  '/zt',
  '/detail',
  '/login',
  '/loginPurchase',
]);

export type PageLayout = 'auto' | 'full';

/** `auto`: automatic height, tall background. `full`: full height with the user's own background. */
export function layoutForPath(path: string): PageLayout {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return AUTO_HEIGHT_PATHS.has(p || '/') ? 'auto' : 'full';
}
