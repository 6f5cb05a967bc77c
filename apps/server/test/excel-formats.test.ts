import {
  brandResource,
  bulkGoodsResource,
  couponResource,
  customerResource,
  goodsResource,
  newsAdminResource,
  pmcResource,
  productResource,
  publicBrandResource,
  type Resource,
  stockInputResource,
  warehouseResource,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '#server/seed/seed.ts';
import { gbk } from '../src/platform/excel/gbk.testing.ts';
import { readXlsx, runImport, templateHeaders } from './excel.ts';
import { goodsCompany, materialsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The Excel block as a Chinese office uses it (issue 33, ADR 0017): a CSV in GBK as Excel on
 * Chinese Windows saves it, an .xls refused with the way forward, a code Excel stored as a number
 * refused with its row (or padded where the column says so), and every resource's export imported
 * back unchanged. SQLite, and PostgreSQL with TEST_PG_URL.
 */

let h: Harness;
type Headers = Record<string, string>;
type Body = Record<string, unknown>;

beforeAll(async () => {
  h = await testApp();
});
afterAll(() => h.close());

const ok = async (url: string, body: Body, headers: Headers) => {
  const r = await h.json(url, body, headers);
  expect(r.c, `${url} ${JSON.stringify(r)}`).toBe(0);
  return r.d;
};

const BRAND_IMPORT = '/api/goods/brand/import';

describe('what a Chinese office saves', () => {
  let admin: Headers;
  beforeAll(async () => {
    admin = (await h.as(12, await h.company('表格单位'))).headers;
  });

  it('imports a CSV in GBK as Excel on Chinese Windows saves it (quoted commas and line breaks, CRLF)', async () => {
    // A line break typed in a cell (Alt+Enter) is LF inside its quotes; rows end with CRLF.
    const csv = gbk(
      [
        '品牌名称,品牌介绍,排序,状态',
        '"清芳, 高山",高山绿茶,10,启用',
        '"云岭","产自云南\n第二行",20,停用',
        '',
      ].join('\r\n'),
    );
    const preview = await runImport(h, BRAND_IMPORT, 'preview', csv, admin, '品牌.csv');
    expect(preview).toMatchObject({ c: 0, d: { total: 2, valid: 2, invalid: 0 } });
    expect(preview.d.rows.map((r: { row: number; values: object }) => [r.row, r.values])).toEqual([
      [2, { name: '清芳, 高山', description: '高山绿茶', sort: '10', status: '启用' }],
      [3, { name: '云岭', description: '产自云南\n第二行', sort: '20', status: '停用' }],
    ]);
    const done = await runImport(h, BRAND_IMPORT, 'valid', csv, admin, '品牌.csv');
    expect(done).toMatchObject({ c: 0, d: { created: 2 } });
    const list = await ok('/goods/brand/list', { keyword: '云岭' }, admin);
    expect(list.results).toEqual([
      expect.objectContaining({ name: '云岭', description: '产自云南\n第二行', sort: 20, status: 0 }),
    ]);
  });

  it('refuses an .xls by its bytes with the way forward, not as a type it does not know', async () => {
    const xls = Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(504),
      Buffer.from('Root Entry', 'utf16le'),
      Buffer.alloc(4096),
      Buffer.from('Workbook', 'utf16le'),
    ]);
    for (const name of ['品牌.xls', '品牌.xlsx']) {
      const res = await runImport(h, BRAND_IMPORT, 'preview', xls, admin, name);
      expect(res.job).toMatchObject({
        state: 'failed',
        error: '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新上传',
      });
    }
  });

  it('names a banner above the header, and hides the template’s sheet of allowed values', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('品牌');
    ws.addRow(['2026年品牌清单']);
    ws.addRow(['品牌名称', '品牌介绍', '排序', '状态']);
    ws.addRow(['横幅', '', 1, '启用']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await runImport(h, BRAND_IMPORT, 'preview', file, admin)).job).toMatchObject({
      state: 'failed',
      error: '表头须在第 1 行：第 1 行「2026年品牌清单」像是标题行，请删除表头上方的行后重新导入',
    });
    const template = await h.app.inject({ method: 'GET', url: `${BRAND_IMPORT}/template`, headers: admin });
    const { wb: book } = await readXlsx(template.rawPayload);
    expect(book.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['品牌导入模板', 'visible'],
      ['可选值', 'hidden'],
    ]);
  });

  it('reads a goods code Excel stored as a number as its format shows it; refuses one that lost digits', async () => {
    const co = await goodsCompany(h, '编码单位', '绿茶', { code: 'N', name: '数字' });
    const headers = await templateHeaders(h, '/api/goods/excel_data_save', co.admin);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('商品');
    ws.addRow(headers);
    const row = (code: string | number, name: string) =>
      ws.addRow([code, name, '绿茶', '', '盒', '普通商品', 10]);
    row(20013, '补零编码'); // shown 00020013 by its format: the code is what the cell shows
    ws.getCell('A2').numFmt = '00000000';
    row(30014, '数字编码'); // General: shown as it is
    row(6901234567890123, '长编码'); // 16 digits typed: Excel kept 15 (6901234567890120)
    row('00040015', '文本编码');
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = await runImport(h, '/api/goods/excel_data_save', 'preview', file, co.admin);
    expect(preview.d).toMatchObject({ total: 4, valid: 3, invalid: 1 });
    expect(
      preview.d.rows.map((r: { row: number; values: Body; errors: Body }) => [
        r.row,
        r.values.code,
        r.errors,
      ]),
    ).toEqual([
      [2, '00020013', {}],
      [3, '30014', {}],
      [
        4,
        '6901234567890120',
        {
          商品编码:
            '「商品编码」是数字单元格（6901234567890120），Excel 只保留数字的前 15 位：请把该列设为文本格式后重新填写',
        },
      ],
      [5, '00040015', {}],
    ]);
    expect(headers[0]).toBe('商品编码*');
    const done = await runImport(h, '/api/goods/excel_data_save', 'valid', file, co.admin);
    expect(done).toMatchObject({ c: 0, d: { created: 3 } });
    const codes = (await ok('/goods/list', { page_size: 20 }, co.admin)).results.map((g: Body) => g.code);
    expect(codes.sort()).toEqual(['00020013', '00040015', '30014']);
  });

  it('takes a template as it is downloaded: its example row (money in yuan) is a valid row', async () => {
    for (const resource of [brandResource, warehouseResource, couponResource]) {
      const url = `/api${resource.calls.importTemplate.path}`;
      const template = await h.app.inject({ method: 'GET', url, headers: admin });
      const preview = await runImport(
        h,
        `/api${resource.calls.import.path}`,
        'preview',
        template.rawPayload,
        admin,
      );
      expect(preview, resource.label).toMatchObject({ c: 0, d: { total: 1, valid: 1, invalid: 0 } });
    }
  });

  it('refuses a warehouse code (a code column that does not pad) typed as a number, with its row', async () => {
    const admin2 = (await h.as(12, await h.company('仓库编码单位'))).headers;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('仓库');
    ws.addRow(['仓库名称', '仓库编码', '地址', '负责人', '状态']);
    ws.addRow(['一号仓', 7, '', '', '启用']);
    ws.addRow(['二号仓', 'WH02', '', '', '启用']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = await runImport(h, '/api/stock/warehouse/import', 'preview', file, admin2);
    expect(preview.d.rows.map((r: { row: number; errors: Body }) => [r.row, r.errors])).toEqual([
      [2, { 仓库编码: '「仓库编码」是数字单元格（7），会丢失开头的 0：请把该列设为文本格式后重新填写' }],
      [3, {}],
    ]);
  });
});

/** An export's file read back: its header row. */
async function exportOf(resource: Resource, headers: Headers) {
  const res = await h.app.inject({ method: 'GET', url: `/api${resource.paths.export}`, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
}

const list = async (resource: Resource, headers: Headers) =>
  (await ok(resource.paths.list, { page_size: 20 }, headers)).results as Body[];

/** Compared of an item: all but its id, its times and what an import does not write (`skip`). */
const kept = (item: Body, skip: readonly string[]) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(item)
        .filter(([k]) => !['id', 'create_time', 'update_time', ...skip].includes(k))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );

/**
 * Export → delete the rows (their unique codes free again) → import the export's file (every row
 * valid in the preview, then all of them) → the list holds the same items as before.
 */
async function roundTrip(resource: Resource, headers: Headers, skip: readonly string[] = []) {
  const before = await list(resource, headers);
  expect(before.length).toBeGreaterThan(0);
  const file = await exportOf(resource, headers);
  const { rows } = await readXlsx(file);
  expect(rows[0]).toEqual(resource.exportColumns.map((c) => c.label));
  // The export's first columns are the template's (the import's), then the list's read-only ones.
  const template = await h.app.inject({
    method: 'GET',
    url: `/api${resource.calls.importTemplate.path}`,
    headers,
  });
  const [templateRow] = (await readXlsx(template.rawPayload)).rows as [string[]];
  expect(templateRow.map((t) => t.replace(/\*$/, ''))).toEqual(
    (rows[0] as string[]).slice(0, resource.importColumns.length),
  );
  const removed = await ok(resource.paths.removeMany, { ids: before.map((i) => i.id) }, headers);
  expect(removed.count).toBe(before.length);
  const url = `/api${resource.calls.import.path}`;
  const preview = await runImport(h, url, 'preview', file, headers);
  expect(preview.c, JSON.stringify(preview)).toBe(0);
  expect(preview.d.rows.filter((r: { errors: object }) => Object.keys(r.errors).length > 0)).toEqual([]);
  expect(preview.d).toMatchObject({ total: before.length, valid: before.length, invalid: 0 });
  const done = await runImport(h, url, 'all', file, headers);
  expect(done).toMatchObject({ c: 0, d: { created: before.length } });
  const after = await list(resource, headers);
  expect(after.map((i) => kept(i, skip)).sort()).toEqual(before.map((i) => kept(i, skip)).sort());
  return { before, after, rows };
}

describe('every export imports back unchanged', () => {
  it('brands and public brands', async () => {
    const admin = (await h.as(12, await h.company('导出品牌'))).headers;
    for (const [name, sort, status] of [
      ['=清芳', 10, 1],
      ['0012', 0, 0],
    ] as const)
      await ok('/goods/brand/add', { name, description: '高山绿茶\n第二行', sort, status }, admin);
    await roundTrip(brandResource, admin);
    const root = (await h.as(1)).headers;
    await ok('/public/brand/add', { name: '公共品牌', sort: 3, status: 1 }, root);
    await roundTrip(publicBrandResource, root);
  });

  it('warehouses (a code with leading zeros stays text)', async () => {
    const admin = (await h.as(12, await h.company('导出仓库'))).headers;
    await ok(
      '/stock/warehouse/add',
      { name: '一号仓', code: '0007', address: '杭州', keeper: '李四', status: 1 },
      admin,
    );
    await ok('/stock/warehouse/add', { name: '二号仓', status: 0 }, admin);
    const { rows } = await roundTrip(warehouseResource, admin, ['is_default']);
    expect(rows.flat()).toContain('0007');
  });

  it('coupons: money in yuan, times as date cells (a China midnight too)', async () => {
    const admin = (await h.as(12, await h.company('导出优惠券'))).headers;
    await ok(
      '/coupon/create',
      {
        name: '满100减12.5',
        code: '00088',
        amount: 1250,
        min_amount: 10000,
        start_time: '2026-12-01 00:00:00',
        end_time: '2026-12-31 23:59:59',
        total: 100,
        per_member: 2,
        status: 1,
      },
      admin,
    );
    const { rows } = await roundTrip(couponResource, admin);
    const [header, first] = rows as [string[], unknown[]];
    expect(first[header.indexOf('优惠金额（元）')]).toBe(12.5);
    expect(first[header.indexOf('开始时间')]).toEqual(new Date('2026-12-01T00:00:00Z'));
  });

  it('customers: one contact, the terms in words, the limit in yuan, the salesperson by name', async () => {
    const companyId = await h.company('导出客户');
    const admin = (await h.as(12, companyId)).headers;
    const sales = await h.as(20, companyId);
    await h.db.updateTable('users').set({ real_name: '王业务' }).where('id', '=', sales.user.id).execute();
    await ok(
      '/customer/create',
      {
        name: '杭州青禾贸易',
        contacts: [{ name: '李经理', mobile: '13712345678', email: 'li@example.com' }],
        address: '滨江区',
        payment_terms: 'credit',
        credit_days: 45,
        credit_limit: 123_450,
        salesperson_id: sales.user.id,
        status: 1,
        remark: '老客户',
      },
      admin,
    );
    await roundTrip(customerResource, admin);
  });

  it('goods: the category by its path (two share its name), the brand by name, the price in yuan', async () => {
    const co = await goodsCompany(h, '导出商品', '茶叶', { code: 'EX', name: '导出茶' });
    const tea = { id: co.categoryId, path: `/${co.categoryId}/`, level: 1 };
    const green = await createCategory(h.db, co.companyId, '绿茶', tea);
    const food = await createCategory(h.db, co.companyId, '食品', null);
    await createCategory(h.db, co.companyId, '绿茶', food);
    const brand = await ok('/goods/brand/add', { name: '清芳', sort: 1, status: 1 }, co.admin);
    await co.goods({
      code: '00020013',
      category_id: green.id,
      brand_id: brand.id,
      price: 16_850,
      stock: 5,
      subtitle: '明前特级',
      keywords: '龙井 绿茶',
      description: '<p>产自<strong>西湖</strong></p>',
      unit: '盒',
    });
    await co.goods({ goods_type: 'material', status: 0, price: 1 });
    const { rows } = await roundTrip(goodsResource, co.admin);
    const [header, ...data] = rows as [string[], ...unknown[][]];
    const row = data.find((r) => r[0] === '00020013') as unknown[];
    expect(row[header.indexOf('商品分类')]).toBe('茶叶/绿茶');
    expect(row[header.indexOf('销售价（元）')]).toBe(168.5);
  });

  it('news: the category by name, the body and the publication time', async () => {
    const admin = (await h.as(12, await h.company('导出新闻'))).headers;
    const [category] = await ok('/cms/news/admin/categories', {}, admin);
    await ok(
      '/cms/news/admin/add',
      {
        category_id: category.id,
        title: '春季展会',
        summary: '三款新品',
        author: '市场部',
        source: '本站',
        status: 1,
        published_at: '2026-03-01 09:30:00',
        body: '<p>第一段。</p><p>第二段 <strong>加粗</strong></p>',
      },
      admin,
    );
    await roundTrip(newsAdminResource, admin, ['views']);
  });

  it('products (materials as 编码*用量) and production plans (the warehouse by name, days as dates)', async () => {
    const co = await materialsCompany(h, '导出生产', 'EXM');
    const a = await co.goods({ code: '000A1' });
    const b = await co.goods({});
    const output = await co.goods({}, '成品');
    await ok(
      '/product/create',
      {
        code: '0100',
        name: '礼盒',
        goods_id: output.id,
        batch_size: 2,
        unit: '箱',
        status: 1,
        materials: [
          { goods_id: a.id, quantity: 3 },
          { goods_id: b.id, quantity: 1 },
        ],
      },
      co.admin,
    );
    const { after } = await roundTrip(productResource, co.admin);
    const made = await ok('/product/detail/list', { id: after[0]?.id }, co.admin);
    expect(
      made.results.map((m: { goods_code: string; quantity: number }) => [m.goods_code, m.quantity]),
    ).toEqual([
      ['000A1', 3],
      [b.code, 1],
    ]);
    await ok(
      '/pmc/create',
      {
        product_id: after[0]?.id,
        quantity: 10,
        start_date: '2026-12-01',
        due_date: '2026-12-05',
        warehouse_id: co.warehouseId,
        remark: '首批',
      },
      co.admin,
    );
    await roundTrip(pmcResource, co.admin);
  });

  it('bulk goods (goods, specification and category by id; the tiers as their JSON)', async () => {
    const co = await goodsCompany(h, '导出大宗', '原料', { code: 'DZ', name: '大宗原料' });
    const g = await co.goods({});
    const category = await ok('/dzc/category/add', { name: '钢材' }, co.admin);
    await ok(
      '/dzc/goods/add',
      {
        goods_id: g.id,
        category_id: category.id,
        unit: '吨',
        min_qty: 10,
        tiers: JSON.stringify([
          { from: 10, price: 900 },
          { from: 50, price: 850 },
        ]),
        on_sale: 1,
        sort: 2,
        remark: '现货',
      },
      co.admin,
    );
    await roundTrip(bulkGoodsResource, co.admin);
  });

  it('stock-in records (goods, warehouse and supplier by id; the unit cost in yuan)', async () => {
    const co = await goodsCompany(h, '导出入库', '原料', { code: 'IN', name: '入库物料' });
    const g = await co.goods({ stock: 1 });
    const warehouse = (await list(warehouseResource, co.admin))[0] as { id: number };
    const supplier = await co.supplier('供应商甲');
    await ok(
      '/goods/input/add',
      {
        goods_id: g.id,
        warehouse_id: warehouse.id,
        supplier_id: supplier,
        quantity: 30,
        unit_cost: 450,
        input_date: '2026-11-20',
        remark: '首批到货',
      },
      co.admin,
    );
    await roundTrip(stockInputResource, co.admin);
  });
});
