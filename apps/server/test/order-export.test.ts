import { Codes } from '@portal/contract';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from './excel.ts';
import { type GoodsDefaults, goodsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';
import { storeOrder } from './orders.ts';

/**
 * Exports a person can use (issue 35 item 7) and what finance works with (item 6): the order list
 * and the stock ledger filtered by a range of the company's days (default Asia/Shanghai, whatever
 * the server's zone) and exported to Excel — money a number of yuan formatted 0.00, times date
 * cells on the company's clock — refused to roles without the list's permission, another
 * company's rows absent; finance confirms payments and refunds; a goods' history in words.
 */
let h: Harness;
let shop: Awaited<ReturnType<typeof goodsCompany>>;
let finance: Record<string, string>;
let purchaser: Record<string, string>;
let sales: Record<string, string>;
let stranger: Record<string, string>;
let memberId: number;
const tag = `X${Date.now() % 100_000}`;
const DEFAULTS: GoodsDefaults = { code: `EXP${tag}-`, name: '导出茶', price: 8800 };

beforeAll(async () => {
  h = await testApp();
  shop = await goodsCompany(h, '导出测试商城', '茶叶', DEFAULTS);
  ({ finance, purchaser, sales } = await shop.staff({ finance: 18, purchaser: 14, sales: 20 }));
  stranger = await shop.stranger();
  memberId = (await h.member(shop.companyId)).user.id;
});
afterAll(async () => {
  await h?.close();
});

const get = (url: string, headers?: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: `/api${url}`, ...(headers ? { headers } : {}) });
const post = async (
  url: string,
  body: Record<string, string | number | (string | number)[]>,
  headers: Record<string, string>,
) => (await h.post(`/api${url}`, body, headers)).json();
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(q as Record<string, string>).toString();

/** The sheet's header row and its rows as objects by header, with the worksheet for formats. */
async function sheetOf(body: Buffer) {
  const { wb, rows } = await readXlsx(body);
  const header = rows[0] as string[];
  const records = rows.slice(1).map((r) => Object.fromEntries(header.map((k, i) => [k, r[i]])));
  return { header, records, ws: wb.worksheets[0] as ExcelJS.Worksheet };
}

/** The number format of the first data row's cell under `label`. */
const formatOf = (ws: ExcelJS.Worksheet, header: string[], label: string) =>
  ws.getRow(2).getCell(header.indexOf(label) + 1).numFmt;

describe('the order list by the company’s days, and its export', () => {
  // Beijing time: 11-27 23:59:59 | 11-28 00:30 | 11-28 23:59 | 11-29 00:00.
  const times = {
    before: '2026-11-27T15:59:59.000Z',
    first: '2026-11-27T16:30:00.000Z',
    last: '2026-11-28T15:59:00.000Z',
    after: '2026-11-28T16:00:00.000Z',
  };
  const no = (k: string) => `${tag}${k.toUpperCase()}`;

  beforeAll(async () => {
    for (const [k, at] of Object.entries(times))
      await storeOrder(h, {
        company_id: shop.companyId,
        user_id: memberId,
        order_no: no(k),
        status: 2,
        amount: 8800,
        at,
        paid_at: at,
      });
  });

  it('lists the orders placed on the company’s days from … to, both included', async () => {
    const day = await post(
      '/order/manage/list',
      { date_from: '2026-11-28', date_to: '2026-11-28', keyword: tag, page_size: 20 },
      finance,
    );
    expect(day.c).toBe(0);
    expect(day.d.results.map((o: { order_no: string }) => o.order_no).sort()).toEqual(
      [no('first'), no('last')].sort(),
    );
    const from = await post('/order/manage/list', { date_from: '2026-11-28', keyword: tag }, finance);
    expect(from.d.paging.count).toBe(3);
    const to = await post('/order/manage/list', { date_to: '2026-11-27', keyword: tag }, finance);
    expect(to.d.results.map((o: { order_no: string }) => o.order_no)).toEqual([no('before')]);
    const bad = await post('/order/manage/list', { date_from: '2026-13-01' }, finance);
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'date_from' });
  });

  it('exports them: money in yuan (0.00), times as date cells on the company’s clock', async () => {
    const res = await get(
      `/order/manage/export?${qs({ date_from: '2026-11-28', date_to: '2026-11-28', keyword: tag })}`,
      finance,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('订单-');
    const { header, records, ws } = await sheetOf(res.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['订单号', '下单时间', '订单金额', '付款时间', '状态']));
    expect(records.map((r) => r.订单号).sort()).toEqual([no('first'), no('last')].sort());
    const first = records.find((r) => r.订单号 === no('first'));
    expect(first?.订单金额).toBe(88);
    expect(first?.商品金额).toBe(88);
    expect(first?.状态).toBe('待发货');
    // A date cell whose clock reads Beijing time: 11-28 00:30 (stored 11-27 16:30 UTC).
    expect(first?.下单时间).toBeInstanceOf(Date);
    expect((first?.下单时间 as Date | undefined)?.toISOString()).toBe('2026-11-28T00:30:00.000Z');
    expect(formatOf(ws, header, '订单金额')).toBe('0.00');
    expect(formatOf(ws, header, '下单时间')).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('refuses the export to a visitor and to roles without view_order; another company sees none of ours', async () => {
    expect((await get('/order/manage/export')).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/order/manage/export', purchaser)).json().c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/order/manage/export/job', {}, purchaser)).c).toBe(Codes.FORBIDDEN.c);
    const theirs = await sheetOf(
      (await get(`/order/manage/export?${qs({ keyword: tag })}`, stranger)).rawPayload,
    );
    expect(theirs.records).toEqual([]);
    expect((await post('/order/manage/list', { keyword: tag }, stranger)).d.paging.count).toBe(0);
  });

  it('starts an export job for finance, of the same filters', async () => {
    const job = await post('/order/manage/export/job', { date_from: '2026-11-28', keyword: tag }, finance);
    expect(job.c).toBe(0);
    expect(job.d).toMatchObject({ kind: 'export:/order/manage/export', title: '导出订单' });
  });
});

describe('finance works the orders: payments and refunds', () => {
  it('confirms a transfer and refunds a paid order and a shipped one', async () => {
    const at = new Date().toISOString();
    const order = (status: number, k: string) =>
      storeOrder(h, {
        company_id: shop.companyId,
        user_id: memberId,
        order_no: `${tag}F${k}`,
        status,
        amount: 100,
        at,
      });
    const unpaid = await order(1, 'U');
    const paid = await order(2, 'P');
    const shipped = await order(3, 'S');
    expect((await post('/order/pay/confirm', { id: unpaid }, finance)).d.status).toBe(2);
    expect((await post('/order/refund', { id: paid, note: '客户取消' }, finance)).d.status).toBe(6);
    expect((await post('/order/refund', { id: shipped, note: '客户退货' }, finance)).d.status).toBe(6);
    // What finance does not do: ship and cancel.
    expect(
      (await post('/order/ship', { id: unpaid, shipping_company: '顺丰', tracking_no: 'SF1' }, finance)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await post('/order/manage/cancel', { id: unpaid }, finance)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/order/refund', { id: paid, note: '再退' }, stranger)).c).not.toBe(0);
  });
});

describe('the stock ledger by the company’s days, and its export', () => {
  let goodsId: number;
  beforeAll(async () => {
    goodsId = (await shop.goods({ stock: 5 })).id;
    // The opening move at 11-28 00:30 Beijing time, at ¥88.00 a unit.
    await h.db
      .updateTable('stock_moves')
      .set({ created_at: '2026-11-27T16:30:00.000Z', unit_cost: 8800 })
      .where('company_id', '=', shop.companyId)
      .where('goods_id', '=', goodsId)
      .execute();
  });

  it('lists and exports the moves of the company’s days: yuan and date cells', async () => {
    const q = { date_from: '2026-11-28', date_to: '2026-11-28', goods_id: goodsId };
    const listed = await post('/stock/move/list', q, finance);
    expect(listed.d.paging.count).toBe(1);
    const earlier = await post(
      '/stock/move/list',
      { ...q, date_from: '2026-11-27', date_to: '2026-11-27' },
      finance,
    );
    expect(earlier.d.paging.count).toBe(0);

    const res = await get(`/stock/move/export?${qs(q)}`, finance);
    expect(res.statusCode).toBe(200);
    const { header, records, ws } = await sheetOf(res.rawPayload);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ 数量: 5, 结存: 5, 单价: 88, 金额: 440, 类型: '期初库存' });
    expect((records[0]?.时间 as Date | undefined)?.toISOString()).toBe('2026-11-28T00:30:00.000Z');
    expect(formatOf(ws, header, '金额')).toBe('0.00');
    expect(formatOf(ws, header, '时间')).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('refuses the export to a visitor and to roles without view_stock; another company sees none of ours', async () => {
    expect((await get('/stock/move/export')).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/stock/move/export', sales)).json().c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/stock/move/export/job', {}, sales)).c).toBe(Codes.FORBIDDEN.c);
    const theirs = await sheetOf(
      (await get(`/stock/move/export?${qs({ goods_id: goodsId })}`, stranger)).rawPayload,
    );
    expect(theirs.records).toEqual([]);
  });
});

describe('the purchase export writes yuan and date cells', () => {
  it('writes 金额（元） as a number and 创建时间 as a date', async () => {
    const { keeper } = await shop.staff({ keeper: 14 });
    const goods = await shop.goods();
    const supplierId = await shop.supplier('导出供应商');
    const made = await post(
      '/purchase/add',
      {
        supplier_id: supplierId,
        expected_date: '2026-12-01',
        lines: JSON.stringify([{ goods_id: goods.id, quantity: 2, unit_price: 8800 }]),
      },
      keeper,
    );
    expect(made.c, JSON.stringify(made)).toBe(0);
    const res = await get('/purchase/export', keeper);
    const { records } = await sheetOf(res.rawPayload);
    const row = records.find((r) => r.采购单号 === made.d.order_no);
    expect(row?.['金额（元）']).toBe(176);
    expect(row?.创建时间).toBeInstanceOf(Date);
    expect((row?.预计到货 as Date | undefined)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('a goods’ history in words', () => {
  it('names fields by their labels and values by their words, money as ¥88.00', async () => {
    const g = await shop.goods();
    const saved = await post(
      '/goods/save',
      {
        id: g.id,
        code: g.code,
        name: g.name,
        category_id: shop.categoryId,
        unit: '件',
        images: [],
        price: 9900,
        goods_type: 'material',
        status: 0,
      },
      shop.admin,
    );
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    const history = await post('/goods/log', { id: g.id }, shop.admin);
    const changes = history.d.results[0].changes;
    expect(changes).toContainEqual({ field: '销售价', before: '¥88.00', after: '¥99.00' });
    expect(changes).toContainEqual({ field: '商品类型', before: '普通商品', after: '原材料' });
    expect(changes).toContainEqual({ field: '状态', before: '启用', after: '停用' });
    expect(JSON.stringify(changes)).not.toMatch(/8800|normal|（分）/);
  });
});
