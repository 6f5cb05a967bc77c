import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, xlsx } from './excel.ts';
import { type MaterialsCompany, materialsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';
import { ledgerAddsUp, onHand, sellable } from './stock-checks.ts';

/**
 * Production plans (PMC, ADR 0024): a plan made from a product's bill of materials, its material
 * lines with what the warehouses hold, warnings (缺料, 延期), progress reports never over the plan,
 * finishing in one transaction (output in, materials out, the ledger adding up; refused with the
 * short material named and nothing written; never twice, also in parallel), batch finish all or
 * nothing, plans copied from old ones, the import, and another company, a visitor and the role
 * table refused. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = co.admin) =>
  h.json(url, body, headers);
const ok = async (url: string, body: Body = {}, headers: Record<string, string> = co.admin) => {
  const r = await call(url, body, headers);
  expect(r.c, `${url} ${JSON.stringify(r)}`).toBe(0);
  return r.d;
};

const chinaDay = (plus = 0) =>
  new Date(Date.now() + 8 * 3600_000 + plus * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
let co: MaterialsCompany;
const goods = (stock: number, name = '物料') => co.goods({ stock }, name);

/** A product with its output goods and materials: `per` of each material per batch of 2 units. */
async function product(materials: { id: number; per: number }[]) {
  const output = await goods(0, '成品');
  seq += 1;
  const p = await ok('/product/create', {
    code: `CP-${seq}`,
    name: `产品${seq}`,
    goods_id: output.id,
    batch_size: 2,
    unit: '箱',
    status: 1,
    materials: materials.map((m) => ({ goods_id: m.id, quantity: m.per })),
  });
  return { id: p.id as number, code: p.code as string, outputId: output.id };
}

const plan = (productId: number, over: Body = {}) =>
  call('/pmc/create', {
    product_id: productId,
    quantity: 10,
    start_date: chinaDay(),
    due_date: chinaDay(5),
    warehouse_id: co.warehouseId,
    ...over,
  });

const planRow = (id: number) =>
  h.db.selectFrom('production_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const planMoves = (id: number) =>
  h.db
    .selectFrom('stock_moves')
    .selectAll()
    .where('ref_type', '=', 'production_plan')
    .where('ref_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  h = await testApp();
  co = await materialsCompany(h, '生产单位', 'PM-');
});
afterAll(() => h.close());

describe('production plans', () => {
  it('makes a plan from the bill of materials, warns of a shortage and refuses to finish it with nothing written', async () => {
    const flour = await goods(100, '面粉');
    const sugar = await goods(3, '白糖');
    const p = await product([
      { id: flour.id, per: 3 },
      { id: sugar.id, per: 1 },
    ]);
    const made = await plan(p.id, { remark: '第一批' });
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d).toMatchObject({
      status: 0,
      status_name: '计划中',
      quantity: 10,
      produced: 0,
      progress: 0,
    });
    expect(made.d.plan_no).toMatch(/^SC\d{14}$/);
    const id = made.d.id as number;

    // 10 units, 2 per batch: ceil(10 × 3 / 2) = 15 flour, ceil(10 × 1 / 2) = 5 sugar (3 on hand).
    const lines = (await ok('/pmc/goods/list', { plan_id: id })).results;
    expect(lines.map((l: Body) => [l.goods_id, l.required, l.on_hand, l.short])).toEqual([
      [flour.id, 15, 100, 0],
      [sugar.id, 5, 3, 2],
    ]);
    expect((await ok('/pmc/goods/preview', { product_id: p.id, quantity: 4 })).results).toMatchObject([
      { goods_id: flour.id, required: 6 },
      { goods_id: sugar.id, required: 2 },
    ]);
    const listed = await ok('/pmc/list', { keyword: made.d.plan_no });
    expect(listed.results[0].warnings).toEqual(['缺料']);
    const warns = await ok('/pmc/warn/list', { plan_id: id });
    expect(warns.results).toEqual([
      expect.objectContaining({
        kind: 'short',
        kind_name: '缺料',
        goods_id: sugar.id,
        detail: expect.stringContaining('缺2'),
      }),
    ]);

    const refused = await call('/pmc/finish', { id });
    expect(refused.c).toBe(Codes.PMC_MATERIAL_SHORT.c);
    expect(refused.m).toContain(sugar.name);
    expect((await planRow(id)).status).toBe(0);
    expect(await planMoves(id)).toEqual([]);
    expect(await onHand(h, flour.id)).toBe(100);
    expect(await onHand(h, p.outputId)).toBe(0);

    // The stock-in fixes it; reports count; finishing books output in and materials out.
    await ok('/stock/adjust', {
      warehouse_id: co.warehouseId,
      goods_id: sugar.id,
      quantity: 10,
      reason: '补料',
    });
    expect((await ok('/pmc/warn/list', { plan_id: id })).results).toEqual([]);
    expect(
      await ok('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 4 }, co.keeper),
    ).toMatchObject({
      quantity: 4,
    });
    const over = await call('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 7 });
    expect(over).toMatchObject({ c: Codes.PMC_PROGRESS_OVER.c, field: 'quantity' });
    expect(await ok('/pmc/get', { id })).toMatchObject({
      produced: 4,
      progress: 40,
      status: 1,
      status_name: '生产中',
    });
    const reports = await ok('/pmc/progress/list', { plan_id: id });
    expect(reports.paging.count).toBe(1);
    expect(await ok('/pmc/detail/delete', { id: reports.results[0].id })).toEqual({ count: 1 });
    expect((await planRow(id)).produced).toBe(0);
    await ok('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 6, remark: '白班' });

    const finished = await ok('/pmc/finish', { id }, co.keeper);
    expect(finished).toMatchObject({
      status: 2,
      status_name: '已完成',
      produced: 10,
      progress: 100,
      warnings: [],
    });
    expect(finished.finished_at).toBeTruthy();
    expect(await onHand(h, p.outputId)).toBe(10);
    expect(await sellable(h, p.outputId)).toBe(10);
    expect(await onHand(h, flour.id)).toBe(85);
    expect(await sellable(h, flour.id)).toBe(85);
    expect(await onHand(h, sugar.id)).toBe(8);
    const moves = await planMoves(id);
    expect(moves.map((m) => [m.kind, m.goods_id, m.quantity]).sort()).toEqual(
      [
        ['material', flour.id, -15],
        ['material', sugar.id, -5],
        ['production', p.outputId, 10],
      ].sort(),
    );
    await ledgerAddsUp(h, co.companyId);

    // A finished plan is kept as it is.
    expect((await call('/pmc/finish', { id })).c).toBe(Codes.PMC_CLOSED.c);
    expect((await call('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 1 })).c).toBe(
      Codes.PMC_CLOSED.c,
    );
    expect((await call('/pmc/delete', { id })).c).toBe(Codes.PMC_CLOSED.c);
    const save = await call('/pmc/save', {
      id,
      product_id: p.id,
      quantity: 10,
      start_date: chinaDay(),
      due_date: chinaDay(5),
      warehouse_id: co.warehouseId,
    });
    expect(save.c).toBe(Codes.PMC_CLOSED.c);
    expect((await planMoves(id)).length).toBe(3);

    // Planned again from the finished one: same product, quantity and lines, new dates.
    const copied = await ok('/pmc/import/from/old', { ids: [id], start_date: chinaDay(10) });
    expect(copied.count).toBe(1);
    expect(copied.results[0]).toMatchObject({
      status: 0,
      quantity: 10,
      product_id: p.id,
      source_plan_id: id,
      start_date: chinaDay(10),
      due_date: chinaDay(15),
    });
    expect(copied.results[0].plan_no).not.toBe(made.d.plan_no);
    const copiedLines = (await ok('/pmc/goods/list', { plan_id: copied.results[0].id })).results;
    expect(copiedLines.map((l: Body) => [l.goods_id, l.required])).toEqual([
      [flour.id, 15],
      [sugar.id, 5],
    ]);
    const notOld = await call('/pmc/import/from/old', {
      ids: [copied.results[0].id],
      start_date: chinaDay(),
    });
    expect(notOld.c).toBe(Codes.PMC_NOT_OLD.c);
  });

  it('checks the fields, the number, the product and the material lines', async () => {
    const m = await goods(50);
    const p = await product([{ id: m.id, per: 1 }]);
    const bad = await plan(p.id, { start_date: chinaDay(3), due_date: chinaDay(1) });
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'due_date', m: '完工日期不能早于开始日期' });
    expect(await plan(p.id, { quantity: 0 })).toMatchObject({
      c: 10001,
      field: 'quantity',
      m: '计划数量不能小于1',
    });
    expect(await plan(p.id, { start_date: '2026-02-30' })).toMatchObject({ c: 10001, field: 'start_date' });
    expect(await plan(999_999)).toMatchObject({ c: Codes.PMC_PRODUCT_UNAVAILABLE.c, field: 'product_id' });
    const first = await ok('/pmc/create', {
      plan_no: 'PLAN-1',
      product_id: p.id,
      quantity: 4,
      start_date: chinaDay(),
      due_date: chinaDay(2),
      warehouse_id: co.warehouseId,
    });
    expect(await ok('/pmc/check', { value: 'PLAN-1' })).toEqual({
      available: false,
      message: '计划单号已存在',
    });
    expect(await plan(p.id, { plan_no: 'PLAN-1' })).toMatchObject({
      c: Codes.PMC_NO_TAKEN.c,
      field: 'plan_no',
    });

    // Material lines: the output is no material, a goods is on a plan once, lines can be changed and removed.
    const extra = await goods(1);
    expect(
      await call('/pmc/goods/save', { plan_id: first.id, goods_id: p.outputId, required: 1 }),
    ).toMatchObject({
      c: 10001,
      field: 'goods_id',
    });
    expect(await call('/pmc/goods/save', { plan_id: first.id, goods_id: m.id, required: 1 })).toMatchObject({
      c: Codes.PMC_MATERIAL_DUPLICATE.c,
    });
    const line = await ok('/pmc/goods/save', { plan_id: first.id, goods_id: extra.id, required: 3 });
    expect(line).toMatchObject({ goods_id: extra.id, required: 3, on_hand: 1, short: 2 });
    expect(
      await ok('/pmc/goods/save', { plan_id: first.id, id: line.id, goods_id: extra.id, required: 1 }),
    ).toMatchObject({
      short: 0,
    });
    expect(await ok('/pmc/goods/delete', { id: line.id })).toEqual({ count: 1 });
    expect((await ok('/pmc/goods/list', { plan_id: first.id })).results).toHaveLength(1);

    // A save of another quantity takes the lines from the bill of materials again; a cancelled plan is closed.
    const saved = await ok('/pmc/save', {
      id: first.id,
      plan_no: 'PLAN-1',
      product_id: p.id,
      quantity: 8,
      start_date: chinaDay(),
      due_date: chinaDay(2),
      warehouse_id: co.warehouseId,
      status: '3',
    });
    expect(saved).toMatchObject({ status: 3, status_name: '已取消', warnings: [] });
    expect((await ok('/pmc/goods/list', { plan_id: first.id })).results[0].required).toBe(4);
    expect((await call('/pmc/finish', { id: first.id })).c).toBe(Codes.PMC_CLOSED.c);
    expect(
      (
        await call('/pmc/goods/delete', {
          id: (await ok('/pmc/goods/list', { plan_id: first.id })).results[0].id,
        })
      ).c,
    ).toBe(Codes.PMC_CLOSED.c);
  });

  it('warns of plans late against their due date or their linear schedule', async () => {
    const m = await goods(1000);
    const p = await product([{ id: m.id, per: 1 }]);
    const overdue = await ok('/pmc/create', {
      product_id: p.id,
      quantity: 10,
      start_date: chinaDay(-10),
      due_date: chinaDay(-2),
      warehouse_id: co.warehouseId,
    });
    // 10 days from 4 days ago: by the end of yesterday 4 of 10 were due.
    const behind = await ok('/pmc/create', {
      product_id: p.id,
      quantity: 10,
      start_date: chinaDay(-4),
      due_date: chinaDay(5),
      warehouse_id: co.warehouseId,
    });
    const onTime = await ok('/pmc/create', {
      product_id: p.id,
      quantity: 10,
      start_date: chinaDay(),
      due_date: chinaDay(5),
      warehouse_id: co.warehouseId,
    });
    expect(overdue.warnings).toEqual(['延期']);
    expect(behind.warnings).toEqual(['延期']);
    expect(onTime.warnings).toEqual([]);
    const late = await ok('/pmc/warn/list', { kind: 'late', page_size: 20 });
    const mine = late.results.filter((w: Body) => [overdue.id, behind.id, onTime.id].includes(w.plan_id));
    expect(mine).toEqual([
      expect.objectContaining({
        plan_id: overdue.id,
        kind_name: '延期',
        detail: expect.stringContaining('已超过完工日期2天'),
      }),
      expect.objectContaining({ plan_id: behind.id, detail: '按计划截至昨天应完成4，实际完成0' }),
    ]);
    await ok('/pmc/progress/add', { plan_id: behind.id, report_date: chinaDay(-1), quantity: 4 });
    expect((await ok('/pmc/get', { id: behind.id })).warnings).toEqual([]);
    const future = await call('/pmc/progress/add', {
      plan_id: behind.id,
      report_date: chinaDay(1),
      quantity: 1,
    });
    expect(future).toMatchObject({ c: 10001, field: 'report_date' });
  });

  it('finishes a batch all or nothing, and parallel finishes sharing a material never take it below zero', async () => {
    const shared = await goods(30, '共用料');
    const scarce = await goods(0, '紧缺料');
    const p1 = await product([{ id: shared.id, per: 2 }]);
    const p2 = await product([
      { id: shared.id, per: 2 },
      { id: scarce.id, per: 2 },
    ]);
    const a = (await plan(p1.id)).d.id as number;
    const b = (await plan(p2.id)).d.id as number;
    const batch = await call('/pmc/selected/finish', { ids: [a, b] });
    expect(batch.c).toBe(Codes.PMC_MATERIAL_SHORT.c);
    expect(batch.m).toContain(scarce.name);
    expect([(await planRow(a)).status, (await planRow(b)).status]).toEqual([0, 0]);
    expect(await onHand(h, shared.id)).toBe(30);

    // 30 on hand, three plans of 10 units need 10 each... two more need 20: only one of two parallel finishes fits.
    const c = (await plan(p1.id, { quantity: 15 })).d.id as number;
    const d = (await plan(p1.id, { quantity: 15 })).d.id as number;
    expect(await ok('/pmc/selected/finish', { ids: [a] })).toEqual({ count: 1 });
    expect(await onHand(h, shared.id)).toBe(20);
    const answers = await Promise.all([
      call('/pmc/finish', { id: c }),
      call('/pmc/finish', { id: d }, co.keeper),
    ]);
    expect(answers.map((r) => r.c).sort()).toEqual([0, Codes.PMC_MATERIAL_SHORT.c].sort());
    expect(await onHand(h, shared.id)).toBe(5);
    // The same plan twice at once: finished once.
    await ok('/stock/adjust', {
      warehouse_id: co.warehouseId,
      goods_id: shared.id,
      quantity: 100,
      reason: '补料',
    });
    const e = (await plan(p1.id)).d.id as number;
    const twice = await Promise.all([call('/pmc/finish', { id: e }), call('/pmc/finish', { id: e })]);
    expect(twice.map((r) => r.c).sort()).toEqual([0, Codes.PMC_CLOSED.c].sort());
    expect((await planMoves(e)).filter((m) => m.kind === 'production')).toHaveLength(1);
    await ledgerAddsUp(h, co.companyId);
  });

  it('never lets parallel reports pass the plan, and a copy refuses an old plan whose product stopped', async () => {
    const m = await goods(100);
    const p = await product([{ id: m.id, per: 1 }]);
    const id = (await plan(p.id)).d.id as number;
    const answers = await Promise.all([
      call('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 6 }),
      call('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 6 }, co.keeper),
    ]);
    expect(answers.map((r) => r.c).sort()).toEqual([0, Codes.PMC_PROGRESS_OVER.c].sort());
    expect((await planRow(id)).produced).toBe(6);
    expect((await ok('/pmc/progress/list', { plan_id: id })).paging.count).toBe(1);

    await ok('/pmc/save', {
      id,
      product_id: p.id,
      quantity: 10,
      start_date: chinaDay(),
      due_date: chinaDay(5),
      warehouse_id: co.warehouseId,
      status: '3',
    });
    // A product an open plan makes is kept; once the plan is closed it may go.
    const other = (await plan(p.id)).d.id as number;
    const kept = await call('/product/delete', { id: p.id });
    expect(kept.c).toBe(Codes.PRODUCT_IN_USE.c);
    expect(kept.m).toContain('还有进行中的生产计划');
    await ok('/pmc/delete', { id: other });
    const stored = await ok('/product/get', { id: p.id });
    await ok('/product/save', { ...stored, id: p.id, status: 0, materials: undefined });
    const refused = await call('/pmc/import/from/old', { ids: [id], start_date: chinaDay() });
    expect(refused).toMatchObject({ c: Codes.PMC_PRODUCT_UNAVAILABLE.c, field: 'ids' });
    expect(refused.m).toContain('已删除或停用');
  });

  it('imports plans from a sheet: product by code, warehouse by name, errors per cell', async () => {
    const m = await goods(10);
    const p = await product([{ id: m.id, per: 2 }]);
    const template = await h.app.inject({
      method: 'GET',
      url: '/api/pmc/excel_data_save/template',
      headers: co.admin,
    });
    expect(template.statusCode).toBe(200);
    const content = await xlsx(
      '生产计划',
      ['计划单号', '产品编码*', '计划数量*', '开始日期*', '完工日期*', '入库仓库', '备注'],
      [
        ['IMP-1', p.code, 6, chinaDay(), chinaDay(3), '', '导入'],
        ['IMP-2', 'NO-SUCH', 6, chinaDay(), chinaDay(3), '', ''],
        ['IMP-3', p.code, 6, chinaDay(3), chinaDay(1), '不存在的仓库', ''],
      ],
    );
    const send = (mode: string) =>
      runImport(h, '/api/pmc/excel_data_save', mode, content, co.admin, 'p.xlsx');
    const preview = await send('preview');
    expect(preview.d).toMatchObject({ total: 3, valid: 1, invalid: 2, created: 0 });
    expect(preview.d.rows[1]?.errors).toEqual({ 产品编码: '产品编码「NO-SUCH」不存在' });
    expect(preview.d.rows[2]?.errors).toMatchObject({
      入库仓库: '仓库「不存在的仓库」不存在或已停用',
      完工日期: '完工日期不能早于开始日期',
    });
    expect((await send('all')).job).toMatchObject({
      state: 'failed',
      error: '有2行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行',
    });
    const done = await send('valid');
    expect(done.d).toMatchObject({ created: 1 });
    const imported = await h.db
      .selectFrom('production_plans')
      .selectAll()
      .where('company_id', '=', co.companyId)
      .where('plan_no', '=', 'IMP-1')
      .executeTakeFirstOrThrow();
    expect(imported).toMatchObject({
      product_id: p.id,
      warehouse_id: co.warehouseId,
      quantity: 6,
      status: 0,
    });
    expect((await ok('/pmc/goods/list', { plan_id: imported.id })).results).toMatchObject([
      { goods_id: m.id, required: 6 },
    ]);
  });

  it('refuses another company, a visitor and roles without the permission', async () => {
    const m = await goods(100);
    const p = await product([{ id: m.id, per: 1 }]);
    const id = (await plan(p.id)).d.id as number;
    const line = (await ok('/pmc/goods/list', { plan_id: id })).results[0];
    await ok('/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 1 });
    const report = (await ok('/pmc/progress/list', { plan_id: id })).results[0];
    const before = await planRow(id);

    for (const [url, body] of [
      ['/pmc/get', { id }],
      ['/pmc/finish', { id }],
      ['/pmc/selected/finish', { ids: [id] }],
      ['/pmc/goods/list', { plan_id: id }],
      ['/pmc/progress/list', { plan_id: id }],
      ['/pmc/progress/add', { plan_id: id, report_date: chinaDay(), quantity: 1 }],
      ['/pmc/detail/delete', { id: report.id }],
      ['/pmc/goods/delete', { id: line.id }],
      ['/pmc/goods/save', { plan_id: id, goods_id: m.id, required: 1 }],
      ['/pmc/selected/delete', { ids: [id] }],
    ] as const)
      expect((await call(url, body, co.otherAdmin)).c, url).toBe(Codes.NOT_FOUND.c);
    expect(
      (
        await call(
          '/pmc/create',
          {
            product_id: p.id,
            quantity: 1,
            start_date: chinaDay(),
            due_date: chinaDay(),
            warehouse_id: co.warehouseId,
          },
          co.otherAdmin,
        )
      ).c,
    ).not.toBe(0);
    expect((await ok('/pmc/list', {}, co.otherAdmin)).results).toEqual([]);
    expect((await ok('/pmc/warn/list', {}, co.otherAdmin)).results).toEqual([]);
    expect(await planRow(id)).toEqual(before);

    const anonymous = await h.app.inject({ method: 'POST', url: '/api/pmc/list', payload: {} });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await call('/pmc/list', {}, co.seller)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/pmc/list', {}, co.buyer)).c).toBe(0);
    expect((await call('/pmc/warn/list', {}, co.buyer)).c).toBe(0);
    expect((await call('/pmc/finish', { id }, co.buyer)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/pmc/create', {}, co.keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/pmc/selected/delete', { ids: [id] }, co.keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect(await planRow(id)).toEqual(before);
  });
});
