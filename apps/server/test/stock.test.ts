import { Codes } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods } from '#server/seed/seed.ts';
import { type GoodsCompany, goodsCompany } from './goods-company.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';
import {
  ledgerAddsUp as companyLedgerAddsUp,
  sellable as goodsSellable,
  defaultWarehouseId as warehouseOf,
} from './stock-checks.ts';

/**
 * The company's stock (issue 12, ADR 0022): warehouses, levels and their ledger, stock-in records
 * checked by a second person, count adjustments, warnings, push to stock, the shipment hook and
 * the relation on hand = sellable + reserved; the ledger adds up to every level, also after
 * concurrent adjustments and shipments; another company, a visitor and the role table refused with
 * nothing changed. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
const { get } = jsonCalls(() => h.app);
let companyId: number;
let admin: Record<string, string>;
let keeper: Record<string, string>;
let otherAdmin: Record<string, string>;
let supplierId: number;
let manager: Record<string, string>;
let secondShop: Record<string, string>;

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = admin) =>
  h.json(url, body, headers);

let co: GoodsCompany;
const libraryGoods = (over: Body = {}) => co.goods(over);

const levelsOf = (goodsId: number) =>
  h.db
    .selectFrom('stock_levels')
    .select(['warehouse_id', 'sku_id', 'quantity'])
    .where('goods_id', '=', goodsId)
    .orderBy('warehouse_id')
    .orderBy('sku_id')
    .execute();
const onHand = async (goodsId: number, skuId = 0) =>
  (await levelsOf(goodsId)).filter((l) => l.sku_id === skuId).reduce((s, l) => s + l.quantity, 0);
const sellable = (goodsId: number) => goodsSellable(h, goodsId);
const movesOf = (goodsId: number) =>
  h.db.selectFrom('stock_moves').selectAll().where('goods_id', '=', goodsId).orderBy('id').execute();

const ledgerAddsUp = (cid: number) => companyLedgerAddsUp(h, cid);

const defaultWarehouseId = (cid = companyId) => warehouseOf(h, cid);

/** The company's 商城设置 「入库单须由他人审核」, set by its unit administrator. */
async function secondApprover(on: 0 | 1) {
  const r = await call('/company/settings/crm', { stock_in_second_approver: on }, manager);
  expect(r.c, JSON.stringify(r)).toBe(0);
}

beforeAll(async () => {
  h = await testApp();
  co = await goodsCompany(h, '库存单位', '日用', {
    code: 'KC-',
    name: '库存商品',
    price: 1000,
    stock: 10,
  });
  ({ companyId, admin } = co);
  ({ keeper, manager, secondShop } = await co.staff({ keeper: 13, manager: 3, secondShop: 12 }));
  otherAdmin = await co.stranger();
  supplierId = await co.supplier('杭州供货商');
});
afterAll(() => h.close());

describe('opening stock and the default warehouse', () => {
  it('books a new goods’ stock into the default warehouse, per specification when it has them', async () => {
    const g = await libraryGoods({ stock: 12 });
    const wh = await defaultWarehouseId();
    expect(await levelsOf(g.id)).toEqual([{ warehouse_id: wh, sku_id: 0, quantity: 12 }]);
    expect((await movesOf(g.id)).map((m) => [m.kind, m.quantity, m.balance_after])).toEqual([
      ['opening', 12, 12],
    ]);

    const withSkus = await libraryGoods({
      price: undefined,
      stock: undefined,
      skus: [
        { specs: [{ name: '颜色', value: '红' }], price: 1200, cost: 700, stock: 4 },
        { specs: [{ name: '颜色', value: '蓝' }], price: 1300, stock: 0 },
      ],
    });
    const skus = await h.db
      .selectFrom('goods_skus')
      .select(['id', 'stock'])
      .where('goods_id', '=', withSkus.id)
      .orderBy('id')
      .execute();
    expect(await levelsOf(withSkus.id)).toEqual([{ warehouse_id: wh, sku_id: skus[0]?.id, quantity: 4 }]);
    expect(await sellable(withSkus.id)).toBe(4);

    // First specifications of a goods that had none: its stock moves to the first one, in the ledger.
    const plain = await libraryGoods({ stock: 6 });
    const saved = await call('/goods/detail/save', {
      goods_id: plain.id,
      specs: [{ name: '尺码', value: 'L' }],
      price: 1500,
      stock: 2,
    });
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    expect(await onHand(plain.id, 0)).toBe(0);
    expect(await onHand(plain.id, saved.d.id)).toBe(8);
    expect(await sellable(plain.id)).toBe(8);
    expect(await ledgerAddsUp(companyId)).toBeGreaterThan(0);

    // The list shows on hand, sellable and the value at the specification's cost.
    const list = await call('/stock/list', { goods_id: withSkus.id });
    expect(list.d.results[0]).toMatchObject({
      quantity: 4,
      sellable: 4,
      unit_cost: 700,
      value: 2800,
      spec_text: '红',
    });
  });

  it('values a level at the cost goods came in at, and leaves an unknown cost unknown (not ¥0)', async () => {
    const levelOf = async (goodsId: number) =>
      (await call('/stock/list', { goods_id: goodsId })).d.results[0];
    // Opening stock without a cost: neither a unit cost nor a value.
    const unknown = await libraryGoods({ stock: 5 });
    expect(await levelOf(unknown.id)).toMatchObject({ quantity: 5, unit_cost: null, value: null });
    // Opening stock booked at a cost (the demo seed's): valued at it.
    const costed = await createGoods(
      h.db,
      companyId,
      { name: '期初有成本', price: 1000, stock: 3 },
      { unit_cost: 600 },
    );
    expect(await levelOf(costed)).toMatchObject({ quantity: 3, unit_cost: 600, value: 1800 });
    // A checked stock-in's price takes over from then on.
    const made = await call(
      '/goods/input/add',
      {
        goods_id: costed,
        warehouse_id: await defaultWarehouseId(),
        quantity: 2,
        unit_cost: 650,
        input_date: '2026-11-20',
      },
      keeper,
    );
    expect((await call('/goods/input/check', { id: made.d.id })).c).toBe(0);
    expect(await levelOf(costed)).toMatchObject({ quantity: 5, unit_cost: 650, value: 3250 });
  });
});

describe('stock-in records', () => {
  it('count only once a second person checks them: level, ledger and sellable stock in one go', async () => {
    const g = await libraryGoods({ stock: 0 });
    const wh = await defaultWarehouseId();
    const made = await call(
      '/goods/input/add',
      {
        goods_id: g.id,
        warehouse_id: wh,
        supplier_id: supplierId,
        quantity: 30,
        unit_cost: 450,
        input_date: '2026-11-20',
        remark: '首批到货',
      },
      keeper,
    );
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d).toMatchObject({
      status: 0,
      quantity: 30,
      amount: 13500,
      supplier_name: '杭州供货商',
      goods_name: g && expect.any(String),
    });
    expect(made.d.input_no).toMatch(/^RK\d{14}$/);
    const id = made.d.id as number;
    // Pending: nothing counts yet.
    expect(await onHand(g.id)).toBe(0);
    expect(await sellable(g.id)).toBe(0);

    // The maker may change it while pending; nobody checks their own record.
    const changed = await call(
      '/goods/input/update',
      { ...made.d, id, quantity: 32, supplier_id: supplierId },
      keeper,
    );
    expect(changed.c, JSON.stringify(changed)).toBe(0);
    await secondApprover(1);
    const adminMade = await call('/goods/input/add', {
      goods_id: g.id,
      warehouse_id: wh,
      quantity: 1,
      input_date: '2026-11-21',
    });
    expect((await call('/goods/input/check', { id: adminMade.d.id })).c).toBe(Codes.STOCK_INPUT_SELF_CHECK.c);
    // A warehouse keeper has no check permission at all.
    expect((await call('/goods/input/check', { id }, keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect(await onHand(g.id)).toBe(0);

    const checked = await call('/goods/input/check', { id });
    expect(checked.c, JSON.stringify(checked)).toBe(0);
    expect(checked.d).toMatchObject({ status: 1, checked_by_name: expect.any(String) });
    expect(await onHand(g.id)).toBe(32);
    expect(await sellable(g.id)).toBe(32);
    const moves = await movesOf(g.id);
    expect(moves.at(-1)).toMatchObject({
      kind: 'purchase',
      quantity: 32,
      balance_after: 32,
      unit_cost: 450,
      ref_type: 'stock_input',
      ref_id: id,
    });

    // Checked: neither checked again, nor changed, nor deleted.
    expect((await call('/goods/input/check', { id })).c).toBe(Codes.STOCK_INPUT_CHECKED.c);
    expect((await call('/goods/input/update', { ...made.d, id, quantity: 1 }, keeper)).c).toBe(
      Codes.STOCK_INPUT_CHECKED.c,
    );
    expect((await call('/goods/input/delete', { id }, keeper)).c).toBe(Codes.STOCK_INPUT_CHECKED.c);
    expect((await call('/goods/input/selected/delete', { ids: [adminMade.d.id, id] })).c).toBe(
      Codes.STOCK_INPUT_CHECKED.c,
    );
    expect((await call('/goods/input', { id: adminMade.d.id })).d.status).toBe(0);
    expect(await onHand(g.id)).toBe(32);

    // The list filters by state; the ledger by kind.
    const pending = await call('/goods/input/list', { status: 0, goods_id: g.id });
    expect(pending.d.results.map((r: { id: number }) => r.id)).toEqual([adminMade.d.id]);
    const ledger = await call('/stock/move/list', { goods_id: g.id, kind: 'purchase' });
    expect(ledger.d.results).toHaveLength(1);
    expect(ledger.d.results[0]).toMatchObject({ kind_name: '采购入库', ref_no: made.d.input_no });
    await ledgerAddsUp(companyId);
    await secondApprover(0);
  });

  it('lets the maker check their own record unless the company asks for a second person (商城设置)', async () => {
    const g = await libraryGoods({ stock: 0 });
    const wh = await defaultWarehouseId();
    const add = async (quantity: number) => {
      const r = await call('/goods/input/add', {
        goods_id: g.id,
        warehouse_id: wh,
        quantity,
        input_date: '2026-11-22',
      });
      expect(r.c, JSON.stringify(r)).toBe(0);
      return r.d.id as number;
    };
    const rule = () => get('/goods/input/check/rule', { headers: admin });

    // Off by default: one manager runs the stock alone.
    expect((await rule()).d).toEqual({ second_approver: 0 });
    const own = await add(5);
    const checked = await call('/goods/input/check', { id: own });
    expect(checked.c, JSON.stringify(checked)).toBe(0);
    expect(checked.d).toMatchObject({ status: 1, maker_name: checked.d.checked_by_name });
    expect(await onHand(g.id)).toBe(5);
    expect(await sellable(g.id)).toBe(5);

    // On: the maker is refused and nothing moves; another holder of the permission checks it.
    await secondApprover(1);
    expect((await rule()).d).toEqual({ second_approver: 1 });
    const second = await add(3);
    const refused = await call('/goods/input/check', { id: second });
    expect(refused).toMatchObject({
      c: Codes.STOCK_INPUT_SELF_CHECK.c,
      m: '不能审核自己填写的入库单，请由其他人审核',
    });
    expect((await call('/goods/input', { id: second })).d.status).toBe(0);
    expect(await onHand(g.id)).toBe(5);
    expect((await call('/goods/input/check', { id: second }, secondShop)).c).toBe(0);
    expect(await onHand(g.id)).toBe(8);
    expect(await sellable(g.id)).toBe(8);
    // Another company keeps its own (default) rule.
    expect((await get('/goods/input/check/rule', { headers: otherAdmin })).d).toEqual({ second_approver: 0 });

    // Off again: the maker checks their own.
    await secondApprover(0);
    const third = await add(2);
    expect((await call('/goods/input/check', { id: third })).c).toBe(0);
    expect(await onHand(g.id)).toBe(10);
    await ledgerAddsUp(companyId);

    // The rule is read by whoever may check: a visitor and the warehouse (no check permission) are refused.
    expect((await get('/goods/input/check/rule')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/goods/input/check/rule', { headers: keeper })).c).toBe(Codes.FORBIDDEN.c);
  });

  it('refuses bad input with the field and its Chinese message, writing nothing', async () => {
    const g = await libraryGoods({ stock: 0 });
    const skuGoods = await libraryGoods({
      price: undefined,
      stock: undefined,
      skus: [{ specs: [{ name: '颜色', value: '白' }], price: 100, stock: 0 }],
    });
    const wh = await defaultWarehouseId();
    const before = await h.db
      .selectFrom('stock_inputs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const base = { goods_id: g.id, warehouse_id: wh, quantity: 1, input_date: '2026-11-20' };
    const cases: [Body, string, number][] = [
      [{ ...base, quantity: 0 }, 'quantity', Codes.PARAM_ERROR.c],
      [{ ...base, quantity: 'x' }, 'quantity', Codes.PARAM_ERROR.c],
      [{ ...base, input_date: '2026-02-30' }, 'input_date', Codes.PARAM_ERROR.c],
      [{ ...base, goods_id: undefined }, 'goods_id', Codes.PARAM_ERROR.c],
      [{ ...base, goods_id: 999999 }, 'goods_id', Codes.PARAM_ERROR.c],
      [{ ...base, warehouse_id: 999999 }, 'warehouse_id', Codes.PARAM_ERROR.c],
      [{ ...base, supplier_id: 999999 }, 'supplier_id', Codes.PARAM_ERROR.c],
      [{ ...base, goods_id: skuGoods.id }, 'sku_id', Codes.GOODS_SKU_REQUIRED.c],
      [{ ...base, remark: 'x'.repeat(201) }, 'remark', Codes.PARAM_ERROR.c],
    ];
    for (const [body, field, code] of cases) {
      const r = await call('/goods/input/add', body, keeper);
      expect([r.c, r.field], JSON.stringify(body)).toEqual([code, field]);
      expect(r.m).toMatch(/[\u4e00-\u9fa5]/);
    }
    const after = await h.db
      .selectFrom('stock_inputs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const adjustCases: [Body, string][] = [
      [{ warehouse_id: wh, goods_id: g.id, quantity: 0, reason: '盘盈' }, 'quantity'],
      [{ warehouse_id: wh, goods_id: g.id, quantity: 3 }, 'reason'],
      [{ warehouse_id: wh, goods_id: g.id, quantity: -1, reason: '盘亏' }, 'quantity'],
      [{ warehouse_id: wh, goods_id: skuGoods.id, quantity: 1, reason: '盘盈' }, 'sku_id'],
    ];
    for (const [body, field] of adjustCases) {
      const r = await call('/stock/adjust', body, keeper);
      expect(r.field, JSON.stringify(r)).toBe(field);
    }
    expect(await movesOf(g.id)).toHaveLength(0);
    expect((await call('/stock/move/list', { date_from: '2026-13-01' })).field).toBe('date_from');
  });
});

describe('orders and the warehouses', () => {
  async function paidOrder(goodsId: number, quantity: number) {
    const m = await h.member(companyId);
    const placed = await m.call('/order/create', {
      goods_id: goodsId,
      quantity,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    const id = placed.d.order.id as number;
    expect((await call('/order/pay/confirm', { id })).c).toBe(0);
    return id;
  }
  const ship = (id: number) => call('/order/ship', { id, shipping_company: '顺丰', tracking_no: `SF${id}` });

  it('on hand = sellable + reserved: an order reserves, shipping takes it out of the warehouse, a refund puts it back', async () => {
    const g = await createGoods(h.db, companyId, { name: '发货商品', price: 500, stock: 8 });
    const order = await paidOrder(g, 3);
    expect([await onHand(g), await sellable(g)]).toEqual([8, 5]);
    // Reserved stock cannot be adjusted away.
    expect(
      (
        await call('/stock/adjust', {
          warehouse_id: await defaultWarehouseId(),
          goods_id: g,
          quantity: -6,
          reason: '盘亏',
        })
      ).c,
    ).toBe(Codes.STOCK_RESERVED.c);
    expect((await ship(order)).c).toBe(0);
    expect([await onHand(g), await sellable(g)]).toEqual([5, 5]);
    expect((await movesOf(g)).at(-1)).toMatchObject({
      kind: 'shipment',
      quantity: -3,
      ref_type: 'order',
      ref_id: order,
    });
    expect((await call('/order/refund', { id: order, note: '客户退货' })).c).toBe(0);
    expect([await onHand(g), await sellable(g)]).toEqual([8, 8]);
    expect((await movesOf(g)).at(-1)).toMatchObject({ kind: 'return', quantity: 3 });
    await ledgerAddsUp(companyId);
  });

  it('takes from the default warehouse first, then the others, and refuses in Chinese when all are short', async () => {
    const g = await createGoods(h.db, companyId, { name: '两仓商品', price: 500, stock: 2 });
    const second = await call('/stock/warehouse/add', { name: `二号仓${g}`, status: 1 });
    expect(second.c).toBe(0);
    expect(
      (await call('/stock/adjust', { warehouse_id: second.d.id, goods_id: g, quantity: 3, reason: '盘盈' }))
        .c,
    ).toBe(0);
    const order = await paidOrder(g, 4);
    expect((await ship(order)).c).toBe(0);
    const out = (await movesOf(g)).filter((m) => m.kind === 'shipment');
    expect(out.map((m) => [m.warehouse_id, m.quantity])).toEqual([
      [await defaultWarehouseId(), -2],
      [second.d.id, -2],
    ]);

    // A level that lost stock outside the ledger (a broken count): the shipment is refused, nothing moves.
    const other = await paidOrder(g, 1);
    await h.db.updateTable('stock_levels').set({ quantity: 0 }).where('goods_id', '=', g).execute();
    await h.db.deleteFrom('stock_moves').where('goods_id', '=', g).execute();
    const refused = await ship(other);
    expect(refused.c).toBe(Codes.STOCK_SHORT.c);
    expect(refused.m).toContain('仓库库存不足');
    expect((await call('/order/manage/detail', { id: other })).d?.status ?? 2).toBe(2);
    expect(await movesOf(g)).toHaveLength(0);
  });

  it('20 adjustments and 5 shipments at once never go negative, and the ledger equals the level', async () => {
    const g = await createGoods(h.db, companyId, { name: '并发商品', price: 500, stock: 15 });
    const orders: number[] = [];
    for (let i = 0; i < 5; i += 1) orders.push(await paidOrder(g, 1));
    const wh = await defaultWarehouseId();
    const results = await Promise.all([
      ...orders.map((id) => ship(id)),
      ...Array.from({ length: 20 }, () =>
        call('/stock/adjust', { warehouse_id: wh, goods_id: g, quantity: -1, reason: '并发盘亏' }, keeper),
      ),
    ]);
    const codes = results.map((r) => r.c);
    expect(codes.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(codes.slice(5).filter((c) => c === 0)).toHaveLength(10);
    expect(
      codes.slice(5).every((c) => c === 0 || c === Codes.STOCK_RESERVED.c || c === Codes.STOCK_SHORT.c),
    ).toBe(true);
    expect([await onHand(g), await sellable(g)]).toEqual([0, 0]);
    await ledgerAddsUp(companyId);
  });

  it('a random mix of operations at once: every level equals the sum of its moves', async () => {
    const g = await libraryGoods({ stock: 5 });
    const wh = await defaultWarehouseId();
    const second = (await call('/stock/warehouse/add', { name: `随机仓${g.id}`, status: 1 })).d.id as number;
    let seed = 7;
    const rand = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const ops = Array.from({ length: 24 }, (_, i) => {
      const where = rand() < 0.5 ? wh : second;
      const n = Math.ceil(rand() * 4) * (rand() < 0.5 ? -1 : 1);
      if (i % 6 === 0)
        return call(
          '/goods/input/add',
          { goods_id: g.id, warehouse_id: where, quantity: 2, input_date: '2026-11-22' },
          keeper,
        ).then((r) => call('/goods/input/check', { id: r.d.id }));
      return call(
        '/stock/adjust',
        { warehouse_id: where, goods_id: g.id, quantity: n, reason: '随机盘点' },
        keeper,
      );
    });
    await Promise.all(ops);
    const total = (await levelsOf(g.id)).reduce((s, l) => s + l.quantity, 0);
    expect(total).toBe(await sellable(g.id));
    await ledgerAddsUp(companyId);
  });
});

describe('warehouses, warnings and push to stock', () => {
  it('keeps names unique, the default warehouse and those holding stock undeletable', async () => {
    const wh = await defaultWarehouseId();
    const name = (await call('/stock/warehouse', { id: wh })).d.name as string;
    expect(await call('/stock/warehouse/add', { name, status: 1 })).toMatchObject({
      c: Codes.WAREHOUSE_NAME_TAKEN.c,
      field: 'name',
    });
    expect((await call('/stock/warehouse/delete', { id: wh })).c).toBe(Codes.WAREHOUSE_IN_USE.c);
    expect((await call('/stock/warehouse/update', { id: wh, name, status: 0 })).field).toBe('status');
    const empty = await call('/stock/warehouse/add', {
      name: '空仓',
      code: 'WH9',
      keeper: '王五',
      status: 1,
    });
    const g = await libraryGoods({ stock: 0 });
    expect(
      (await call('/stock/adjust', { warehouse_id: empty.d.id, goods_id: g.id, quantity: 1, reason: '盘盈' }))
        .c,
    ).toBe(0);
    expect((await call('/stock/warehouse/delete', { id: empty.d.id })).c).toBe(Codes.WAREHOUSE_IN_USE.c);
    const options = await call('/stock/warehouses', {});
    expect(options.d.results.map((o: { label: string }) => o.label)).toContain('空仓');
  });

  it('pushes library goods into a warehouse list with a threshold and lists what is below it', async () => {
    const a = await libraryGoods({ stock: 0 });
    const b = await libraryGoods({
      price: undefined,
      stock: undefined,
      skus: [
        { specs: [{ name: '颜色', value: '黑' }], price: 100, stock: 0 },
        { specs: [{ name: '颜色', value: '灰' }], price: 100, stock: 0 },
      ],
    });
    const wh = (await call('/stock/warehouse/add', { name: `推送仓${a.id}`, status: 1 })).d.id as number;
    const pushed = await call('/goods/push/to/stock', {
      ids: [a.id, b.id],
      warehouse_id: wh,
      warn_quantity: 5,
    });
    expect(pushed).toMatchObject({ c: 0, d: { count: 3 } });
    expect((await call('/goods/push/to/stock', { ids: [a.id], warehouse_id: wh })).d.count).toBe(0);
    const low = await call('/stock/list', { warehouse_id: wh, low: 1 });
    expect(low.d.results).toHaveLength(3);
    expect(low.d.results.every((l: { low: boolean }) => l.low)).toBe(true);
    const level = low.d.results.find((l: { goods_id: number }) => l.goods_id === a.id);
    expect(
      (await call('/stock/adjust', { warehouse_id: wh, goods_id: a.id, quantity: 6, reason: '盘盈' }, keeper))
        .d.low,
    ).toBe(false);
    expect((await call('/stock/warn/update', { id: level.id, warn_quantity: 10 }, keeper)).d).toMatchObject({
      low: true,
      warn_quantity: 10,
    });
    expect((await call('/stock/list', { warehouse_id: wh, low: 1 })).d.results).toHaveLength(3);
    expect((await call('/goods/push/to/stock', { ids: [999999], warehouse_id: wh })).c).toBe(
      Codes.NOT_FOUND.c,
    );
  });
});

describe('who may do what', () => {
  it('refuses another company’s staff and anonymous visitors, and nothing changes', async () => {
    const g = await libraryGoods({ stock: 4 });
    const wh = await defaultWarehouseId();
    const input = (
      await call(
        '/goods/input/add',
        { goods_id: g.id, warehouse_id: wh, quantity: 2, input_date: '2026-11-20' },
        keeper,
      )
    ).d;
    const level = (await call('/stock/list', { goods_id: g.id })).d.results[0];
    const movesBefore = (await movesOf(g.id)).length;
    const attempts: [string, Body, number][] = [
      ['/goods/input', { id: input.id }, Codes.NOT_FOUND.c],
      ['/goods/input/check', { id: input.id }, Codes.NOT_FOUND.c],
      ['/goods/input/update', { ...input, id: input.id, quantity: 9 }, Codes.NOT_FOUND.c],
      ['/goods/input/delete', { id: input.id }, Codes.NOT_FOUND.c],
      ['/goods/input/selected/delete', { ids: [input.id] }, Codes.NOT_FOUND.c],
      ['/stock/warn/update', { id: level.id, warn_quantity: 3 }, Codes.NOT_FOUND.c],
      ['/stock/warehouse/delete', { id: wh }, Codes.NOT_FOUND.c],
      [
        '/stock/adjust',
        { warehouse_id: wh, goods_id: g.id, quantity: -4, reason: '别家' },
        Codes.PARAM_ERROR.c,
      ],
      ['/goods/push/to/stock', { ids: [g.id], warehouse_id: wh }, Codes.PARAM_ERROR.c],
    ];
    for (const [url, body, code] of attempts) {
      expect((await call(url, body, otherAdmin)).c, url).toBe(code);
      expect((await call(url, body, {})).c, url).toBe(Codes.NOT_LOGGED_IN.c);
    }
    expect((await call('/stock/list', { goods_id: g.id }, otherAdmin)).d.results).toHaveLength(0);
    expect((await call('/stock/move/list', { goods_id: g.id }, otherAdmin)).d.results).toHaveLength(0);
    expect((await call('/goods/input/list', {}, otherAdmin)).d.results).toHaveLength(0);
    expect((await call('/goods/input', { id: input.id })).d).toMatchObject({ status: 0, quantity: 2 });
    expect(await onHand(g.id)).toBe(4);
    expect(await movesOf(g.id)).toHaveLength(movesBefore);
    expect((await call('/stock/list', { goods_id: g.id })).d.results[0].warn_quantity).toBe(0);
  });

  it('follows the role table: 12 everything, 13 keeps stock and inputs, 14 and 18 read, 20 and 21 nothing', async () => {
    const g = await libraryGoods({ stock: 1 });
    const wh = await defaultWarehouseId();
    const as = async (role: number) => (await h.as(role, companyId)).headers;
    const input = { goods_id: g.id, warehouse_id: wh, quantity: 1, input_date: '2026-11-20' };
    const adjust = { warehouse_id: wh, goods_id: g.id, quantity: 1, reason: '盘盈' };
    const table: [number, Record<string, boolean>][] = [
      [13, { list: true, add: true, check: false, adjust: true, warehouse: true }],
      [14, { list: true, add: false, check: false, adjust: false, warehouse: false }],
      [18, { list: true, add: false, check: false, adjust: false, warehouse: false }],
      [20, { list: false, add: false, check: false, adjust: false, warehouse: false }],
      [21, { list: false, add: false, check: false, adjust: false, warehouse: false }],
    ];
    const pending = (await call('/goods/input/add', input, keeper)).d.id as number;
    for (const [role, may] of table) {
      const who = await as(role);
      const ok = (r: { c: number }) => r.c !== Codes.FORBIDDEN.c;
      expect(ok(await call('/stock/list', {}, who)), `${role} list`).toBe(may.list);
      expect(ok(await call('/stock/move/list', {}, who)), `${role} moves`).toBe(may.list);
      expect(ok(await call('/goods/input/add', input, who)), `${role} add`).toBe(may.add);
      expect(ok(await call('/goods/input/check', { id: pending }, who)), `${role} check`).toBe(may.check);
      expect(ok(await call('/stock/adjust', adjust, who)), `${role} adjust`).toBe(may.adjust);
      expect(
        ok(await call('/stock/warehouse/add', { name: `角色仓${role}`, status: 1 }, who)),
        `${role} warehouse`,
      ).toBe(may.warehouse);
    }
    expect((await call('/goods/input/check', { id: pending })).c).toBe(0);
  });
});
