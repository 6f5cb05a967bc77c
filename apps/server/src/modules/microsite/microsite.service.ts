import {
  type Company,
  type CompanyProfile,
  introParagraphs,
  MICROSITE_LOCALES,
  type Microsite,
  type MicrositeContact,
  type MicrositeHighlight,
  type MicrositeLocale,
  type Shop,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { MicrositeTable } from '#server/platform/db/schema.ts';
import type { CompanyService } from '../company/index.ts';
import { micrositeRepository as repo } from './microsite.repository.ts';

type MicrositeRow = Selectable<MicrositeTable>;

const MAX_HIGHLIGHTS = 6;

/** Highlights stored as JSON text; anything malformed is left out rather than failing the page. */
export function parseHighlights(text: string): MicrositeHighlight[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  return v
    .filter(
      (h): h is MicrositeHighlight =>
        !!h && typeof h === 'object' && typeof h.title === 'string' && typeof h.text === 'string',
    )
    .slice(0, MAX_HIGHLIGHTS)
    .map((h) => ({ title: h.title, text: h.text }));
}

const localeOf = (v: string): MicrositeLocale =>
  (MICROSITE_LOCALES as readonly string[]).includes(v) ? (v as MicrositeLocale) : 'zh-CN';

/** The microsite's own contact where set, else the default shop's, else the company's. */
export function contactOf(
  row:
    | Pick<MicrositeRow, 'contact_phone' | 'contact_mobile' | 'contact_email' | 'contact_address'>
    | undefined,
  company: Company,
  shop: Shop | undefined,
): MicrositeContact {
  return {
    shop_name: shop?.ShopName ?? '',
    phone: row?.contact_phone ?? (shop?.phone || company.phone),
    mobile: row?.contact_mobile ?? (shop?.mobile || company.mobile),
    email: row?.contact_email ?? (shop?.Email || company.email),
    address: row?.contact_address ?? (shop?.address || company.address),
  };
}

/**
 * Company microsites: one template, one row per path. A microsite is shown only while it and its
 * company are enabled; otherwise the path answers MICROSITE_NOT_FOUND like an unknown one.
 */
export function micrositeService(
  db: Database,
  deps: {
    companies: Pick<CompanyService, 'active'>;
    shopOf: (companyId: number) => Promise<Shop | undefined>;
  },
) {
  const { shopOf } = deps;
  return {
    async byPath(path: string): Promise<Microsite> {
      const row = await repo.enabledByPath(db, path);
      if (!row) throw new AppError('MICROSITE_NOT_FOUND');
      const [company, shop] = await Promise.all([
        deps.companies.active(row.company_id),
        shopOf(row.company_id),
      ]);
      if (!company) throw new AppError('MICROSITE_NOT_FOUND');
      return {
        path: row.path,
        locale: localeOf(row.locale),
        title: row.title,
        slogan: row.slogan,
        banner: row.banner,
        theme_color: row.theme_color,
        intro: introParagraphs(row.intro),
        highlights: parseHighlights(row.highlights),
        company,
        contact: contactOf(row, company, shop),
      };
    },

    /** The company page: the company, its contact, and the intro of its Chinese microsite if any. */
    async profile(companyId: number): Promise<CompanyProfile> {
      const company = await deps.companies.active(companyId);
      if (!company) throw new AppError('NOT_FOUND');
      const [row, shop] = await Promise.all([repo.firstOfCompany(db, companyId, 'zh-CN'), shopOf(companyId)]);
      return {
        company,
        contact: contactOf(row, company, shop),
        intro: row ? introParagraphs(row.intro) : [],
        slogan: row?.slogan ?? '',
        microsite_path: row?.path ?? '',
      };
    },
  };
}
export type MicrositeService = ReturnType<typeof micrositeService>;
