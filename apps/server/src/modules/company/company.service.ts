import { type Company, DEFAULT_COMPANY_ID, type Shop } from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import type { CompanyTable, ShopTable } from '#server/platform/db/schema.ts';
import { companyRepository as repo } from './company.repository.ts';

type CompanyRow = Selectable<CompanyTable>;

/** A company row as spec §3 names its fields (the public call and the profile screen answer it). */
export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    code: row.code,
    company_name: row.company_name,
    en_name: row.en_name,
    mobile: row.mobile,
    phone: row.phone,
    address: row.address,
    email: row.email,
    login_path: row.login_path,
    en: row.en,
    icpCompany: row.icp_company,
    ICP: row.icp,
    icpUrl: row.icp_url,
    logos: { main: row.logo_main, centre: row.logo_centre, mobile: row.logo_mobile },
    nLove: row.n_love,
  };
}

function toShop(row: Omit<ShopTable, 'id'> & { id: number }): Shop {
  return {
    id: row.id,
    company_id: row.company_id,
    ShopName: row.shop_name,
    mobile: row.mobile,
    phone: row.phone,
    address: row.address,
    Email: row.email,
    is_default: row.is_default,
  };
}

/** First label of a host name: `qf.example.com` → `qf`; IPs and `localhost` have none. */
export function hostSegment(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith('[') || !name.includes('.')) return undefined;
  return name.split('.')[0];
}

export function companyService(db: Database) {
  return {
    /**
     * The company the public site shows: by login path, English name, tenant key (a host segment
     * mapped through `host_tenants`, or a tenant code), else the default company (125).
     */
    async resolve(q: {
      _key?: string;
      en_name?: string;
      route_path?: string;
      host?: string;
    }): Promise<Company> {
      let row: CompanyRow | undefined;
      if (q.route_path) row = await repo.activeBy(db, 'login_path', q.route_path);
      if (!row && q.en_name) row = await repo.activeBy(db, 'en_name', q.en_name);
      for (const key of [q._key, hostSegment(q.host)]) {
        if (row || !key) continue;
        const mapped = await repo.tenantOfHost(db, key.toLowerCase());
        row = await repo.activeBy(db, 'code', mapped?.tenant_code ?? key.toLowerCase());
      }
      row ??= await repo.byId(db, DEFAULT_COMPANY_ID);
      if (!row) throw new Error('default company 125 is missing: run the seed');
      return toCompany(row);
    },

    /** An active company by id (a disabled or unknown one is undefined). */
    async active(id: number): Promise<Company | undefined> {
      const row = await repo.activeById(db, id);
      return row ? toCompany(row) : undefined;
    },

    /** The company's default shop (the first one marked default), if it has one. */
    async defaultShop(companyId: number): Promise<Shop | undefined> {
      const row = await repo.defaultShop(db, companyId);
      return row ? toShop(row) : undefined;
    },

    async shops(companyId: number, onlyDefault: boolean): Promise<Shop[]> {
      return (await repo.shops(db, companyId, onlyDefault)).map(toShop);
    },
  };
}
export type CompanyService = ReturnType<typeof companyService>;
