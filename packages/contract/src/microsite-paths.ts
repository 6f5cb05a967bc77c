/* No zod here: the web's route table (entry chunk) imports these. */

/**
 * The company microsites of the specification (§2 public routes): one data-driven template, one
 * row of `microsites` per path. The web registers exactly these paths; `/dzcen` is the English
 * site of the same company as `/dzc`.
 */
export const MICROSITE_PATHS = [
  '/qf',
  '/zc',
  '/dzc',
  '/zg',
  '/zt',
  '/lx',
  '/qingfang',
  '/zhonggu',
  '/jdzc',
  '/jy',
  '/nsu',
  '/dzcen',
] as const;
export type MicrositePath = (typeof MICROSITE_PATHS)[number];

export const MICROSITE_LOCALES = ['zh-CN', 'en'] as const;
export type MicrositeLocale = (typeof MICROSITE_LOCALES)[number];

/** The paths of the English microsites (the router titles them in English). */
export const ENGLISH_MICROSITE_PATHS: readonly MicrositePath[] = ['/dzcen'];

/** The longest path the lookup accepts. */
export const MICROSITE_PATH_MAX = 200;
