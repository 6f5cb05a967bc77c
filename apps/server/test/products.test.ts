import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, xlsx } from './excel.ts';
import { type MaterialsCompany, materialsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';
import { ledgerAddsUp, onHand, sellable } from './stock-checks.ts';

/**
 * Products and their bills of materials (spec §7 `/product/*`, ADR 0023): CRUD with the material
 * lines in one transaction, the code check, the picker, field errors, the output and material
 * rules; `/product/push/to/stock` books the output in and the materials out through the ledger
 * (moves that add up, sellable stock alike), refuses a short material with nothing written, and
 * parallel pushes never take a material below 0; another company, a visitor and roles without the
 * permission refused; the import with its 物料清单 column. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = co.admin) =>
  h.json(url, body, headers);

let seq = 0;
type Made = { id: number; name: string; code: string };
let co: MaterialsCompany;
/** A goods of the library with opening stock in the default warehouse. */
const goods = (over: Body = {}) => co.goods(over);

const moveCount = async () =>
  Number(
    (
      await h.db
        .selectFrom('stock_moves')
        .select(h.db.fn.countAll().as('n'))
        .where('company_id', '=', co.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  h = await testApp();
  co = await materialsCompany(h, '产品单位', 'CP-G');
});
afterAll(() => h.close());

describe('products: the resource and its bill of materials', () => {
  it('creates, reads, saves and lists a product with its material lines', async () => {
    const out = await goods({ name: '茶叶礼盒', goods_type: 'finished', unit: '盒' });
    const tea = await goods({ name: '龙井散茶', stock: 50 });
    const box = await goods({ name: '礼盒包装', stock: 20 });
    const cup = await goods({
      name: '茶杯',
      skus: [
        { specs: [{ name: '颜色', value: '白' }], price: 100, stock: 4 },
        { specs: [{ name: '颜色', value: '青' }], price: 100, stock: 6 },
      ],
    });
    const cupSkus = (await call('/goods/detail/list', { goods_id: cup.id })).d.results as { id: number }[];
    const made = await call('/product/create', {
      code: 'P-LH01',
      name: ' 龙井礼盒 ',
      goods_id: out.id,
      batch_size: 10,
      status: 1,
      materials: [
        { goods_id: tea.id, quantity: 25, remark: '每盒250克' },
        { goods_id: box.id, quantity: 10 },
      ],
    });
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d).toMatchObject({
      code: 'P-LH01',
      name: '龙井礼盒',
      goods_id: out.id,
      sku_id: 0,
      goods_name: '茶叶礼盒',
      batch_size: 10,
      unit: '盒',
      material_count: 2,
      status: 1,
    });
    const id = made.d.id as number;
    const lines = await call('/product/detail/list', { id });
    expect(
      lines.d.results.map((l: Body) => [l.goods_name, l.sku_id, l.quantity, l.remark, l.on_hand, l.sort]),
    ).toEqual([
      ['龙井散茶', 0, 25, '每盒250克', 50, 1],
      ['礼盒包装', 0, 10, '', 20, 2],
    ]);

    // A save replaces the lines (a specification picked); without `materials` they stay.
    const saved = await call('/product/save', {
      id,
      code: 'P-LH01',
      name: '龙井礼盒',
      goods_id: out.id,
      batch_size: 5,
      unit: '套',
      status: 1,
      materials: [
        { goods_id: cup.id, sku_id: cupSkus[1]?.id, quantity: 2 },
        { goods_id: tea.id, quantity: 12 },
      ],
    });
    expect(saved.d).toMatchObject({ batch_size: 5, unit: '套', material_count: 2 });
    const kept = await call('/product/save', {
      id,
      code: 'P-LH01',
      name: '龙井礼盒（新）',
      goods_id: out.id,
      batch_size: 5,
      status: 1,
    });
    expect(kept.d).toMatchObject({ name: '龙井礼盒（新）', material_count: 2 });
    const after = (await call('/product/detail/list', { id, warehouse_id: co.warehouseId })).d.results;
    expect(after.map((l: Body) => [l.goods_name, l.spec_text, l.quantity, l.on_hand])).toEqual([
      ['茶杯', '青', 2, 6],
      ['龙井散茶', '', 12, 50],
    ]);
    const got = await call('/product/get', { id });
    expect(got.d).toMatchObject({ id, name: '龙井礼盒（新）', goods_code: out.code });

    // The list: search by product or output goods, the status filter, paging.
    const other = await goods({ name: '花茶礼盒', goods_type: 'finished' });
    const stopped = await call('/product/create', {
      code: 'P-HC01',
      name: '花茶礼盒',
      goods_id: other.id,
      batch_size: 1,
      status: 0,
      materials: [{ goods_id: box.id, quantity: 1 }],
    });
    expect(stopped.c).toBe(0);
    expect((await call('/product/list', { keyword: '茶叶礼盒' })).d.results.map((p: Body) => p.id)).toEqual([
      id,
    ]);
    expect((await call('/product/list', { keyword: 'lh01' })).d.paging.count).toBe(1);
    expect((await call('/product/list', { status: 0 })).d.results.map((p: Body) => p.code)).toEqual([
      'P-HC01',
    ]);
    const page = await call('/product/list', { page: 2, page_size: 1, sort: 'code' });
    expect(page.d.paging).toMatchObject({ count: 2, cur_page: 2, num_pages: 2 });
    expect(page.d.results.map((p: Body) => p.code)).toEqual(['P-LH01']);

    // The picker offers products in use; the code check.
    expect((await call('/product/select', {})).d.results.map((o: Body) => o.label)).toEqual([
      '龙井礼盒（新）',
    ]);
    expect((await call('/product/check', { value: 'P-LH01' })).d).toMatchObject({ available: false });
    expect((await call('/product/check', { value: 'P-LH01', id })).d.available).toBe(true);
    expect((await call('/product/check', { value: 'P-NEW' })).d.available).toBe(true);

    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'after_json'])
      .where('entity', '=', 'products')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(String(audited[0]?.after_json)).materials).toHaveLength(2);
  });

  it('refuses bad input with the field and its Chinese message, writing nothing', async () => {
    const out = await goods({ goods_type: 'finished' });
    const m = await goods();
    const sized = await goods({
      skus: [{ specs: [{ name: '规格', value: '大' }], price: 100 }],
    });
    const base = { code: 'P-BAD', name: '坏产品', goods_id: out.id, batch_size: 1, status: 1 };
    const cases: [Body, string, number][] = [
      [{ ...base, name: '' }, 'name', Codes.PARAM_ERROR.c],
      [{ ...base, code: '中文编码' }, 'code', Codes.PARAM_ERROR.c],
      [{ ...base, batch_size: 0 }, 'batch_size', Codes.PARAM_ERROR.c],
      [{ ...base, materials: [{ goods_id: m.id, quantity: 0 }] }, 'materials', Codes.PARAM_ERROR.c],
      [{ ...base, materials: 'not json' }, 'materials', Codes.PARAM_ERROR.c],
      [{ ...base, goods_id: 99_999_999 }, 'goods_id', Codes.PARAM_ERROR.c],
      [{ ...base, goods_id: sized.id }, 'goods_id', Codes.GOODS_SKU_REQUIRED.c],
      [
        { ...base, materials: [{ goods_id: out.id, quantity: 1 }] },
        'materials',
        Codes.PRODUCT_MATERIAL_INVALID.c,
      ],
      [
        {
          ...base,
          materials: [
            { goods_id: m.id, quantity: 1 },
            { goods_id: m.id, quantity: 2 },
          ],
        },
        'materials',
        Codes.PRODUCT_MATERIAL_INVALID.c,
      ],
      [
        { ...base, materials: [{ goods_id: sized.id, quantity: 1 }] },
        'materials',
        Codes.PRODUCT_MATERIAL_INVALID.c,
      ],
      [
        { ...base, materials: Array.from({ length: 201 }, () => ({ goods_id: m.id, quantity: 1 })) },
        'materials',
        Codes.PARAM_ERROR.c,
      ],
    ];
    for (const [body, field, c] of cases) {
      const r = await call('/product/create', body);
      expect(r, JSON.stringify(body).slice(0, 80)).toMatchObject({ c, field });
      expect(r.m).toMatch(/[\u4e00-\u9fa5]/);
    }
    const dup = await call('/product/create', {
      ...base,
      materials: [
        { goods_id: m.id, quantity: 1 },
        { goods_id: m.id, quantity: 2 },
      ],
    });
    expect(dup.m).toContain('第2行物料');
    expect(await h.db.selectFrom('products').select('id').where('code', '=', 'P-BAD').execute()).toEqual([]);

    // A form post carries the lines as JSON text.
    const form = await h.post(
      '/api/product/create',
      { ...base, materials: JSON.stringify([{ goods_id: m.id, quantity: 3 }]) } as Record<
        string,
        string | number
      >,
      co.admin,
    );
    expect(form.json()).toMatchObject({ c: 0, d: { material_count: 1 } });
    // Code and output taken.
    expect(await call('/product/create', { ...base, goods_id: m.id })).toMatchObject({
      c: Codes.PRODUCT_CODE_TAKEN.c,
      field: 'code',
    });
    const taken = await call('/product/create', { ...base, code: 'P-BAD2' });
    expect(taken).toMatchObject({ c: Codes.PRODUCT_OUTPUT_TAKEN.c, field: 'goods_id' });
    expect(taken.m).toContain('坏产品');
  });

  it('keeps other companies, visitors and roles without the permission out', async () => {
    const out = await goods({ goods_type: 'finished' });
    const m = await goods({ stock: 5 });
    const p = await call('/product/create', {
      code: 'P-SCOPE',
      name: '范围产品',
      goods_id: out.id,
      batch_size: 1,
      status: 1,
      materials: [{ goods_id: m.id, quantity: 1 }],
    });
    const id = p.d.id as number;
    const body = { id, code: 'P-X', name: '改', goods_id: out.id, batch_size: 1, status: 1 };
    for (const [url, b] of [
      ['/product/get', { id }],
      ['/product/save', body],
      ['/product/delete', { id }],
      ['/product/selected/delete', { ids: [id] }],
      ['/product/detail/list', { id }],
      ['/product/push/to/stock', { id, quantity: 1, warehouse_id: co.warehouseId }],
    ] as const)
      expect((await call(url, b, co.otherAdmin)).c, url).toBe(Codes.NOT_FOUND.c);
    expect((await call('/product/list', {}, co.otherAdmin)).d.paging.count).toBe(0);
    // Another company's goods cannot be an output or a material.
    expect(
      await call(
        '/product/create',
        { code: 'P-O', name: '外', goods_id: out.id, batch_size: 1, status: 1 },
        co.otherAdmin,
      ),
    ).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'goods_id' });

    for (const url of ['/product/list', '/product/create', '/product/push/to/stock', '/product/detail/list'])
      expect((await call(url, {}, {})).c, url).toBe(Codes.NOT_LOGGED_IN.c);
    // 销售 holds no product codename; 采购 reads but neither writes nor produces; 仓库 produces.
    expect((await call('/product/list', {}, co.seller)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/product/list', {}, co.buyer)).c).toBe(0);
    expect((await call('/product/save', body, co.buyer)).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (await call('/product/push/to/stock', { id, quantity: 1, warehouse_id: co.warehouseId }, co.buyer)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await call('/product/delete', { id }, co.keeper)).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (await call('/product/push/to/stock', { id, quantity: 1, warehouse_id: co.warehouseId }, co.keeper)).c,
    ).toBe(0);
    expect((await call('/product/get', { id })).d.name).toBe('范围产品');
  });

  it('answers two saves racing for one code or one output goods like the check', async () => {
    const out = await goods({ goods_type: 'finished' });
    const out2 = await goods({ goods_type: 'finished' });
    const body = (code: string, goodsId: number) => ({
      code,
      name: '并发',
      goods_id: goodsId,
      batch_size: 1,
      status: 1,
    });
    const sameOutput = await Promise.all([
      call('/product/create', body('P-RACE1', out.id)),
      call('/product/create', body('P-RACE2', out.id)),
    ]);
    expect(sameOutput.map((r) => r.c).sort()).toEqual([0, Codes.PRODUCT_OUTPUT_TAKEN.c]);
    expect(sameOutput.find((r) => r.c !== 0)?.field).toBe('goods_id');
    const sameCode = await Promise.all([
      call('/product/create', body('P-RACE3', out2.id)),
      call('/product/create', body('P-RACE3', (await goods()).id)),
    ]);
    expect(sameCode.map((r) => r.c).sort()).toEqual([0, Codes.PRODUCT_CODE_TAKEN.c]);
    expect(sameCode.find((r) => r.c !== 0)?.field).toBe('code');
  });

  it('deletes one or a batch, all or nothing', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const out = await goods({ goods_type: 'finished' });
      ids.push(
        (
          await call('/product/create', {
            code: `P-DEL${n}`,
            name: `删${n}`,
            goods_id: out.id,
            batch_size: 1,
            status: 1,
          })
        ).d.id,
      );
    }
    expect((await call('/product/selected/delete', { ids: [...ids, 99_999_999] })).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/product/get', { id: ids[0] })).c).toBe(0);
    expect(await call('/product/selected/delete', { ids })).toMatchObject({ c: 0, d: { count: 2 } });
    expect((await call('/product/get', { id: ids[0] })).c).toBe(Codes.NOT_FOUND.c);
    // A deleted product's code and output are free again.
    expect((await call('/product/check', { value: 'P-DEL1' })).d.available).toBe(true);
  });
});

describe('/product/push/to/stock', () => {
  async function product(materials: { stock: number; quantity: number }[], batch = 1) {
    const out = await goods({ goods_type: 'finished', stock: 2 });
    const ms = [];
    for (const x of materials) ms.push(await goods({ stock: x.stock }));
    seq += 1;
    const p = await call('/product/create', {
      code: `P-PUSH${seq}`,
      name: `生产产品${seq}`,
      goods_id: out.id,
      batch_size: batch,
      status: 1,
      materials: ms.map((m, i) => ({ goods_id: m.id, quantity: materials[i]?.quantity })),
    });
    expect(p.c, JSON.stringify(p)).toBe(0);
    return { id: p.d.id as number, out, ms };
  }

  it('books the output in and the materials out in one transaction; the ledger adds up', async () => {
    // Per batch of 4: 3 of the first, 1 of the second. 6 units need ceil(18/4)=5 and ceil(6/4)=2.
    const { id, out, ms } = await product(
      [
        { stock: 10, quantity: 3 },
        { stock: 5, quantity: 1 },
      ],
      4,
    );
    const [a, b] = [ms[0], ms[1]] as [Made, Made];
    const pushed = await call('/product/push/to/stock', {
      id,
      quantity: 6,
      warehouse_id: co.warehouseId,
      remark: '第一批',
    });
    expect(pushed, JSON.stringify(pushed)).toMatchObject({
      c: 0,
      d: { product_id: id, quantity: 6, materials: [{ required: 5 }, { required: 2 }] },
    });
    expect([await onHand(h, out.id), await onHand(h, a.id), await onHand(h, b.id)]).toEqual([8, 5, 3]);
    expect([await sellable(h, out.id), await sellable(h, a.id), await sellable(h, b.id)]).toEqual([8, 5, 3]);
    const moves = await h.db
      .selectFrom('stock_moves')
      .select(['goods_id', 'kind', 'quantity', 'ref_type', 'ref_id', 'reason'])
      .where('ref_type', '=', 'product')
      .where('ref_id', '=', id)
      .orderBy('goods_id')
      .execute();
    expect(moves).toEqual([
      {
        goods_id: out.id,
        kind: 'production',
        quantity: 6,
        ref_type: 'product',
        ref_id: id,
        reason: '第一批',
      },
      { goods_id: a.id, kind: 'material', quantity: -5, ref_type: 'product', ref_id: id, reason: '第一批' },
      { goods_id: b.id, kind: 'material', quantity: -2, ref_type: 'product', ref_id: id, reason: '第一批' },
    ]);
    // The ledger screen shows them.
    const ledger = await call('/stock/move/list', { kind: 'production' });
    expect(ledger.d.results[0]).toMatchObject({ goods_id: out.id, kind_name: '生产入库', quantity: 6 });
    await ledgerAddsUp(h, co.companyId);
  });

  it('refuses a short material, naming it, with nothing written', async () => {
    const { id, out, ms } = await product([
      { stock: 10, quantity: 1 },
      { stock: 3, quantity: 2 },
    ]);
    const [a, b] = [ms[0], ms[1]] as [Made, Made];
    const before = [
      await onHand(h, out.id),
      await onHand(h, a.id),
      await onHand(h, b.id),
      await sellable(h, out.id),
      await moveCount(),
    ];
    const refused = await call('/product/push/to/stock', { id, quantity: 2, warehouse_id: co.warehouseId });
    expect(refused.c).toBe(Codes.PRODUCT_MATERIAL_SHORT.c);
    expect(refused.m).toContain(b.name);
    expect(refused.m).toContain('在库3，需要4');
    expect([
      await onHand(h, out.id),
      await onHand(h, a.id),
      await onHand(h, b.id),
      await sellable(h, out.id),
      await moveCount(),
    ]).toEqual(before);
    // Bad input, a stopped product and a stopped warehouse are refused too.
    expect(
      await call('/product/push/to/stock', { id, quantity: 0, warehouse_id: co.warehouseId }),
    ).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'quantity',
    });
    expect(await call('/product/push/to/stock', { id, quantity: 1, warehouse_id: 99_999_999 })).toMatchObject(
      {
        c: Codes.PARAM_ERROR.c,
        field: 'warehouse_id',
      },
    );
    const p = (await call('/product/get', { id })).d;
    await call('/product/save', { ...p, status: 0 });
    expect((await call('/product/push/to/stock', { id, quantity: 1, warehouse_id: co.warehouseId })).c).toBe(
      Codes.PRODUCT_STOPPED.c,
    );
  });

  it('parallel pushes never take a material below 0', async () => {
    // 10 on hand, 3 per unit: of 8 pushes of 1 unit at once, exactly 3 pass.
    const { id, ms, out } = await product([{ stock: 10, quantity: 3 }]);
    const a = ms[0] as Made;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('/product/push/to/stock', { id, quantity: 1, warehouse_id: co.warehouseId }, co.keeper),
      ),
    );
    const codes = results.map((r) => r.c);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.every((c) => c === 0 || c === Codes.PRODUCT_MATERIAL_SHORT.c)).toBe(true);
    expect([await onHand(h, a.id), await sellable(h, a.id), await onHand(h, out.id)]).toEqual([1, 1, 5]);
    await ledgerAddsUp(h, co.companyId);
  });
});

describe('the products import', () => {
  const sheet = (rows: (string | number)[][]) =>
    xlsx(
      '产品',
      ['产品编码*', '产品名称*', '成品编码*', '每批数量*', '单位', '物料清单', '备注', '状态'],
      rows,
    );
  const upload = (mode: string, content: Buffer) =>
    runImport(h, '/api/product/import', mode, content, co.admin, 'p.xlsx');

  it('reads the output and the materials by code, refuses bad rows per cell and writes the valid ones', async () => {
    const out = await goods({ goods_type: 'finished' });
    const out2 = await goods({ goods_type: 'finished' });
    const a = await goods();
    const b = await goods();
    const file = await sheet([
      ['IM-1', '导入产品', out.code, 10, '箱', `${a.code}*3;${b.code}*1`, '', '启用'],
      ['IM-2', '坏行', 'NOPE', 1, '', '', '', '启用'],
      ['IM-3', '坏物料', out2.code, 1, '', `${a.code}*x`, '', '启用'],
      ['IM-4', '重复成品', out.code, 1, '', '', '', '启用'],
    ]);
    const preview = await upload('preview', file);
    expect(preview.d).toMatchObject({ total: 4, valid: 1, invalid: 3, created: 0 });
    const errors = Object.fromEntries(
      preview.d.rows.map((r: { row: number; errors: Body }) => [r.row, r.errors]),
    );
    expect(errors[3]).toMatchObject({ 成品编码: expect.stringContaining('NOPE') });
    expect(errors[4]).toMatchObject({ 物料清单: expect.stringContaining('格式不正确') });
    expect(errors[5]).toMatchObject({ 成品编码: expect.stringContaining('IM-1') });
    expect((await upload('all', file)).job).toMatchObject({
      state: 'failed',
      error: '有3行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行',
    });
    expect((await call('/product/check', { value: 'IM-1' })).d.available).toBe(true);
    const done = await upload('valid', file);
    expect(done.d).toMatchObject({ created: 1 });
    const made = (await call('/product/list', { keyword: 'IM-1' })).d.results[0];
    expect(made).toMatchObject({
      name: '导入产品',
      batch_size: 10,
      unit: '箱',
      material_count: 2,
      goods_id: out.id,
    });
    const lines = (await call('/product/detail/list', { id: made.id })).d.results;
    expect(lines.map((l: Body) => [l.goods_id, l.quantity])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
  });
});
