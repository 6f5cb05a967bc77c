import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexGoods, indexPending } from '#server/modules/catalogue/catalogue-index.ts';
import { createCategory } from '#server/seed/seed.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The goods library's keyword from the catalogue's token index (issue 12, ADR 0021): every live
 * goods of the company is found, listed or not; by its code's words and their beginnings; in a
 * category's subtree; never another company's or a deleted one; counted exactly beside other
 * filters; a keyword without tokens, or goods the index job has not reached, by the scan.
 * SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let other: Record<string, string>;
let tea: { id: number };
let green: { id: number };
let black: { id: number };
let phones: { id: number };

type Body = Record<string, unknown>;
const call = (url: string, body: Body = {}, headers: Record<string, string> = admin) =>
  h.json(url, body, headers);
const codes = async (body: Body, headers = admin) => {
  const r = await call('/goods/list', { page_size: 20, sort: 'code', ...body }, headers);
  expect(r.c).toBe(0);
  return { count: r.d.paging.count as number, codes: r.d.results.map((g: { code: string }) => g.code) };
};
const make = async (
  code: string,
  name: string,
  category: { id: number },
  over: Body = {},
  headers = admin,
) => {
  const r = await call(
    '/goods/create',
    { code, name, category_id: category.id, goods_type: 'normal', status: 1, price: 100, ...over },
    headers,
  );
  expect(r.c).toBe(0);
  return r.d.id as number;
};

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('搜索单位');
  admin = (await h.as(12, companyId)).headers;
  const otherCompany = await h.company('别家搜索单位');
  other = (await h.as(12, otherCompany)).headers;
  tea = await createCategory(h.db, companyId, '茶叶', null);
  green = await createCategory(h.db, companyId, '绿茶', tea as never);
  black = await createCategory(h.db, companyId, '红茶', tea as never);
  phones = await createCategory(h.db, companyId, '手机', null);
  await make('LJ-001', '西湖龙井 明前', green, { keywords: '春茶' });
  await make('LJ-002', '狮峰龙井', green, { status: 0 });
  await make('HC-001', '正山小种', black, { keywords: '春茶 烟熏' });
  await make('SJ100', '星耀 X5 Pro 手机', phones);
  const deleted = await make('LJ-099', '龙井 已删', green);
  expect((await call('/goods/selected/delete', { ids: [deleted] })).c).toBe(0);
  const otherTea = await createCategory(h.db, otherCompany, '茶叶', null);
  await make('LJ-003', '别家龙井', otherTea, {}, other);
});
afterAll(() => h.close());

describe('goods library search', () => {
  it('finds live goods of the company, listed or not, by name, keywords, code words and their beginnings', async () => {
    // None is in the shop: the library finds them all the same.
    expect(await codes({ keyword: '龙井' })).toEqual({ count: 2, codes: ['LJ-001', 'LJ-002'] });
    expect(await codes({ keyword: '春茶' })).toEqual({ count: 2, codes: ['HC-001', 'LJ-001'] });
    for (const keyword of ['LJ-0', 'lj', 'lj-00', 'ＬＪ－０'])
      expect((await codes({ keyword })).codes).toEqual(['LJ-001', 'LJ-002']);
    expect((await codes({ keyword: 'lj-001' })).codes).toEqual(['LJ-001']);
    expect((await codes({ keyword: '002' })).codes).toEqual(['LJ-002']);
    expect((await codes({ keyword: 'sj1' })).codes).toEqual(['SJ100']);
    // Words are found by their beginnings, not their middles (the documented difference from a scan).
    expect((await codes({ keyword: 'j100' })).count).toBe(0);
    // The name's pinyin and the category's name find goods too, as in the shop.
    expect((await codes({ keyword: 'xhlj' })).codes).toEqual(['LJ-001']);
    // Whole pinyin of a word inside the name too (issue 35): 狮峰龙井's longjing, 星耀 X5 Pro 手机's shouji.
    expect((await codes({ keyword: 'longjing' })).codes).toEqual(['LJ-001', 'LJ-002']);
    expect((await codes({ keyword: 'shifenglongjing' })).codes).toEqual(['LJ-002']);
    expect((await codes({ keyword: 'shouji' })).codes).toEqual(['SJ100']);
    expect((await codes({ keyword: 'longjingcha' })).count).toBe(0);
    expect((await codes({ keyword: '红茶' })).codes).toEqual(['HC-001']);
    // Another company's LJ-003 and the deleted LJ-099 are never found.
    expect((await codes({ keyword: 'lj' }, other)).codes).toEqual(['LJ-003']);
    expect((await codes({ keyword: '已删' })).count).toBe(0);
  });

  it('keeps the category subtree and the other filters beside the keyword, counting exactly', async () => {
    expect(await codes({ keyword: '春茶', category_id: tea.id })).toEqual({
      count: 2,
      codes: ['HC-001', 'LJ-001'],
    });
    expect(await codes({ keyword: '春茶', category_id: black.id })).toEqual({ count: 1, codes: ['HC-001'] });
    expect((await codes({ keyword: '龙井', category_id: phones.id })).count).toBe(0);
    expect(await codes({ keyword: '龙井', status: 0 })).toEqual({ count: 1, codes: ['LJ-002'] });
    expect(await codes({ keyword: '龙井', status: 1, category_id: green.id })).toEqual({
      count: 1,
      codes: ['LJ-001'],
    });
    // Paging: the count is of all the goods found, the page holds its part.
    const page2 = await call('/goods/list', { keyword: '茶', sort: 'code', page: 2, page_size: 5 });
    expect(page2.d.paging.count).toBe(3);
    expect(page2.d.results).toHaveLength(0);
  });

  it('answers a keyword held by many goods with the same pages whether its sort index is walked or not', async () => {
    // 1,200 goods holding 批量: a page ending within a fiftieth of them walks the sort's index
    // (migration 036; ADR 0021), a longer page orders every goods found — the same order.
    const bulkCompany = await h.company('批量搜索单位');
    const bulk = (await h.as(12, bulkCompany)).headers;
    const shelf = await createCategory(h.db, bulkCompany, '货架', null);
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      company_id: bulkCompany,
      category_id: shelf.id,
      code: i % 7 === 0 ? '' : `PL-${String((i * 37) % 1200).padStart(4, '0')}`,
      name: `批量商品 ${['甲', '乙', '丙'][i % 3]}${i % 40}`,
      price: 100 + ((i * 7919) % 50),
      stock: i % 9,
      on_sale: 0,
      del_flag: i % 100 === 5 ? 1 : 0,
      created_at: now,
      updated_at: now,
    }));
    for (let k = 0; k < rows.length; k += 100)
      await h.db
        .insertInto('goods')
        .values(rows.slice(k, k + 100))
        .execute();
    const ids = (
      await h.db.selectFrom('goods').select('id').where('company_id', '=', bulkCompany).execute()
    ).map((r) => r.id);
    await indexGoods(modulesDatabase(h.db), bulkCompany, ids);
    const page = async (body: Body) => {
      const r = await call('/goods/list', { keyword: '批量', ...body }, bulk);
      expect(r.c).toBe(0);
      return { count: r.d.paging.count as number, ids: r.d.results.map((g: { id: number }) => g.id) };
    };
    for (const sort of ['newest', 'code', 'name', 'price', 'stock']) {
      const all = await page({ sort, page_size: 100 });
      expect(all.count).toBe(1188);
      expect(await page({ sort, page_size: 10 })).toEqual({ count: 1188, ids: all.ids.slice(0, 10) });
      expect(await page({ sort, page_size: 10, page: 2 })).toEqual({
        count: 1188,
        ids: all.ids.slice(10, 20),
      });
      // In the category's subtree alike (its scope token), and never another company's.
      expect(await page({ sort, page_size: 10, category_id: shelf.id })).toEqual({
        count: 1188,
        ids: all.ids.slice(0, 10),
      });
    }
    expect((await codes({ keyword: '批量' })).count).toBe(0);
  });

  it('follows a rename at once, and takes a keyword without tokens or goods not yet indexed by the scan', async () => {
    const id = (await call('/goods/list', { keyword: 'HC-001' })).d.results[0].id as number;
    const got = (await call('/goods/get', { id })).d;
    expect(
      (
        await call('/goods/save', {
          ...got,
          id,
          code: 'HC-101',
          name: '金骏眉',
          images: got.images,
          skus: undefined,
        })
      ).c,
    ).toBe(0);
    expect((await codes({ keyword: '正山' })).count).toBe(0);
    expect((await codes({ keyword: 'hc-1' })).codes).toEqual(['HC-101']);
    // Only punctuation: no token, so the scan finds the codes holding it.
    expect((await codes({ keyword: '-' })).codes).toEqual(['HC-101', 'LJ-001', 'LJ-002']);
    // A goods written before this version of the index (or by a bulk load): the library scans
    // until the job has indexed it, then the index finds it.
    await h.db.updateTable('goods').set({ search_version: 4 }).where('code', '=', 'LJ-002').execute();
    expect((await codes({ keyword: '狮峰' })).codes).toEqual(['LJ-002']);
    expect(await indexPending(modulesDatabase(h.db))).toBeGreaterThan(0);
    expect((await codes({ keyword: '狮峰' })).codes).toEqual(['LJ-002']);
  });

  it("remembers a filter's count across its sorts and pages, forgotten at once by this process's write", async () => {
    // Answers live CACHE_RECHECK_MS / 2 (500 ms here), a filter's count ten times as long.
    const count = async (body: Body, headers = admin) => {
      const r = await call('/goods/list', { page_size: 1, ...body }, headers);
      expect(r.c).toBe(0);
      return r.d.paging.count as number;
    };
    const before = await count({ category_id: green.id, sort: 'code' });
    // Another process's write (here straight into the table): the answers show it within their
    // age; the count, asked by another sort and page of the same filter, is still the one remembered.
    const lj001 = await h.db
      .selectFrom('goods')
      .select('id')
      .where('code', '=', 'LJ-001')
      .executeTakeFirstOrThrow();
    await h.db.updateTable('goods').set({ cat2: phones.id }).where('id', '=', lj001.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await count({ category_id: green.id, sort: 'price', page: 2 })).toBe(before);
    // Another company's list of the same filter counts its own goods (none in this category).
    expect(await count({ category_id: green.id }, other)).toBe(0);
    // A write through the library (another goods) forgets the company's counts: counted afresh.
    await make('SJ200', '星耀 X6 手机', phones);
    expect(await count({ category_id: green.id, sort: 'name' })).toBe(before - 1);
    await h.db.updateTable('goods').set({ cat2: green.id }).where('id', '=', lj001.id).execute();
  });
});
