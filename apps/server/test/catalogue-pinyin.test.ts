import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoodsCompany, goodsCompany } from './goods-company.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * A word inside a goods' name found by its pinyin (ADR 0014 "Pinyin", issue 35): whole pinyin,
 * initials and a syllable being typed, in the public shop list and in the goods library as the
 * shop administrator sees it; a keyword of another goods' word finds only that goods, one in no
 * name finds nothing; a rename through `/goods/save` is searched by its new name at once (the
 * index is written in the save's transaction). SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let co: GoodsCompany;

const PHONE = '华为 Mate60 智能手机 12GB';
const COFFEE = '云南小粒咖啡豆 500g';
const TEA = '明前西湖龙井 250g';
const ids: Record<string, number> = {};

type Found = { status: number; c: number; count: number; names: string[] };
const found = async (res: { statusCode: number; json: () => unknown }): Promise<Found> => {
  const body = res.json() as { c: number; d: { paging: { count: number }; results: { name: string }[] } };
  return {
    status: res.statusCode,
    c: body.c,
    count: body.d?.paging.count,
    names: (body.d?.results ?? []).map((g) => g.name).sort(),
  };
};

/** The public shop list, as a visitor asks it. */
const shop = async (keyword: string) =>
  found(
    await h.app.inject({
      method: 'GET',
      url: `/api/goods/staff/shopgoods/?${new URLSearchParams({ company_id: String(co.companyId), keyword })}`,
    }),
  );

/** The goods library's list, as the company's 商城管理员 asks it. */
const library = async (keyword: string) =>
  found(
    await h.app.inject({
      method: 'POST',
      url: '/api/goods/list',
      headers: { ...co.admin, 'content-type': 'application/json' },
      payload: { keyword, page_size: 20 },
    }),
  );

/** Both lists answer 200 with exactly `names` (any order) for `keyword`. */
async function findsExactly(keyword: string, names: string[]) {
  const want = { status: 200, c: 0, count: names.length, names: [...names].sort() };
  expect(await shop(keyword), `shop: ${keyword}`).toEqual(want);
  expect(await library(keyword), `library: ${keyword}`).toEqual(want);
}

beforeAll(async () => {
  h = await testApp();
  // Codes PY1…: no keyword below begins with py, so only the names' pinyin can match.
  co = await goodsCompany(h, '拼音搜索单位', '综合', { code: 'PY', name: '拼音商品' });
  ids.phone = (await co.goods({ name: PHONE })).id;
  ids.coffee = (await co.goods({ name: COFFEE })).id;
  ids.tea = (await co.goods({ name: TEA })).id;
  const pushed = await h.json(
    '/goods/push/to/shop',
    { ids: [ids.phone, ids.coffee, ids.tea], on_sale: 1 },
    co.admin,
  );
  expect(pushed.c, JSON.stringify(pushed)).toBe(0);
});
afterAll(() => h?.close());

describe('pinyin of a word inside a goods name', () => {
  it('finds 智能手机 inside the phone by whole pinyin, initials and a syllable being typed', async () => {
    for (const keyword of ['shouji', 'sj', 'zhinengshouji', 'znsj', 'zhineng', 'shouj', 'ShouJi'])
      await findsExactly(keyword, [PHONE]);
  });

  it('finds 咖啡豆 inside the coffee, with the words before it', async () => {
    for (const keyword of ['kafei', 'kf', 'kafeidou', 'xiaolikafei']) await findsExactly(keyword, [COFFEE]);
  });

  it('finds 西湖龙井 inside the tea, whole and by its initials', async () => {
    for (const keyword of ['xihulongjing', 'longjing', 'xhlj', 'lj']) await findsExactly(keyword, [TEA]);
  });

  it("never finds one goods by another's word, and answers a keyword in no name with nothing", async () => {
    expect((await shop('shouji')).names).not.toContain(COFFEE);
    expect((await shop('kafei')).names).not.toContain(PHONE);
    for (const keyword of ['zzzz', 'longjingcha', 'shoujike']) await findsExactly(keyword, []);
  });

  it('searches a goods renamed through /goods/save by its new name at once, never by the old one', async () => {
    const got = await h.json('/goods/get', { id: ids.phone }, co.admin);
    expect(got.c).toBe(0);
    const renamed = '华为 MatePad 平板电脑 12GB';
    const saved = await h.json(
      '/goods/save',
      { ...got.d, id: ids.phone, name: renamed, images: got.d.images, skus: undefined },
      co.admin,
    );
    expect(saved.c, JSON.stringify(saved)).toBe(0);
    for (const keyword of ['pingbandiannao', 'diannao', 'pbdn', 'dn']) await findsExactly(keyword, [renamed]);
    for (const keyword of ['shouji', 'sj', 'zhinengshouji']) await findsExactly(keyword, []);
    // The goods not renamed are found as before.
    await findsExactly('kafei', [COFFEE]);
    await findsExactly('longjing', [TEA]);
  });
});
