import { Codes, MEMBER_ROLE, textToRichText } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdvertisings, seedNews } from '../src/seed/demo-cms.ts';
import { type Harness, testApp } from './harness.ts';

let h: Harness;
let companyId: number;
let otherCompany: number;

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await h.app.inject({ method: 'GET', url: `/api${url}`, headers })).json();
const newsList = (query: string) => get(`/cms/news/list?company_id=${companyId}&${query}`);
const ids = (body: { d: { results: { id: number }[] } }) => body.d.results.map((r) => r.id);
const viewsOf = async (id: number) =>
  (await h.db.selectFrom('news').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const body = '第一段：公司新闻。\n\n第二段：更多细节。\n\n第三段：结语。';

type Key = 'oldest' | 'middle' | 'newest' | 'tech' | 'en' | 'draft' | 'deleted' | 'future' | 'foreign';
let n: Record<Key, number>;

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('内容单位');
  otherCompany = await h.company('别家单位');
  const [oldest, middle, newest, tech, en, draft, deleted, future] = await seedNews(h.db, companyId, [
    {
      category: 'news',
      title: '仓储中心投入使用',
      summary: '次日达扩大',
      body,
      daysAgo: 3,
      author: '物流中心',
    },
    {
      category: 'news',
      title: '年货节预售开启',
      summary: '企业福利礼盒',
      body,
      daysAgo: 2,
      cover: '/demo/cms/festival.svg',
    },
    { category: 'news', title: '公司荣获优秀服务商', summary: '年度评选 100%_达标', body, daysAgo: 1 },
    { category: 'technology', title: '企业上云实践', body, daysAgo: 1.5 },
    { category: 'news', title: 'Warehouse opens', body: 'One.\n\nTwo.', lang: 'en', daysAgo: 1 },
    { category: 'news', title: '草稿文章', body, status: 0 },
    { category: 'news', title: '已删除文章', body },
    { category: 'news', title: '明天发布的文章', body, published_at: iso(1) },
  ]);
  await h.db
    .updateTable('news')
    .set({ del_flag: 1 })
    .where('id', '=', deleted as number)
    .execute();
  const [foreign] = await seedNews(h.db, otherCompany, [{ category: 'news', title: '别家新闻', body }]);
  n = {
    oldest: oldest as number,
    middle: middle as number,
    newest: newest as number,
    tech: tech as number,
    en: en as number,
    draft: draft as number,
    deleted: deleted as number,
    future: future as number,
    foreign: foreign as number,
  };
});
afterAll(() => h.close());

describe('news', () => {
  it('lists the company’s categories', async () => {
    const r = await get(`/cms/news/categories?company_id=${companyId}`);
    expect(r.c).toBe(0);
    expect(r.d.map((c: { code: string; name: string }) => [c.code, c.name])).toEqual([
      ['news', '新闻资讯'],
      ['technology', '技术服务'],
      ['goodsService', '商品服务'],
      ['documentary', '纪录片'],
    ]);
    const en = await get(`/cms/news/categories?company_id=${companyId}&lang=en`);
    expect(en.d[0].name).toBe('News');
  });

  it('lists published articles of a category, newest first, with paging', async () => {
    const r = await newsList('category=news');
    expect(r.c).toBe(0);
    expect(ids(r)).toEqual([n.newest, n.middle, n.oldest]);
    expect(r.d.results[1]).toMatchObject({
      category: 'news',
      category_name: '新闻资讯',
      title: '年货节预售开启',
      summary: '企业福利礼盒',
      cover: '/demo/cms/festival.svg',
      video: '',
      views: 0,
    });
    expect(r.d.results[0]).not.toHaveProperty('body');

    const page2 = await newsList('category=news&page=2&page_size=2');
    expect(ids(page2)).toEqual([n.oldest]);
    expect(page2.d.paging).toMatchObject({
      count: 3,
      num_pages: 2,
      cur_page: 2,
      has_previous: true,
      has_next: false,
    });

    expect(ids(await newsList('category=technology'))).toEqual([n.tech]);
    expect(ids(await newsList(''))).toEqual([n.newest, n.tech, n.middle, n.oldest]);
    // An empty (or blank) category is no category: every category, not 栏目格式不正确.
    expect(ids(await newsList('category='))).toEqual([n.newest, n.tech, n.middle, n.oldest]);
    expect(ids(await newsList('category=%20&lang='))).toEqual([n.newest, n.tech, n.middle, n.oldest]);
    expect((await newsList('category=nothing')).d.results).toEqual([]);
  });

  it('filters by keyword (title or summary, wildcards taken literally) and language', async () => {
    expect(ids(await newsList(`keyword=${encodeURIComponent('年货')}`))).toEqual([n.middle]);
    expect(ids(await newsList(`keyword=${encodeURIComponent('次日达')}`))).toEqual([n.oldest]);
    expect(ids(await newsList(`keyword=${encodeURIComponent('%_')}`))).toEqual([n.newest]);
    expect(ids(await newsList('keyword=%25'))).toEqual([n.newest]);
    expect(ids(await newsList('lang=en'))).toEqual([n.en]);
    expect(ids(await newsList('lang=en&keyword=WAREHOUSE'))).toEqual([n.en]);
  });

  it('hides drafts, deleted articles, future ones and other companies’ articles', async () => {
    const all = ids(await newsList('page_size=100'));
    for (const hidden of [n.draft, n.deleted, n.future, n.foreign]) expect(all).not.toContain(hidden);
    for (const hidden of [n.draft, n.deleted, n.future, n.foreign, 999_999]) {
      const r = await get(`/cms/news/detail?id=${hidden}&company_id=${companyId}`);
      expect(r).toEqual({ c: Codes.NEWS_NOT_FOUND.c, m: '文章不存在或已下线' });
    }
    expect(await viewsOf(n.draft)).toBe(0);
    expect(await viewsOf(n.foreign)).toBe(0);
  });

  it('answers the detail with body and neighbours, and counts each reading', async () => {
    const r = await get(`/cms/news/detail?id=${n.middle}&company_id=${companyId}`);
    expect(r.c).toBe(0);
    expect(r.d).toMatchObject({
      id: n.middle,
      lang: 'zh',
      title: '年货节预售开启',
      // The seed stores its plain text as rich text's paragraphs (ADR 0030).
      body: textToRichText(body),
      views: 1,
      prev_id: n.newest,
      prev_title: '公司荣获优秀服务商',
      next_id: n.oldest,
      next_title: '仓储中心投入使用',
    });
    const again = await get(`/cms/news/detail?id=${n.middle}&company_id=${companyId}`);
    expect(again.d.views).toBe(2);
    const first = await get(`/cms/news/detail?id=${n.newest}&company_id=${companyId}`);
    expect(first.d).toMatchObject({ prev_id: null, prev_title: '', next_id: n.middle });
    const last = await get(`/cms/news/detail?id=${n.oldest}&company_id=${companyId}`);
    expect(last.d).toMatchObject({ prev_id: n.middle, next_id: null, next_title: '' });
    // The English article's neighbours are English only.
    const en = await get(`/cms/news/detail?id=${n.en}&company_id=${companyId}`);
    expect(en.d).toMatchObject({ lang: 'en', category_name: 'News', prev_id: null, next_id: null });
  });

  it('the company named wins for a logged-in caller too; without one, their own company', async () => {
    const m = await h.as(MEMBER_ROLE, otherCompany);
    const r = await get(`/cms/news/detail?id=${n.middle}&company_id=${companyId}`, m.headers);
    expect(r.d.title).toBe('年货节预售开启');
    const foreign = await get(`/cms/news/detail?id=${n.foreign}&company_id=${companyId}`, m.headers);
    expect(foreign.c).toBe(Codes.NEWS_NOT_FOUND.c);
    expect(ids(await get('/cms/news/list', m.headers))).toEqual([n.foreign]);
  });

  it('refuses bad input with the field’s message', async () => {
    const before = await viewsOf(n.middle);
    expect((await newsList('page_size=100000')).m).toBe('每页条数不能大于100');
    expect((await newsList('page=0')).m).toBe('页码不能小于1');
    expect((await newsList(`keyword=${'新'.repeat(1000)}`)).m).toBe('关键字不能超过50个字符');
    expect((await newsList('lang=fr')).m).toBe('语言只能是zh或en');
    expect((await newsList('category=%3Cscript%3E')).m).toBe('栏目格式不正确');
    expect((await newsList(`category=${'a'.repeat(40)}`)).m).toBe('栏目不能超过32个字符');
    expect((await get('/cms/news/detail?id=abc')).m).toBe('文章必须是整数');
    expect((await get('/cms/news/detail?id=1.5')).m).toBe('文章必须是整数');
    expect((await get('/cms/news/detail')).m).toBe('文章不能为空');
    expect((await get('/cms/news/detail?id=99999999999')).m).toBe('文章不能大于2147483647');
    const r = await get(`/cms/news/detail?id=${n.middle}&company_id=x`);
    expect(r).toMatchObject({ c: 10001, m: '单位必须是整数', field: 'company_id' });
    expect(await viewsOf(n.middle)).toBe(before);
  });
});

describe('advertisings', () => {
  type AdKey = 'second' | 'first' | 'off' | 'expired' | 'later' | 'side' | 'foreign' | 'deleted';
  let ad: Record<AdKey, number>;
  beforeAll(async () => {
    const [second, first, off, expired, later, side] = await seedAdvertisings(h.db, companyId, [
      { title: '第二张', image: '/demo/cms/banner-promotion.svg', link: '/promotion', sort: 2, body: '正文' },
      { title: '第一张', image: '/demo/cms/banner-product.svg', link: '/product', sort: 1, summary: '特惠' },
      { title: '停用的', image: '', link: '', status: 0 },
      { title: '过期的', image: '', link: '', ends_at: iso(-1) },
      { title: '未开始的', image: '', link: '', starts_at: iso(1) },
      {
        title: '侧边的',
        image: '',
        link: 'https://example.com/',
        position: 'side',
        starts_at: iso(-1),
        ends_at: iso(1),
      },
    ]);
    const [foreign] = await seedAdvertisings(h.db, otherCompany, [
      { title: '别家广告', image: '', link: '' },
    ]);
    const [deleted] = await seedAdvertisings(h.db, companyId, [{ title: '删除的', image: '', link: '' }]);
    await h.db
      .updateTable('advertisings')
      .set({ deleted_at: iso(0) })
      .where('id', '=', deleted as number)
      .execute();
    ad = { second, first, off, expired, later, side, foreign, deleted } as Record<AdKey, number>;
  });

  it('lists current advertisings of a position by sort, or of all positions', async () => {
    const home = await get(`/cms/advertising/list?position=home&company_id=${companyId}`);
    expect(home.c).toBe(0);
    expect(home.d).toEqual([
      {
        id: ad.first,
        title: '第一张',
        image: '/demo/cms/banner-product.svg',
        link: '/product',
        summary: '特惠',
      },
      {
        id: ad.second,
        title: '第二张',
        image: '/demo/cms/banner-promotion.svg',
        link: '/promotion',
        summary: '',
      },
    ]);
    const all = await get(`/cms/advertising/list?company_id=${companyId}`);
    expect(all.d.map((a: { id: number }) => a.id)).toEqual([ad.first, ad.second, ad.side]);
    const blank = await get(`/cms/advertising/list?position=&company_id=${companyId}`);
    expect(blank.d.map((a: { id: number }) => a.id)).toEqual([ad.first, ad.second, ad.side]);
  });

  it('answers one advertising with its body; hidden or foreign ones are 20802', async () => {
    const r = await get(`/cms/advertising/detail?id=${ad.second}&company_id=${companyId}`);
    expect(r.d).toEqual({
      id: ad.second,
      title: '第二张',
      image: '/demo/cms/banner-promotion.svg',
      link: '/promotion',
      summary: '',
      position: 'home',
      body: '正文',
    });
    for (const hidden of [ad.off, ad.expired, ad.later, ad.foreign, ad.deleted, 999_999]) {
      const x = await get(`/cms/advertising/detail?id=${hidden}&company_id=${companyId}`);
      expect(x).toEqual({ c: Codes.ADVERTISING_NOT_FOUND.c, m: '广告不存在或已下线' });
    }
  });

  it('refuses bad input with the field’s message', async () => {
    expect((await get('/cms/advertising/detail?id=abc')).m).toBe('广告必须是整数');
    expect((await get('/cms/advertising/list?position=home%20page')).m).toBe('广告位格式不正确');
    expect((await get('/cms/advertising/list?company_id=-3')).m).toBe('单位不能小于1');
  });
});
