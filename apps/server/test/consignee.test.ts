import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/time.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * Addresses keep the codes of their region (issue 11, docs/adr/0016): the server checks the codes
 * against the national division data and names the region from it; addresses saved before codes
 * were kept stay readable and editable; a municipality is shown once (orders too).
 */
let h: Harness;
let companyId: number;

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('地址单位');
});
afterAll(() => h.close());

const base = { name: '王五', mobile: '13912345678', address: '文三路 100 号' };

describe('the region of an address', () => {
  it('is named from the codes, whatever names the client sends', async () => {
    const m = await h.member(companyId);
    const saved = await m.call('/consignee/update', {
      ...base,
      province_code: '330000',
      city_code: '330100',
      district_code: '330106',
      province: '火星省',
      city: '奥林匹斯市',
      district: '山脚区',
    });
    expect(saved.c).toBe(0);
    expect(saved.d).toMatchObject({
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      province_code: '330000',
      city_code: '330100',
      district_code: '330106',
      address: '文三路 100 号',
    });
    // The county's code alone says its prefecture and province.
    const only = await m.call('/consignee/update', { ...base, district_code: '110108' });
    expect(only.d).toMatchObject({
      province: '北京市',
      city: '北京市',
      district: '海淀区',
      province_code: '110000',
      city_code: '110100',
    });
    const listed = (await m.call('/consignee/list')).d.results;
    expect(listed.find((c: { id: number }) => c.id === only.d.id)).toMatchObject({ district_code: '110108' });
  });

  it('refuses codes that do not exist or do not belong together, on the field, in Chinese', async () => {
    const m = await h.member(companyId);
    const refused = async (body: Record<string, string>) => {
      const r = await m.call('/consignee/update', { ...base, ...body });
      return { c: r.c, m: r.m, field: r.field };
    };
    expect(await refused({ district_code: '999999' })).toEqual({
      c: 20403,
      m: '所在地区不存在，请从列表中选择',
      field: 'district_code',
    });
    // A prefecture's or a province's code is no county.
    expect((await refused({ district_code: '330100' })).c).toBe(20403);
    expect((await refused({ district_code: '330000' })).c).toBe(20403);
    expect(await refused({ province_code: '440000', city_code: '330100', district_code: '330106' })).toEqual({
      c: 20404,
      m: '所选的省、市、区县不对应，请重新选择',
      field: 'district_code',
    });
    expect((await refused({ city_code: '440300', district_code: '330106' })).c).toBe(20404);
    expect(await refused({ province_code: '330000', city_code: '330100' })).toEqual({
      c: 20402,
      m: '请选择区县',
      field: 'district_code',
    });
    expect(await refused({})).toEqual({
      c: 20402,
      m: '请选择所在地区（省、市、区县）',
      field: 'district_code',
    });
    expect(await refused({ district_code: '33010a' })).toEqual({
      c: 10001,
      m: '区县代码必须是6位数字',
      field: 'district_code',
    });
    expect((await refused({ district_code: '3301060' })).m).toBe('区县不能超过6个字符');
    expect((await refused({ province: '浙'.repeat(21), district: '西湖区' })).m).toBe('省份不能超过20个字符');
    // Nothing was saved: the member still has the one address the harness gave them.
    expect((await m.call('/consignee/list')).d.results).toHaveLength(1);
  });

  it('takes three names that name one county, and names it as the data does', async () => {
    const m = await h.member(companyId);
    const short = await m.call('/consignee/update', {
      ...base,
      province: '浙江',
      city: '杭州',
      district: '西湖区',
    });
    expect(short.d).toMatchObject({
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      district_code: '330106',
    });
    const chongqing = await m.call('/consignee/update', {
      ...base,
      province: '重庆市',
      city: '重庆市',
      district: '城口县',
    });
    expect(chongqing.d).toMatchObject({ city: '县', district_code: '500229' });
    const unknown = await m.call('/consignee/update', {
      ...base,
      province: '广东省',
      city: '深圳市',
      district: '西湖区',
    });
    expect([unknown.c, unknown.field]).toEqual([20403, 'district']);
    // 朝阳区 alone is in Beijing and in Changchun: a province is needed.
    const vague = await m.call('/consignee/update', { ...base, province: '', city: '', district: '朝阳区' });
    expect(vague.c).toBe(20402);
  });

  it('keeps an address saved before codes readable and editable', async () => {
    const m = await h.member(companyId);
    const now = nowIso();
    const legacy = (
      await h.db
        .insertInto('consignees')
        .values({
          company_id: companyId,
          user_id: m.user.id,
          name: '旧地址',
          mobile: '13700000000',
          province: '广东',
          city: '深训',
          district: '南山',
          address: '科技园 1 号',
          is_default: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const listed = (await m.call('/consignee/list')).d.results.find((c: { id: number }) => c.id === legacy);
    expect(listed).toMatchObject({
      province: '广东',
      city: '深训',
      province_code: null,
      district_code: null,
    });

    // Its typed region sent back unchanged (设为默认, a new detail): saved as it was.
    const kept = await m.call('/consignee/update', {
      id: legacy,
      name: '旧地址',
      mobile: '13700000000',
      province: '广东',
      city: '深训',
      district: '南山',
      address: '科技园 2 号',
      is_default: 1,
    });
    expect(kept.d).toMatchObject({
      city: '深训',
      address: '科技园 2 号',
      is_default: 1,
      district_code: null,
    });
    // Another typed region must name a county.
    const moved = await m.call('/consignee/update', {
      id: legacy,
      ...base,
      province: '广东',
      city: '深训',
      district: '北山',
    });
    expect(moved.c).toBe(20403);
    // Picked from the list: it has codes from now on.
    const picked = await m.call('/consignee/update', { id: legacy, ...base, district_code: '440305' });
    expect(picked.d).toMatchObject({ id: legacy, province: '广东省', city: '深圳市', district: '南山区' });
  });

  it('is not changed by another member', async () => {
    const m = await h.member(companyId);
    const other = await h.member(companyId);
    const r = await other.call('/consignee/update', { id: m.consigneeId, ...base, district_code: '110108' });
    expect(r.c).toBe(10005);
    expect((await m.call('/consignee/list')).d.results[0]).toMatchObject({ district: '西湖区' });
  });
});

describe('what an order says', () => {
  it('names a municipality once and leaves out placeholder prefectures', async () => {
    const goods = await createGoods(h.db, companyId, {
      category_id: null,
      name: '地址测试商品',
      price: 1000,
      stock: 10,
      on_sale: 1,
    });
    const m = await h.member(companyId);
    const order = async (region: Record<string, string>, address: string) => {
      const c = await m.call('/consignee/update', { ...base, ...region, address });
      const placed = await m.call('/order/create', {
        goods_id: goods,
        quantity: 1,
        consignee_id: c.d.id,
        payment_method: 'cod',
      });
      expect(placed.c).toBe(0);
      return placed.d.order.consignee_address as string;
    };
    expect(await order({ district_code: '110108' }, '中关村大街 1 号')).toBe('北京市海淀区中关村大街 1 号');
    expect(await order({ province: '上海市', city: '上海市', district: '浦东新区' }, '世纪大道 100 号')).toBe(
      '上海市浦东新区世纪大道 100 号',
    );
    expect(await order({ district_code: '500229' }, '葛城街道 1 号')).toBe('重庆市城口县葛城街道 1 号');
    expect(await order({ district_code: '429004' }, '干河街道 2 号')).toBe('湖北省仙桃市干河街道 2 号');
    expect(await order({ district_code: '330106' }, '文三路 100 号')).toBe('浙江省杭州市西湖区文三路 100 号');
  });
});
