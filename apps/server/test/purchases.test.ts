import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseStocked } from '#server/platform/db/migrations/057-purchase-stocked.ts';
import { type GoodsCompany, goodsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';
import { onHand as goodsOnHand, sellable as goodsSellable } from './stock-checks.ts';

/**
 * Purchase orders (ADR 0025): drafts with generated numbers (unique under parallel creates), 下单,
 * partial receipts that write pending stock-in records counted in stock once a second person
 * checks them (the ledger's `purchase` move), over-receipt refused also under parallel receipts,
 * returns out of stock (`purchase_return`) refused when short or over what was checked, cancel,
 * delete of drafts only, the history; another company, a visitor and the role table refused with
 * nothing changed; bad input answered with the field's Chinese message. SQLite, and PostgreSQL
 * with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let shop: Record<string, string>;
let purchaser: Record<string, string>;
let keeper: Record<string, string>;
let finance: Record<string, string>;
let seller: Record<string, string>;
let other: Record<string, string>;
let supplierId: number;
let pendingSupplierId: number;

type Body = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, their shapes are the contract's
type Reply = { c: number; m?: string; field?: string; d?: any };
const call = (url: string, body: Body = {}, headers: Record<string, string> = purchaser): Promise<Reply> =>
  h.json(url, body, headers);

let co: GoodsCompany;
const libraryGoods = (over: Body = {}) => co.goods(over);
const supplier = (name: string, status: number) => co.supplier(name, { status });

const onHand = (goodsId: number) => goodsOnHand(h, goodsId);
const sellable = (goodsId: number) => goodsSellable(h, goodsId);

/** A sent order of `quantities` for new goods at ¥12.50 each. */
async function sentOrder(quantities: number[], headers = purchaser) {
  const goods: { id: number }[] = [];
  for (const _ of quantities) goods.push(await libraryGoods());
  const made = await call(
    '/purchase/add',
    {
      supplier_id: supplierId,
      lines: quantities.map((q, i) => ({ goods_id: goods[i]?.id, quantity: q, unit_price: 1250 })),
    },
    headers,
  );
  expect(made.c, JSON.stringify(made)).toBe(0);
  const sent = await call('/purchase/submit', { id: made.d.id }, headers);
  expect(sent.c, JSON.stringify(sent)).toBe(0);
  return { order: sent.d, goods };
}

const receive = (id: number, lines: { line_id: number; quantity: number }[], headers = keeper) =>
  call('/purchase/receive', { id, lines, input_date: '2026-11-24' }, headers);

/** Checks (审核) every pending stock-in record the order's receipts wrote, as the shop administrator. */
async function checkAll(id: number) {
  const d = (await call('/purchase/detail', { id })).d;
  for (const r of d.receipts)
    for (const i of r.inputs)
      if (i.status === 0) expect((await call('/goods/input/check', { id: i.id }, shop)).c).toBe(0);
}

beforeAll(async () => {
  h = await testApp();
  co = await goodsCompany(h, '采购单位', '办公', {
    code: 'CG-',
    name: '采购商品',
    unit: '台',
    price: 1000,
  });
  ({ companyId, admin: shop } = co);
  ({ keeper, purchaser, finance, seller } = await co.staff({
    keeper: 13,
    purchaser: 14,
    finance: 18,
    seller: 20,
  }));
  other = await co.stranger(14);
  supplierId = await supplier('杭州墨印科技', 1);
  pendingSupplierId = await supplier('待审核供应商', 0);
});
afterAll(() => h.close());

describe('drafts', () => {
  it('numbers a new order CG<day>-0001 onwards, into the default warehouse, with its totals and history', async () => {
    const g = await libraryGoods();
    const made = await call('/purchase/add', {
      supplier_id: supplierId,
      expected_date: '2026-12-01',
      remark: '年底备货',
      lines: JSON.stringify([{ goods_id: g.id, quantity: 10, unit_price: 1999 }]),
    });
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d.order_no).toMatch(/^CG\d{8}-\d{4}$/);
    expect(made.d).toMatchObject({
      status: 0,
      status_name: '草稿',
      supplier_name: '杭州墨印科技',
      warehouse_name: '默认仓库',
      total_quantity: 10,
      total_amount: 19990,
      expected_date: '2026-12-01',
    });
    expect(made.d.lines[0]).toMatchObject({ quantity: 10, unit_price: 1999, amount: 19990, received_qty: 0 });
    expect(made.d.history.map((x: Body) => [x.from_name, x.to_name, x.note])).toEqual([
      ['', '草稿', '新建采购单'],
    ]);

    // A draft is edited (lines replaced); the number stays.
    const g2 = await libraryGoods();
    const edited = await call('/purchase/update', {
      id: made.d.id,
      supplier_id: supplierId,
      lines: [
        { goods_id: g.id, quantity: 4, unit_price: 1000 },
        { goods_id: g2.id, quantity: 1, unit_price: 500 },
      ],
    });
    expect(edited.c, JSON.stringify(edited)).toBe(0);
    expect(edited.d).toMatchObject({ order_no: made.d.order_no, total_quantity: 5, total_amount: 4500 });
    expect(edited.d.lines).toHaveLength(2);

    // The list finds it by number and supplier, by status, by day.
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const f of [
      { keyword: made.d.order_no },
      { keyword: '墨印', status: 0 },
      { date_from: day, date_to: day, keyword: made.d.order_no },
    ]) {
      const list = await call('/purchase/list', f);
      expect(list.c).toBe(0);
      expect(list.d.results.map((r: Body) => r.id)).toContain(made.d.id);
    }
    const none = await call('/purchase/list', { keyword: made.d.order_no, status: 1 });
    expect(none.d.paging.count).toBe(0);
  });

  it('gives parallel creates distinct consecutive numbers', async () => {
    const g = await libraryGoods();
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('/purchase/add', {
          supplier_id: supplierId,
          lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }],
        }),
      ),
    );
    for (const m of made) expect(m.c, JSON.stringify(m)).toBe(0);
    const numbers = made.map((m) => Number(String(m.d.order_no).split('-')[1]));
    expect(new Set(numbers).size).toBe(8);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(7);
  });

  it('refuses bad input with the field’s Chinese message and writes nothing', async () => {
    const before = await h.db
      .selectFrom('purchases')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    const g = await libraryGoods();
    const withSkus = await libraryGoods({
      price: undefined,
      stock: undefined,
      skus: [{ specs: [{ name: '颜色', value: '黑' }], price: 100, stock: 0 }],
    });
    const blackSku = (
      await h.db
        .selectFrom('goods_skus')
        .select('id')
        .where('goods_id', '=', withSkus.id)
        .executeTakeFirstOrThrow()
    ).id;
    const cases: [Body, string, string | RegExp][] = [
      [{ lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }] }, 'supplier_id', '供应商不能为空'],
      [{ supplier_id: supplierId, lines: [] }, 'lines', '请至少添加一种采购商品'],
      [{ supplier_id: supplierId, lines: 'x' }, 'lines', '采购商品格式不正确'],
      [
        { supplier_id: supplierId, lines: [{ goods_id: g.id, quantity: 0, unit_price: 1 }] },
        'lines',
        /采购数量不能小于1/,
      ],
      [
        { supplier_id: supplierId, lines: [{ goods_id: g.id, quantity: 1, unit_price: -1 }] },
        'lines',
        /单价不能小于0/,
      ],
      [
        {
          supplier_id: supplierId,
          lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }],
          expected_date: '2026-02-30',
        },
        'expected_date',
        '预计到货日期格式应为YYYY-MM-DD',
      ],
      [
        { supplier_id: pendingSupplierId, lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }] },
        'supplier_id',
        /未通过审核/,
      ],
      [
        { supplier_id: supplierId, lines: [{ goods_id: 999999, quantity: 1, unit_price: 1 }] },
        'lines',
        /第1行：商品不存在/,
      ],
      [
        { supplier_id: supplierId, lines: [{ goods_id: withSkus.id, quantity: 1, unit_price: 1 }] },
        'lines',
        /请选择规格/,
      ],
      // The lines are checked together (the stock module's rule); a refusal names its row.
      [
        {
          supplier_id: supplierId,
          lines: [
            { goods_id: g.id, quantity: 1, unit_price: 1 },
            { goods_id: withSkus.id, sku_id: 999999, quantity: 1, unit_price: 1 },
          ],
        },
        'lines',
        '第2行：规格不存在或已被删除，请重新选择',
      ],
      [
        {
          supplier_id: supplierId,
          lines: [
            { goods_id: withSkus.id, sku_id: blackSku, quantity: 1, unit_price: 1 },
            { goods_id: g.id, sku_id: blackSku, quantity: 1, unit_price: 1 },
          ],
        },
        'lines',
        /^第2行：「.+」没有规格，请不要选择规格$/,
      ],
      [
        {
          supplier_id: supplierId,
          lines: [
            { goods_id: g.id, quantity: 1, unit_price: 1 },
            { goods_id: g.id, quantity: 2, unit_price: 1 },
          ],
        },
        'lines',
        /第2行.*重复/,
      ],
      [
        {
          supplier_id: supplierId,
          warehouse_id: 999999,
          lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }],
        },
        'warehouse_id',
        /仓库不存在/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await call('/purchase/add', body);
      expect(r.c, JSON.stringify(r)).not.toBe(0);
      expect(r.c).not.toBe(Codes.SERVER_ERROR.c);
      expect(r.field, JSON.stringify(r)).toBe(field);
      if (typeof message === 'string') expect(r.m).toBe(message);
      else expect(r.m).toMatch(message);
    }
    // A form post carries the lines as JSON text.
    const form = await h.post(
      '/api/purchase/add',
      {
        supplier_id: supplierId,
        lines: JSON.stringify([{ goods_id: g.id, quantity: '3', unit_price: '100' }]),
      },
      purchaser,
    );
    expect(form.json().c, form.body).toBe(0);
    const after = await h.db
      .selectFrom('purchases')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('deletes drafts only, and edits drafts only', async () => {
    const { order } = await sentOrder([2]);
    const del = await call('/purchase/delete', { id: order.id }, shop);
    expect(del.c).toBe(Codes.PURCHASE_STATE.c);
    const edit = await call('/purchase/update', {
      id: order.id,
      supplier_id: supplierId,
      lines: [{ goods_id: order.lines[0].goods_id, quantity: 9, unit_price: 1 }],
    });
    expect(edit.c).toBe(Codes.PURCHASE_STATE.c);
    const again = await call('/purchase/submit', { id: order.id });
    expect(again.c).toBe(Codes.PURCHASE_STATE.c);

    const g = await libraryGoods();
    const draft = await call('/purchase/add', {
      supplier_id: supplierId,
      lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }],
    });
    expect((await call('/purchase/delete', { id: draft.d.id }, shop)).d).toEqual({ count: 1 });
    expect((await call('/purchase/detail', { id: draft.d.id })).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/purchase/delete', { id: draft.d.id }, shop)).c).toBe(Codes.NOT_FOUND.c);
  });
});

describe('receipts', () => {
  it('receive in parts: pending stock-in records, counted in stock when another person checks them', async () => {
    const { order, goods } = await sentOrder([10, 4]);
    const [a, b] = order.lines;
    // With the delivery note as its remark (the records' remark then does not name the order).
    const first = await call(
      '/purchase/receive',
      {
        id: order.id,
        lines: [
          { line_id: a.id, quantity: 6 },
          { line_id: b.id, quantity: 0 },
        ],
        input_date: '2026-11-24',
        remark: '送货单 S-1',
      },
      keeper,
    );
    expect(first.c, JSON.stringify(first)).toBe(0);
    expect(first.d).toMatchObject({ status: 2, status_name: '入库中', received_quantity: 6 });
    expect(first.d.lines[0]).toMatchObject({ received_qty: 6, stocked_qty: 0, returnable_qty: 0 });
    const input = first.d.receipts[0].inputs[0];
    expect(input).toMatchObject({ quantity: 6, status: 0, line_id: a.id });
    expect(input.input_no).toMatch(/^RK\d{14}$/);
    // Not in stock until checked; the record names the order, its supplier and price.
    expect(await onHand(goods[0]?.id ?? 0)).toBe(0);
    const rec = await call('/goods/input', { id: input.id }, shop);
    expect(rec.d).toMatchObject({
      purchase_id: order.id,
      purchase_no: order.order_no,
      supplier_name: '杭州墨印科技',
      unit_cost: 1250,
      status: 0,
    });
    // 入库单's list finds the order's records by its number.
    const found = await call('/goods/input/list', { keyword: order.order_no }, shop);
    expect(found.d.results.map((r: Body) => r.id)).toEqual([input.id]);
    // The record is the receipt's: not changed or deleted through 入库单.
    expect((await call('/goods/input/delete', { id: input.id }, keeper)).c).toBe(
      Codes.PURCHASE_INPUT_LOCKED.c,
    );
    // Its maker (the keeper) cannot check it; the shop administrator can.
    expect((await call('/goods/input/check', { id: input.id }, keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/goods/input/check', { id: input.id }, shop)).c).toBe(0);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(6);
    expect(await sellable(goods[0]?.id ?? 0)).toBe(6);
    const moves = await call('/stock/move/list', { keyword: input.input_no }, shop);
    expect(moves.d.results[0]).toMatchObject({ kind: 'purchase', kind_name: '采购入库', quantity: 6 });
    expect(moves.d.results[0].reason).toContain(order.order_no);

    // The rest arrives: still 入库中 — arrived is not in stock — until its records are checked.
    const rest = await receive(order.id, [
      { line_id: a.id, quantity: 4 },
      { line_id: b.id, quantity: 4 },
    ]);
    expect(rest.c, JSON.stringify(rest)).toBe(0);
    expect(rest.d).toMatchObject({ status: 2, status_name: '入库中', received_quantity: 14 });
    expect(rest.d.lines.map((l: Body) => l.stocked_qty)).toEqual([6, 0]);
    expect(rest.d.receipts).toHaveLength(2);
    expect(rest.d.receipts[1].inputs).toHaveLength(2);
    // Nothing more may arrive.
    expect((await receive(order.id, [{ line_id: a.id, quantity: 1 }])).c).toBe(Codes.PURCHASE_OVER_RECEIPT.c);
    await checkAll(order.id);
    const done = (await call('/purchase/detail', { id: order.id })).d;
    expect(done).toMatchObject({ status: 3, status_name: '已完成' });
    expect(done.lines.map((l: Body) => l.stocked_qty)).toEqual([10, 4]);
    // The history has every change of state, and each check.
    expect(
      done.history
        .filter((x: Body) => x.from_name !== x.to_name)
        .map((x: Body) => `${x.from_name}→${x.to_name}`),
    ).toEqual(['→草稿', '草稿→已下单', '已下单→入库中', '入库中→已完成']);
    expect(done.history.at(-1).note).toMatch(/^入库单 RK\d{14} 审核入库 4，全部入库$/);
    expect((await receive(order.id, [{ line_id: a.id, quantity: 1 }])).c).toBe(Codes.PURCHASE_STATE.c);
  });

  it('is 已完成 only when its goods are in stock: one manager orders, receives and checks alone', async () => {
    const { order, goods } = await sentOrder([4, 2], shop);
    const [a, b] = order.lines;
    const inputsOf = async () =>
      (await call('/purchase/detail', { id: order.id }, shop)).d.receipts.flatMap(
        (r: { inputs: Body[] }) => r.inputs,
      );
    const check = async (inputId: number) => {
      const r = await call('/goods/input/check', { id: inputId }, shop);
      expect(r.c, JSON.stringify(r)).toBe(0);
      return (await call('/purchase/detail', { id: order.id }, shop)).d;
    };
    // Part of line a arrives and is checked by the same person: in stock, the order 入库中.
    expect((await receive(order.id, [{ line_id: a.id, quantity: 3 }], shop)).d.status).toBe(2);
    let d = await check((await inputsOf())[0].id);
    expect(d).toMatchObject({ status: 2, status_name: '入库中' });
    expect(d.lines.map((l: Body) => l.stocked_qty)).toEqual([3, 0]);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(3);
    // Everything has arrived, one record still waits: 入库中.
    const all = await receive(
      order.id,
      [
        { line_id: a.id, quantity: 1 },
        { line_id: b.id, quantity: 2 },
      ],
      shop,
    );
    expect(all.d).toMatchObject({ status: 2, received_quantity: 6 });
    const [, ofA, ofB] = await inputsOf();
    d = await check(ofB.id);
    expect(d).toMatchObject({ status: 2, status_name: '入库中' });
    // The last one in stock: 已完成, and the goods are on hand and for sale.
    d = await check(ofA.id);
    expect(d).toMatchObject({ status: 3, status_name: '已完成' });
    expect(d.lines.map((l: Body) => l.stocked_qty)).toEqual([4, 2]);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(4);
    expect(await onHand(goods[1]?.id ?? 0)).toBe(2);
    expect(await sellable(goods[1]?.id ?? 0)).toBe(2);
  });

  it('a cancelled order stays cancelled when its records are checked later (they still count in stock)', async () => {
    const { order, goods } = await sentOrder([5]);
    await receive(order.id, [{ line_id: order.lines[0].id, quantity: 5 }]);
    expect((await call('/purchase/cancel', { id: order.id, reason: '重复下单' })).d.status).toBe(4);
    await checkAll(order.id);
    const d = (await call('/purchase/detail', { id: order.id })).d;
    expect(d).toMatchObject({ status: 4, status_name: '已取消' });
    expect(d.lines[0].stocked_qty).toBe(5);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(5);
  });

  it('refuses more than is still to come, a draft, another order’s line and bad quantities', async () => {
    const { order } = await sentOrder([5]);
    const line = order.lines[0];
    const over = await receive(order.id, [{ line_id: line.id, quantity: 6 }]);
    expect(over).toMatchObject({ c: Codes.PURCHASE_OVER_RECEIPT.c, field: 'lines' });
    expect(over.m).toContain('最多还能到货5');
    const { order: another } = await sentOrder([5]);
    expect((await receive(order.id, [{ line_id: another.lines[0].id, quantity: 1 }])).field).toBe('lines');
    expect((await receive(order.id, [{ line_id: line.id, quantity: 0 }])).m).toBe(
      '请至少填写一种商品的到货数量',
    );
    expect((await receive(order.id, [{ line_id: line.id, quantity: -1 }])).m).toMatch(/到货数量不能小于0/);
    const g = await libraryGoods();
    const draft = await call('/purchase/add', {
      supplier_id: supplierId,
      lines: [{ goods_id: g.id, quantity: 1, unit_price: 1 }],
    });
    expect((await receive(draft.d.id, [{ line_id: draft.d.lines[0].id, quantity: 1 }])).c).toBe(
      Codes.PURCHASE_STATE.c,
    );
    const d = (await call('/purchase/detail', { id: order.id })).d;
    expect(d).toMatchObject({ status: 1, received_quantity: 0, receipts: [] });
    const inputs = await h.db
      .selectFrom('stock_inputs')
      .select('id')
      .where('purchase_id', '=', order.id)
      .execute();
    expect(inputs).toHaveLength(0);
  });

  it('never lets receipts at once pass the order', async () => {
    const { order } = await sentOrder([10]);
    const line = order.lines[0];
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => receive(order.id, [{ line_id: line.id, quantity: 3 }])),
    );
    const ok = replies.filter((r) => r.c === 0).length;
    expect(ok).toBe(3);
    for (const r of replies.filter((x) => x.c !== 0))
      expect([Codes.PURCHASE_OVER_RECEIPT.c, Codes.PURCHASE_STATE.c]).toContain(r.c);
    const d = (await call('/purchase/detail', { id: order.id })).d;
    expect(d.lines[0].received_qty).toBe(9);
    const inputs = await h.db
      .selectFrom('stock_inputs')
      .select('quantity')
      .where('purchase_id', '=', order.id)
      .execute();
    expect(inputs.reduce((s, i) => s + i.quantity, 0)).toBe(9);
  });
});

describe('returns', () => {
  it('take checked goods back out of stock, refused over what was checked or when short', async () => {
    const { order, goods } = await sentOrder([8]);
    const line = order.lines[0];
    await receive(order.id, [{ line_id: line.id, quantity: 8 }]);
    // Nothing checked yet: nothing to return.
    const early = await call('/purchase/return', {
      id: order.id,
      lines: [{ line_id: line.id, quantity: 1 }],
      reason: '破损',
    });
    expect(early).toMatchObject({ c: Codes.PURCHASE_OVER_RETURN.c, field: 'lines' });
    await checkAll(order.id);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(8);

    const back = await call(
      '/purchase/return',
      { id: order.id, lines: [{ line_id: line.id, quantity: 3 }], reason: '包装破损' },
      keeper,
    );
    expect(back.c, JSON.stringify(back)).toBe(0);
    expect(back.d).toMatchObject({ status: 3, returned_quantity: 3 });
    expect(back.d.lines[0]).toMatchObject({ returned_qty: 3, returnable_qty: 5 });
    expect(back.d.returns[0]).toMatchObject({ quantity: 3, amount: 3750, reason: '包装破损' });
    expect(await onHand(goods[0]?.id ?? 0)).toBe(5);
    expect(await sellable(goods[0]?.id ?? 0)).toBe(5);
    const moves = await call(
      '/stock/move/list',
      { goods_id: goods[0]?.id ?? 0, kind: 'purchase_return' },
      shop,
    );
    expect(moves.d.results[0]).toMatchObject({
      kind_name: '采购退货',
      quantity: -3,
      balance_after: 5,
      ref_no: order.order_no,
    });
    expect(back.d.history.at(-1)).toMatchObject({
      from_name: '已完成',
      to_name: '已完成',
      note: '退货 3：包装破损',
    });

    const over = await call('/purchase/return', {
      id: order.id,
      lines: [{ line_id: line.id, quantity: 6 }],
      reason: '多退',
    });
    expect(over.c).toBe(Codes.PURCHASE_OVER_RETURN.c);
    expect(over.m).toContain('最多可退5');

    // Stock taken elsewhere (a count adjustment): the warehouse is short, nothing changes.
    const wh = back.d.warehouse_id;
    const adjusted = await call(
      '/stock/adjust',
      { warehouse_id: wh, goods_id: goods[0]?.id ?? 0, quantity: -4, reason: '盘亏' },
      shop,
    );
    expect(adjusted.c, JSON.stringify(adjusted)).toBe(0);
    const short = await call('/purchase/return', {
      id: order.id,
      lines: [{ line_id: line.id, quantity: 2 }],
      reason: '退',
    });
    expect(short).toMatchObject({ c: Codes.STOCK_SHORT.c, field: 'lines' });
    const d = (await call('/purchase/detail', { id: order.id })).d;
    expect(d.lines[0].returned_qty).toBe(3);
    expect(d.returns).toHaveLength(1);
    expect(await onHand(goods[0]?.id ?? 0)).toBe(1);
    expect(
      (await call('/purchase/return', { id: order.id, lines: [{ line_id: line.id, quantity: 1 }] })).field,
    ).toBe('reason');
  });
});

describe('cancel', () => {
  it('cancels a sent or partly received order with its reason; a cancelled one takes no receipts', async () => {
    const { order } = await sentOrder([5]);
    await receive(order.id, [{ line_id: order.lines[0].id, quantity: 2 }]);
    const cancelled = await call('/purchase/cancel', { id: order.id, reason: '供应商缺货' });
    expect(cancelled.c, JSON.stringify(cancelled)).toBe(0);
    expect(cancelled.d).toMatchObject({ status: 4, status_name: '已取消' });
    expect(cancelled.d.history.at(-1)).toMatchObject({
      from_name: '入库中',
      to_name: '已取消',
      note: '取消：供应商缺货',
    });
    expect((await receive(order.id, [{ line_id: order.lines[0].id, quantity: 1 }])).c).toBe(
      Codes.PURCHASE_STATE.c,
    );
    expect((await call('/purchase/cancel', { id: order.id })).c).toBe(Codes.PURCHASE_STATE.c);
  });
});

describe('access', () => {
  it('holds the role table, refuses a visitor and another company with nothing changed', async () => {
    const { order } = await sentOrder([3], shop);
    const line = order.lines[0];
    // 仓库: view and receive, nothing else; 财务: view only; 销售: nothing.
    expect((await call('/purchase/list', {}, keeper)).c).toBe(0);
    expect((await call('/purchase/add', { supplier_id: supplierId, lines: [] }, keeper)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await call('/purchase/cancel', { id: order.id }, keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/purchase/detail', { id: order.id }, finance)).c).toBe(0);
    expect((await receive(order.id, [{ line_id: line.id, quantity: 1 }], finance)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/purchase/list', {}, seller)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/purchase/delete', { id: order.id }, keeper)).c).toBe(Codes.FORBIDDEN.c);

    const anonymous = await h.app.inject({ method: 'POST', url: '/api/purchase/list', payload: {} });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);

    // Another company's purchaser sees nothing and changes nothing.
    expect((await call('/purchase/detail', { id: order.id }, other)).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/purchase/list', { keyword: order.order_no }, other)).d.paging.count).toBe(0);
    expect((await receive(order.id, [{ line_id: line.id, quantity: 1 }], other)).c).not.toBe(0);
    expect((await call('/purchase/cancel', { id: order.id }, other)).c).toBe(Codes.NOT_FOUND.c);
    expect(
      (
        await call(
          '/purchase/add',
          { supplier_id: supplierId, lines: [{ goods_id: line.goods_id, quantity: 1, unit_price: 1 }] },
          other,
        )
      ).field,
    ).toBe('supplier_id');
    const d = (await call('/purchase/detail', { id: order.id })).d;
    expect(d).toMatchObject({ status: 1, received_quantity: 0 });
  });

  it('exports the list as an .xlsx', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/purchase/export?status=3',
      headers: purchaser,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('migration 057', () => {
  it('puts an order received in full but not in stock back to 入库中, and keeps a second approver where one checked', async () => {
    // In stock (the shop checked the keeper's record: a second person) and received but pending.
    const { order: stocked } = await sentOrder([4]);
    await receive(stocked.id, [{ line_id: stocked.lines[0].id, quantity: 4 }]);
    await checkAll(stocked.id);
    const { order: pending } = await sentOrder([5]);
    await receive(pending.id, [{ line_id: pending.lines[0].id, quantity: 5 }]);
    // What the code before wrote: 已完成 at the receipt.
    await h.db.updateTable('purchases').set({ status: 3 }).where('id', '=', pending.id).execute();
    const before = await h.db
      .selectFrom('company_settings')
      .select('key')
      .where('company_id', '=', companyId)
      .where('key', '=', 'stock_in_second_approver')
      .execute();
    expect(before).toEqual([]);

    await purchaseStocked.up(h.db as never);

    expect((await call('/purchase/detail', { id: pending.id })).d).toMatchObject({
      status: 2,
      status_name: '入库中',
    });
    expect((await call('/purchase/detail', { id: stocked.id })).d.status).toBe(3);
    const setting = await h.db
      .selectFrom('company_settings')
      .select(['company_id', 'value'])
      .where('key', '=', 'stock_in_second_approver')
      .execute();
    expect(setting).toContainEqual({ company_id: companyId, value: '1' });
    // Run again: nothing more changes.
    await purchaseStocked.up(h.db as never);
    expect(
      (
        await h.db
          .selectFrom('company_settings')
          .select('value')
          .where('company_id', '=', companyId)
          .where('key', '=', 'stock_in_second_approver')
          .execute()
      ).length,
    ).toBe(1);
  });
});
