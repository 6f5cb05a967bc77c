import { Codes, fileImageKeyOf } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from '#server/platform/db/migrations/039-rich-text.ts';
import { nowIso } from '#server/platform/time.ts';
import { createCategory, createGoods } from '#server/seed/seed.ts';
import { runImport, templateHeaders, xlsx } from './excel.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * Rich text (ADR 0030): the goods' 商品详情 and a news article's 正文 are stored as what the one
 * sanitiser keeps, on every write — goods create and save (and /shop/goods/create), the goods
 * import's 商品详情 column, news create, save and import; hostile input gives a clean value or the
 * field's error, never a 500; pictures of the file store must be the company's; the public reads
 * answer the stored HTML; plain text written before became paragraphs (migration 039). SQLite, and
 * PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let otherId: number;
let categoryId: number;
let newsCategoryId: number;
/** A picture of this company's file store, and one of the other company's (their keys). */
let KEY: string;
let OTHER_KEY: string;
const picture = (key: string) => `<img src="/api/file/image?key=${key}" alt="茶园">`;

const HOSTILE =
  '<h2 onclick="x()">产地</h2><p style="color:red">西湖<script>alert(1)</script><strong>明前</strong>' +
  '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">点我</a><a href="https://tea.example/" target="_blank">官网</a></p>' +
  '<iframe src="https://evil.example"></iframe><img src="data:image/png;base64,AAAA" alt="d">';
const HOSTILE_CLEAN =
  '<h2>产地</h2><p>西湖<strong>明前</strong>点我<a href="https://tea.example/" target="_blank" rel="noopener nofollow">官网</a></p>';

const call = (url: string, body: Record<string, unknown> = {}, headers: Record<string, string> = admin) =>
  h.json(url, body, headers);
const keyOf = async (headers: Record<string, string>) =>
  fileImageKeyOf((await h.uploadImage(headers)).url) as string;

const goodsBody = (over: Record<string, unknown> = {}) => ({
  code: `RT-${Math.random().toString(36).slice(2, 8)}`,
  name: '富文本龙井',
  category_id: categoryId,
  goods_type: 'normal',
  status: 1,
  price: 1000,
  ...over,
});
const article = (over: Record<string, unknown> = {}) => ({
  category_id: newsCategoryId,
  title: '富文本新闻',
  status: 1,
  ...over,
});

/** The news sheet's category: by its name (新闻资讯) or by its id (either column the template has). */
const NEWS_CATEGORY = {
  栏目: '新闻资讯',
  get 栏目编号() {
    return newsCategoryId;
  },
};
async function importSheet(url: string, rows: Record<string, unknown>[], mode = 'all') {
  const headers = await templateHeaders(h, url, admin);
  const content = await xlsx(
    '导入',
    headers,
    rows.map((row) => headers.map((label) => row[label.replace('*', '')] ?? null)),
  );
  return runImport(h, url, mode, content, admin);
}

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('富文本单位');
  admin = (await h.as(12, companyId)).headers;
  otherId = await h.company('别家单位');
  otherAdmin = (await h.as(12, otherId)).headers;
  categoryId = (await createCategory(h.db, companyId, '绿茶', null)).id;
  newsCategoryId = (await call('/cms/news/admin/categories')).d[0].id;
  KEY = await keyOf(admin);
  OTHER_KEY = await keyOf(otherAdmin);
});
afterAll(() => h.close());

describe('the goods 商品详情 as rich text', () => {
  it('stores what the allow-list keeps on a create and a save; the public detail answers it', async () => {
    const made = await call('/goods/create', goodsBody({ description: HOSTILE }));
    expect(made).toMatchObject({ c: 0, d: { description: HOSTILE_CLEAN } });
    const id = made.d.id as number;
    const saved = await call(
      '/goods/save',
      goodsBody({ id, code: made.d.code, description: `<p>二次<u>保存</u></p>${picture(KEY)}` }),
    );
    expect(saved.d.description).toBe(
      `<p>二次<u>保存</u></p><img src="/api/file/image?key=${KEY}" alt="茶园" />`,
    );
    const row = await h.db
      .selectFrom('goods')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(saved.d.description);
    // In the shop: the public detail reads the same stored HTML.
    expect((await call('/goods/push/to/shop', { ids: [id], on_sale: 1 })).c).toBe(0);
    const shown = await h.app.inject({
      method: 'GET',
      url: `/api/goods/staff/shopgoods/detail/?id=${id}&company_id=${companyId}`,
    });
    expect(shown.json()).toMatchObject({ c: 0, d: { description: saved.d.description } });
    // An editor left empty stores nothing.
    const emptied = await call('/goods/save', goodsBody({ id, code: made.d.code, description: '<p></p>' }));
    expect(emptied.d.description).toBe('');
  });

  it("the shop's create sanitises the same way", async () => {
    const made = await call('/shop/goods/create', goodsBody({ description: HOSTILE }));
    expect(made).toMatchObject({ c: 0, d: { description: HOSTILE_CLEAN } });
  });

  it("refuses with the field: too long once sanitised, another company's picture — writing nothing", async () => {
    const count = async () =>
      (
        await h.db
          .selectFrom('goods')
          .select(h.db.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const GONE = '图片不存在或已被删除，请重新上传';
    const cases: [Record<string, unknown>, number, string][] = [
      [goodsBody({ description: 'x'.repeat(20_001) }), Codes.PARAM_ERROR.c, '商品详情不能超过20000个字符'],
      [
        goodsBody({ description: '<'.repeat(5_000) }),
        Codes.PARAM_ERROR.c,
        '商品详情不能超过20000个字符（含格式）',
      ],
      [goodsBody({ description: picture(OTHER_KEY) }), Codes.NOT_FOUND.c, GONE],
      [goodsBody({ description: picture('00000000000000000000000000000000.png') }), Codes.NOT_FOUND.c, GONE],
      [goodsBody({ description: 12 }), Codes.PARAM_ERROR.c, '商品详情'],
    ];
    for (const [body, c, m] of cases) {
      const r = await call('/goods/create', body);
      expect(r, m).toMatchObject({ c, field: 'description' });
      expect(r.m, m).toContain(m);
    }
    // The other company shows its own picture.
    const theirCategory = (await createCategory(h.db, otherId, '红茶', null)).id;
    const theirs = await call(
      '/goods/create',
      goodsBody({ category_id: theirCategory, description: picture(OTHER_KEY) }),
      otherAdmin,
    );
    expect(theirs).toMatchObject({
      c: 0,
      d: { description: `<img src="/api/file/image?key=${OTHER_KEY}" alt="茶园" />` },
    });
    expect(Number(await count())).toBe(before);
  });

  it('takes a 商品详情 of 20,000 Chinese characters (a body over the default 64 kB)', async () => {
    const long = `<p>${'字'.repeat(19_993)}</p>`;
    const made = await call('/goods/create', goodsBody({ description: long }));
    expect(made.c).toBe(0);
    expect(made.d.description).toHaveLength(20_000);
  });

  it('the import sanitises the 商品详情 column and refuses a row whose text is too long', async () => {
    const row = (code: string, description: string) => ({
      商品编码: code,
      商品名称: `导入${code}`,
      商品分类: '绿茶',
      商品类型: '普通商品',
      '销售价（元）': '1',
      商品详情: description,
    });
    const refused = [row('RT-IMP-3', '&'.repeat(19_000)), row('RT-IMP-4', picture(OTHER_KEY))];
    const r = await importSheet(
      '/api/goods/excel_data_save',
      [row('RT-IMP-1', HOSTILE), row('RT-IMP-2', '第一段\n\n第二段'), ...refused],
      'valid',
    );
    expect(r).toMatchObject({ c: 0, d: { total: 4, valid: 2, invalid: 2, created: 2 } });
    const rows = await h.db
      .selectFrom('goods')
      .select(['code', 'description'])
      .where('company_id', '=', companyId)
      .where('code', 'like', 'RT-IMP-%')
      .orderBy('code')
      .execute();
    expect(rows).toEqual([
      { code: 'RT-IMP-1', description: HOSTILE_CLEAN },
      { code: 'RT-IMP-2', description: '<p>第一段</p><p>第二段</p>' },
    ]);
    const preview = await importSheet('/api/goods/excel_data_save', refused, 'preview');
    expect(preview.d.rows.map((x: { errors: object }) => x.errors)).toEqual([
      { 商品详情: '商品详情不能超过20000个字符（含格式）' },
      { 商品详情: '图片不存在或已被删除，请重新上传' },
    ]);
  });
});

describe('the news 正文 as rich text', () => {
  it('stores what the allow-list keeps on a create and a save; the public detail answers it', async () => {
    const made = await call('/cms/news/admin/add', article({ body: HOSTILE }));
    expect(made).toMatchObject({ c: 0, d: { body: HOSTILE_CLEAN } });
    const id = made.d.id as number;
    const saved = await call('/cms/news/admin/update', article({ id, body: `<h3>标题</h3>${picture(KEY)}` }));
    expect(saved.d.body).toBe(`<h3>标题</h3><img src="/api/file/image?key=${KEY}" alt="茶园" />`);
    const shown = await h.app.inject({
      method: 'GET',
      url: `/api/cms/news/detail?id=${id}&company_id=${companyId}`,
    });
    expect(shown.json()).toMatchObject({ c: 0, d: { body: saved.d.body } });
  });

  it("refuses another company's picture and a text too long once sanitised, with the field", async () => {
    expect(await call('/cms/news/admin/add', article({ body: picture(OTHER_KEY) }))).toMatchObject({
      c: Codes.NOT_FOUND.c,
      field: 'body',
      m: '图片不存在或已被删除，请重新上传',
    });
    expect(await call('/cms/news/admin/add', article({ body: `<p>${'>'.repeat(5_000)}</p>` }))).toMatchObject(
      {
        c: Codes.PARAM_ERROR.c,
        field: 'body',
        m: '正文不能超过20000个字符（含格式）',
      },
    );
  });

  it('the import sanitises the 正文 column: plain text as paragraphs, hostile HTML cleaned, too long refused', async () => {
    const r = await importSheet(
      '/api/cms/news/admin/import',
      [
        { ...NEWS_CATEGORY, 标题: '导入一', 状态: '已发布', 正文: HOSTILE },
        { ...NEWS_CATEGORY, 标题: '导入二', 状态: '已发布', 正文: '第一段。\n\n第二段。' },
        { ...NEWS_CATEGORY, 标题: '导入三', 状态: '已发布', 正文: '<'.repeat(6_000) },
      ],
      'valid',
    );
    expect(r).toMatchObject({ c: 0, d: { total: 3, valid: 2, invalid: 1, created: 2 } });
    const rows = await h.db
      .selectFrom('news')
      .select(['title', 'body'])
      .where('company_id', '=', companyId)
      .where('title', 'like', '导入%')
      .orderBy('title')
      .execute();
    expect(rows).toEqual([
      { title: '导入一', body: HOSTILE_CLEAN },
      { title: '导入二', body: '<p>第一段。</p><p>第二段。</p>' },
    ]);
  });

  it("another company's staff and a visitor are refused as before", async () => {
    const mine = (await call('/cms/news/admin/add', article({ body: '<p>本单位</p>' }))).d.id as number;
    expect(
      await call('/cms/news/admin/update', article({ id: mine, body: '<p>改</p>' }), otherAdmin),
    ).toMatchObject({
      c: Codes.NOT_FOUND.c,
    });
    expect((await call('/cms/news/admin/update', article({ id: mine, body: '<p>改</p>' }), {})).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    const goods = (await call('/goods/create', goodsBody({ description: '<p>本单位</p>' }))).d;
    expect(
      (
        await call(
          '/goods/save',
          goodsBody({ id: goods.id, code: goods.code, description: '<p>改</p>' }),
          otherAdmin,
        )
      ).c,
    ).not.toBe(0);
    expect((await call('/goods/save', goodsBody({ id: goods.id, code: goods.code }), {})).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    const row = await h.db
      .selectFrom('goods')
      .select('description')
      .where('id', '=', goods.id)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe('<p>本单位</p>');
  });
});

describe('migration 039', () => {
  it('stores the plain text written before as its escaped paragraphs', async () => {
    const company = await h.company('旧数据单位');
    const id = await createGoods(h.db, company, {
      name: '旧商品',
      price: 100,
      stock: 0,
      description: '旧介绍 <b>\n\n第二段&',
    });
    const now = nowIso();
    const category = await h.db
      .insertInto('news_categories')
      .values({
        company_id: company,
        code: 'old',
        name: '旧栏目',
        sort: 0,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const news = await h.db
      .insertInto('news')
      .values({
        company_id: company,
        category_id: category.id,
        lang: 'zh',
        title: '旧新闻',
        summary: '',
        body: '第一段\n第二行',
        cover: '',
        video: '',
        author: '',
        status: 1,
        published_at: now,
        views: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await richText.up(h.db as never);
    const goods = await h.db
      .selectFrom('goods')
      .select('description')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(goods.description).toBe('<p>旧介绍 &lt;b&gt;</p><p>第二段&amp;</p>');
    const article = await h.db
      .selectFrom('news')
      .select('body')
      .where('id', '=', news.id)
      .executeTakeFirstOrThrow();
    expect(article.body).toBe('<p>第一段<br>第二行</p>');
  });
});
