import {
  Codes,
  customerResource,
  DEFAULT_ROLE_PERMISSIONS,
  DEFAULT_TIME_ZONE,
  MEMBER_ROLE,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#server/platform/time.ts';
import { runImport, templateHeaders, xlsx } from './excel.ts';
import { type Harness, PASSWORD, testApp } from './harness.ts';
import { storeOrder } from './orders.ts';

/**
 * The company's people in the shop back office (issue 12, ADR 0020): members (会员管理), business
 * customers (客户管理, a declared resource), the company profile (单位信息), login records and one
 * user. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let otherCompanyId: number;
let shop: Record<string, string>;
let other: Record<string, string>;
/** A goods of the company the test orders name. */
let goodsId: number;

type Form = Record<string, string | number | (string | number)[]>;
const post = (url: string, form: Form, headers = shop) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());

const contacts = (...list: { name: string; mobile?: string; email?: string }[]) => JSON.stringify(list);

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('人员单位');
  otherCompanyId = await h.company('别家单位');
  shop = (await h.as(12, companyId)).headers;
  other = (await h.as(12, otherCompanyId)).headers;
  const category = await post('/shop/goods/category/add', { name: '礼盒' });
  const now = new Date().toISOString();
  goodsId = (
    await h.db
      .insertInto('goods')
      .values({
        company_id: companyId,
        category_id: category.d.id,
        name: '坚果礼盒',
        price: 100,
        stock: 10,
        on_sale: 1,
        del_flag: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => h.close());

/** A member of the company with a mobile number, a referrer, two orders and a coupon. */
async function memberWithHistory(mobile: string, referrer = '') {
  const m = await h.as(MEMBER_ROLE, companyId);
  await h.db
    .updateTable('users')
    .set({ mobile, referrer_mobile: referrer, real_name: `会员${mobile.slice(-4)}` })
    .where('id', '=', m.user.id)
    .execute();
  const now = new Date().toISOString();
  for (const [no, status, amount] of [
    [`M${mobile}1`, 4, 12_000],
    [`M${mobile}2`, 1, 3_000],
  ] as const) {
    const orderId = await storeOrder(h, {
      company_id: companyId,
      order_no: no,
      user_id: m.user.id,
      status,
      amount,
      at: now,
      consignee_mobile: mobile,
      consignee_address: '浙江省杭州市',
    });
    await h.db
      .insertInto('order_items')
      .values({
        company_id: companyId,
        order_id: orderId,
        goods_id: goodsId,
        name: '坚果礼盒',
        cover: '',
        price: amount,
        quantity: 2,
        amount: amount * 2,
      })
      .execute();
  }
  const coupon = await h.db
    .insertInto('coupons')
    .values({
      company_id: companyId,
      name: '满100减10',
      code: '',
      amount: 1000,
      min_amount: 10_000,
      start_time: now,
      end_time: new Date(Date.now() + 86_400_000).toISOString(),
      total: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('member_coupons')
    .values({
      company_id: companyId,
      coupon_id: coupon.id,
      user_id: m.user.id,
      status: 0,
      order_id: null,
      claimed_at: now,
      used_at: null,
    })
    .execute();
  return m;
}

describe('members (会员管理)', () => {
  it('lists the company’s members with masked numbers, search, filter and paging; the detail has orders, coupons and referrer', async () => {
    const referrer = await memberWithHistory('13900001111');
    const m = await memberWithHistory('13900002222', '13900001111');
    // Another company's member is not listed.
    await h.as(MEMBER_ROLE, otherCompanyId);

    const list = await post('/member/list', { page_size: 20 });
    expect(list.c).toBe(0);
    const row = list.d.results.find((r: { id: number }) => r.id === m.user.id);
    expect(row).toMatchObject({
      mobile: '139****2222',
      referrer_mobile: '139****1111',
      order_count: 2,
      paid_amount: 12_000,
      status: 1,
    });
    expect(list.d.results.every((r: { id: number }) => r.id !== undefined)).toBe(true);
    expect(list.d.paging.count).toBe(2);
    // Search by the full number (the list masks it) and by name.
    expect((await post('/member/list', { keyword: '13900002222' })).d.results).toHaveLength(1);
    expect((await post('/member/list', { keyword: '会员1111' })).d.results[0].id).toBe(referrer.user.id);
    expect((await post('/member/list', { keyword: '%' })).d.results).toHaveLength(0);
    expect((await post('/member/list', { page: 2, page_size: 1 })).d.paging).toMatchObject({
      count: 2,
      cur_page: 2,
    });

    const detail = await post('/member', { id: m.user.id });
    expect(detail.d).toMatchObject({
      mobile: '13900002222',
      referrer_mobile: '13900001111',
      referrer: { id: referrer.user.id, real_name: '会员1111' },
      referred_count: 0,
    });
    expect(detail.d.orders.map((o: { order_no: string }) => o.order_no)).toEqual([
      'M139000022222',
      'M139000022221',
    ]);
    expect(detail.d.orders[0].goods_count).toBe(2);
    expect(detail.d.coupons).toEqual([
      expect.objectContaining({ name: '满100减10', amount: 1000, status: 0, used_at: '' }),
    ]);
    expect((await post('/member', { id: referrer.user.id })).d.referred_count).toBe(1);
    // A staff user is not a member.
    const staff = await h.as(20, companyId);
    expect((await post('/member', { id: staff.user.id })).c).toBe(Codes.MEMBER_NOT_FOUND.c);
  });

  it('stops a member: they are logged out and cannot log in until restarted; audited', async () => {
    const m = await memberWithHistory('13900003333');
    const own = (url: string) =>
      h.app.inject({ method: 'GET', url, headers: m.headers }).then((r) => r.json());
    expect((await own('/api/account/info')).c).toBe(0);

    const stopped = await post('/member/status', { id: m.user.id, status: 0 });
    expect(stopped).toMatchObject({ c: 0, d: { status: 0 } });
    expect((await own('/api/account/info')).c).toBe(Codes.NOT_LOGGED_IN.c);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: m.user.username, password: PASSWORD },
    });
    expect(login.json().c).toBe(Codes.ACCOUNT_DISABLED.c);
    expect((await post('/member/list', { status: 0 })).d.results.map((r: { id: number }) => r.id)).toEqual([
      m.user.id,
    ]);

    expect((await post('/member/status', { id: m.user.id, status: 1 })).d.status).toBe(1);
    expect((await h.login(m.user.username)).authorization).toMatch(/^Token /);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'before_json', 'after_json'])
      .where('company_id', '=', companyId)
      .where('entity', '=', 'members')
      .where('entity_id', '=', m.user.id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.before_json, a.after_json])).toEqual([
      ['{"status":1}', '{"status":0}'],
      ['{"status":0}', '{"status":1}'],
    ]);
  });

  it('refuses bad input, another company, roles without the permission and anonymous callers; nothing changes', async () => {
    const m = await memberWithHistory('13900004444');
    for (const [form, field] of [
      [{ id: m.user.id, status: 2 }, 'status'],
      [{ id: 'x', status: 0 }, 'id'],
      [{ status: 0 }, 'id'],
    ] as const) {
      const r = await post('/member/status', form);
      expect(r.c, JSON.stringify(form)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field).toBe(field);
    }
    expect((await post('/member/list', { page_size: 101 })).c).toBe(Codes.PARAM_ERROR.c);
    expect((await post('/member/status', { id: m.user.id, status: 0 }, other)).c).toBe(
      Codes.MEMBER_NOT_FOUND.c,
    );
    expect((await post('/member', { id: m.user.id }, other)).c).toBe(Codes.MEMBER_NOT_FOUND.c);
    const sales = (await h.as(20, companyId)).headers;
    expect((await post('/member', { id: m.user.id }, sales)).c).toBe(0);
    expect((await post('/member/status', { id: m.user.id, status: 0 }, sales)).c).toBe(Codes.FORBIDDEN.c);
    const service = (await h.as(21, companyId)).headers;
    expect((await post('/member/list', {}, service)).c).toBe(0);
    for (const role of [13, 14, 18, MEMBER_ROLE]) {
      const headers = (await h.as(role, companyId)).headers;
      expect((await post('/member/list', {}, headers)).c, `role ${role}`).toBe(Codes.FORBIDDEN.c);
    }
    expect((await h.post('/api/member/status', { id: m.user.id, status: 0 })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    const row = await h.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', m.user.id)
      .executeTakeFirst();
    expect(row?.status).toBe(1);
  });
});

describe('customers (客户管理)', () => {
  it('creates, reads, updates, searches, filters, checks, picks and deletes; audited', async () => {
    const sales = await h.as(20, companyId);
    const made = await post('/customer/create', {
      name: ' 杭州青禾贸易 ',
      contacts: contacts({ name: '李经理', mobile: '13712345678' }, { name: '王会计', email: 'wang@qh.cn' }),
      address: '杭州市滨江区',
      payment_terms: 'credit',
      credit_days: 30,
      credit_limit: 5_000_000,
      salesperson_id: sales.user.id,
      status: 1,
      remark: '老客户',
    });
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      name: '杭州青禾贸易',
      contacts: [
        { name: '李经理', mobile: '13712345678', email: '' },
        { name: '王会计', mobile: '', email: 'wang@qh.cn' },
      ],
      contacts_text: '李经理 13712345678；王会计 wang@qh.cn',
      terms_text: '账期 30 天',
      credit_limit: 5_000_000,
      salesperson_id: sales.user.id,
      salesperson_name: sales.user.username,
    });
    const id = made.d.id as number;
    expect(
      (
        await post('/customer/create', {
          name: '宁波海纳',
          contacts: contacts({ name: '赵总', mobile: '13812345678' }),
          payment_terms: 'cash',
          credit_days: 15,
          status: 0,
        })
      ).d,
    ).toMatchObject({ credit_days: 0, terms_text: '现结', salesperson_id: null });

    const saved = await post('/customer/save', {
      id,
      name: '杭州青禾贸易有限公司',
      contacts: contacts({ name: '李经理', mobile: '13712345678' }),
      payment_terms: 'monthly',
      status: 1,
    });
    expect(saved.d).toMatchObject({ name: '杭州青禾贸易有限公司', terms_text: '月结', credit_days: 0 });
    expect((await post('/customer', { id })).d.contacts).toHaveLength(1);

    expect((await post('/customer/list', { keyword: '13712345678' })).d.results).toHaveLength(1);
    expect(
      (await post('/customer/list', { status: 0 })).d.results.map((c: { name: string }) => c.name),
    ).toEqual(['宁波海纳']);
    expect((await post('/customer/list', { payment_terms: 'monthly' })).d.paging.count).toBe(1);
    expect(await post('/customer/check', { value: '宁波海纳' })).toMatchObject({
      d: { available: false, message: '已有同名客户' },
    });
    expect((await post('/customer/select', {})).d.results.map((o: { label: string }) => o.label)).toEqual([
      '杭州青禾贸易有限公司',
    ]);
    const people = await post('/customer/salespeople', {});
    expect(people.d.results.map((p: { id: number }) => p.id)).toContain(sales.user.id);

    const audited = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'customers')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'update']);
    expect((await post('/customer/delete', { id })).d.count).toBe(1);
    expect((await post('/customer', { id })).c).toBe(Codes.NOT_FOUND.c);
  });

  it('refuses bad input beside the field and writes nothing', async () => {
    const count = async () =>
      (await h.db.selectFrom('customers').select('id').where('company_id', '=', companyId).execute()).length;
    const before = await count();
    const base = {
      name: '某客户',
      contacts: contacts({ name: '甲', mobile: '13700000000' }),
      payment_terms: 'cash',
      status: 1,
    };
    const member = await h.as(MEMBER_ROLE, companyId);
    for (const [form, field, message] of [
      [{ ...base, name: '' }, 'name', '客户名称不能为空'],
      [{ ...base, contacts: '[]' }, 'contacts', '请至少填写一位联系人'],
      [{ ...base, contacts: 'not json' }, 'contacts', '联系人格式不正确'],
      [{ ...base, contacts: contacts({ name: '甲', mobile: '123' }) }, 'contacts', '联系人手机号格式不正确'],
      [{ ...base, contacts: contacts({ name: '甲' }) }, 'contacts', '每位联系人须填写手机号或邮箱'],
      [{ ...base, payment_terms: 'barter' }, 'payment_terms', '付款方式不正确'],
      [{ ...base, payment_terms: 'credit' }, 'credit_days', '付款方式为账期时请填写账期天数'],
      [{ ...base, payment_terms: 'credit', credit_days: 400 }, 'credit_days', '账期天数不能大于365'],
      [{ ...base, credit_limit: -1 }, 'credit_limit', '信用额度不能小于0'],
      [
        { ...base, salesperson_id: member.user.id },
        'salesperson_id',
        '业务员须为本单位在职的商城管理员或销售人员',
      ],
    ] as const) {
      const r = await post('/customer/create', form);
      expect(r.c, JSON.stringify(form)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field, JSON.stringify(form)).toBe(field);
      expect(r.m).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps names unique per company, also raced; another company, other roles and anonymous are refused', async () => {
    const body = {
      name: '唯一客户',
      contacts: contacts({ name: '甲', mobile: '13700000000' }),
      payment_terms: 'cash',
      status: 1,
    };
    const raced = await Promise.all(Array.from({ length: 4 }, () => post('/customer/create', body)));
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.CUSTOMER_NAME_TAKEN.c && r.field === 'name')).toHaveLength(3);
    expect((await post('/customer/create', body, other)).c).toBe(0);
    const mine = raced.find((r) => r.c === 0).d.id as number;
    for (const [url, form] of [
      ['/customer', { id: mine }],
      ['/customer/save', { ...body, id: mine, name: '改名' }],
      ['/customer/delete', { id: mine }],
      ['/customer/selected/delete', { ids: [mine] }],
    ] as const)
      expect((await post(url, form as Form, other)).c, url).toBe(Codes.NOT_FOUND.c);
    for (const role of [13, 14, 18, 21, MEMBER_ROLE]) {
      const headers = (await h.as(role, companyId)).headers;
      expect((await post('/customer/list', {}, headers)).c, `role ${role}`).toBe(Codes.FORBIDDEN.c);
    }
    const sales = (await h.as(20, companyId)).headers;
    expect((await post('/customer/save', { ...body, id: mine, remark: '销售改的' }, sales)).c).toBe(0);
    expect((await h.post('/api/customer/delete', { id: mine })).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/customer', { id: mine })).d).toMatchObject({ name: '唯一客户', remark: '销售改的' });
  });

  it('exports the list as an Excel file under the import’s headers', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/customer/export?keyword=${encodeURIComponent('唯一客户')}`,
      headers: shop,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { readWorkbook } = await import('../src/platform/excel/index.ts');
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'customer-export-')), 'x.xlsx');
    await fs.writeFile(file, res.rawPayload);
    const columns = customerResource.exportColumns;
    const rows = [];
    for await (const row of readWorkbook(file, { columns, maxRows: 10, maxColumns: 20, maxCells: 200 }))
      rows.push(row.values);
    expect(rows).toEqual([
      expect.objectContaining({
        name: '唯一客户',
        contact_name: '甲',
        contact_mobile: '13700000000',
        payment_terms: '现结',
      }),
    ]);
  });
});

describe('customers from Excel', () => {
  async function upload(mode: string, rows: (string | number)[][]) {
    const headers = await templateHeaders(h, '/api/customer/import', shop);
    const content = await xlsx('客户', headers, rows);
    return {
      headers,
      res: await runImport(h, '/api/customer/import', mode, content, shop, 'c.xlsx'),
    };
  }

  it('imports one contact per row, the terms as words, the limit in yuan and the salesperson by name', async () => {
    const sales = await h.as(20, companyId);
    await h.db
      .updateTable('users')
      .set({ real_name: '导入业务员' })
      .where('id', '=', sales.user.id)
      .execute();
    const { headers, res } = await upload('valid', [
      ['导入客户甲', '张三', '13700001111', '', '杭州', '账期', 45, '1234.5', '导入业务员', '合作中', ''],
      ['导入客户乙', '李四', '', '', '', '月结', '', '', '', '合作中', ''], // no mobile or e-mail
      ['导入客户丙', '王五', '13700002222', '', '', '账期', '', '', '', '合作中', ''], // no days
      ['导入客户丁', '赵六', '13700003333', '', '', '现结', '', '', '无此人', '已停用', ''], // unknown salesperson
    ]);
    expect(headers).toEqual([
      '客户名称*',
      '联系人*',
      '联系人手机号',
      '联系人邮箱',
      '地址',
      '付款方式*',
      '账期天数',
      '信用额度（元）',
      '业务员',
      '状态*',
      '备注',
    ]);
    expect(res).toMatchObject({ c: 0, d: { total: 4, valid: 1, invalid: 3, created: 1 } });
    const made = await post('/customer/list', { keyword: '导入客户' });
    expect(made.d.results).toEqual([
      expect.objectContaining({
        name: '导入客户甲',
        contacts: [{ name: '张三', mobile: '13700001111', email: '' }],
        terms_text: '账期 45 天',
        credit_limit: 123_450,
        salesperson_id: sales.user.id,
        salesperson_name: '导入业务员',
      }),
    ]);
    const preview = await upload('preview', [
      ['导入客户乙', '李四', '', '', '', '月结', '', '', '', '合作中', ''],
      ['导入客户丙', '王五', '13700002222', '', '', '账期', '', '', '', '合作中', ''],
      ['导入客户丁', '赵六', '13700003333', '', '', '现结', '', '', '无此人', '已停用', ''],
    ]);
    expect(preview.res.d.rows.map((r: { errors: object }) => r.errors)).toEqual([
      { 联系人手机号: '每位联系人须填写手机号或邮箱' },
      { 账期天数: '付款方式为账期时请填写账期天数' },
      { 业务员: '业务员「无此人」不是本单位在职的商城管理员或销售人员' },
    ]);
  });
});

describe('company profile (单位信息)', () => {
  it("saves the profile's contacts and logos, which the public company call then answers; audited", async () => {
    const code = (
      await h.db.selectFrom('companies').select('code').where('id', '=', companyId).executeTakeFirstOrThrow()
    ).code;
    const saved = await post('/company/profile/update', {
      mobile: '13811112222',
      phone: '0571-88886666',
      address: '杭州市西湖区',
      email: 'hi@people.cn',
      logo_main: '/demo/logo.svg',
    });
    expect(saved.c).toBe(0);
    expect(saved.d).toMatchObject({ address: '杭州市西湖区', logos: { main: '/demo/logo.svg' } });
    const pub = (
      await h.app.inject({ method: 'GET', url: `/api/system/staff/company/?_key=${code}` })
    ).json();
    expect(pub.d.results[0]).toMatchObject({ id: companyId, address: '杭州市西湖区' });
    expect((await post('/company/profile', {})).d.phone).toBe('0571-88886666');
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'companies')
      .where('entity_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.after_json ?? '{}').address).toBe('杭州市西湖区');
  });

  it('refuses bad input, other roles and anonymous; nothing changes', async () => {
    const before = await h.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    for (const [form, field] of [
      [{ mobile: '123' }, 'mobile'],
      [{ email: 'x@' }, 'email'],
      [{ address: '址'.repeat(201) }, 'address'],
      [{ logo_main: 'javascript:alert(1)' }, 'logo_main'],
      [{ phone: '<script>' }, 'phone'],
    ] as const) {
      const r = await post('/company/profile/update', form);
      expect(r.c, JSON.stringify(form)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field).toBe(field);
    }
    for (const role of [13, 14, 18, 20, 21, MEMBER_ROLE]) {
      const headers = (await h.as(role, companyId)).headers;
      expect((await post('/company/profile/update', { address: '乙' }, headers)).c, `role ${role}`).toBe(
        Codes.FORBIDDEN.c,
      );
    }
    expect((await h.post('/api/company/profile/update', { address: '丙' })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    // Another company's administrator changes their own company only.
    expect((await post('/company/profile/update', { address: '别家新址' }, other)).c).toBe(0);
    const after = await h.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('login records and one user', () => {
  it('lists the company’s logins with filters; one user shows their last logins; others refused', async () => {
    const staff = await h.as(21, companyId);
    await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: staff.user.username, password: 'wrong-password1' },
    });
    const all = await post('/login/log/list', { keyword: staff.user.username, page_size: 20 });
    expect(all.c).toBe(0);
    expect(all.d.results.map((r: { success: number }) => r.success)).toEqual([0, 1]);
    expect(all.d.results[0]).toMatchObject({
      user_id: staff.user.id,
      role: 21,
      role_name: '客服人员',
      reason: 'bad_credentials',
    });
    expect((await post('/login/log/list', { user_id: staff.user.id, success: 1 })).d.paging.count).toBe(1);
    // The days are the company's calendar days (its zone, the default here): after 16:00 UTC,
    // Shanghai is on the next day already.
    const today = dayIn(DEFAULT_TIME_ZONE);
    expect(
      (await post('/login/log/list', { user_id: staff.user.id, date_from: today, date_to: today })).d.paging
        .count,
    ).toBe(2);
    expect(
      (await post('/login/log/list', { user_id: staff.user.id, date_to: '2000-01-01' })).d.paging.count,
    ).toBe(0);
    expect((await post('/login/log/list', { date_from: '2024-13-45' })).field).toBe('date_from');
    // Another company's logins are not there.
    expect((await post('/login/log/list', { keyword: staff.user.username }, other)).d.paging.count).toBe(0);

    const user = await post('/user', { id: staff.user.id });
    expect(user.d).toMatchObject({ id: staff.user.id, role: 21, role_name: '客服人员', status: 1 });
    expect(user.d.logins).toHaveLength(2);
    expect((await post('/user', { id: staff.user.id }, other)).c).toBe(Codes.NOT_FOUND.c);
    for (const role of [13, 14, 18, 20, 21, MEMBER_ROLE]) {
      const headers = (await h.as(role, companyId)).headers;
      expect((await post('/login/log/list', {}, headers)).c, `role ${role}`).toBe(Codes.FORBIDDEN.c);
      expect((await post('/user', { id: staff.user.id }, headers)).c, `role ${role}`).toBe(Codes.FORBIDDEN.c);
    }
    expect((await h.post('/api/login/log/list', {})).json().c).toBe(Codes.NOT_LOGGED_IN.c);
  });
});

describe('role table', () => {
  it('matches the documented jobs: sales customers and members, service members, 12 everything', () => {
    const held = (role: number) => new Set(DEFAULT_ROLE_PERMISSIONS[role]);
    expect([...held(12)]).toEqual(
      expect.arrayContaining([
        'view_member',
        'change_member_status',
        'view_customer',
        'add_customer',
        'change_customer',
        'delete_customer',
        'change_company',
        'view_login_log',
      ]),
    );
    expect(
      ['view_member', 'view_customer', 'add_customer', 'change_customer', 'delete_customer'].every((c) =>
        held(20).has(c as never),
      ),
    ).toBe(true);
    expect(held(20).has('change_member_status')).toBe(false);
    expect(['view_member', 'change_member_status'].every((c) => held(21).has(c as never))).toBe(true);
    expect(held(21).has('view_customer')).toBe(false);
    for (const role of [13, 14, 18])
      for (const c of ['view_member', 'view_customer', 'change_company', 'view_login_log'])
        expect(held(role).has(c as never), `${role} ${c}`).toBe(false);
  });
});
