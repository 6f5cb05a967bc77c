import { Codes, type Job } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexGoods, SEARCH_VERSION } from '#server/modules/catalogue/catalogue-index.ts';
import { createCategory } from '#server/seed/seed.ts';
import { goodsLibraryService } from '../src/modules/goods-library/goods.service.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { jobFile, readXlsx, runImport, xlsx } from './excel.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';
import { callerOf, importContext } from './import-job.ts';

/**
 * The goods import (spec §7 `/goods/excel_data_save`, issue 12 "Excel", ADR 0017 "The goods
 * import"): one row per goods without specifications, the category by its name or path and the
 * brand by name resolved in the company, the price in yuan, the type and status by their words;
 * preview with per-cell errors, `all` writes nothing while any row is refused, `valid` writes the
 * good rows with their opening stock and search index, audited; the refused rows' file; another
 * company and a visitor refused. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let green: { id: number };

const URL = '/api/goods/excel_data_save';
const HEADERS = [
  '商品编码*',
  '商品名称*',
  '商品分类*',
  '品牌',
  '单位',
  '商品类型*',
  '销售价（元）*',
  '期初库存',
  '副标题',
  '搜索关键词',
  '状态',
  '商品详情',
];

const sheet = (rows: (string | number | null)[][], headers = HEADERS) => xlsx('商品', headers, rows);

/** An import run to its end (the call's refusal, or its job as it ended: `d` its result). */
const upload = (mode: string, content: Buffer, headers: Record<string, string> = admin) =>
  runImport(h, URL, mode, content, headers, '商品.xlsx');

const call = (url: string, body: Record<string, unknown> = {}) => h.json(url, body, admin);

const codes = async (company = companyId) =>
  (
    await h.db
      .selectFrom('goods')
      .select('code')
      .where('company_id', '=', company)
      .where('del_flag', '=', 0)
      .orderBy('code')
      .execute()
  ).map((r) => r.code);

/**
 * The search index of some goods: their columns and tokens (PostgreSQL's column; SQLite's token
 * index holds no text of its own, so its terms per goods are read through fts5vocab).
 */
async function indexOf(ids: number[]) {
  const rows = await h.db
    .selectFrom('goods')
    .select(['id', 'cat1', 'cat2', 'cat3', 'search_text', 'search_version'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  let tokens: { id: number; term: string }[];
  if (dialectUnderTest === 'pg') {
    const goods = await h.db
      .selectFrom('goods')
      .select(['id', 'search_tokens'])
      .where('id', 'in', ids)
      .execute();
    tokens = goods.flatMap((g) => g.search_tokens.map((term) => ({ id: g.id, term })));
  } else {
    await sql`create virtual table if not exists temp.goods_search_terms using fts5vocab(main, goods_search, instance)`.execute(
      h.db,
    );
    tokens = (
      await sql<{
        id: number;
        term: string;
      }>`select distinct doc as id, term from temp.goods_search_terms where doc in (${sql.join(ids)})`.execute(
        h.db,
      )
    ).rows;
  }
  return rows.map((r) => ({
    ...r,
    tokens: [...new Set(tokens.filter((t) => t.id === r.id).map((t) => t.term))].sort(),
  }));
}

beforeAll(async () => {
  // Lists remember their answers for minutes here: a list that sees an import's goods was told of it.
  h = await testApp({ CACHE_RECHECK_MS: '600000' });
  companyId = await h.company('商品导入单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家商品单位'))).headers;
  const tea = await createCategory(h.db, companyId, '茶叶', null);
  green = await createCategory(h.db, companyId, '绿茶', tea as never);
  // A second 绿茶 under another parent: the bare name is ambiguous, the path is not.
  const gifts = await createCategory(h.db, companyId, '礼盒', null);
  await createCategory(h.db, companyId, '绿茶', gifts as never);
  await createCategory(h.db, companyId, '红茶', tea as never);
  expect((await call('/goods/brand/add', { name: '狮峰', status: 1 })).c).toBe(0);
  // A goods stored already: its code is taken.
  const made = await call('/goods/create', {
    code: 'OLD-1',
    name: '已有商品',
    category_id: green.id,
    goods_type: 'normal',
    status: 1,
    price: 100,
  });
  expect(made.c).toBe(0);
});
afterAll(() => h.close());

/** Good rows and bad ones of every kind. */
const mixed = () =>
  sheet([
    [
      'IMP-1',
      '导入龙井',
      '茶叶/绿茶',
      '狮峰',
      '盒',
      '普通商品',
      '168.5',
      20,
      '明前特级',
      '导入专用词',
      '启用',
    ], // 2 ok
    ['IMP-2', '导入红茶', '红茶', '', '', '原材料', 12, '', '', '', ''], // 3 ok (name, defaults)
    ['IMP-3', '未知分类', '咖啡', '', '', '普通商品', '10', '', '', '', '启用'], // 4 unknown category
    ['IMP-4', '同名分类', '绿茶', '', '', '普通商品', '10', '', '', '', '启用'], // 5 ambiguous name
    ['IMP-5', '坏价格', '红茶', '', '', '普通商品', '12.345', '', '', '', '启用'], // 6 three decimals
    ['IMP-1', '文件内重复', '红茶', '', '', '普通商品', '10', '', '', '', '启用'], // 7 code of row 2
    ['OLD-1', '库中重复', '红茶', '', '', '普通商品', '10', '', '', '', '启用'], // 8 code stored
    ['IMP-8', '坏类型', '红茶', '', '', '饮料', '10', '', '', '', '启用'], // 9 not a type word
    ['IMP-9', '未知品牌', '茶叶/红茶', '无此品牌', '', '服务', '0', '', '', '', '停用'], // 10 unknown brand
    ['IMP-10', '坏价格二', '红茶', '', '', '普通商品', 'abc', '-1', '', '', '启用'], // 11 price, stock
  ]);

describe('goods import (/goods/excel_data_save)', () => {
  it('answers its template: the sheet columns, an example row, the types and states to pick', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/goods/excel_data_save/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const { wb, rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows[1]?.[2]).toBe('茶叶/绿茶');
    const choices = wb.getWorksheet('可选值');
    const columns = [1, 2].map((n) => choices?.getColumn(n).values?.slice(1));
    expect(columns).toContainEqual(['商品类型', '普通商品', '原材料', '成品', '服务', '虚拟商品']);
    expect(columns).toContainEqual(['状态', '启用', '停用']);
    // The example's category exists here: the template imports as it is.
    expect(await upload('preview', res.rawPayload)).toMatchObject({ c: 0, d: { total: 1, valid: 1 } });
  });

  it('previews every row with per-cell Chinese errors and writes nothing', async () => {
    const before = await codes();
    const res = await upload('preview', await mixed());
    expect(res.c).toBe(0);
    expect(res.d).toMatchObject({ total: 10, valid: 2, invalid: 8, created: 0 });
    expect(res.d.columns.map((c: { label: string }) => c.label)).toEqual(
      HEADERS.map((l) => l.replace('*', '')),
    );
    const byRow = Object.fromEntries(res.d.rows.map((r) => [r.row, r.errors]));
    expect(byRow).toEqual({
      2: {},
      3: {},
      4: { 商品分类: '商品分类「咖啡」不存在，请先在商品分类中添加' },
      5: { 商品分类: '商品分类「绿茶」有2个同名分类，请填写完整路径，如「茶叶/绿茶」' },
      6: { '销售价（元）': '销售价（元）须为数字，最多两位小数' },
      7: { 商品编码: '商品编码「IMP-1」与第2行重复' },
      8: { 商品编码: expect.stringContaining('「OLD-1」') },
      9: { 商品类型: '商品类型只能是「普通商品」、「原材料」、「成品」、「服务」、「虚拟商品」' },
      10: { 品牌: '品牌「无此品牌」不存在，请先在品牌管理中添加' },
      11: { '销售价（元）': '销售价（元）须为数字，最多两位小数', 期初库存: '期初库存不能小于0' },
    });
    expect(byRow[8]?.商品编码).toMatch(/^商品编码.+：「OLD-1」$/);
    expect(await codes()).toEqual(before);
  });

  it('refuses the whole file with `all` while any row is refused: no goods, stock, index or audit written', async () => {
    const before = await codes();
    const audits = await h.db.selectFrom('audit_logs').select('id').execute();
    const moves = await h.db.selectFrom('stock_moves').select('id').execute();
    const res = await upload('all', await mixed());
    expect(res.job).toMatchObject({
      state: 'failed',
      error: '有8行数据有误，没有导入任何一行：请修正后重新导入，或选择仅导入有效行',
    });
    expect(await codes()).toEqual(before);
    expect(await h.db.selectFrom('audit_logs').select('id').execute()).toHaveLength(audits.length);
    expect(await h.db.selectFrom('stock_moves').select('id').execute()).toHaveLength(moves.length);
  });

  it('keeps the refused rows as the job’s .xlsx with their reasons', async () => {
    const { job } = await upload('preview', await mixed());
    const res = await jobFile(h, job as Job, 'refused', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('商品导入错误行.xlsx'));
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['原行号', ...HEADERS.map((l) => l.replace('*', '')), '错误原因']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rows[1]?.[1]).toBe('IMP-3');
    expect(rows[1]?.at(-1)).toBe('商品分类「咖啡」不存在，请先在商品分类中添加');
    expect(rows[8]?.at(-1)).toBe('销售价（元）须为数字，最多两位小数；期初库存不能小于0');
  });

  it('writes only the valid rows with `valid`: in the library (not the shop), stocked, indexed, audited', async () => {
    // Remembered empty, then forgotten when the import's goods are published.
    expect((await call('/goods/list', { keyword: '导入专用词' })).d.results).toEqual([]);
    const res = await upload('valid', await mixed());
    expect(res).toMatchObject({ c: 0, d: { total: 10, valid: 2, invalid: 8, created: 2, rows: [] } });
    expect(await codes()).toEqual(['IMP-1', 'IMP-2', 'OLD-1']);
    const list = await call('/goods/list', { keyword: '导入专用词' });
    expect(list.d.results).toHaveLength(1);
    expect(list.d.results[0]).toMatchObject({
      code: 'IMP-1',
      name: '导入龙井',
      category_id: green.id,
      category_name: '绿茶',
      brand_name: '狮峰',
      unit: '盒',
      goods_type: 'normal',
      price: 16850,
      stock: 20,
      status: 1,
      in_shop: 0,
      on_sale: 0,
    });
    const second = (await call('/goods/list', { keyword: 'IMP-2' })).d.results[0];
    expect(second).toMatchObject({
      category_name: '红茶',
      brand_name: '',
      unit: '件',
      goods_type: 'material',
    });
    expect(second).toMatchObject({ price: 1200, stock: 0, status: 1 });
    const stored = await h.db
      .selectFrom('goods')
      .select(['id', 'code', 'search_version', 'cat1', 'cat2'])
      .where('company_id', '=', companyId)
      .where('code', 'in', ['IMP-1', 'IMP-2'])
      .orderBy('code')
      .execute();
    // Indexed in the same transaction: the search version and the category subtree are set.
    for (const g of stored) expect(g.search_version).toBe(SEARCH_VERSION);
    expect(stored[0]?.cat2).toBe(green.id);
    // The index written with the rows is the one indexGoods writes for them.
    const ids = stored.map((g) => g.id);
    const imported = await indexOf(ids);
    expect(imported[0]?.tokens).toEqual(expect.arrayContaining(['龙井', '导入', 'imp']));
    await h.db.transaction().execute((trx) => indexGoods(modulesDatabase(trx), companyId, ids));
    expect(imported).toEqual(await indexOf(ids));
    // The opening stock is in the default warehouse's ledger.
    const moves = await h.db
      .selectFrom('stock_moves')
      .select(['goods_id', 'quantity', 'kind'])
      .where('company_id', '=', companyId)
      .where(
        'goods_id',
        'in',
        stored.map((g) => g.id),
      )
      .execute();
    expect(moves).toEqual([{ goods_id: stored[0]?.id, quantity: 20, kind: 'opening' }]);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'action', 'company_id'])
      .where('entity', '=', 'goods')
      .where(
        'entity_id',
        'in',
        stored.map((g) => g.id),
      )
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'create']);
    expect(new Set(audited.map((a) => a.company_id))).toEqual(new Set([companyId]));
    // Not in the shop; pushed and put on sale, the shop's search finds it by its keyword (the index).
    const shop = (keyword: string) =>
      h.app
        .inject({
          method: 'GET',
          url: `/api/goods/staff/shopgoods/?${new URLSearchParams({ company_id: String(companyId), keyword })}`,
        })
        .then((r) => r.json());
    expect((await shop('导入专用词')).d.results).toHaveLength(0);
    const id = stored[0]?.id as number;
    expect((await call('/goods/push/to/shop', { ids: [id], on_sale: 1 })).c).toBe(0);
    expect((await shop('导入专用词')).d.results.map((g: { name: string }) => g.name)).toEqual(['导入龙井']);
    // The same file again: its good rows are stored now, so nothing is left to write.
    expect((await upload('valid', await mixed())).job).toMatchObject({
      state: 'failed',
      error: '表格中没有可以导入的商品',
    });
  });

  it('writes every row with `all` when all are good (category by full path, prices as numbers)', async () => {
    const res = await upload(
      'all',
      await sheet([
        ['ALL-1', '全部一', '礼盒/绿茶', '', '', '成品', 9.9, 3, '', '', '停用'],
        ['ALL-2', '全部二', '茶叶 / 红茶', '狮峰', '', '虚拟商品', '0.5', 7, '', '', '1'],
      ]),
    );
    expect(res).toMatchObject({ c: 0, d: { total: 2, valid: 2, invalid: 0, created: 2 } });
    // Indexed with their rows: found by the name's pinyin, brand and category names.
    const found = async (keyword: string) =>
      (await call('/goods/list', { keyword })).d.results.map((g: { code: string }) => g.code) as string[];
    expect((await found('quanbu')).sort()).toEqual(['ALL-1', 'ALL-2']);
    expect(await found('狮峰 红茶 qbe')).toEqual(['ALL-2']);
    // Their opening stock booked together (one statement for the levels, one for the moves): each
    // level's move carries its balance, the moves add up to it.
    const ledger = await h.db
      .selectFrom('stock_levels as l')
      .innerJoin('goods as g', 'g.id', 'l.goods_id')
      .innerJoin('stock_moves as m', (j) =>
        j.onRef('m.goods_id', '=', 'l.goods_id').onRef('m.warehouse_id', '=', 'l.warehouse_id'),
      )
      .select(['g.code', 'l.quantity', 'm.quantity as moved', 'm.balance_after', 'm.kind'])
      .where('g.company_id', '=', companyId)
      .where('g.code', 'in', ['ALL-1', 'ALL-2'])
      .orderBy('g.code')
      .execute();
    expect(ledger).toEqual([
      { code: 'ALL-1', quantity: 3, moved: 3, balance_after: 3, kind: 'opening' },
      { code: 'ALL-2', quantity: 7, moved: 7, balance_after: 7, kind: 'opening' },
    ]);
    const one = (await call('/goods/list', { keyword: 'ALL-1' })).d.results[0];
    expect(one).toMatchObject({ price: 990, stock: 3, status: 0, goods_type: 'finished' });
    expect(one.category_id).not.toBe(green.id);
    expect((await call('/goods/list', { keyword: 'ALL-2' })).d.results[0]).toMatchObject({
      price: 50,
      category_name: '红茶',
      brand_name: '狮峰',
    });
  });

  it('makes the index columns as it stages the rows; a category renamed before the publish is indexed by its new name', async () => {
    const goods = goodsLibraryService(modulesDatabase(h.db), { goodsChanged: () => {}, answerMaxAgeMs: 0 });
    const me = await h.as(12, companyId);
    const caller = callerOf(me.user.id, companyId, me.user.username);
    const dark = (await call('/shop/goods/category/add', { name: '黑茶', parent_id: 0, sort: 0, status: 1 }))
      .d;
    const file = (code: string) =>
      sheet([[code, `${code}茯砖`, '黑茶', '', '', '普通商品', '30', '', '', '', '启用']]);
    const found = async (keyword: string) =>
      (await call('/goods/list', { keyword })).d.results.map((g: { code: string }) => g.code) as string[];

    // Nothing changed since the rows were staged: the publish writes the staged columns.
    const kept = await importContext(h, caller, 'all', await file('BASIS-1'));
    expect(await goods.importSheet(kept.ctx)).toMatchObject({ created: 1 });
    expect(await found('黑茶 BASIS-1')).toEqual(['BASIS-1']);

    // Renamed while the job waits to publish: the columns are made again from the new name.
    const renamed = await importContext(h, caller, 'all', await file('BASIS-2'), {
      async onProgress(_percent, message) {
        if (!message.startsWith('正在导入')) return;
        const saved = await call('/shop/goods/category/update', {
          id: dark.id,
          name: '安化黑茶',
          parent_id: 0,
          status: 1,
        });
        expect(saved.c).toBe(0);
      },
    });
    expect(await goods.importSheet(renamed.ctx)).toMatchObject({ created: 1 });
    const [stored] = await h.db.selectFrom('goods').select('id').where('code', '=', 'BASIS-2').execute();
    const ids = [stored?.id as number];
    const imported = await indexOf(ids);
    await h.db.transaction().execute((trx) => indexGoods(modulesDatabase(trx), companyId, ids));
    expect(imported).toEqual(await indexOf(ids));
    // The goods stored before are indexed again by the rename; the one published after it by the publish.
    expect((await found('安化 BASIS')).sort()).toEqual(['BASIS-1', 'BASIS-2']);
  });

  it('refuses another company’s categories and brands, and imports into the caller’s company only', async () => {
    const file = await sheet([['IMP-1', '别家商品', '红茶', '狮峰', '', '普通商品', '1', '', '', '', '']]);
    const res = await upload('preview', file, otherAdmin);
    expect(res.d.rows[0]?.errors).toEqual({
      商品分类: '商品分类「红茶」不存在，请先在商品分类中添加',
      品牌: '品牌「狮峰」不存在，请先在品牌管理中添加',
    });
    expect((await upload('valid', file, otherAdmin)).job).toMatchObject({
      state: 'failed',
      error: '表格中没有可以导入的商品',
    });
    expect(await codes()).toContain('IMP-1');
  });

  it('refuses an anonymous visitor and a role without the add permission; nothing changes', async () => {
    const before = await codes();
    const file = await sheet([['ANON-1', '匿名', '红茶', '', '', '普通商品', '1', '', '', '', '']]);
    expect((await upload('valid', file, {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    const finance = (await h.as(18, companyId)).headers;
    expect((await upload('valid', file, finance)).c).toBe(Codes.FORBIDDEN.c);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/goods/excel_data_save/template' });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
    const noRight = await h.app.inject({
      method: 'GET',
      url: '/api/goods/excel_data_save/template',
      headers: finance,
    });
    expect(noRight.json().c).toBe(Codes.FORBIDDEN.c);
    expect(await codes()).toEqual(before);
  });
});
