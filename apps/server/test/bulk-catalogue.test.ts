import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

/**
 * The bulk-procurement catalogue (大宗采购, ADR 0026): its own category tree (the shop tree's
 * service over bulk_categories), bulk goods on the resource block with tiers checked on the
 * server, 上架/下架 in a batch, the public list of /dzc, and who may do what. SQLite, and
 * PostgreSQL with TEST_PG_URL.
 */
type Body = Record<string, string | number | (string | number)[]>;
let h: Harness;
let companyId: number;
let otherCompanyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

const post = (url: string, form: Body, headers: Record<string, string> = admin) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());
const get = (url: string) => h.app.inject({ method: 'GET', url: `/api${url}` }).then((r) => r.json());
const tiers = (...bands: [number, number][]) =>
  JSON.stringify(bands.map(([from, price]) => ({ from, price })));

let seq = 0;
/** The shop category each company's library goods go in (the library needs one). */
const shopCategories = new Map<Record<string, string>, number>();
async function libraryGoods(headers = admin, over: Body = {}) {
  seq += 1;
  let shopCategory = shopCategories.get(headers);
  if (shopCategory === undefined) {
    const made = await post('/shop/goods/category/add', { name: '原料' }, headers);
    shopCategory = made.d.id as number;
    shopCategories.set(headers, shopCategory);
  }
  const made = await post(
    '/goods/create',
    {
      code: `DZ-${seq}`,
      name: `大宗原料${seq}`,
      category_id: shopCategory,
      goods_type: 'normal',
      unit: '吨',
      status: 1,
      price: 100000,
      stock: 0,
      ...over,
    },
    headers,
  );
  expect(made.c, JSON.stringify(made)).toBe(0);
  return made.d as { id: number };
}

async function category(name: string, headers = admin, parent_id?: number) {
  const made = await post('/dzc/category/add', { name, ...(parent_id && { parent_id }) }, headers);
  expect(made.c, JSON.stringify(made)).toBe(0);
  return made.d as { id: number };
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('大宗单位');
  otherCompanyId = await h.company('别家大宗单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, otherCompanyId)).headers;
});
afterAll(() => h.close());

describe('bulk catalogue', () => {
  it('keeps its own category tree, apart from the shop’s', async () => {
    const root = await category('原材料');
    const child = await category('钢材', admin, root.id);
    const tree = await post('/dzc/categorys', {});
    expect(tree.c).toBe(0);
    expect(tree.d.results[0]).toMatchObject({ id: root.id, children: [{ id: child.id, name: '钢材' }] });
    // The shop's tree does not hold them, and a sibling name is refused as in the shop's.
    const shop = await post('/goods/categorys', {});
    expect(JSON.stringify(shop.d.results)).not.toContain('钢材');
    const twin = await post('/dzc/category/add', { name: '钢材', parent_id: root.id });
    expect(twin).toMatchObject({ c: Codes.CATEGORY_NAME_TAKEN.c, field: 'name' });
    // Public: only enabled categories of the company named.
    const pub = await get(`/dzc/category/public?company_id=${companyId}`);
    expect(pub.d.results.map((n: { name: string }) => n.name)).toEqual(['原材料']);
    const audited = await h.db
      .selectFrom('audit_logs')
      .select('entity')
      .where('company_id', '=', companyId)
      .where('entity', '=', 'bulk_category')
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('adds, reads, updates, lists, filters and deletes bulk goods', async () => {
    const cat = await category('化工');
    const goods = await libraryGoods();
    const made = await post('/dzc/goods/add', {
      goods_id: goods.id,
      category_id: cat.id,
      min_qty: 10,
      tiers: tiers([10, 9000], [100, 8500]),
      on_sale: 1,
      remark: '整车发货',
    });
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d).toMatchObject({
      goods_id: goods.id,
      sku_id: 0,
      goods_name: `大宗原料${seq}`,
      goods_code: `DZ-${seq}`,
      unit: '吨',
      min_qty: 10,
      price: 9000,
      tiers: [
        { from: 10, price: 9000 },
        { from: 100, price: 8500 },
      ],
      on_sale: 1,
    });
    const id = made.d.id as number;
    // Once per goods (specification).
    const again = await post('/dzc/goods/add', {
      goods_id: goods.id,
      category_id: cat.id,
      min_qty: 1,
      tiers: tiers([1, 100]),
      on_sale: 0,
    });
    expect(again).toMatchObject({ c: Codes.BULK_GOODS_TAKEN.c });

    const updated = await post('/dzc/goods/update', {
      id,
      goods_id: goods.id,
      category_id: cat.id,
      unit: '袋',
      min_qty: 20,
      tiers: tiers([20, 8800], [200, 8000], [1000, 8000]),
      on_sale: 0,
    });
    expect(updated.c, JSON.stringify(updated)).toBe(0);
    expect(updated.d).toMatchObject({ unit: '袋', min_qty: 20, price: 8800, on_sale: 0 });
    expect((await post('/dzc/goods', { id })).d.tiers).toHaveLength(3);

    const other = await libraryGoods();
    expect(
      (
        await post('/dzc/goods/add', {
          goods_id: other.id,
          category_id: cat.id,
          min_qty: 5,
          tiers: tiers([5, 500]),
          on_sale: 1,
        })
      ).c,
    ).toBe(0);
    const list = await post('/dzc/goods/list', { category_id: cat.id });
    expect(list.d.paging.count).toBe(2);
    expect((await post('/dzc/goods/list', { category_id: cat.id, on_sale: 1 })).d.results).toHaveLength(1);
    expect((await post('/dzc/goods/list', { keyword: `DZ-${seq}` })).d.results).toHaveLength(1);
    expect((await post('/dzc/goods/list', { page: 1, page_size: 1 })).d.paging).toMatchObject({
      count: 2,
      num_pages: 2,
    });
    // The category counts its bulk goods and may not be deleted while it holds them.
    const listed = await post('/dzc/category/list', {});
    expect(listed.d.results.find((c: { id: number }) => c.id === cat.id).goods_count).toBe(2);
    expect((await post('/dzc/category/delete', { id: cat.id })).c).toBe(Codes.CATEGORY_HAS_GOODS.c);

    const exported = await h.app.inject({ method: 'GET', url: '/api/dzc/goods/export', headers: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    const removed = await post('/dzc/goods/selected/delete', { ids: [id, list.d.results[0].id] });
    expect(removed).toMatchObject({ c: 0, d: { count: 2 } });
    expect((await post('/dzc/goods/list', { category_id: cat.id })).d.paging.count).toBe(0);
    expect((await post('/dzc/category/delete', { id: cat.id })).c).toBe(0);
  });

  it('checks the tiers on the server with Chinese messages, writing nothing', async () => {
    const cat = await category('矿产');
    const goods = await libraryGoods();
    const base = { goods_id: goods.id, category_id: cat.id, min_qty: 10, on_sale: 1 };
    const cases: [Body, string][] = [
      [{ ...base, tiers: tiers([10, 900], [10, 800]) }, '第2档的采购量须大于第1档（10）'],
      [{ ...base, tiers: tiers([10, 900], [50, 950]) }, '第2档的单价不能高于第1档'],
      [{ ...base, tiers: tiers([20, 900]) }, '第1档的采购量须等于最小起订量（10）'],
      [{ ...base, tiers: '[]' }, '请至少填写一个价格档位'],
      [{ ...base, tiers: 'abc' }, '价格档位格式不正确'],
      [{ ...base, tiers: tiers([10, -1]) }, '单价不能小于0'],
      [{ ...base, min_qty: 0, tiers: tiers([10, 900]) }, '最小起订量不能小于1'],
      [{ ...base, category_id: 999999, tiers: tiers([10, 900]) }, '大宗分类不存在或已被删除'],
      [{ ...base, goods_id: 999999, tiers: tiers([10, 900]) }, '商品不存在或已被删除'],
    ];
    for (const [body, message] of cases) {
      const r = await post('/dzc/goods/add', body);
      expect(r.c, JSON.stringify(r)).toBe(10001);
      expect(r.m).toContain(message);
    }
    const many = Array.from({ length: 11 }, (_, i) => [10 + i, 900] as [number, number]);
    expect((await post('/dzc/goods/add', { ...base, tiers: tiers(...many) })).m).toContain(
      '价格档位最多10个',
    );
    const stored = await h.db
      .selectFrom('bulk_goods')
      .select('id')
      .where('goods_id', '=', goods.id)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('puts goods on and off sale in a batch, all or none; the public list shows the company’s on-sale goods only', async () => {
    const root = await category('五金');
    const leaf = await category('紧固件', admin, root.id);
    const [a, b, c] = [await libraryGoods(), await libraryGoods(), await libraryGoods()];
    const add = async (goodsId: number, categoryId: number, on_sale: 0 | 1) => {
      const r = await post('/dzc/goods/add', {
        goods_id: goodsId,
        category_id: categoryId,
        min_qty: 100,
        tiers: tiers([100, 50], [1000, 45]),
        on_sale,
      });
      expect(r.c, JSON.stringify(r)).toBe(0);
      return r.d.id as number;
    };
    const ida = await add(a.id, leaf.id, 0);
    const idb = await add(b.id, leaf.id, 0);
    const idc = await add(c.id, root.id, 1);

    // Another company's goods: the public list of this company never shows it.
    const otherCat = await category('别家分类', otherAdmin);
    const otherGoods = await libraryGoods(otherAdmin);
    const foreign = await post(
      '/dzc/goods/add',
      { goods_id: otherGoods.id, category_id: otherCat.id, min_qty: 1, tiers: tiers([1, 1]), on_sale: 1 },
      otherAdmin,
    );
    expect(foreign.c).toBe(0);

    // All or none: another company's id in the batch changes nothing.
    const mixed = await post('/dzc/goods/selected/onsale', { ids: [ida, foreign.d.id], on_sale: 1 });
    expect(mixed.c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/dzc/goods', { id: ida })).d.on_sale).toBe(0);
    expect(await post('/dzc/goods/selected/onsale', { ids: [ida, idb], on_sale: 1 })).toMatchObject({
      c: 0,
      d: { count: 2 },
    });
    expect((await post('/dzc/goods/selected/onsale', { ids: [idb], on_sale: 0 })).d.count).toBe(1);

    const pub = await get(`/dzc/goods/public?company_id=${companyId}&page_size=50`);
    expect(pub.c).toBe(0);
    const ids = pub.d.results.map((g: { id: number }) => g.id).sort();
    expect(ids).toEqual([ida, idc].sort());
    expect(pub.d.results.find((g: { id: number }) => g.id === ida)).toMatchObject({
      name: expect.stringContaining('大宗原料'),
      min_qty: 100,
      tiers: [
        { from: 100, price: 50 },
        { from: 1000, price: 45 },
      ],
    });
    // A category filter takes its subtree; a stopped category hides what is under it.
    const underLeaf = await get(`/dzc/goods/public?company_id=${companyId}&category_id=${leaf.id}`);
    expect(underLeaf.d.results.map((g: { id: number }) => g.id)).toEqual([ida]);
    const underRoot = await get(`/dzc/goods/public?company_id=${companyId}&category_id=${root.id}`);
    expect(underRoot.d.paging.count).toBe(2);
    expect((await post('/dzc/category/update', { id: root.id, name: '五金', status: 0 })).c).toBe(0);
    const hidden = await get(`/dzc/goods/public?company_id=${companyId}&category_id=${root.id}`);
    expect(hidden.d.paging.count).toBe(0);
    expect((await post('/dzc/category/update', { id: root.id, name: '五金', status: 1 })).c).toBe(0);
    // A library goods deleted leaves the public list.
    expect((await post('/goods/selected/delete', { ids: [c.id] })).c).toBe(0);
    const afterDelete = await get(`/dzc/goods/public?company_id=${companyId}&category_id=${root.id}`);
    expect(afterDelete.d.results.map((g: { id: number }) => g.id)).toEqual([ida]);
    // The other company's list shows its own only; an unknown company is refused.
    const theirs = await get(`/dzc/goods/public?company_id=${otherCompanyId}`);
    expect(theirs.d.results.map((g: { id: number }) => g.id)).toEqual([foreign.d.id]);
    expect((await get('/dzc/goods/public?company_id=999999')).c).toBe(Codes.NOT_FOUND.c);
  });

  it('flags a row whose library goods was deleted: it cannot be saved (said beside the goods), but goes off sale and away', async () => {
    const cat = await category('停产');
    const goods = await libraryGoods();
    const kept = await libraryGoods();
    const add = async (goodsId: number) => {
      const r = await post('/dzc/goods/add', {
        goods_id: goodsId,
        category_id: cat.id,
        min_qty: 5,
        tiers: tiers([5, 700]),
        on_sale: 1,
      });
      expect(r.c, JSON.stringify(r)).toBe(0);
      expect(r.d.goods_deleted).toBe(0);
      return r.d.id as number;
    };
    const id = await add(goods.id);
    const live = await add(kept.id);
    expect((await post('/goods/selected/delete', { ids: [goods.id] })).c).toBe(0);

    // The list and the form's read say so; the other row is as it was.
    const listed = await post('/dzc/goods/list', { category_id: cat.id });
    const flags = Object.fromEntries(
      listed.d.results.map((g: { id: number; goods_deleted: number }) => [g.id, g.goods_deleted]),
    );
    expect(flags).toEqual({ [id]: 1, [live]: 0 });
    expect((await post('/dzc/goods', { id })).d).toMatchObject({ goods_deleted: 1, on_sale: 1 });

    // Saving is refused beside the goods with what to do instead; nothing changes.
    const saved = await post('/dzc/goods/update', {
      id,
      goods_id: goods.id,
      category_id: cat.id,
      min_qty: 5,
      tiers: tiers([5, 600]),
      on_sale: 1,
    });
    expect(saved).toMatchObject({ c: 10001, field: 'goods_id' });
    expect(saved.m).toBe('商品库中已删除该商品，不能再保存；可以下架或删除这条大宗商品');
    expect((await post('/dzc/goods', { id })).d.tiers).toEqual([{ from: 5, price: 700 }]);

    // 下架 and 删除 still work.
    expect((await post('/dzc/goods/selected/onsale', { ids: [id], on_sale: 0 })).d.count).toBe(1);
    expect((await post('/dzc/goods/delete', { id })).d.count).toBe(1);
    expect((await post('/dzc/goods/list', { category_id: cat.id })).d.results).toHaveLength(1);
    // A new row of the deleted goods is refused as an unknown goods.
    const again = { goods_id: goods.id, category_id: cat.id, min_qty: 1, tiers: tiers([1, 1]), on_sale: 1 };
    expect(await post('/dzc/goods/add', again)).toMatchObject({
      c: 10001,
      field: 'goods_id',
      m: '商品不存在或已被删除，请重新选择',
    });
  });

  it('refuses another company’s staff, anonymous callers and roles without the permission', async () => {
    const cat = await category('建材');
    const goods = await libraryGoods();
    const made = await post('/dzc/goods/add', {
      goods_id: goods.id,
      category_id: cat.id,
      min_qty: 1,
      tiers: tiers([1, 10]),
      on_sale: 1,
    });
    const id = made.d.id as number;
    const update = {
      id,
      goods_id: goods.id,
      category_id: cat.id,
      min_qty: 1,
      tiers: tiers([1, 1]),
      on_sale: 0,
    };

    // Another company's administrator: not found, nothing changed; nor may they use our category or goods.
    expect((await post('/dzc/goods', { id }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/dzc/goods/update', update, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/dzc/goods/delete', { id }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/dzc/category/delete', { id: cat.id }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    const borrowed = await post(
      '/dzc/goods/add',
      { goods_id: goods.id, category_id: cat.id, min_qty: 1, tiers: tiers([1, 1]), on_sale: 1 },
      otherAdmin,
    );
    expect(borrowed.c).toBe(10001);
    expect(
      (await post('/dzc/goods/list', {}, otherAdmin)).d.results.some((g: { id: number }) => g.id === id),
    ).toBe(false);
    expect((await post('/dzc/goods', { id })).d).toMatchObject({
      on_sale: 1,
      min_qty: 1,
      tiers: [{ price: 10 }],
    });

    // Anonymous: 10003 on every back-office call.
    for (const url of [
      '/dzc/goods/list',
      '/dzc/goods/add',
      '/dzc/category/list',
      '/dzc/goods/selected/onsale',
    ])
      expect((await post(url, {}, {})).c).toBe(Codes.NOT_LOGGED_IN.c);

    // 采购 (14) and 销售 (20) read; they write nothing. 仓库 (13) and 客服 (21) do not see it.
    for (const role of [14, 20]) {
      const { headers } = await h.as(role, companyId);
      expect((await post('/dzc/goods/list', {}, headers)).c).toBe(0);
      expect((await post('/dzc/categorys', {}, headers)).c).toBe(0);
      expect((await post('/dzc/goods/update', update, headers)).c).toBe(Codes.FORBIDDEN.c);
      expect((await post('/dzc/goods/selected/onsale', { ids: [id], on_sale: 0 }, headers)).c).toBe(
        Codes.FORBIDDEN.c,
      );
      expect((await post('/dzc/category/add', { name: '不许' }, headers)).c).toBe(Codes.FORBIDDEN.c);
    }
    for (const role of [13, 21]) {
      const { headers } = await h.as(role, companyId);
      expect((await post('/dzc/goods/list', {}, headers)).c).toBe(Codes.FORBIDDEN.c);
      expect((await post('/dzc/category/list', {}, headers)).c).toBe(Codes.FORBIDDEN.c);
    }
    expect((await post('/dzc/goods', { id })).d.on_sale).toBe(1);
  });
});
