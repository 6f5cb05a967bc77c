import { z } from 'zod';
import { getCalls } from './call.ts';
import { companySchema } from './company.ts';
import { form, optionalId, text } from './fields.ts';
import { MICROSITE_LOCALES, MICROSITE_PATH_MAX } from './microsite-paths.ts';

export * from './microsite-paths.ts';

export const micrositeHighlightSchema = z.object({ title: z.string(), text: z.string() });
export type MicrositeHighlight = z.infer<typeof micrositeHighlightSchema>;

/** Where to reach the company: the microsite's override, else its default shop, else the company. */
export const micrositeContactSchema = z.object({
  shop_name: z.string(),
  phone: z.string(),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
});
export type MicrositeContact = z.infer<typeof micrositeContactSchema>;

export const micrositeSchema = z.object({
  path: z.string(),
  locale: z.enum(MICROSITE_LOCALES),
  title: z.string(),
  slogan: z.string(),
  /** Banner image (an SVG under /demo/microsite/ in the demo data). */
  banner: z.string(),
  /** Accent colour of the site (`#rrggbb`). */
  theme_color: z.string(),
  /** Intro paragraphs, in order. */
  intro: z.array(z.string()),
  highlights: z.array(micrositeHighlightSchema),
  company: companySchema,
  contact: micrositeContactSchema,
});
export type Microsite = z.infer<typeof micrositeSchema>;

/** GET /microsite — one microsite by its path. */
export const micrositeQuery = form({ path: text('站点路径', { max: MICROSITE_PATH_MAX }) });

/** The company page (/aboutUs, /company): the company, its contact and its Chinese intro. */
export const companyProfileSchema = z.object({
  company: companySchema,
  contact: micrositeContactSchema,
  /** The intro paragraphs of the company's Chinese microsite; empty when it has none. */
  intro: z.array(z.string()),
  slogan: z.string(),
  /** The path of that microsite, or '' when it has none. */
  microsite_path: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** GET /microsite/company — the profile of the site's company (`company_id`, default 125). */
export const companyProfileQuery = form({ company_id: optionalId('单位') });

/** Splits stored intro text into paragraphs (blank lines separate them). */
export function introParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const tags = ['microsite'];
const access = { public: true } as const;

const get = getCalls(tags);

/** The calls of microsites and the company page, served by modules/microsite. */
export const micrositeCalls = {
  get: get('/microsite', '企业微站（按路径，如 /qf、/dzcen）', access, micrositeQuery, micrositeSchema),
  profile: get(
    '/microsite/company',
    '单位简介（/aboutUs、/company）',
    access,
    companyProfileQuery,
    companyProfileSchema,
  ),
};
