import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '#server/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The shop's goods (spec §7 `/shop/goods/*`, ADR 0028): made in the shop at once, the shop's
 * fields (划线价, per-order limit, 新品/推荐, prices), specifications stopped in the shop but kept in
 * the library, the gallery one picture at a time, the picker and the code check; the per-order
 * limit in the cart and at checkout; what the shop changes is on the public goods page at once.
 * Another company, a visitor and roles without the permission refused. SQLite, and PostgreSQL
 * with TEST_PG_URL.
 */
let h: Harness;
let dataDir: string;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let keeper: Record<string, string>;
let service: Record<string, string>;
let categoryId: number;

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = admin) =>
  h.json(url, body, headers);

/** The public goods page's data, as a visitor reads it. */
const publicDetail = (id: number) =>
  h.app
    .inject({ method: 'GET', url: `/api/goods/staff/shopgoods/detail/?id=${id}&company_id=${companyId}` })
    .then((r) => r.json());

let seq = 0;
/** A goods made in the shop with 红色 ¥50 / 蓝色 ¥60 (stock 20 each). */
const shirt = (over: Body = {}) => {
  seq += 1;
  return {
    code: `SG-${seq}`,
    name: `商城T恤${seq}`,
    category_id: categoryId,
    goods_type: 'normal',
    unit: '件',
    status: 1,
    images: ['/demo/goods/a.svg'],
    skus: [
      { specs: [{ name: '颜色', value: '红色' }], price: 5000, stock: 20 },
      { specs: [{ name: '颜色', value: '蓝色' }], price: 6000, stock: 20 },
    ],
    ...over,
  };
};

async function madeInShop(over: Body = {}) {
  const made = await call('/shop/goods/create', shirt({ on_sale: 1, ...over }));
  expect(made.c, JSON.stringify(made)).toBe(0);
  const detail = await call('/shop/goods/detail/list', { goods_id: made.d.id });
  const sku = (t: string) =>
    (detail.d.results as { id: number; spec_text: string }[]).find((s) => s.spec_text === t)?.id as number;
  return { id: made.d.id as number, red: sku('红色'), blue: sku('蓝色') };
}

const row = (id: number) =>
  h.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-goods-test-'));
  h = await testApp({ DATA_DIR: dataDir });
  companyId = await h.company('商城商品单位');
  admin = (await h.as(12, companyId)).headers;
  keeper = (await h.as(13, companyId)).headers;
  service = (await h.as(21, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家商城单位'))).headers;
  categoryId = (await createCategory(h.db, companyId, '服装', null)).id;
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('/shop/goods/create, check and select', () => {
  it('makes a goods in the library and the shop at once, with the shop fields, on sale at once when asked', async () => {
    const made = await call(
      '/shop/goods/create',
      shirt({ on_sale: 1, max_per_order: 5, original_price: 8000 }),
    );
    expect(made.c, JSON.stringify(made)).toBe(0);
    expect(made.d).toMatchObject({ in_shop: 1, on_sale: 1, max_per_order: 5, price: 5000, sku_count: 2 });
    expect(await row(made.d.id)).toMatchObject({ original_price: 8000, in_shop: 1 });
    // The library has it (one row), and the visitor's goods page sells it.
    expect((await call('/goods/get', { id: made.d.id })).d.code).toBe(made.d.code);
    const page = await publicDetail(made.d.id);
    expect(page.c).toBe(0);
    expect(page.d).toMatchObject({ max_per_order: 5, original_price: 8000, price: 5000 });
    // Off sale unless asked: in the shop but not sold.
    const off = await call('/shop/goods/create', shirt());
    expect(off.d).toMatchObject({ in_shop: 1, on_sale: 0 });
    expect((await publicDetail(off.d.id)).c).toBe(Codes.GOODS_UNAVAILABLE.c);
  });

  it('refuses a taken code beside the field and bad input with the field message; writes nothing', async () => {
    const first = await call('/shop/goods/create', shirt({ code: 'SG-TAKEN' }));
    expect(first.c).toBe(0);
    const before = await h.db
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const taken = await call('/shop/goods/create', shirt({ code: 'SG-TAKEN' }));
    expect(taken).toMatchObject({ c: Codes.GOODS_CODE_TAKEN.c, field: 'code' });
    const limit = await call('/shop/goods/create', shirt({ max_per_order: -1 }));
    expect(limit.c).toBe(10001);
    expect(limit.m).toContain('每单限购');
    const name = await call('/shop/goods/create', shirt({ name: '' }));
    expect(name.c).toBe(10001);
    expect(name.m).toContain('商品名称');
    const after = await h.db
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('checks a code against the library (one code per goods)', async () => {
    expect((await call('/shop/goods/check', { value: 'SG-TAKEN' })).d).toMatchObject({ available: false });
    expect((await call('/shop/goods/check', { value: 'SG-FREE-1' })).d).toEqual({
      available: true,
      message: '',
    });
    // Another company's codes are not this company's.
    expect((await call('/shop/goods/check', { value: 'SG-TAKEN' }, otherAdmin)).d.available).toBe(true);
  });

  it("picks the shop's goods on sale only, of the caller's company", async () => {
    const selling = await madeInShop({ name: '选择器在售衫' });
    const off = (await call('/shop/goods/create', shirt({ name: '选择器下架衫' }))).d.id as number;
    const library = (await call('/goods/create', shirt({ name: '选择器库内衫' }))).d.id as number;
    const picked = (await call('/shop/goods/select', { keyword: '选择器' })).d.results as {
      id: number;
      label: string;
    }[];
    expect(picked).toEqual([{ id: selling.id, label: '选择器在售衫' }]);
    expect(picked.map((p) => p.id)).not.toContain(off);
    expect(picked.map((p) => p.id)).not.toContain(library);
    expect((await call('/shop/goods/select', { keyword: '选择器' }, otherAdmin)).d.results).toEqual([]);
    // The warehouse sees goods, so it may pick them; 客服 does not.
    expect((await call('/shop/goods/select', {}, keeper)).c).toBe(0);
    expect((await call('/shop/goods/select', {}, service)).c).toBe(Codes.FORBIDDEN.c);
  });
});

describe('/shop/goods/detail/list and /shop/goods/save', () => {
  it('answers the goods as the shop sells it and refuses a goods not in the shop', async () => {
    const g = await madeInShop();
    const d = await call('/shop/goods/detail/list', { goods_id: g.id });
    expect(d.d.goods).toMatchObject({ id: g.id, in_shop: 1, on_sale: 1, images: ['/demo/goods/a.svg'] });
    expect(d.d.results.map((s: { on_sale: number }) => s.on_sale)).toEqual([1, 1]);
    const library = (await call('/goods/create', shirt())).d.id;
    expect((await call('/shop/goods/detail/list', { goods_id: library })).c).toBe(Codes.GOODS_NOT_IN_SHOP.c);
    expect((await call('/shop/goods/detail/list', { goods_id: g.id }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
  });

  it('saves the shop fields and specification prices; the goods page shows them at once', async () => {
    const g = await madeInShop();
    expect((await publicDetail(g.id)).d.price).toBe(5000); // remembered by the catalogue now
    const saved = await call('/shop/goods/save', {
      id: g.id,
      original_price: 9900,
      max_per_order: 4,
      is_new: 1,
      is_recommend: 1,
      skus: [
        { id: g.red, price: 4500 },
        { id: g.blue, price: 5500 },
      ],
    });
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    expect(saved.d.goods).toMatchObject({
      price: 4500,
      original_price: 9900,
      max_per_order: 4,
      is_new: 1,
      is_recommend: 1,
    });
    const page = await publicDetail(g.id);
    expect(page.d).toMatchObject({ price: 4500, original_price: 9900, max_per_order: 4 });
    expect(page.d.skus.map((s: { price: number }) => s.price)).toEqual([4500, 5500]);
    // The history names what the shop changed.
    const log = await call('/goods/log', { id: g.id });
    expect(JSON.stringify(log.d.results[0].changes)).toContain('每单限购');
    // Only what is given changes.
    const again = await call('/shop/goods/save', { id: g.id, max_per_order: 0 });
    expect(again.d.goods).toMatchObject({ max_per_order: 0, original_price: 9900, is_new: 1 });
  });

  it('refuses a goods price for a goods priced by specifications, an unknown specification and bad input, changing nothing', async () => {
    const g = await madeInShop();
    const before = await row(g.id);
    expect(await call('/shop/goods/save', { id: g.id, price: 100, max_per_order: 3 })).toMatchObject({
      c: 10001,
      field: 'price',
    });
    expect(await call('/shop/goods/save', { id: g.id, skus: [{ id: 999999, price: 1 }] })).toMatchObject({
      c: Codes.NOT_FOUND.c,
      field: 'skus',
    });
    const bad = await call('/shop/goods/save', { id: g.id, original_price: 'abc' });
    expect(bad.c).toBe(10001);
    expect(bad.m).toContain('划线价');
    const tooMany = await call('/shop/goods/save', { id: g.id, max_per_order: 100000 });
    expect(tooMany.c).toBe(10001);
    expect(tooMany.m).toContain('每单限购');
    const badImage = await call('/shop/goods/save', { id: g.id, images: ['javascript:alert(1)'] });
    expect(badImage.c).toBe(10001);
    expect(await row(g.id)).toMatchObject({ max_per_order: before.max_per_order, price: before.price });
  });

  it('prices a goods without specifications itself', async () => {
    const made = await call('/shop/goods/create', shirt({ skus: [], price: 3000, stock: 5, on_sale: 1 }));
    expect(made.c).toBe(0);
    const saved = await call('/shop/goods/save', { id: made.d.id, price: 2800 });
    expect(saved.d.goods.price).toBe(2800);
    expect((await publicDetail(made.d.id)).d.price).toBe(2800);
  });
});

describe('/shop/goods/detail/delete: a specification off the shop, kept in the library', () => {
  it('stops one specification: gone from the goods page and the cart, kept in the library; sold again by save', async () => {
    const g = await madeInShop();
    const m = await h.member(companyId);
    const stopped = await call('/shop/goods/detail/delete', { id: g.red });
    expect(stopped).toMatchObject({ c: 0, d: { count: 1 } });
    const page = await publicDetail(g.id);
    expect(page.d.skus.map((s: { id: number }) => s.id)).toEqual([g.blue]);
    // The goods' price is the lowest of what the shop sells.
    expect(page.d.price).toBe(6000);
    const library = await call('/goods/detail/list', { goods_id: g.id });
    expect(library.d.results.find((s: { id: number }) => s.id === g.red)).toMatchObject({
      on_sale: 0,
      stock: 20,
    });
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 })).c).toBe(
      Codes.GOODS_UNAVAILABLE.c,
    );
    // Again: nothing to stop.
    expect((await call('/shop/goods/detail/delete', { id: g.red })).d.count).toBe(0);
    // The last specification on sale of a goods on sale stays.
    expect((await call('/shop/goods/detail/delete', { id: g.blue })).c).toBe(Codes.GOODS_SKU_LAST_ON_SALE.c);
    expect(await call('/shop/goods/save', { id: g.id, skus: [{ id: g.blue, on_sale: 0 }] })).toMatchObject({
      c: Codes.GOODS_SKU_LAST_ON_SALE.c,
      field: 'skus',
    });
    // Sold again.
    const resold = await call('/shop/goods/save', { id: g.id, skus: [{ id: g.red, on_sale: 1 }] });
    expect(resold.d.results.map((s: { on_sale: number }) => s.on_sale)).toEqual([1, 1]);
    expect((await publicDetail(g.id)).d.price).toBe(5000);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 1 })).c).toBe(0);
  });

  it("refuses another company's specification and an unknown one", async () => {
    const g = await madeInShop();
    expect((await call('/shop/goods/detail/delete', { id: g.red }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/shop/goods/detail/delete', { id: 99999999 })).c).toBe(Codes.NOT_FOUND.c);
    const sku = await h.db
      .selectFrom('goods_skus')
      .select('on_sale')
      .where('id', '=', g.red)
      .executeTakeFirstOrThrow();
    expect(sku.on_sale).toBe(1);
  });
});

describe('the gallery', () => {
  it('adds pictures by the file store key or an address, removes one, reorders by save; the goods page shows it', async () => {
    const g = await madeInShop();
    const file = await h.uploadImage(admin);
    const key = file.url.replace('/api/file/image?key=', '');
    const byKey = await call('/shop/goods/gallery/create', { goods_id: g.id, image: key });
    expect(byKey.c, JSON.stringify(byKey)).toBe(0);
    expect(byKey.d.goods.images).toEqual(['/demo/goods/a.svg', file.url]);
    const byAddress = await call('/shop/goods/gallery/create', {
      goods_id: g.id,
      image: 'https://img.example.com/b.png',
    });
    expect(byAddress.d.goods.images).toHaveLength(3);
    expect(await call('/shop/goods/gallery/create', { goods_id: g.id, image: file.url })).toMatchObject({
      c: 10001,
      field: 'image',
    });
    expect((await publicDetail(g.id)).d.images).toEqual([
      '/demo/goods/a.svg',
      file.url,
      'https://img.example.com/b.png',
    ]);
    // The cover is the first picture.
    const reordered = await call('/shop/goods/save', {
      id: g.id,
      images: [file.url, 'https://img.example.com/b.png', '/demo/goods/a.svg'],
    });
    expect(reordered.d.goods.images[0]).toBe(file.url);
    expect((await row(g.id)).cover).toBe(file.url);
    const removed = await call('/shop/goods/gallery/delete', { goods_id: g.id, image: file.url });
    expect(removed.d.goods.images).toEqual(['https://img.example.com/b.png', '/demo/goods/a.svg']);
    expect((await row(g.id)).cover).toBe('https://img.example.com/b.png');
    expect((await publicDetail(g.id)).d.images).toEqual([
      'https://img.example.com/b.png',
      '/demo/goods/a.svg',
    ]);
    expect(await call('/shop/goods/gallery/delete', { goods_id: g.id, image: file.url })).toMatchObject({
      c: Codes.NOT_FOUND.c,
      field: 'image',
    });
  });

  it("refuses a key that is not the company's picture, a bad address, and an eleventh picture", async () => {
    const g = await madeInShop();
    const theirs = await h.uploadImage(otherAdmin);
    const theirKey = theirs.url.replace('/api/file/image?key=', '');
    expect(await call('/shop/goods/gallery/create', { goods_id: g.id, image: theirKey })).toMatchObject({
      c: Codes.NOT_FOUND.c,
      field: 'image',
    });
    expect(
      await call('/shop/goods/gallery/create', { goods_id: g.id, image: `${'a'.repeat(32)}.png` }),
    ).toMatchObject({ c: Codes.NOT_FOUND.c, field: 'image' });
    const bad = await call('/shop/goods/gallery/create', { goods_id: g.id, image: 'javascript:alert(1)' });
    expect(bad).toMatchObject({ c: 10001, field: 'image' });
    for (let i = 2; i <= 10; i += 1)
      expect(
        (await call('/shop/goods/gallery/create', { goods_id: g.id, image: `/demo/goods/${i}.svg` })).c,
      ).toBe(0);
    const eleventh = await call('/shop/goods/gallery/create', {
      goods_id: g.id,
      image: '/demo/goods/11.svg',
    });
    expect(eleventh).toMatchObject({ c: 10001, field: 'image' });
    expect(eleventh.m).toContain('最多10张');
  });
});

describe('pictures of deleted files (ADR 0018)', () => {
  it('are refused by the gallery, the shop’s save and the library’s form alike, beside the field; a live one is kept as its address', async () => {
    const g = await madeInShop();
    const gone = await h.uploadImage(admin);
    const live = await h.uploadImage(admin);
    expect(await call('/file/delete', { id: gone.id })).toMatchObject({ c: 0, d: { count: 1 } });
    const goneKey = gone.url.replace('/api/file/image?key=', '');
    const refused = { c: Codes.NOT_FOUND.c, m: '图片不存在或已被删除，请重新上传' };

    for (const image of [goneKey, gone.url])
      expect(await call('/shop/goods/gallery/create', { goods_id: g.id, image })).toMatchObject({
        ...refused,
        field: 'image',
      });
    expect(await call('/shop/goods/save', { id: g.id, images: [live.url, gone.url] })).toMatchObject({
      ...refused,
      field: 'images',
    });
    const { skus: _skus, ...fields } = shirt();
    const library = { ...fields, id: g.id };
    expect(await call('/goods/save', { ...library, images: ['/demo/goods/a.svg', gone.url] })).toMatchObject({
      ...refused,
      field: 'images',
    });
    expect((await row(g.id)).images).toBe(JSON.stringify(['/demo/goods/a.svg']));

    // The same rule for all three: a picture twice is refused, a live one kept.
    expect(await call('/goods/save', { ...library, images: [live.url, live.url] })).toMatchObject({
      c: 10001,
      field: 'images',
      m: '该图片已在商品图片中',
    });
    const saved = await call('/goods/save', { ...library, images: [live.url, '/demo/goods/a.svg'] });
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    expect((await row(g.id)).cover).toBe(live.url);
  });

  it('a picture the gallery held before its file was deleted does not stop the next picture or save', async () => {
    const g = await madeInShop();
    const held = await h.uploadImage(admin);
    expect((await call('/shop/goods/gallery/create', { goods_id: g.id, image: held.url })).c).toBe(0);
    expect(await call('/file/delete', { id: held.id })).toMatchObject({ c: 0, d: { count: 1 } });
    const added = await call('/shop/goods/gallery/create', { goods_id: g.id, image: '/demo/goods/b.svg' });
    expect(added.c, JSON.stringify(added)).toBe(0);
    expect(added.d.goods.images).toEqual(['/demo/goods/a.svg', held.url, '/demo/goods/b.svg']);
    const saved = await call('/shop/goods/save', { id: g.id, images: ['/demo/goods/b.svg', held.url] });
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    expect((await row(g.id)).cover).toBe('/demo/goods/b.svg');
  });
});

describe('the per-order limit in the cart and at checkout', () => {
  it('lets a member lower a line the limit has dropped below, never raise it', async () => {
    const g = await madeInShop();
    const m = await h.member(companyId);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 4 })).c).toBe(0);
    expect((await call('/shop/goods/save', { id: g.id, max_per_order: 2 })).c).toBe(0);
    const [line] = (await m.call('/cart/list')).d.results as { id: number }[];
    const id = (line as { id: number }).id;
    expect((await m.call('/cart/update', { id, quantity: 3 })).c).toBe(0);
    expect((await m.call('/cart/update', { id, quantity: 4 })).c).toBe(Codes.TICKET_LIMIT.c);
  });

  it('holds per goods over its specifications: adding past it and ordering past it are refused in Chinese', async () => {
    const g = await madeInShop();
    expect((await call('/shop/goods/save', { id: g.id, max_per_order: 3 })).c).toBe(0);
    const m = await h.member(companyId);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.red, quantity: 2 })).c).toBe(0);
    const over = await m.call('/cart/add', { goods_id: g.id, sku_id: g.blue, quantity: 2 });
    expect(over.c).toBe(Codes.TICKET_LIMIT.c);
    expect(over.m).toMatch(/每单最多购买3件/);
    expect((await m.call('/cart/add', { goods_id: g.id, sku_id: g.blue, quantity: 1 })).c).toBe(0);
    const cart = (await m.call('/cart/list')).d.results as { id: number; sku_id: number; quantity: number }[];
    const blueLine = cart.find((l) => l.sku_id === g.blue) as { id: number };
    const redLine = cart.find((l) => l.sku_id === g.red) as { id: number };
    expect((await m.call('/cart/update', { id: blueLine.id, quantity: 2 })).c).toBe(Codes.TICKET_LIMIT.c);
    // Lowering a line is always allowed.
    expect((await m.call('/cart/update', { id: redLine.id, quantity: 1 })).c).toBe(0);

    const orders = async () =>
      Number(
        (
          await h.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', m.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await orders();
    const stockBefore = (await row(g.id)).stock;
    const refused = await m.call('/order/create', {
      items: `${g.id}:${g.red}x2,${g.id}:${g.blue}x2`,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(refused.c).toBe(Codes.TICKET_LIMIT.c);
    expect(refused.m).toContain('每单最多购买3件');
    expect(await orders()).toBe(before);
    expect((await row(g.id)).stock).toBe(stockBefore);
    const placed = await m.call('/order/create', {
      items: `${g.id}:${g.red}x2,${g.id}:${g.blue}x1`,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(placed.c, JSON.stringify(placed)).toBe(0);
    expect(await orders()).toBe(before + 1);
  });
});

describe('access', () => {
  it('refuses a visitor (10003) and roles without the permission (10004) on every shop call', async () => {
    const g = await madeInShop();
    const calls: [string, Body][] = [
      ['/shop/goods/create', shirt()],
      ['/shop/goods/save', { id: g.id, max_per_order: 9 }],
      ['/shop/goods/check', { value: 'X' }],
      ['/shop/goods/detail/delete', { id: g.red }],
      ['/shop/goods/gallery/create', { goods_id: g.id, image: '/demo/x.svg' }],
      ['/shop/goods/gallery/delete', { goods_id: g.id, image: '/demo/goods/a.svg' }],
    ];
    for (const [url, body] of calls) {
      expect((await call(url, body, {})).c, url).toBe(Codes.NOT_LOGGED_IN.c);
      // The warehouse keeps goods but not their shop state.
      expect((await call(url, body, keeper)).c, url).toBe(Codes.FORBIDDEN.c);
    }
    expect((await call('/shop/goods/detail/list', { goods_id: g.id }, {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await call('/shop/goods/detail/list', { goods_id: g.id }, service)).c).toBe(Codes.FORBIDDEN.c);
    expect((await row(g.id)).max_per_order).toBe(0);
  });

  it("refuses another company's staff on every write of a goods, changing nothing", async () => {
    const g = await madeInShop();
    const before = await row(g.id);
    const writes: [string, Body][] = [
      ['/shop/goods/save', { id: g.id, max_per_order: 9, images: [] }],
      ['/shop/goods/gallery/create', { goods_id: g.id, image: '/demo/x.svg' }],
      ['/shop/goods/gallery/delete', { goods_id: g.id, image: '/demo/goods/a.svg' }],
    ];
    for (const [url, body] of writes)
      expect((await call(url, body, otherAdmin)).c, url).toBe(Codes.NOT_FOUND.c);
    const after = await row(g.id);
    expect(after).toMatchObject({
      max_per_order: before.max_per_order,
      images: before.images,
      updated_at: before.updated_at,
    });
  });
});
