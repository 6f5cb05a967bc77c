import { createHmac } from 'node:crypto';
import { Codes, RECEIPT_MAX_BYTES } from '@portal/contract';

const SHOP_ADMIN_ROLE = 12;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp, type UploadFile } from './harness.ts';

/**
 * Payment methods (ADR 0015): the receiving account, each method's deadline, transfer receipts
 * (bounded in size, type and count, scoped to the member and the company) and the test provider's
 * redirect-and-callback (signed, idempotent, amount checked). SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let otherCompany: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
const SECRET = 'test-sandbox-secret';

const ACCOUNT = {
  bank_name: '中国建设银行',
  branch_name: '杭州西湖支行',
  account_name: '测试商城有限公司',
  account_no: '6217 0000 1111 2222',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (headers: Record<string, string>, orderId: number, file: UploadFile) =>
  h.multipart('/api/order/receipt/upload', { id: String(orderId) }, file, headers).then((r) => r.json());

const sign = (params: Record<string, string>) =>
  createHmac('sha256', SECRET)
    .update(
      Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&'),
    )
    .digest('hex');

const notify = (params: Record<string, string>) =>
  h.post('/api/payment/notify/sandbox', params).then((r) => r.json());

const getJson = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers }).then((r) => r.json());

async function goods(price = 12345, stock = 50) {
  return createGoods(h.db, companyId, {
    category_id: null,
    name: `付款测试商品${price}`,
    price,
    stock,
    on_sale: 1,
  });
}

async function order(m: Awaited<ReturnType<Harness['member']>>, method: string, price = 12345) {
  const g = await goods(price);
  const r = await m.call('/order/create', {
    goods_id: g,
    quantity: 1,
    consignee_id: m.consigneeId,
    payment_method: method,
  });
  expect(r.c, JSON.stringify(r)).toBe(0);
  return r.d.order as { id: number; order_no: string; pay_amount: number; expires_at: string };
}

const events = async (orderId: number, action: string) =>
  (
    await h.db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', orderId)
      .where('action', '=', action)
      .execute()
  ).length;

beforeAll(async () => {
  h = await testApp({ PAYMENT_SANDBOX_SECRET: SECRET, CACHE_RECHECK_MS: '0' });
  companyId = await h.company('付款单位');
  otherCompany = await h.company('别家单位');
  admin = (await h.as(SHOP_ADMIN_ROLE, companyId)).headers;
  otherAdmin = (await h.as(SHOP_ADMIN_ROLE, otherCompany)).headers;
});
afterAll(() => h.close());

describe('the receiving account and each method’s deadline', () => {
  it('offers no bank transfer until the shop sets its account, and refuses such an order', async () => {
    const m = await h.member(companyId);
    const methods = await getJson('/api/payment/methods', m.headers);
    expect(methods.d.results.map((r: { method: string }) => r.method)).toEqual(['cod', 'sandbox']);
    const g = await goods();
    const refused = await m.call('/order/create', {
      goods_id: g,
      quantity: 1,
      consignee_id: m.consigneeId,
      payment_method: 'bank_transfer',
    });
    expect(refused).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '本店暂未设置收款账户，请选择其他支付方式' });
    expect(refused.field).toBe('payment_method');
    expect(
      await h.db.selectFrom('orders').select('id').where('company_id', '=', companyId).execute(),
    ).toEqual([]);
  });

  it('is set by the shop with field errors in Chinese; members, strangers and other companies are refused', async () => {
    const bad = (await h.post('/api/payment/account/save', { ...ACCOUNT, account_no: '62AB' }, admin)).json();
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'account_no' });
    expect(bad.m).toContain('银行账号');
    const empty = (await h.post('/api/payment/account/save', { ...ACCOUNT, bank_name: ' ' }, admin)).json();
    expect(empty).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'bank_name', m: '开户银行不能为空' });

    const saved = (await h.post('/api/payment/account/save', ACCOUNT, admin)).json();
    expect(saved).toMatchObject({ c: 0, d: { account: ACCOUNT } });
    expect((await getJson('/api/payment/account', admin)).d.account).toEqual(ACCOUNT);
    // Saved twice at once: one account.
    await Promise.all(
      ['1111', '2222'].map((tail) =>
        h.post('/api/payment/account/save', { ...ACCOUNT, account_no: `6217 0000 1111 ${tail}` }, admin),
      ),
    );
    await h.post('/api/payment/account/save', ACCOUNT, admin);
    expect(
      await h.db.selectFrom('payment_accounts').select('id').where('company_id', '=', companyId).execute(),
    ).toHaveLength(1);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'after_json'])
      .where('company_id', '=', companyId)
      .where('entity', '=', 'payment_accounts')
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);

    expect((await getJson('/api/payment/account', otherAdmin)).d.account).toBeNull();
    const m = await h.member(companyId);
    expect((await getJson('/api/payment/account', m.headers)).c).toBe(Codes.FORBIDDEN.c);
    expect((await h.post('/api/payment/account/save', ACCOUNT, m.headers)).json().c).toBe(Codes.FORBIDDEN.c);
    expect((await getJson('/api/payment/account')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('shows the account at checkout and gives each method its own deadline', async () => {
    const m = await h.member(companyId);
    const methods = (await getJson('/api/payment/methods', m.headers)).d.results;
    const transfer = methods.find((r: { method: string }) => r.method === 'bank_transfer');
    expect(transfer).toMatchObject({ name: '银行转账', pay_minutes: 72 * 60, account: ACCOUNT });
    expect(transfer.instructions).toContain('请将订单金额转账至本店收款账户');
    // Another company's visitors see that company's methods, not this account.
    const other = (await getJson(`/api/payment/methods?company_id=${otherCompany}`)).d.results;
    expect(other.map((r: { method: string }) => r.method)).not.toContain('bank_transfer');

    const hoursLeft = (o: { expires_at: string }) => (Date.parse(o.expires_at) - Date.now()) / 3600_000;
    const t = await order(m, 'bank_transfer');
    expect(hoursLeft(t)).toBeGreaterThan(71.9);
    expect(hoursLeft(t)).toBeLessThanOrEqual(72);
    expect(hoursLeft(await order(m, 'cod'))).toBeCloseTo(24, 1);
    expect(hoursLeft(await order(m, 'sandbox')) * 60).toBeCloseTo(30, 0);

    const detail = (await m.call('/order/detail', { id: t.id })).d;
    expect(detail.transfer_account).toEqual(ACCOUNT);
    expect(detail.payment_instructions).toContain(`订单号 ${t.order_no}`);
    expect(detail.receipts).toEqual([]);
  });
});

describe('transfer receipts', () => {
  it('are uploaded by the member, bounded in type and size, and seen by the shop', async () => {
    const m = await h.member(companyId);
    const t = await order(m, 'bank_transfer');

    const ok = await upload(m.headers, t.id, { name: '转账截图.png', content: PNG });
    expect(ok.c, JSON.stringify(ok)).toBe(0);
    expect(ok.d.receipts).toEqual([
      expect.objectContaining({ filename: '转账截图.png', mimetype: 'image/png', size: PNG.length }),
    ]);
    expect(ok.d.events.at(-1)).toMatchObject({ action: 'receipt', note: '转账截图.png' });

    // A text file named .png is refused by its content; one byte over the limit by its size.
    const text = await upload(m.headers, t.id, {
      name: 'fake.png',
      content: Buffer.from('hello '.repeat(1000)),
    });
    expect(text).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '文件类型不支持' });
    const big = Buffer.concat([PNG, Buffer.alloc(RECEIPT_MAX_BYTES + 1 - PNG.length)]);
    expect((await upload(m.headers, t.id, { name: 'big.png', content: big })).c).toBe(
      Codes.PAYLOAD_TOO_LARGE.c,
    );
    expect((await upload(m.headers, t.id, { name: '', content: Buffer.alloc(0) })).c).toBe(
      Codes.PARAM_ERROR.c,
    );
    const noFile = (
      await h.multipart(
        '/api/order/receipt/upload',
        { id: String(t.id), file: 'not a file' },
        undefined,
        m.headers,
      )
    ).json();
    expect(noFile).toMatchObject({ c: Codes.PARAM_ERROR.c, m: '请选择转账凭证文件' });

    const receiptId = ok.d.receipts[0].id as number;
    const mine = await h.app.inject({
      method: 'GET',
      url: `/api/order/receipt/file?id=${t.id}&receipt_id=${receiptId}`,
      headers: m.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);

    const staff = await h.app.inject({
      method: 'GET',
      url: `/api/order/manage/receipt/file?id=${t.id}&receipt_id=${receiptId}`,
      headers: admin,
    });
    expect(staff.rawPayload.equals(PNG)).toBe(true);
    expect((await h.post('/api/order/manage/detail', { id: t.id }, admin)).json().d.receipts).toHaveLength(1);

    // Another member, another company's staff and a stranger get nothing.
    const stranger = await h.member(companyId);
    const asOther = await getJson(
      `/api/order/receipt/file?id=${t.id}&receipt_id=${receiptId}`,
      stranger.headers,
    );
    expect(asOther.c).toBe(Codes.NOT_FOUND.c);
    expect((await upload(stranger.headers, t.id, { name: 'x.png', content: PNG })).c).toBe(Codes.NOT_FOUND.c);
    const otherStaff = await getJson(
      `/api/order/manage/receipt/file?id=${t.id}&receipt_id=${receiptId}`,
      otherAdmin,
    );
    expect(otherStaff.c).toBe(Codes.NOT_FOUND.c);
    expect((await getJson(`/api/order/receipt/file?id=${t.id}&receipt_id=${receiptId}`)).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
  });

  it('are at most three per order, also when uploaded at once, and only while a transfer awaits payment', async () => {
    const m = await h.member(companyId);
    const t = await order(m, 'bank_transfer');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(m.headers, t.id, { name: `r${i}.png`, content: PNG })),
    );
    expect(answers.filter((a) => a.c === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.c === Codes.RECEIPT_LIMIT.c)).toHaveLength(3);
    const detail = (await m.call('/order/detail', { id: t.id })).d;
    expect(detail.receipts).toHaveLength(3);
    expect(
      await h.db.selectFrom('stored_files').select('id').where('company_id', '=', companyId).execute(),
    ).toHaveLength(3 + 1); // and the one of the test before

    // Deleting one frees its place.
    const del = await m.call('/order/receipt/delete', { id: t.id, receipt_id: detail.receipts[0].id });
    expect(del.d.receipts).toHaveLength(2);
    expect((await upload(m.headers, t.id, { name: 'again.png', content: PNG })).c).toBe(0);

    // Once the shop confirms the payment, receipts stay as they are.
    expect((await h.post('/api/order/pay/confirm', { id: t.id }, admin)).json().c).toBe(0);
    const late = await upload(m.headers, t.id, { name: 'late.png', content: PNG });
    expect(late).toMatchObject({ c: Codes.ORDER_STATE.c, m: '订单待发货，不能上传转账凭证' });
    expect((await m.call('/order/receipt/delete', { id: t.id, receipt_id: detail.receipts[1].id })).c).toBe(
      Codes.ORDER_STATE.c,
    );

    const cod = await order(m, 'cod');
    expect((await upload(m.headers, cod.id, { name: 'x.png', content: PNG })).c).toBe(Codes.PAY_METHOD.c);
  });
});

describe('the test provider: redirect and signed callback', () => {
  const payPage = async (headers: Record<string, string>, orderId: number) => {
    const r = await h.post('/api/order/pay/online', { id: orderId }, headers);
    expect(r.json().c, r.body).toBe(0);
    return new URL(r.json().d.url as string, 'http://shop.test');
  };

  it('sends the shopper to its pay page, pays once on confirmation and sends them back', async () => {
    const m = await h.member(companyId);
    const o = await order(m, 'sandbox', 9990);
    const url = await payPage(m.headers, o.id);
    expect(url.pathname).toBe('/api/payment/sandbox/pay');
    expect(url.searchParams.get('amount')).toBe('99.90');

    const page = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥99.90');
    expect(page.body).toContain(o.order_no);

    const paid = await h.post(url.pathname, Object.fromEntries(url.searchParams));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/Workbench?tab=orders&order=${o.id}`);
    const detail = (await m.call('/order/detail', { id: o.id })).d;
    expect(detail.status).toBe(2);
    expect(detail.events.at(-1)).toMatchObject({ action: 'pay', actor_name: '在线支付（测试）' });
    expect(detail.events.at(-1).note).toMatch(/^交易号 SBX\d+$/);

    // Paying the page again makes a new trade for a paid order: refused, and still paid once.
    // The shopper is sent back to the order with the refusal's code.
    const again = await h.post(url.pathname, Object.fromEntries(url.searchParams));
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(
      `/Workbench?tab=orders&order=${o.id}&pay_error=${Codes.ORDER_STATE.c}`,
    );
    expect(await events(o.id, 'pay')).toBe(1);
    expect((await h.post('/api/order/pay/online', { id: o.id }, m.headers)).json().c).toBe(
      Codes.ORDER_STATE.c,
    );
  });

  it('pays an order once however often its notification comes, even at once', async () => {
    const m = await h.member(companyId);
    const o = await order(m, 'sandbox', 5000);
    const params = {
      merchant_id: String(companyId),
      order_no: o.order_no,
      trade_no: 'SBX-REPEAT-1',
      amount: '50.00',
    };
    const signed = { ...params, sign: sign(params) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(signed)));
    expect(answers.every((a) => a.c === 0)).toBe(true);
    expect(answers.filter((a) => a.d.repeated === false)).toHaveLength(1);
    expect(await notify(signed)).toMatchObject({ c: 0, d: { order_no: o.order_no, repeated: true } });
    expect(await events(o.id, 'pay')).toBe(1);
    const sales = await h.db
      .selectFrom('goods')
      .innerJoin('order_items', 'order_items.goods_id', 'goods.id')
      .select('goods.sales')
      .where('order_items.order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(sales.sales).toBe(1);
  });

  it('refuses a wrong signature, a wrong amount, another company and a method that is not online', async () => {
    const m = await h.member(companyId);
    const o = await order(m, 'sandbox', 8800);
    const params = {
      merchant_id: String(companyId),
      order_no: o.order_no,
      trade_no: 'SBX-BAD-1',
      amount: '88.00',
    };
    expect(await notify({ ...params, sign: sign({ ...params, amount: '1.00' }) })).toMatchObject({
      c: Codes.PAY_SIGNATURE.c,
      m: '支付通知签名无效',
    });
    expect(await notify({ ...params, sign: 'x'.repeat(64) })).toMatchObject({ c: Codes.PAY_SIGNATURE.c });
    const cheap = { ...params, amount: '0.01' };
    expect(await notify({ ...cheap, sign: sign(cheap) })).toMatchObject({
      c: Codes.PAY_AMOUNT.c,
      m: '支付金额与订单金额不符',
    });
    const elsewhere = { ...params, merchant_id: String(otherCompany) };
    expect((await notify({ ...elsewhere, sign: sign(elsewhere) })).c).toBe(Codes.NOT_FOUND.c);
    const cod = await order(m, 'cod', 8800);
    const codParams = { ...params, order_no: cod.order_no, trade_no: 'SBX-COD-1' };
    expect((await notify({ ...codParams, sign: sign(codParams) })).c).toBe(Codes.PAY_METHOD.c);
    // Nothing was paid or recorded by the refused ones; the right notification still pays.
    expect(await events(o.id, 'pay')).toBe(0);
    expect(
      await h.db.selectFrom('payment_trades').select('id').where('order_id', '=', o.id).execute(),
    ).toEqual([]);
    expect((await notify({ ...params, sign: sign(params) })).d.repeated).toBe(false);
    expect((await m.call('/order/detail', { id: o.id })).d.status).toBe(2);

    // A tampered pay page, or one that would send the shopper elsewhere, is refused by the provider.
    const url = await payPage(m.headers, (await order(m, 'sandbox', 100)).id);
    url.searchParams.set('amount', '0.01');
    const tampered = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(tampered.json()).toMatchObject({
      c: Codes.PAY_SIGNATURE.c,
      m: '支付请求签名无效，请回到商城重新发起支付',
    });
    const away = Object.fromEntries(url.searchParams);
    away.amount = '1.00';
    away.return_url = '//evil.example/';
    away.sign = sign(away);
    expect((await h.post(url.pathname, away)).json().c).toBe(Codes.PAY_SIGNATURE.c);
  });

  it('is not offered, and its pages do not exist, unless the server is started with it', async () => {
    // The same database, a server started without PAYMENT_SANDBOX.
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({ database: h.database, config: { ...h.config, paymentSandbox: undefined } });
    const off = {
      app,
      post: (url: string, form: Record<string, string | number>) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(
            Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
          ).toString(),
        }),
      close: () => app.close(),
    };
    try {
      const methods = (await off.app.inject({ method: 'GET', url: '/api/payment/methods' })).json();
      expect(methods.d.results.map((r: { method: string }) => r.method)).not.toContain('sandbox');
      expect((await off.app.inject({ method: 'GET', url: '/api/payment/sandbox/pay' })).json().c).toBe(
        Codes.ROUTE_NOT_FOUND.c,
      );
      expect(
        (
          await off.post('/api/payment/notify/sandbox', {
            merchant_id: 1,
            order_no: 'x',
            trade_no: 'y',
            amount: '1',
            sign: 'z',
          })
        ).json().c,
      ).toBe(Codes.NOT_FOUND.c);
    } finally {
      await off.close();
    }
  });
});
