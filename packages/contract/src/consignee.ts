import { z } from 'zod';
import { defineCall } from './call.ts';
import { flag, form, id, mobile, optionalId, text } from './fields.ts';

export const CONSIGNEE_MAX = 20;

export const consigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  is_default: z.number().int(),
  create_time: z.string(),
});
export type Consignee = z.infer<typeof consigneeSchema>;

/** Without `id` it adds an address, with `id` it changes one. */
export const consigneeUpdateBody = form({
  id: optionalId('收货地址'),
  name: text('收货人', { max: 20 }),
  mobile: mobile('手机号'),
  province: text('省份', { max: 20 }),
  city: text('城市', { max: 20 }),
  district: text('区县', { max: 20 }),
  address: text('详细地址', { max: 100 }),
  is_default: z.optional(flag('默认地址')),
});
export type ConsigneeInput = z.output<typeof consigneeUpdateBody>;
export const consigneeIdBody = form({ id: id('收货地址') });
export const consigneeListBody = form({});

export function consigneeText(c: Pick<Consignee, 'province' | 'city' | 'district' | 'address'>) {
  return `${c.province}${c.city}${c.district}${c.address}`;
}

/** The member's addresses (the reply of a list and of a delete). */
export const consigneeList = z.object({ results: z.array(consigneeSchema) });

const tags = ['consignee'];
const member = { login: true } as const;

export const consigneeCalls = {
  list: defineCall({
    method: 'POST',
    path: '/consignee/list',
    summary: '我的收货地址',
    tags: tags,
    access: member,
    input: consigneeListBody,
    output: consigneeList,
  }),
  save: defineCall({
    method: 'POST',
    path: '/consignee/update',
    summary: '新增（不传 id）或修改收货地址',
    tags: tags,
    access: member,
    input: consigneeUpdateBody,
    output: consigneeSchema,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/consignee/delete',
    summary: '删除收货地址',
    tags: tags,
    access: member,
    input: consigneeIdBody,
    output: consigneeList,
  }),
};
