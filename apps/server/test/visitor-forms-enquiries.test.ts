import { PUBLIC_FORM_LIMIT } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

/** Product-planning and investment enquiries: `POST /account/product/plan`, `/account/venture/capital`, `/enquiry/*`. */
let h: Harness;
let companyId: number;
let otherCompany: number;
let shop: Awaited<ReturnType<Harness['as']>>;
let service: Awaited<ReturnType<Harness['as']>>;
let otherShop: Awaited<ReturnType<Harness['as']>>;

type Form = Record<string, string | number>;
let ipSeq = 0;
const nextIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function post(url: string, form: Form, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
    payload: new URLSearchParams(
      Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
    remoteAddress: opts.ip ?? nextIp(),
  });
  return res.json();
}

async function get(
  url: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return (await h.app.inject({ method: 'GET', url: `/api${url}?${qs}`, headers })).json();
}

const plan = (extra: Form = {}): Form => ({
  company_id: companyId,
  contact: '周女士',
  mobile: '13812345678',
  email: 'zhou@example.cn',
  organization: '宁波智造科技',
  subject: '智能仓储机器人',
  content: '希望评估产品路线图与上市节奏。',
  ...extra,
});

const capital = (extra: Form = {}): Form => ({
  company_id: companyId,
  contact: '陈先生',
  mobile: '13987654321',
  organization: '杭州青禾生物',
  subject: '青禾 A 轮',
  amount: 3000,
  content: '拟融资 3000 万元，用于产线扩建。',
  ...extra,
});

const count = async (cid: number) =>
  Number(
    (
      await h.db
        .selectFrom('enquiries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', cid)
        .executeTakeFirstOrThrow()
    ).n,
  );

const ids = (page: { d: { results: { id: number }[] } }) => page.d.results.map((r) => r.id);

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('咨询单位');
  otherCompany = await h.company('别家咨询单位');
  shop = await h.as(12, companyId);
  service = await h.as(21, companyId);
  otherShop = await h.as(12, otherCompany);
});
afterAll(() => h.close());

describe('enquiries', () => {
  it('a visitor sends both enquiries; staff list, filter, search and mark one handled once', async () => {
    const p = await post('/account/product/plan', plan());
    expect(p).toEqual({ c: 0, d: { id: expect.any(Number) } });
    const v = await post('/account/venture/capital', capital());
    expect(v.c).toBe(0);

    const all = await get('/enquiry/list', { page_size: 20 }, service.headers);
    expect(all.c).toBe(0);
    expect(ids(all)).toEqual(expect.arrayContaining([p.d.id, v.d.id]));
    const row = all.d.results.find((r: { id: number }) => r.id === v.d.id);
    expect(row).toMatchObject({
      kind: 'venture_capital',
      contact: '陈先生',
      organization: '杭州青禾生物',
      subject: '青禾 A 轮',
      amount: 3000,
      email: '',
      status: 0,
      handler_name: '',
      handle_time: '',
    });
    expect(row.ip).not.toBe('');

    expect(ids(await get('/enquiry/list', { kind: 'product_plan' }, shop.headers))).toContain(p.d.id);
    expect(ids(await get('/enquiry/list', { kind: 'product_plan' }, shop.headers))).not.toContain(v.d.id);
    expect(ids(await get('/enquiry/list', { keyword: '仓储机器人' }, shop.headers))).toEqual([p.d.id]);

    const handled = await post(
      '/enquiry/handle',
      { id: p.d.id, note: ' 已电话回访 ' },
      { headers: service.headers },
    );
    expect(handled.c).toBe(0);
    expect(handled.d).toMatchObject({
      id: p.d.id,
      status: 1,
      note: '已电话回访',
      kind: 'product_plan',
      amount: null,
    });
    expect(handled.d.handler_name).not.toBe('');
    expect(handled.d.handle_time).not.toBe('');
    expect(await post('/enquiry/handle', { id: p.d.id }, { headers: shop.headers })).toEqual({
      c: 21004,
      m: '该记录已处理',
    });
    expect(ids(await get('/enquiry/list', { status: 1 }, shop.headers))).toContain(p.d.id);
    expect(ids(await get('/enquiry/list', { status: 0 }, shop.headers))).not.toContain(p.d.id);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select('entity')
      .where('entity', '=', 'enquiry')
      .where('entity_id', '=', p.d.id)
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('keeps hostile text as text and searches % literally', async () => {
    const hostile = `<script>alert(1)</script>' OR 1=1; --`;
    const sent = await post('/account/product/plan', plan({ subject: '100%把握', content: hostile }));
    expect(sent.c).toBe(0);
    const found = await get('/enquiry/list', { keyword: '100%' }, shop.headers);
    expect(ids(found)).toEqual([sent.d.id]);
    expect(found.d.results[0].content).toBe(hostile);
    expect(ids(await get('/enquiry/list', { keyword: '%' }, shop.headers))).toEqual([sent.d.id]);
  });

  it('another company’s staff neither see nor handle an enquiry', async () => {
    const sent = await post('/account/venture/capital', capital());
    expect(ids(await get('/enquiry/list', { page_size: 100 }, otherShop.headers))).not.toContain(sent.d.id);
    expect(await post('/enquiry/handle', { id: sent.d.id }, { headers: otherShop.headers })).toEqual({
      c: 21003,
      m: '记录不存在或已被删除',
      field: 'id',
    });
    const row = await h.db
      .selectFrom('enquiries')
      .select('status')
      .where('id', '=', sent.d.id)
      .executeTakeFirst();
    expect(row?.status).toBe(0);
  });

  it('refuses anonymous callers and roles without the permission', async () => {
    expect((await get('/enquiry/list')).c).toBe(10003);
    expect((await post('/enquiry/handle', { id: 1 })).c).toBe(10003);
    const warehouse = await h.as(13, companyId);
    const purchaser = await h.as(14, companyId);
    expect((await get('/enquiry/list', {}, warehouse.headers)).c).toBe(10004);
    expect((await get('/enquiry/list', {}, purchaser.headers)).c).toBe(10004);
    expect((await post('/enquiry/handle', { id: 1 }, { headers: purchaser.headers })).c).toBe(10004);
  });

  it('answers bad input with the field’s Chinese message and stores nothing', async () => {
    const before = await count(companyId);
    expect(await post('/account/product/plan', { company_id: companyId })).toEqual({
      c: 10001,
      m: '联系人不能为空',
      field: 'contact',
    });
    expect(await post('/account/product/plan', plan({ subject: '  ' }))).toMatchObject({
      m: '产品名称不能为空',
      field: 'subject',
    });
    expect(await post('/account/product/plan', plan({ content: '长'.repeat(1001) }))).toMatchObject({
      m: '规划需求不能超过1000个字符',
      field: 'content',
    });
    expect(await post('/account/product/plan', plan({ mobile: '12345' }))).toMatchObject({
      m: '手机号格式不正确',
      field: 'mobile',
    });
    expect(await post('/account/product/plan', plan({ email: 'not-mail' }))).toMatchObject({
      m: '邮箱格式不正确',
      field: 'email',
    });
    expect(await post('/account/venture/capital', capital({ organization: '' }))).toMatchObject({
      m: '公司名称不能为空',
      field: 'organization',
    });
    expect(await post('/account/venture/capital', capital({ amount: '三千' }))).toMatchObject({
      m: '拟融资金额必须是整数',
      field: 'amount',
    });
    expect(await post('/account/venture/capital', capital({ amount: 0 }))).toMatchObject({
      m: '拟融资金额不能小于1',
      field: 'amount',
    });
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/api/account/venture/capital',
      payload: { ...capital(), subject: ['a'] },
      remoteAddress: nextIp(),
    });
    expect(wrongType.json()).toMatchObject({ c: 10001, m: '项目名称格式不正确', field: 'subject' });
    const oversized = await h.app.inject({
      method: 'POST',
      url: '/api/account/product/plan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...plan(), content: 'x'.repeat(200_000) } as Record<
        string,
        string
      >).toString(),
      remoteAddress: nextIp(),
    });
    expect(oversized.json().c).toBe(10007);
    expect(await post('/account/product/plan', plan({ company_id: 2_000_000_000 }))).toMatchObject({
      m: '单位不存在',
      field: 'company_id',
    });
    expect(await count(companyId)).toBe(before);

    expect(await get('/enquiry/list', { kind: 'loan' }, shop.headers)).toMatchObject({
      c: 10001,
      m: '咨询类型不正确',
      field: 'kind',
    });
    expect(await get('/enquiry/list', { status: 5 }, shop.headers)).toMatchObject({ m: '处理状态不能大于1' });
    expect(await post('/enquiry/handle', { id: 'x' }, { headers: shop.headers })).toMatchObject({
      m: '咨询必须是整数',
      field: 'id',
    });
    expect(
      await post('/enquiry/handle', { id: 1, note: 'x'.repeat(201) }, { headers: shop.headers }),
    ).toMatchObject({
      m: '处理备注不能超过200个字符',
      field: 'note',
    });
  });

  it(`takes ${PUBLIC_FORM_LIMIT.max} enquiries of a kind per IP in the window, then 21002`, async () => {
    const ip = '10.7.200.200';
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) {
      expect((await post('/account/product/plan', plan(), { ip })).c).toBe(0);
    }
    const before = await count(companyId);
    expect(await post('/account/product/plan', plan(), { ip })).toEqual({
      c: 21002,
      m: '提交过于频繁，请稍后再试',
    });
    expect(await count(companyId)).toBe(before);
    // The other enquiry and other addresses are counted on their own.
    expect((await post('/account/venture/capital', capital(), { ip })).c).toBe(0);
    expect((await post('/account/product/plan', plan(), { ip: '10.7.200.201' })).c).toBe(0);
  });
});
