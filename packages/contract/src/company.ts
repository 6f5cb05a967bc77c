import { z } from 'zod';
import { getCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { flag, optionalId, optionalText } from './fields.ts';

export const companySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  company_name: z.string(),
  en_name: z.string(),
  mobile: z.string(),
  phone: z.string(),
  address: z.string(),
  email: z.string(),
  login_path: z.string(),
  en: z.number().int(),
  icpCompany: z.string(),
  ICP: z.string(),
  icpUrl: z.string(),
  logos: z.object({ main: z.string(), centre: z.string(), mobile: z.string() }),
  nLove: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;
/** The public site's company, with its time zone: the pages show its dates on its clock (zone-time.ts). */
export const siteCompanySchema = companySchema.extend({ time_zone: z.string() });
export type SiteCompany = z.infer<typeof siteCompanySchema>;

export const companyQuery = z.object({
  en_name: optionalText('英文名', { max: 100 }),
  _key: optionalText('租户标识', { max: 100 }),
  route_path: optionalText('路由', { max: 200 }),
  host: optionalText('域名', { max: 253 }),
});

export const shopSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  ShopName: z.string(),
  mobile: z.string(),
  phone: z.string(),
  address: z.string(),
  Email: z.string(),
  is_default: z.number().int(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopQuery = z.object({
  is_default: z.optional(flag('是否默认')),
  company_id: optionalId('单位'),
});

const tags = ['company'];

const get = getCalls(tags);

export const companyCalls = {
  current: get(
    '/system/staff/company/',
    '当前站点的单位（shell 读取 results[0]）',
    { public: true },
    companyQuery,
    pageOf(siteCompanySchema),
  ),
  shops: get(
    '/erp/staff/shops/',
    '单位的店铺（shell 读取 results[0]）',
    { public: true },
    shopQuery,
    pageOf(shopSchema),
  ),
};
