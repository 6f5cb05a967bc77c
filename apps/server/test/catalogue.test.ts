import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CatalogueFilter,
  type CatalogueSort,
  catalogueRepository,
} from '../src/modules/catalogue/catalogue.repository.ts';
import { indexGoods, indexPending, SEARCH_VERSION } from '../src/modules/catalogue/catalogue-index.ts';
import { queryTokens } from '../src/modules/catalogue/search-tokens.ts';
import { bumpCategories } from '../src/modules/goods-category/index.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { createCategory, createGoods } from '../src/seed/seed.ts';
import { dialectUnderTest, type Harness, testApp } from './harness.ts';
import { holdRows, waitForLockWaiters } from './row-locks.ts';

/**
 * The public goods list answered from the database's indexes (issue 22, ADR 0014): keywords of
 * any length, category subtrees, each sort, writes seen at once by every process, the page cap.
 */
let h: Harness;
let second: Harness['app'];
let companyId: number;
const cats: Record<string, number> = {};
const ids: Record<string, number> = {};

type Row = { id: number; name: string; price: number; sales: number; stock: number };
const listOn = async (app: Harness['app'], query: Record<string, string | number>) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/goods/staff/shopgoods/?${new URLSearchParams({ company_id: String(companyId), ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    })
  ).json();
const list = (query: Record<string, string | number> = {}) => listOn(h.app, query);
const names = (r: { d: { results: Row[] } }) => r.d.results.map((g) => g.name);

beforeAll(async () => {
  // Answers are not remembered here (CACHE_RECHECK_MS 0): every list reads the database; the
  // remembered answers are tested with a process of their own below.
  h = await testApp({ CACHE_RECHECK_MS: '0' });
  // A second process on the same database, started before any goods exist (its start-up job has
  // nothing to index): what one writes, the other lists at once.
  const { buildApp } = await import('../src/app.ts');
  second = await buildApp({ database: h.database, config: { ...h.config } });
  await second.ready();
  companyId = await h.company('目录测试');
  const food = await createCategory(h.db, companyId, '食品饮料', null);
  const tea = await createCategory(h.db, companyId, '茶叶', food);
  const green = await createCategory(h.db, companyId, '绿茶', tea);
  const black = await createCategory(h.db, companyId, '红茶', tea);
  const phones = await createCategory(h.db, companyId, '手机', null);
  Object.assign(cats, { food: food.id, tea: tea.id, green: green.id, black: black.id, phones: phones.id });
  const goods = async (name: string, category: number, price: number, fields: Record<string, unknown> = {}) =>
    createGoods(h.db, companyId, { name, price, stock: 10, category_id: category, ...fields });
  ids.longjing = await goods('清芳 明前特级西湖龙井 250g', green.id, 68800, { sales: 5 });
  ids.biluochun = await goods('碧螺春 一级 100g', green.id, 12800, { sales: 50 });
  ids.dianhong = await goods('滇红金芽 250g', black.id, 29800, { sales: 20, stock: 0 });
  ids.phone = await goods('星耀 X5 Pro 5G 智能手机 12GB+256GB', phones.id, 299900, { sales: 100 });
  ids.cup = await goods('玲珑茶具 一壶六杯', food.id, 46800, { sales: 1 });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

describe('the goods list', () => {
  it('finds one Chinese character anywhere, category names included: 茶 finds the teas', async () => {
    const tea = await list({ keyword: '茶' });
    expect(names(tea).sort()).toEqual(
      ['清芳 明前特级西湖龙井 250g', '碧螺春 一级 100g', '滇红金芽 250g', '玲珑茶具 一壶六杯'].sort(),
    );
    expect(tea.d.paging.count).toBe(4);
    expect(names(await list({ keyword: '西湖龙井' }))).toEqual(['清芳 明前特级西湖龙井 250g']);
    expect(names(await list({ keyword: '龙井茶' }))).toEqual([]); // 井茶 is in no goods
    expect(names(await list({ keyword: '绿茶' })).sort()).toEqual(
      ['清芳 明前特级西湖龙井 250g', '碧螺春 一级 100g'].sort(),
    );
    expect(names(await list({ keyword: 'x5 pro' }))).toEqual(['星耀 X5 Pro 5G 智能手机 12GB+256GB']);
    expect(names(await list({ keyword: '  +-  ' }))).toEqual([]);
    // The index's scope tokens cannot be asked for.
    expect(names(await list({ keyword: `c${cats.tea}` }))).toEqual([]);
    expect(names(await list({ keyword: `k${companyId}` }))).toEqual([]);
    expect(names(await list({ keyword: `\uE000k${companyId}` }))).toEqual([]);
  });

  it('finds a name by its pinyin: initials anywhere, whole from the start, typed in any case', async () => {
    const longjing = ['清芳 明前特级西湖龙井 250g'];
    expect(names(await list({ keyword: 'xhlj' }))).toEqual(longjing);
    expect(names(await list({ keyword: 'MingQian' }))).toEqual(longjing);
    expect(names(await list({ keyword: 'qf mqtj' }))).toEqual(longjing);
    expect(names(await list({ keyword: 'blc' }))).toEqual(['碧螺春 一级 100g']);
    expect(names(await list({ keyword: 'dhjy' }))).toEqual(['滇红金芽 250g']);
    // With a category and a Chinese word together.
    expect(names(await list({ keyword: '一级 blc', category_id: cats.tea as number }))).toEqual([
      '碧螺春 一级 100g',
    ]);
    expect(names(await list({ keyword: 'xhljz' }))).toEqual([]);
    // Category names are found in Chinese only: 茶叶 (cyy) is no goods' name.
    expect(names(await list({ keyword: 'cyy' }))).toEqual([]);
  });

  it('finds a word inside a name by its whole pinyin, from the index and the text walk alike (issue 35)', async () => {
    const longjing = ['清芳 明前特级西湖龙井 250g'];
    const phone = ['星耀 X5 Pro 5G 智能手机 12GB+256GB'];
    expect(names(await list({ keyword: 'shouji' }))).toEqual(phone);
    expect(names(await list({ keyword: 'zhinengshouji' }))).toEqual(phone);
    expect(names(await list({ keyword: 'longjing' }))).toEqual(longjing);
    expect(names(await list({ keyword: 'XiHuLongJing' }))).toEqual(longjing);
    expect(names(await list({ keyword: 'jinya' }))).toEqual(['滇红金芽 250g']);
    expect(names(await list({ keyword: 'longjingcha' }))).toEqual([]);
    expect(names(await list({ keyword: 'shoujike' }))).toEqual([]);
    for (const keyword of ['shouji', 'xihulongjing', 'hlj', 'longjingcha']) {
      const f: CatalogueFilter = { tokens: queryTokens(keyword) };
      const ids = (plan: 'index' | 'walk') =>
        catalogueRepository
          .list(modulesDatabase(h.db), companyId, f, 'new', 10, 0, plan)
          .then((rows) => rows.map((r) => r.id));
      expect(await ids('walk'), keyword).toEqual(await ids('index'));
    }
  });

  it('lists a category with its whole subtree, at every level', async () => {
    expect((await list({ category_id: cats.food as number })).d.paging.count).toBe(4);
    expect((await list({ category_id: cats.tea as number })).d.paging.count).toBe(3);
    expect(names(await list({ category_id: cats.black as number }))).toEqual(['滇红金芽 250g']);
    expect(names(await list({ category_id: cats.tea as number, keyword: '碧螺' }))).toEqual([
      '碧螺春 一级 100g',
    ]);
    expect((await list({ category_id: 999_999 })).d.paging.count).toBe(0);
  });

  it('sorts by newest, sales and price both ways, and filters price and stock', async () => {
    const order = async (sort: string) =>
      (await list({ category_id: cats.food as number, sort })).d.results.map((g: Row) => g.id);
    expect(await order('sales')).toEqual([ids.biluochun, ids.dianhong, ids.longjing, ids.cup]);
    expect(await order('price_asc')).toEqual([ids.biluochun, ids.dianhong, ids.cup, ids.longjing]);
    expect(await order('price_desc')).toEqual([ids.longjing, ids.cup, ids.dianhong, ids.biluochun]);
    expect(await order('new')).toEqual([ids.cup, ids.dianhong, ids.biluochun, ids.longjing]);
    const inStock = await list({ category_id: cats.tea as number, in_stock: 1 });
    expect(names(inStock).sort()).toEqual(['清芳 明前特级西湖龙井 250g', '碧螺春 一级 100g'].sort());
    const band = await list({ keyword: '茶', min_price: 20000, max_price: 50000 });
    expect(names(band).sort()).toEqual(['滇红金芽 250g', '玲珑茶具 一壶六杯'].sort());
  });

  it('shows a write at once in every process: off sale, on sale, a new price, a rename', async () => {
    // Putting goods on or off sale re-indexes them in the same transaction (catalogue-index.ts).
    const onSale = (value: number, more: { price?: number } = {}) =>
      h.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('goods')
          .set({ on_sale: value, ...more })
          .where('id', '=', ids.cup as number)
          .execute();
        await indexGoods(modulesDatabase(trx), companyId, [ids.cup as number]);
      });
    await onSale(0);
    const off = await listOn(second, { keyword: '茶具' });
    expect(names(off)).toEqual([]);
    expect(off.d.paging.count).toBe(0);
    expect((await listOn(second, { category_id: cats.food as number, keyword: '茶' })).d.paging.count).toBe(
      3,
    );
    await onSale(1, { price: 1 });
    expect((await listOn(second, { keyword: '茶具' })).d.paging.count).toBe(1);
    expect((await listOn(second, { sort: 'price_asc' })).d.results[0].id).toBe(ids.cup);
  });

  it('remembers an answer for CACHE_RECHECK_MS at most, and forgets it at once after its own order', async () => {
    const { buildApp } = await import('../src/app.ts');
    const cached = await buildApp({ database: h.database, config: { ...h.config, cacheRecheckMs: 400 } });
    try {
      const query = { category_id: cats.green as number, sort: 'price_desc' };
      const priceOf = async () =>
        (await listOn(cached, query)).d.results.find((g: Row) => g.id === ids.biluochun).price;
      expect(await priceOf()).toBe(12800);
      await h.db
        .updateTable('goods')
        .set({ price: 12900 })
        .where('id', '=', ids.biluochun as number)
        .execute();
      // Another process's write: remembered for up to 400 ms here, then shown.
      await expect.poll(priceOf, { timeout: 3_000, interval: 50 }).toBe(12900);
      // This process's own order: the stock it took shows in the next answer.
      const stockOf = async () =>
        (await listOn(cached, query)).d.results.find((g: Row) => g.id === ids.biluochun).stock;
      const before = await stockOf();
      const m = await h.member(companyId);
      const placed = (
        await cached.inject({
          method: 'POST',
          url: '/api/order/create',
          headers: m.headers,
          payload: {
            goods_id: ids.biluochun,
            quantity: 1,
            consignee_id: m.consigneeId,
            payment_method: 'cod',
          },
        })
      ).json();
      expect(placed.c).toBe(0);
      expect(await stockOf()).toBe(before - 1);
    } finally {
      await cached.close();
    }
  });

  it('re-indexes the goods of a renamed category', async () => {
    const shop = await h.as(12, companyId);
    const renamed = await h.post(
      '/api/shop/goods/category/update',
      { id: cats.black as number, name: '乌龙', parent_id: cats.tea as number },
      shop.headers,
    );
    expect(renamed.json().c).toBe(0);
    expect(names(await list({ keyword: '乌龙' }))).toEqual(['滇红金芽 250g']);
    expect(names(await list({ keyword: '红茶' }))).toEqual([]);
  });

  it('follows a payment in the sales order at once', async () => {
    await h.db
      .updateTable('goods')
      .set({ stock: 100 })
      .where('id', '=', ids.longjing as number)
      .execute();
    const m = await h.member(companyId);
    const order = await m.call('/order/create', {
      goods_id: ids.longjing as number,
      quantity: 60,
      consignee_id: m.consigneeId,
      payment_method: 'cod',
    });
    expect(order.c).toBe(0);
    const shop = await h.as(12, companyId);
    expect((await h.post('/api/order/pay/confirm', { id: order.d.order.id }, shop.headers)).json().c).toBe(0);
    const top = await listOn(second, { category_id: cats.food as number, sort: 'sales' });
    expect(top.d.results[0]).toMatchObject({ id: ids.longjing, sales: 65 });
  });

  it('counts no further than one past the last page', async () => {
    const bulk = await createCategory(h.db, companyId, '散装', null);
    await bumpCategories(modulesDatabase(h.db), companyId); // written straight to the table: the category snapshot learns of it
    for (let i = 0; i < 105; i++)
      await createGoods(h.db, companyId, { name: `散装${i}`, price: 100, stock: 1, category_id: bulk.id });
    // page_size 1: the list stops at page 100, so 101 means "more than 100".
    expect((await list({ category_id: bulk.id, page_size: 1 })).d.paging.count).toBe(101);
    expect((await list({ category_id: bulk.id, page_size: 20 })).d.paging.count).toBe(105);
  });

  it('answers a keyword held by many goods by walking the sort, the same as from the token index', async () => {
    const gifts = await createCategory(h.db, companyId, '礼品', null);
    const boxes = await createCategory(h.db, companyId, '礼盒', gifts);
    await bumpCategories(modulesDatabase(h.db), companyId);
    const words = ['精装礼盒', '星耀 Pro 礼盒', '茶礼 PRO', '坚果礼盒装', '月饼', 'Proof 纸盒', '礼 盒'];
    for (let i = 0; i < 140; i++)
      await createGoods(h.db, companyId, {
        name: `${words[i % words.length]} ${i}`,
        price: 1000 + ((i * 37) % 50) * 100,
        sales: (i * 13) % 29,
        stock: i % 11 === 0 ? 0 : 5,
        category_id: i % 3 === 0 ? gifts.id : boxes.id,
      });
    const cases: [string, number, Partial<CatalogueFilter>][] = [
      ['礼盒', gifts.id, {}],
      ['pro', gifts.id, { inStock: true }],
      ['礼', boxes.id, { minPrice: 2000 }],
      ['盒', 0, {}],
    ];
    for (const [keyword, category, more] of cases) {
      const f: CatalogueFilter = {
        tokens: queryTokens(keyword),
        ...(category ? { category: { id: category, level: category === gifts.id ? 1 : 2 } } : {}),
        ...more,
      };
      for (const sort of ['new', 'sales', 'price_asc', 'price_desc'] as CatalogueSort[])
        for (const offset of [0, 7]) {
          const ids = (plan: 'index' | 'walk') =>
            catalogueRepository
              .list(modulesDatabase(h.db), companyId, f, sort, 10, offset, plan)
              .then((rows) => rows.map((r) => r.id));
          const fromIndex = await ids('index');
          expect(fromIndex.length, `${keyword} ${sort}`).toBeGreaterThan(0);
          expect(await ids('walk'), `${keyword} ${sort} ${offset}`).toEqual(fromIndex);
        }
    }
    // Through the list: at page_size 1 more than 101 goods hold 礼盒, so the walk answers.
    const many = await list({ category_id: gifts.id, keyword: '礼盒', page_size: 1, sort: 'price_asc' });
    expect(many.d.paging.count).toBe(101);
    const first = await catalogueRepository.list(
      modulesDatabase(h.db),
      companyId,
      { tokens: ['礼盒'], category: { id: gifts.id, level: 1 } },
      'price_asc',
      1,
      0,
      'index',
    );
    expect(many.d.results.map((g: Row) => g.id)).toEqual(first.map((r) => r.id));
  });

  it('goes to page 100 and refuses page 101 with the field’s message', async () => {
    expect((await list({ page: 100 })).c).toBe(0);
    const beyond = await list({ page: 101 });
    expect(beyond.c).toBe(10001);
    expect(beyond.m).toBe('页码不能大于100');
  });

  it('counts and lists a category with a price or stock condition on its own index (issue 38)', async () => {
    const tea = { category_id: cats.tea as number };
    expect((await list({ ...tea, min_price: 20000 })).d.paging.count).toBe(2);
    expect(names(await list({ ...tea, min_price: 20000, sort: 'price_asc' }))).toEqual([
      '滇红金芽 250g',
      '清芳 明前特级西湖龙井 250g',
    ]);
    expect(names(await list({ ...tea, in_stock: 1, sort: 'sales' })).sort()).toEqual(
      ['碧螺春 一级 100g', '清芳 明前特级西湖龙井 250g'].sort(),
    );
    expect((await list({ ...tea, in_stock: 1 })).d.paging.count).toBe(2);
  });

  it('re-indexes every goods after an upgrade in bulk, answering the same, the token index set back', async () => {
    const keywords = ['茶', '西湖龙井', 'xhlj', 'longjing', 'x5 pro', '手机'];
    const before = await Promise.all(keywords.map(async (k) => names(await list({ keyword: k })).sort()));
    await h.db
      .updateTable('goods')
      .set({ search_version: SEARCH_VERSION - 1 })
      .execute();
    // Batches of 2 are full batches: the bulk way (inBulk), then the merge steps once none is left.
    let rounds = 0;
    while ((await indexPending(modulesDatabase(h.db), 2)) > 0) rounds += 1;
    expect(rounds).toBeGreaterThan(1);
    expect(await indexPending(modulesDatabase(h.db), 2)).toBe(0);
    const after = await Promise.all(keywords.map(async (k) => names(await list({ keyword: k })).sort()));
    expect(after).toEqual(before);
    if (dialectUnderTest === 'sqlite') {
      // FTS5's own setting is back at its default: single writes merge deleted entries again.
      const config = await h.db
        .selectFrom('goods_search_config' as never)
        .select(['k' as never, 'v' as never])
        .execute();
      expect(config).toContainEqual({ k: 'deletemerge', v: 10 });
    }
  });

  it.skipIf(dialectUnderTest !== 'sqlite')(
    'a process started after a bulk re-index was cut short merges the token index and sets FTS5 back',
    async () => {
      // A bulk killed before its `finally`: deleted entries left waiting for good.
      await sql`insert into goods_search (goods_search, rank) values ('deletemerge', 0)`.execute(h.db);
      // The module as a process that starts afresh has it (its state is per process).
      vi.resetModules();
      const restarted = await import('../src/modules/catalogue/catalogue-index.ts');
      expect(await restarted.indexPending(modulesDatabase(h.db))).toBe(0);
      const config = await h.db
        .selectFrom('goods_search_config' as never)
        .select(['k' as never, 'v' as never])
        .execute();
      expect(config).toContainEqual({ k: 'deletemerge', v: 10 });
    },
  );

  it.skipIf(dialectUnderTest !== 'pg')(
    'two indexers at once over the same goods in opposite orders both finish: rows are locked in id order',
    async () => {
      // Goods of a company of their own, more than one batch (500) of them.
      const other = await h.company('索引并发测试');
      const now = new Date().toISOString();
      const rows = await h.db
        .insertInto('goods')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            company_id: other,
            name: `并发货品 ${i}`,
            price: 100,
            stock: 1,
            on_sale: 1,
            del_flag: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const all = rows.map((r) => r.id).sort((a, b) => a - b);
      // Another transaction holds a goods in each half, so both indexers have started before
      // either goes on: locked in their own orders, each would then wait for the other's half.
      const holder = await holdRows(h.db, (trx) =>
        sql`select id from goods where id in (${all[250]}, ${all[750]}) for update`.execute(trx),
      );
      const db = modulesDatabase(h.db);
      const indexers = [all, [...all].reverse()].map((order) =>
        db
          .transaction()
          .execute((trx) => indexGoods(trx, other, order))
          .then(
            () => 'done',
            (error: { code?: string }) => error.code ?? String(error),
          ),
      );
      await waitForLockWaiters(h.db, 2);
      await holder.release();
      // Without the order, one of them is PostgreSQL's deadlock victim (40P01).
      expect(await Promise.all(indexers)).toEqual(['done', 'done']);
      const indexed = await h.db
        .selectFrom('goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', other)
        .where('search_version', '=', SEARCH_VERSION)
        .executeTakeFirstOrThrow();
      expect(Number(indexed.n)).toBe(1000);
    },
    30_000,
  );

  it('indexes goods written without their index in the background job', async () => {
    const raw = await h.db
      .insertInto('goods')
      .values({
        company_id: companyId,
        category_id: cats.green as number,
        name: '安吉白茶 明前',
        price: 100,
        stock: 1,
        on_sale: 1,
        del_flag: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(names(await list({ keyword: '安吉' }))).toEqual([]);
    expect(await indexPending(modulesDatabase(h.db))).toBeGreaterThanOrEqual(1);
    // This process remembers its empty answer for up to CACHE_RECHECK_MS; the other asks afresh.
    expect((await listOn(second, { keyword: '安吉' })).d.results.map((g: Row) => g.id)).toEqual([raw.id]);
    expect((await list({ category_id: cats.food as number, keyword: '白茶' })).d.paging.count).toBe(1);
  });
});
