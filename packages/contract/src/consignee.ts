import { z } from 'zod';
import { loginCalls } from './call.ts';
import { flag, form, id, mobile, optionalDivisionCode, optionalId, optionalText, text } from './fields.ts';
import { createTime } from './item-fields.ts';

export const CONSIGNEE_MAX = 20;

export const consigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  /** Division codes (GB/T 2260, docs/adr/0016); null on an address saved before they were kept. */
  province_code: z.string().nullable(),
  city_code: z.string().nullable(),
  district_code: z.string().nullable(),
  address: z.string(),
  is_default: z.number().int(),
  ...createTime,
});
export type Consignee = z.infer<typeof consigneeSchema>;

/**
 * Without `id` it adds an address, with `id` it changes one. The region is the county's code
 * (`district_code`; `province_code` and `city_code` if sent must be its own) and the server takes
 * the names from the division data; or, for callers without codes, the three names, which must name
 * one county (an address saved before codes were kept may be saved again with its names unchanged).
 */
export const consigneeUpdateBody = form({
  id: optionalId('收货地址'),
  name: text('收货人', { max: 20 }),
  mobile: mobile('手机号'),
  province_code: optionalDivisionCode('省份'),
  city_code: optionalDivisionCode('城市'),
  district_code: optionalDivisionCode('区县'),
  province: optionalText('省份', { max: 20 }),
  city: optionalText('城市', { max: 20 }),
  district: optionalText('区县', { max: 20 }),
  address: text('详细地址', { max: 100 }),
  is_default: z.optional(flag('默认地址')),
});
export type ConsigneeInput = z.output<typeof consigneeUpdateBody>;
export const consigneeIdBody = form({ id: id('收货地址') });
export const consigneeListBody = form({});

/** Prefecture names of the division data that name no place: never shown. */
const UNSHOWN_CITIES = new Set(['县', '市辖区', '省直辖县', '省直辖县级行政区划', '自治区直辖县级行政区划']);
const bare = (name: string) => name.replace(/市$/, '');

/**
 * 省市区 as a person writes it: a municipality's name once (北京市海淀区, not 北京市北京市海淀区),
 * no placeholder prefecture (重庆市城口县, 湖北省仙桃市), and a county that repeats its prefecture
 * (an old address typed 东莞市 / 东莞市) once.
 */
export function regionText(c: Pick<Consignee, 'province' | 'city' | 'district'>) {
  const city = c.city === '' || UNSHOWN_CITIES.has(c.city) || bare(c.city) === bare(c.province) ? '' : c.city;
  const district = c.district === c.city || c.district === c.province ? '' : c.district;
  return `${c.province}${city}${district}`;
}

export function consigneeText(c: Pick<Consignee, 'province' | 'city' | 'district' | 'address'>) {
  return `${regionText(c)}${c.address}`;
}

/** The member's addresses (the reply of a list and of a delete). */
export const consigneeList = z.object({ results: z.array(consigneeSchema) });

const tags = ['consignee'];
const login = loginCalls(tags);

export const consigneeCalls = {
  list: login('/consignee/list', '我的收货地址', consigneeListBody, consigneeList),
  save: login('/consignee/update', '新增（不传 id）或修改收货地址', consigneeUpdateBody, consigneeSchema),
  remove: login('/consignee/delete', '删除收货地址', consigneeIdBody, consigneeList),
};
