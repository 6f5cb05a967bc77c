import { Codes, GUEST_LIMITS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

/**
 * The company's news administration (ADR 0027: `/cms/news/admin/*` on the resource block; what is
 * published shows on the public pages at once), `/guest/welcome` and the new visitors of the
 * 商城管理 home. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let categoryId: number;

type Form = Record<string, string | number | (string | number)[]>;
const post = (url: string, form: Form, headers = admin) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());
const publicList = (form: Form = {}) =>
  h.app
    .inject({
      method: 'GET',
      url: `/api/cms/news/list?${new URLSearchParams({ company_id: String(companyId), ...(form as Record<string, string>) })}`,
    })
    .then((r) => r.json());
const publicDetail = (id: number) =>
  h.app
    .inject({ method: 'GET', url: `/api/cms/news/detail?id=${id}&company_id=${companyId}` })
    .then((r) => r.json());

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('新闻单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
  const categories = await post('/cms/news/admin/categories', {});
  expect(categories.c).toBe(0);
  categoryId = categories.d[0].id;
});
afterAll(() => h.close());

const article = (extra: Form = {}): Form => ({
  category_id: categoryId,
  title: '春季展会圆满结束',
  summary: '三款新品亮相',
  author: '市场部',
  source: '本站',
  status: 1,
  body: '<p>第一段。</p><p>第二段 <strong>加粗</strong><script>alert(1)</script></p>',
  ...extra,
});

describe('news administration', () => {
  it('gives a company without categories the four defaults once', async () => {
    const again = await post('/cms/news/admin/categories', {});
    expect(again.d.map((c: { name: string }) => c.name)).toEqual([
      '新闻资讯',
      '技术服务',
      '商品服务',
      '纪录片',
    ]);
    const rows = await h.db
      .selectFrom('news_categories')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    expect(rows).toHaveLength(4);
  });

  it('writes, publishes, and the public pages show it at once; drafts and future ones are not shown', async () => {
    const made = await post('/cms/news/admin/add', article({ cover: '/api/file/image?key=abc.png' }));
    expect(made).toMatchObject({
      c: 0,
      d: { title: '春季展会圆满结束', category_name: '新闻资讯', status: 1, source: '本站', views: 0 },
    });
    const id = made.d.id as number;
    // The body is rich text, sanitised when written (ADR 0030): the public page gets what the allow-list kept.
    const shown = await publicDetail(id);
    expect(shown).toMatchObject({
      c: 0,
      d: { title: '春季展会圆满结束', cover: '/api/file/image?key=abc.png' },
    });
    expect(shown.d.body).toBe('<p>第一段。</p><p>第二段 <strong>加粗</strong></p>');
    expect((await publicList()).d.results.map((n: { id: number }) => n.id)).toContain(id);

    const draft = await post('/cms/news/admin/add', article({ title: '草稿一篇', status: 0 }));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await post('/cms/news/admin/add', article({ title: '明天发布', published_at: future }));
    expect(later.d.published_at).toBe(future);
    const publicIds = (await publicList()).d.results.map((n: { id: number }) => n.id);
    expect(publicIds).not.toContain(draft.d.id);
    expect(publicIds).not.toContain(later.d.id);
    expect((await publicDetail(draft.d.id)).c).toBe(Codes.NEWS_NOT_FOUND.c);
    expect((await publicDetail(later.d.id)).c).toBe(Codes.NEWS_NOT_FOUND.c);

    // Batch publish: the draft shows; withdrawing hides it again.
    expect(await post('/cms/news/admin/publish', { ids: [draft.d.id], status: 1 })).toMatchObject({
      c: 0,
      d: { count: 1 },
    });
    expect((await publicDetail(draft.d.id)).c).toBe(0);
    expect((await post('/cms/news/admin/publish', { ids: [draft.d.id, id], status: 0 })).d.count).toBe(2);
    expect((await publicDetail(draft.d.id)).c).toBe(Codes.NEWS_NOT_FOUND.c);
    expect((await publicDetail(id)).c).toBe(Codes.NEWS_NOT_FOUND.c);
    // All or nothing: one unknown id changes none.
    const refused = await post('/cms/news/admin/publish', { ids: [id, 99_999_999], status: 1 });
    expect(refused.c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/cms/news/admin/get', { id })).d.status).toBe(0);

    // Edit, list with filters, search and paging, then delete: gone from the public pages too.
    const edited = await post('/cms/news/admin/update', { id, ...article({ title: '展会回顾', status: 1 }) });
    expect(edited.d).toMatchObject({ title: '展会回顾', status: 1 });
    expect((await publicDetail(id)).d.title).toBe('展会回顾');
    const drafts = await post('/cms/news/admin/list', { status: 0 });
    expect(drafts.d.results.map((n: { id: number }) => n.id)).toEqual([draft.d.id]);
    expect((await post('/cms/news/admin/list', { keyword: '回顾' })).d.paging.count).toBe(1);
    expect(
      (await post('/cms/news/admin/list', { category_id: categoryId, page_size: 2, page: 2 })).d,
    ).toMatchObject({
      paging: { count: 3, cur_page: 2 },
    });
    expect((await post('/cms/news/admin/list', { keyword: '%' })).d.paging.count).toBe(0);
    expect((await post('/cms/news/admin/selected/delete', { ids: [id] })).d.count).toBe(1);
    expect((await publicDetail(id)).c).toBe(Codes.NEWS_NOT_FOUND.c);
    expect((await post('/cms/news/admin/get', { id })).c).toBe(Codes.NOT_FOUND.c);

    const audited = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'news')
      .where('entity_id', '=', id)
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  it('takes a body of 20,000 characters of stored HTML as a form post', async () => {
    const long = await post(
      '/cms/news/admin/add',
      article({ title: '长文', status: 0, body: `<p>${'字'.repeat(19_993)}</p>` }),
    );
    expect(long.c).toBe(0);
    expect(long.d.body).toHaveLength(20_000);
    expect((await post('/cms/news/admin/selected/delete', { ids: [long.d.id] })).c).toBe(0);
  });

  it('refuses bad input with the field and its Chinese message, writing nothing', async () => {
    const before = await post('/cms/news/admin/list', {});
    const cases: [Form, string, string][] = [
      [article({ title: '' }), 'title', '标题不能为空'],
      [article({ title: 'x'.repeat(101) }), 'title', '标题不能超过100个字符'],
      [article({ category_id: 'abc' }), 'category_id', '栏目必须是整数'],
      [article({ status: 2 }), 'status', '状态只能是0或1'],
      [article({ published_at: '2026-02-31 10:00:00' }), 'published_at', '发布时间格式不正确'],
      [article({ cover: 'javascript:alert(1)' }), 'cover', '封面图片须为本站路径或 http(s) 地址'],
      [article({ summary: 'a\u0007b' }), 'summary', '摘要含有不可见的控制字符'],
      [article({ body: '字'.repeat(20_001) }), 'body', '正文不能超过20000个字符'],
      // Plain text is stored as its paragraphs: 19,995 characters become 20,002 (the stored HTML counts).
      [article({ body: '字'.repeat(19_995) }), 'body', '正文不能超过20000个字符（含格式）'],
    ];
    for (const [form, field, m] of cases) {
      const r = await post('/cms/news/admin/add', form);
      expect(r, field).toMatchObject({ c: Codes.PARAM_ERROR.c, field, m });
    }
    // Another company's category is no category of this one.
    const otherCategory = (await post('/cms/news/admin/categories', {}, otherAdmin)).d[0].id;
    expect(await post('/cms/news/admin/add', article({ category_id: otherCategory }))).toMatchObject({
      c: Codes.PARAM_ERROR.c,
      field: 'category_id',
      m: '栏目不存在，请重新选择',
    });
    // A cover of the file store is a live picture of the company's: a deleted file's is refused.
    const gone = await h.uploadImage(admin);
    expect((await post('/file/delete', { id: gone.id })).c).toBe(0);
    expect(await post('/cms/news/admin/add', article({ cover: gone.url }))).toMatchObject({
      c: Codes.NOT_FOUND.c,
      field: 'cover',
      m: '图片不存在或已被删除，请重新上传',
    });
    expect((await post('/cms/news/admin/list', {})).d.paging.count).toBe(before.d.paging.count);
  });

  it('keeps companies apart and follows the role table', async () => {
    const mine = (await post('/cms/news/admin/add', article({ title: '本单位新闻' }))).d.id as number;
    expect((await post('/cms/news/admin/get', { id: mine }, otherAdmin)).c).toBe(Codes.NOT_FOUND.c);
    expect(
      (await post('/cms/news/admin/update', { id: mine, ...article({ title: '改掉' }) }, otherAdmin)).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect((await post('/cms/news/admin/publish', { ids: [mine], status: 0 }, otherAdmin)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await post('/cms/news/admin/selected/delete', { ids: [mine] }, otherAdmin)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await post('/cms/news/admin/list', {}, otherAdmin)).d.paging.count).toBe(0);
    expect((await post('/cms/news/admin/get', { id: mine })).d).toMatchObject({
      title: '本单位新闻',
      status: 1,
    });

    expect((await h.post('/api/cms/news/admin/list', {})).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await h.post('/api/cms/news/admin/add', article())).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    // 客服 reads the news but does not write it; the others see none of it.
    const service = (await h.as(21, companyId)).headers;
    expect((await post('/cms/news/admin/list', {}, service)).c).toBe(0);
    expect((await post('/cms/news/admin/add', article(), service)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/cms/news/admin/publish', { ids: [mine], status: 0 }, service)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    for (const role of [13, 14, 18, 20]) {
      const headers = (await h.as(role, companyId)).headers;
      expect((await post('/cms/news/admin/list', {}, headers)).c, `role ${role}`).toBe(Codes.FORBIDDEN.c);
    }
  });
});

describe('guests', () => {
  const welcome = (
    form: Form,
    ip = '203.0.113.7',
    ua = 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
  ) =>
    h.app
      .inject({
        method: 'POST',
        url: '/api/guest/welcome',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        payload: JSON.stringify({ company_id: companyId, ...form }),
      })
      .then((r) => r.json());

  it('records a visitor once and greets them; staff see today and the last 7 days', async () => {
    const first = await welcome({
      visitor: 'visitor-0000000001',
      path: '/news',
      referrer: 'https://www.baidu.com/s?wd=x',
    });
    expect(first).toMatchObject({ c: 0, d: { first: true } });
    expect(first.d.greeting).toMatch(/^欢迎您首次访问新闻单位/);
    const again = await Promise.all(
      [1, 2, 3].map(() => welcome({ visitor: 'visitor-0000000001', path: '/' })),
    );
    expect(again.every((r) => r.c === 0 && r.d.first === false)).toBe(true);
    // Two new visitors at once: both recorded, once each.
    await Promise.all([
      welcome({ visitor: 'visitor-0000000002' }),
      welcome({ visitor: 'visitor-0000000002' }),
    ]);
    // One of last week, one older than 7 days.
    const old = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const [visitor, at] of [
      ['visitor-week-00000003', old(3)],
      ['visitor-older-0000004', old(9)],
    ] as const)
      await h.db
        .insertInto('guest_visits')
        .values({ company_id: companyId, visitor, path: '/', ip: '198.51.100.20', created_at: at })
        .execute();

    const recent = await post('/guest/recent', {});
    expect(recent.c).toBe(0);
    expect(recent.d.today).toBe(2);
    expect(recent.d.week).toBe(3);
    expect(recent.d.latest[recent.d.latest.length - 1]).toBeDefined();
    const newest = recent.d.latest.find((v: { path: string }) => v.path === '/news');
    expect(newest).toMatchObject({ referrer: 'www.baidu.com', ip: '203.0.113.*', agent: 'Chrome · Windows' });
    // Another company's staff see none of them; anonymous and roles without view_guest are refused.
    expect((await post('/guest/recent', {}, otherAdmin)).d).toMatchObject({ today: 0, week: 0, latest: [] });
    expect((await h.post('/api/guest/recent', {})).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/guest/recent', {}, (await h.as(13, companyId)).headers)).c).toBe(Codes.FORBIDDEN.c);
  });

  it('bounds its input and limits each IP', async () => {
    for (const [form, field] of [
      [{}, 'visitor'],
      [{ visitor: 'short' }, 'visitor'],
      [{ visitor: 'x'.repeat(65) }, 'visitor'],
      [{ visitor: 'bad visitor id 123456' }, 'visitor'],
      [{ visitor: 'visitor-0000000009', path: 'https://evil.example/' }, 'path'],
      [{ visitor: 'visitor-0000000009', path: `/${'a'.repeat(200)}` }, 'path'],
      [{ visitor: 'visitor-0000000009', referrer: 'r'.repeat(301) }, 'referrer'],
      [{ visitor: 'visitor-0000000009', company_id: 99_999_999 }, 'company_id'],
    ] as [Form, string][])
      expect(await welcome(form, '192.0.2.50'), JSON.stringify(form)).toMatchObject({ field });
    const ip = '192.0.2.99';
    const answers = [];
    for (let i = 0; i < GUEST_LIMITS.perIp + 1; i++)
      answers.push(await welcome({ visitor: `visitor-limit-${String(i).padStart(6, '0')}` }, ip));
    expect(answers.slice(0, GUEST_LIMITS.perIp).every((r) => r.c === 0)).toBe(true);
    expect(answers[GUEST_LIMITS.perIp]).toMatchObject({
      c: Codes.GUEST_TOO_FREQUENT.c,
      m: '访问过于频繁，请稍后再试',
    });
    // A long user agent is cut, never refused.
    expect((await welcome({ visitor: 'visitor-long-agent-01' }, '192.0.2.51', 'U'.repeat(5000))).c).toBe(0);
    const row = await h.db
      .selectFrom('guest_visits')
      .select('user_agent')
      .where('visitor', '=', 'visitor-long-agent-01')
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toHaveLength(GUEST_LIMITS.userAgent);
  });
});
