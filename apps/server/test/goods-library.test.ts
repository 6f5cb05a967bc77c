import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createGoods } from '#server/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The goods library (issue 12, ADR 0021): goods with codes, categories, brands, types, images and
 * specifications (SKUs), written in one transaction with their catalogue index; pushed to the
 * shop, put on and off sale, made private; the role table; another company and a visitor refused.
 * SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let tea: { id: number };
let green: { id: number };

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = admin) =>
  h.json(url, body, headers);

const shopList = (query: Record<string, string | number> = {}) =>
  h.app
    .inject({
      method: 'GET',
      url: `/api/goods/staff/shopgoods/?${new URLSearchParams({ company_id: String(companyId), ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    })
    .then((r) => r.json());

const goods = (over: Body = {}): Body => ({
  code: 'LJ-001',
  name: '狮峰龙井',
  category_id: green.id,
  goods_type: 'normal',
  unit: '盒',
  status: 1,
  images: ['/demo/goods/tea.svg', '/demo/goods/tea2.svg'],
  skus: [
    {
      specs: [{ name: '规格', value: '250克' }],
      price: 19900,
      cost: 12000,
      weight: 300,
      stock: 5,
      barcode: '6901234567001',
    },
    { specs: [{ name: '规格', value: '500克' }], price: 36900, cost: 22000, weight: 560, stock: 3 },
  ],
  ...over,
});

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('商品库单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
  tea = await createCategory(h.db, companyId, '茶叶', null);
  green = await createCategory(h.db, companyId, '绿茶', tea as never);
});
afterAll(() => h.close());

describe('goods library', () => {
  it('creates a goods with two specifications in one write: price, stock and count roll up; the shop does not list it until on sale', async () => {
    const brand = await call('/goods/brand/add', { name: '狮峰', status: 1 });
    const made = await call('/goods/create', goods({ brand_id: brand.d.id, keywords: '明前 西湖' }));
    expect(made.c).toBe(0);
    expect(made.d).toMatchObject({
      code: 'LJ-001',
      name: '狮峰龙井',
      category_name: '绿茶',
      brand_name: '狮峰',
      price: 19900,
      stock: 8,
      sku_count: 2,
      cover: '/demo/goods/tea.svg',
      in_shop: 0,
      on_sale: 0,
    });
    const skus = await call('/goods/detail/list', { goods_id: made.d.id });
    expect(skus.d.results.map((s: { spec_text: string; stock: number }) => [s.spec_text, s.stock])).toEqual([
      ['250克', 5],
      ['500克', 3],
    ]);
    // In the library: by keyword (code, name, keywords), by the category's parent (subtree), by type.
    for (const keyword of ['lj-0', '龙井', '明前'])
      expect((await call('/goods/list', { keyword })).d.paging.count).toBe(1);
    expect((await call('/goods/list', { category_id: tea.id })).d.paging.count).toBe(1);
    expect((await call('/goods/list', { goods_type: 'material' })).d.paging.count).toBe(0);
    // Not in the shop yet.
    expect((await shopList({ keyword: '龙井' })).d.results).toHaveLength(0);

    // Pushed, then on sale: the catalogue finds it by name, brand and keyword at once.
    expect((await call('/shop/goods/selected/onsale', { ids: [made.d.id], on_sale: 1 })).c).toBe(
      Codes.GOODS_NOT_IN_SHOP.c,
    );
    expect((await call('/goods/push/to/shop', { ids: [made.d.id] })).d.count).toBe(1);
    expect((await call('/shop/goods/selected/onsale', { ids: [made.d.id], on_sale: 1 })).d.count).toBe(1);
    for (const keyword of ['龙井', '狮峰', '明前'])
      expect((await shopList({ keyword })).d.results.map((g: { name: string }) => g.name)).toEqual([
        '狮峰龙井',
      ]);
    // Private: off the lists and search, still sold by its link.
    expect((await call('/shop/goods/selected/public', { ids: [made.d.id], is_public: 0 })).d.count).toBe(1);
    expect((await shopList({ keyword: '龙井' })).d.results).toHaveLength(0);
    expect((await shopList({})).d.results).toHaveLength(0);
    await call('/shop/goods/selected/public', { ids: [made.d.id], is_public: 1 });

    // A brand its goods name is not deleted; renamed, its goods are found by the new name.
    expect((await call('/goods/brand/delete', { id: brand.d.id })).c).toBe(Codes.BRAND_IN_USE.c);
    await call('/goods/brand/update', { id: brand.d.id, name: '西湖狮峰', status: 1 });
    expect((await shopList({ keyword: '西湖狮峰' })).d.results).toHaveLength(1);

    // On sale: not deleted; off sale, then deleted (all or nothing).
    expect((await call('/goods/selected/delete', { ids: [made.d.id] })).c).toBe(Codes.GOODS_ON_SALE.c);
    await call('/shop/goods/selected/onsale', { ids: [made.d.id], on_sale: 0 });
    expect((await shopList({ keyword: '龙井' })).d.results).toHaveLength(0);
  });

  it('publishes in one step: a push with on_sale puts the goods on sale in the shop, refused whole without a price', async () => {
    const names = (await shopList({ keyword: '一步' })).d.results.map((g: { name: string }) => g.name);
    expect(names).toEqual([]);
    const priced = (
      await call(
        '/goods/create',
        goods({ code: 'ONE-1', name: '一步上架茶', skus: [], price: 5800, stock: 0 }),
      )
    ).d;
    const free = (
      await call('/goods/create', goods({ code: 'ONE-2', name: '一步无价茶', skus: [], price: 0, stock: 3 }))
    ).d;
    // One goods without a price refuses the batch, naming it and what to do; nothing changes.
    const refused = await call('/goods/push/to/shop', { ids: [priced.id, free.id], on_sale: 1 });
    expect(refused.c).toBe(Codes.GOODS_NO_PRICE.c);
    expect(refused.m).toBe('「一步无价茶」还没有销售价，不能上架：请先在商品库编辑中设置销售价');
    expect((await call('/goods/get', { id: priced.id })).d).toMatchObject({ in_shop: 0, on_sale: 0 });
    // 上架 of a pushed goods without a price is refused the same way.
    expect((await call('/goods/push/to/shop', { ids: [free.id] })).d).toEqual({ count: 1 });
    expect((await call('/shop/goods/selected/onsale', { ids: [free.id], on_sale: 1 })).c).toBe(
      Codes.GOODS_NO_PRICE.c,
    );
    // Pushed and on sale in one call; the reply names what has no stock yet; the shop lists it at once.
    const pushed = await call('/goods/push/to/shop', { ids: [priced.id], on_sale: 1 });
    expect(pushed.d).toEqual({ count: 1, no_stock: ['一步上架茶'] });
    expect((await call('/goods/get', { id: priced.id })).d).toMatchObject({ in_shop: 1, on_sale: 1 });
    expect((await shopList({ keyword: '一步' })).d.results.map((g: { name: string }) => g.name)).toEqual([
      '一步上架茶',
    ]);
    // Another company's push changes nothing.
    expect((await call('/goods/push/to/shop', { ids: [free.id], on_sale: 1 }, otherAdmin)).c).not.toBe(0);
  });

  it('saves specifications: changes kept lines, adds new ones, refuses removing one that holds stock', async () => {
    // (6901234567001 belongs to LJ-001's 250克 already.)
    const lines = (goods().skus as Body[]).map((l, i) => ({ ...l, barcode: i === 0 ? '6901234567002' : '' }));
    const made = (await call('/goods/create', goods({ code: 'LJ-002', skus: lines }))).d;
    const [small, big] = (await call('/goods/detail/list', { goods_id: made.id })).d.results;
    // Dropping the 500克 line that holds 3 is refused, nothing changes.
    const refused = await call(
      '/goods/save',
      goods({ id: made.id, code: 'LJ-002', skus: [{ ...small, price: 18800 }] }),
    );
    expect(refused).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'skus' });
    expect(refused.m).toContain('500克');
    expect((await call('/goods/get', { id: made.id })).d.price).toBe(19900);
    // Changing one and adding one.
    const saved = await call(
      '/goods/save',
      goods({
        id: made.id,
        code: 'LJ-002',
        name: '狮峰龙井（新茶）',
        skus: [
          { id: small.id, specs: small.specs, price: 18800, barcode: small.barcode },
          { id: big.id, specs: big.specs, price: 36900 },
          { specs: [{ name: '规格', value: '礼盒' }], price: 58800, stock: 2 },
        ],
      }),
    );
    expect(saved.c).toBe(0);
    expect(saved.d).toMatchObject({ name: '狮峰龙井（新茶）', price: 18800, stock: 10, sku_count: 3 });
    // Stock is not written by a save (only by stock records): the kept lines keep theirs.
    const after = (await call('/goods/detail/list', { goods_id: made.id })).d.results;
    expect(after.map((s: { stock: number }) => s.stock)).toEqual([5, 3, 2]);
    // One line through its own call; the duplicate values and another goods' barcode are refused.
    expect(
      (
        await call('/goods/detail/save', {
          goods_id: made.id,
          specs: [{ name: '规格', value: '礼盒' }],
          price: 1,
        })
      ).c,
    ).toBe(Codes.GOODS_SKU_DUPLICATE.c);
    const other = (await call('/goods/create', goods({ code: 'LJ-003', skus: [], price: 1000 }))).d;
    expect(
      (
        await call('/goods/detail/save', {
          goods_id: other.id,
          specs: [{ name: '规格', value: '散装' }],
          price: 900,
          barcode: '6901234567002',
        })
      ).c,
    ).toBe(Codes.GOODS_BARCODE_TAKEN.c);
    // The first specification of a goods without any takes over its stock.
    await h.db.updateTable('goods').set({ stock: 7 }).where('id', '=', other.id).execute();
    const first = await call('/goods/detail/save', {
      goods_id: other.id,
      specs: [{ name: '规格', value: '散装' }],
      price: 900,
    });
    expect(first.d).toMatchObject({ stock: 7, spec_text: '散装' });
    expect((await call('/goods/get', { id: other.id })).d).toMatchObject({
      stock: 7,
      price: 900,
      sku_count: 1,
    });
    // Removing it is refused while it holds stock.
    expect((await call('/goods/detail/delete', { id: first.d.id })).c).toBe(Codes.PARAM_ERROR.c);
  });

  it('refuses bad input with the field named, and a taken code also when two saves race', async () => {
    const cases: [Body, string][] = [
      [goods({ code: '' }), 'code'],
      [goods({ code: '含 空格' }), 'code'],
      [goods({ name: 'x'.repeat(61) }), 'name'],
      [goods({ category_id: 999999 }), 'category_id'],
      [goods({ brand_id: 999999 }), 'brand_id'],
      [goods({ goods_type: 'weapon' }), 'goods_type'],
      [goods({ images: ['javascript:alert(1)'] }), 'images'],
      [goods({ skus: [{ specs: [], price: 1 }] }), 'skus'],
      [goods({ skus: [{ specs: [{ name: '色', value: '红' }], price: -1 }] }), 'skus'],
      [
        goods({
          skus: [
            { specs: [{ name: '色', value: '红' }], price: 1 },
            { specs: [{ name: '色', value: '红' }], price: 2 },
          ],
        }),
        'skus',
      ],
      [goods({ skus: [], price: undefined }), 'price'],
      [goods({ skus: 'many' }), 'skus'],
    ];
    for (const [body, field] of cases) {
      const r = await call('/goods/create', {
        ...body,
        code: body.code === 'LJ-001' ? `BAD-${field}` : body.code,
      });
      expect(r.c, `${field}: ${r.m}`).not.toBe(0);
      expect(r.field, r.m).toBe(field);
    }
    expect((await call('/goods/list', { keyword: 'BAD-' })).d.paging.count).toBe(0);

    const race = await Promise.all(
      [1, 2, 3].map((n) =>
        call('/goods/create', goods({ code: 'RACE-1', name: `并发${n}`, skus: [], price: 100 })),
      ),
    );
    expect(race.filter((r) => r.c === 0)).toHaveLength(1);
    for (const r of race.filter((x) => x.c !== 0))
      expect(r).toMatchObject({ c: Codes.GOODS_CODE_TAKEN.c, field: 'code' });
    expect((await call('/goods/check', { value: 'RACE-1' })).d.available).toBe(false);
    expect((await call('/goods/check', { value: 'RACE-2' })).d.available).toBe(true);
  });

  it('takes specifications as JSON text in a form post, and tells who changed what in its history', async () => {
    const lines = [{ specs: [{ name: '颜色', value: '白' }], price: 2500, stock: 1 }];
    const posted = await h
      .post(
        '/api/goods/create',
        {
          code: 'FORM-1',
          name: '白瓷杯',
          category_id: green.id,
          goods_type: 'normal',
          status: 1,
          images: '/demo/goods/tea.svg',
          skus: JSON.stringify(lines),
        },
        admin,
      )
      .then((r) => r.json());
    expect(posted.d).toMatchObject({ sku_count: 1, price: 2500, images: ['/demo/goods/tea.svg'] });
    const broken = await h
      .post(
        '/api/goods/create',
        { code: 'FORM-2', name: '坏', category_id: green.id, goods_type: 'normal', status: 1, skus: '[{' },
        admin,
      )
      .then((r) => r.json());
    expect(broken).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'skus' });

    await call(
      '/goods/save',
      goods({ id: posted.d.id, code: 'FORM-1', name: '白瓷茶杯', skus: undefined, price: 2500 }),
    );
    await call('/shop/goods/selected/onsale', { ids: [posted.d.id], on_sale: 0 });
    const history = await call('/goods/log', { id: posted.d.id });
    expect(history.d.paging.count).toBe(3);
    const [flags, saved, made] = history.d.results;
    expect(made).toMatchObject({ action: 'create' });
    expect(saved.changes).toContainEqual({ field: '商品名称', before: '白瓷杯', after: '白瓷茶杯' });
    expect(flags.changes).toEqual([]);
    expect((await call('/goods/log', { id: posted.d.id }, otherAdmin)).c).not.toBe(0);
  });

  it('sets types in a batch and checks them; the picker offers goods in use', async () => {
    const a = (await call('/goods/create', goods({ code: 'M-1', name: '茶青', skus: [], price: 500 }))).d;
    const b = (
      await call('/goods/create', goods({ code: 'M-2', name: '包装盒', skus: [], price: 200, status: 0 }))
    ).d;
    expect((await call('/goods/setGoodsType', { ids: [a.id, b.id], goods_type: 'material' })).d.count).toBe(
      2,
    );
    const checked = await call('/goods/checkGoodsType', { ids: [a.id, b.id], goods_type: 'material' });
    expect(checked.d.matching.sort()).toEqual([a.id, b.id].sort());
    const picked = await call('/goods/select', { keyword: '茶青' });
    expect(picked.d.results).toEqual([{ id: a.id, label: '茶青' }]);
    expect((await call('/goods/select', { keyword: '包装盒' })).d.results).toHaveLength(0);
  });

  it('goods from before (the seed, a bulk load) are in the library and the shop', async () => {
    const old = await createGoods(h.db, companyId, {
      name: '老商品',
      price: 100,
      stock: 1,
      category_id: green.id,
    });
    const row = (await call('/goods/get', { id: old })).d;
    expect(row).toMatchObject({
      in_shop: 1,
      on_sale: 1,
      sku_count: 0,
      code: `SP${String(old).padStart(6, '0')}`,
    });
  });

  it('refuses another company, a visitor and roles without the permission, and changes nothing', async () => {
    const mine = (await call('/goods/create', goods({ code: 'SCOPE-1', skus: [], price: 100 }))).d;
    const warehouse = (await h.as(13, companyId)).headers;
    const finance = (await h.as(18, companyId)).headers;
    const service = (await h.as(21, companyId)).headers;
    const calls: [string, Body][] = [
      ['/goods/get', { id: mine.id }],
      ['/goods/save', goods({ id: mine.id, code: 'SCOPE-1', name: '改名', skus: [], price: 1 })],
      ['/goods/selected/delete', { ids: [mine.id] }],
      ['/goods/push/to/shop', { ids: [mine.id] }],
      ['/goods/setGoodsType', { ids: [mine.id], goods_type: 'service' }],
      ['/goods/detail/list', { goods_id: mine.id }],
    ];
    for (const [url, body] of calls) {
      expect((await call(url, body, otherAdmin)).c, url).not.toBe(0);
      expect((await call(url, body, {})).c, url).toBe(Codes.NOT_LOGGED_IN.c);
    }
    expect((await call('/goods/list', {}, otherAdmin)).d.results).toEqual([]);
    // The role table: the warehouse keeps goods but does not sell them; finance reads; service sees none.
    expect((await call('/goods/list', {}, warehouse)).c).toBe(0);
    expect((await call('/goods/push/to/shop', { ids: [mine.id] }, warehouse)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/goods/list', {}, finance)).c).toBe(0);
    expect(
      (await call('/goods/save', goods({ id: mine.id, code: 'SCOPE-1', skus: [], price: 1 }), finance)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await call('/goods/list', {}, service)).c).toBe(Codes.FORBIDDEN.c);
    expect((await call('/goods/get', { id: mine.id })).d).toMatchObject({
      name: '狮峰龙井',
      in_shop: 0,
      goods_type: 'normal',
    });
  });
});
