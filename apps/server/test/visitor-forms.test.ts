import { MEMBER_ROLE, PUBLIC_FORM_LIMIT } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/platform/time.ts';
import { type Harness, testApp } from './harness.ts';

let h: Harness;
let companyId: number;
let otherCompany: number;
let shop: Awaited<ReturnType<Harness['as']>>;
let purchaser: Awaited<ReturnType<Harness['as']>>;
let service: Awaited<ReturnType<Harness['as']>>;
let otherShop: Awaited<ReturnType<Harness['as']>>;

type Form = Record<string, string | number | (string | number)[]>;
let ipSeq = 0;
/** Every test posts from its own address, so the per-IP form limit only bites where it is tested. */
const nextIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function post(url: string, form: Form, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  const res = await h.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
    payload: params.toString(),
    remoteAddress: opts.ip ?? nextIp(),
  });
  return res.json();
}

async function get(
  url: string,
  query: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return (await h.app.inject({ method: 'GET', url: `/api${url}${qs ? `?${qs}` : ''}`, headers })).json();
}

let mobileSeq = 0;
const nextMobile = () =>
  `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++mobileSeq).padStart(4, '0')}`;

const application = (extra: Form = {}): Form => ({
  company_id: companyId,
  name: '杭州优品包装材料有限公司',
  contact: '李经理',
  mobile: nextMobile(),
  email: 'li@youpin.example.cn',
  supply_category: '包装材料',
  description: '专业生产纸箱、缓冲材料。',
  ...extra,
});

const count = async (table: 'suppliers' | 'opinions' | 'anonymous_messages', cid: number) =>
  Number(
    (
      await h.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', cid)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('反馈单位');
  otherCompany = await h.company('别家单位');
  shop = await h.as(12, companyId);
  purchaser = await h.as(14, companyId);
  service = await h.as(21, companyId);
  otherShop = await h.as(12, otherCompany);
});
afterAll(() => h.close());

describe('supplier applications', () => {
  it('a visitor applies; purchasing staff find it pending, approve it once', async () => {
    const form = application();
    const applied = await post('/supplier/apply', form);
    expect(applied).toEqual({ c: 0, d: { id: expect.any(Number), status: 0 } });
    const id = applied.d.id as number;

    const list = await get('/supplier/list', { status: 0, keyword: '优品' }, purchaser.headers);
    expect(list.c).toBe(0);
    const row = list.d.results.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      name: '杭州优品包装材料有限公司',
      contact: '李经理',
      mobile: form.mobile,
      supply_category: '包装材料',
      status: 0,
      source: 'application',
      reviewer_name: '',
    });

    const reviewed = await post(
      '/supplier/review',
      { id, status: 1, review_note: '  资质齐全  ' },
      { headers: purchaser.headers },
    );
    expect(reviewed.c).toBe(0);
    expect(reviewed.d).toMatchObject({ id, status: 1, review_note: '资质齐全' });
    expect(reviewed.d.reviewer_name).not.toBe('');
    expect(reviewed.d.review_time).not.toBe('');

    const again = await post('/supplier/review', { id, status: 2 }, { headers: shop.headers });
    expect(again).toEqual({ c: 21004, m: '该记录已处理' });
    const approved = await get('/supplier/list', { status: 1 }, shop.headers);
    expect(approved.d.results.map((r: { id: number }) => r.id)).toContain(id);
    const pending = await get('/supplier/list', { status: 0 }, shop.headers);
    expect(pending.d.results.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('keeps one pending application per mobile; after a rejection the mobile may apply again', async () => {
    const form = application();
    const first = await post('/supplier/apply', form);
    expect(first.c).toBe(0);
    expect(await post('/supplier/apply', form)).toEqual({
      c: 21001,
      m: '该手机号已有待审核的申请',
      field: 'mobile',
    });
    // Another company has its own applications.
    expect((await post('/supplier/apply', { ...form, company_id: otherCompany })).c).toBe(0);
    await post(
      '/supplier/review',
      { id: first.d.id, status: 2, review_note: '品类暂不需要' },
      { headers: shop.headers },
    );
    expect((await post('/supplier/apply', form)).c).toBe(0);
  });

  it('keeps one pending application when the same mobile applies several times at once', async () => {
    const form = application();
    const results = await Promise.all([1, 2, 3].map(() => post('/supplier/apply', form)));
    expect(results.filter((r) => r.c === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.c !== 0)) {
      expect(r).toEqual({ c: 21001, m: '该手机号已有待审核的申请', field: 'mobile' });
    }
  });

  it('another company’s staff neither see nor review an application', async () => {
    const applied = await post('/supplier/apply', application());
    const theirs = await get('/supplier/list', { page_size: 100 }, otherShop.headers);
    expect(theirs.d.results.map((r: { id: number }) => r.id)).not.toContain(applied.d.id);
    expect(
      await post('/supplier/review', { id: applied.d.id, status: 1 }, { headers: otherShop.headers }),
    ).toEqual({
      c: 21003,
      m: '记录不存在或已被删除',
      field: 'id',
    });
    const row = await h.db
      .selectFrom('suppliers')
      .select('status')
      .where('id', '=', applied.d.id)
      .executeTakeFirst();
    expect(row?.status).toBe(0);
  });

  it('refuses anonymous callers and roles without the permission', async () => {
    expect((await get('/supplier/list')).c).toBe(10003);
    expect((await post('/supplier/review', { id: 1, status: 1 })).c).toBe(10003);
    const warehouse = await h.as(13, companyId);
    expect((await get('/supplier/list', {}, warehouse.headers)).c).toBe(10004);
    expect((await get('/supplier/list', {}, service.headers)).c).toBe(10004);
    expect((await post('/supplier/review', { id: 1, status: 1 }, { headers: service.headers })).c).toBe(
      10004,
    );
  });

  it('answers bad input with the field’s message and stores nothing', async () => {
    const before = await count('suppliers', companyId);
    expect(await post('/supplier/apply', { company_id: companyId })).toEqual({
      c: 10001,
      m: '公司名称不能为空',
      field: 'name',
    });
    expect(await post('/supplier/apply', application({ name: '   ' }))).toMatchObject({
      m: '公司名称不能为空',
      field: 'name',
    });
    expect(await post('/supplier/apply', application({ description: '长'.repeat(5000) }))).toMatchObject({
      c: 10001,
      m: '公司简介不能超过1000个字符',
      field: 'description',
    });
    expect(await post('/supplier/apply', application({ mobile: '12345' }))).toMatchObject({
      m: '手机号格式不正确',
      field: 'mobile',
    });
    expect(await post('/supplier/apply', application({ email: 'not-mail' }))).toMatchObject({
      m: '邮箱格式不正确',
      field: 'email',
    });
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/api/supplier/apply',
      payload: { ...application(), name: ['a'], company_id: companyId },
      remoteAddress: nextIp(),
    });
    expect(wrongType.json()).toMatchObject({ c: 10001, m: '公司名称格式不正确', field: 'name' });
    expect(await count('suppliers', companyId)).toBe(before);

    const review = (form: Form) => post('/supplier/review', form, { headers: shop.headers });
    expect(await review({ id: 1, status: 3 })).toMatchObject({ m: '审核结果不能大于2', field: 'status' });
    expect(await review({ id: 'x', status: 1 })).toMatchObject({ m: '供应商申请必须是整数', field: 'id' });
    expect(await review({ id: 1, status: 1, review_note: 'x'.repeat(201) })).toMatchObject({
      m: '审核意见不能超过200个字符',
    });
    expect(await get('/supplier/list', { status: 9 }, shop.headers)).toMatchObject({
      m: '审核状态不能大于2',
    });
  });

  it(`takes ${PUBLIC_FORM_LIMIT.max} applications per IP in the window, then 21002`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) {
      expect((await post('/supplier/apply', application(), { ip })).c).toBe(0);
    }
    const before = await count('suppliers', companyId);
    expect(await post('/supplier/apply', application(), { ip })).toEqual({
      c: 21002,
      m: '提交过于频繁，请稍后再试',
    });
    expect(await count('suppliers', companyId)).toBe(before);
    // Other forms and other addresses are counted on their own.
    expect((await post('/message/board', { company_id: companyId, content: '你好' }, { ip })).c).toBe(0);
    expect((await post('/supplier/apply', application(), { ip: '10.9.9.10' })).c).toBe(0);
  });
});

describe('a submission for a company that does not exist', () => {
  it('is refused with 单位不存在 and nothing is stored', async () => {
    const missing = 2_000_000_000;
    for (const [url, form] of [
      ['/supplier/apply', application({ company_id: missing })],
      [
        '/online/opinion',
        { company_id: missing, name: '王先生', contact: '13900001111', content: '请问发票怎么开？' },
      ],
      ['/message/board', { company_id: missing, content: '你好' }],
    ] as const) {
      expect(await post(url, form), url).toMatchObject({ m: '单位不存在', field: 'company_id' });
    }
    for (const table of ['suppliers', 'opinions', 'anonymous_messages'] as const) {
      expect(await count(table, missing)).toBe(0);
    }
  });
});

describe('FAQ and questions (/online)', () => {
  beforeAll(async () => {
    const now = nowIso();
    const faq = (cid: number, question: string, sort: number, status = 1) => ({
      company_id: cid,
      question,
      answer: `${question}的答案`,
      sort,
      status,
      created_at: now,
      updated_at: now,
    });
    await h.db
      .insertInto('problems')
      .values([
        faq(companyId, '如何开具发票？', 2),
        faq(companyId, '支持哪些付款方式？', 1),
        faq(companyId, '已下线的问题', 0, 0),
        faq(otherCompany, '别家的问题', 0),
      ])
      .execute();
  });

  it('lists the shown FAQ of the company in order, and finds by keyword', async () => {
    const all = await get('/online/problem/list', { company_id: companyId, page_size: 100 });
    expect(all.d.results.map((p: { question: string }) => p.question)).toEqual([
      '支持哪些付款方式？',
      '如何开具发票？',
    ]);
    expect(all.d.paging).toMatchObject({ count: 2 });
    const found = await get('/online/problem/list', { company_id: companyId, keyword: '发票' });
    expect(found.d.results).toEqual([
      { id: expect.any(Number), question: '如何开具发票？', answer: '如何开具发票？的答案', sort: 2 },
    ]);
  });

  it('a member of another company reads the FAQ of the company the page names', async () => {
    const m = await h.as(MEMBER_ROLE, otherCompany);
    const named = await get('/online/problem/list', { company_id: companyId }, m.headers);
    expect(named.d.results.map((p: { question: string }) => p.question)).toEqual([
      '支持哪些付款方式？',
      '如何开具发票？',
    ]);
    const own = await get('/online/problem/list', {}, m.headers);
    expect(own.d.results.map((p: { question: string }) => p.question)).toEqual(['别家的问题']);
    for (const url of ['/online/opinion/list', '/message/board/list']) {
      expect((await get(url, { company_id: companyId }, m.headers)).c).toBe(0);
    }
  });

  it('a question is answered publicly, then shows on /online without the contact', async () => {
    const asked = await post('/online/opinion', {
      company_id: companyId,
      name: '王女士',
      contact: 'wang@example.cn',
      content: '企业采购可以月结吗？',
    });
    expect(asked).toEqual({ c: 0, d: { id: expect.any(Number) } });
    const id = asked.d.id as number;
    const publicIds = async () =>
      (await get('/online/opinion/list', { company_id: companyId })).d.results.map(
        (o: { id: number }) => o.id,
      );
    expect(await publicIds()).not.toContain(id);

    const open = await get('/feedback/opinion/list', { status: 0 }, service.headers);
    expect(open.d.results.find((o: { id: number }) => o.id === id)).toMatchObject({
      name: '王女士',
      contact: 'wang@example.cn',
      status: 0,
      is_public: 0,
    });

    // Answered but private: still not public.
    const privateReply = await post(
      '/feedback/opinion/reply',
      { id, reply: '可以，请联系销售签订月结协议。', is_public: 0 },
      { headers: service.headers },
    );
    expect(privateReply.d).toMatchObject({
      status: 1,
      is_public: 0,
      reply: '可以，请联系销售签订月结协议。',
    });
    expect(await publicIds()).not.toContain(id);

    const publicReply = await post(
      '/feedback/opinion/reply',
      { id, reply: '可以，月结请联系销售。', is_public: 'true' },
      { headers: shop.headers },
    );
    expect(publicReply.d).toMatchObject({ status: 1, is_public: 1 });
    const shown = (await get('/online/opinion/list', { company_id: companyId })).d.results.find(
      (o: { id: number }) => o.id === id,
    );
    expect(shown).toEqual({
      id,
      name: '王**',
      content: '企业采购可以月结吗？',
      reply: '可以，月结请联系销售。',
      reply_time: expect.any(String),
      create_time: expect.any(String),
    });
    // Another company's public page does not show it.
    const other = await get('/online/opinion/list', { company_id: otherCompany });
    expect(other.d.results.map((o: { id: number }) => o.id)).not.toContain(id);
  });

  it('another company’s staff neither see nor answer a question; wrong roles are refused', async () => {
    const asked = await post('/online/opinion', {
      company_id: companyId,
      name: '赵先生',
      contact: '13900001111',
      content: '有售后电话吗？',
    });
    const theirs = await get('/feedback/opinion/list', { page_size: 100 }, otherShop.headers);
    expect(theirs.d.results.map((o: { id: number }) => o.id)).not.toContain(asked.d.id);
    expect(
      (
        await post(
          '/feedback/opinion/reply',
          { id: asked.d.id, reply: '有', is_public: 1 },
          { headers: otherShop.headers },
        )
      ).c,
    ).toBe(21003);
    expect((await get('/feedback/opinion/list')).c).toBe(10003);
    expect((await post('/feedback/opinion/reply', { id: asked.d.id, reply: '有', is_public: 1 })).c).toBe(
      10003,
    );
    expect((await get('/feedback/opinion/list', {}, purchaser.headers)).c).toBe(10004);
    expect(
      (
        await post(
          '/feedback/opinion/reply',
          { id: asked.d.id, reply: '有', is_public: 1 },
          { headers: purchaser.headers },
        )
      ).c,
    ).toBe(10004);
    const row = await h.db
      .selectFrom('opinions')
      .select(['status', 'reply'])
      .where('id', '=', asked.d.id)
      .executeTakeFirst();
    expect(row).toEqual({ status: 0, reply: '' });
  });

  it('answers bad questions with the field’s message and stores nothing', async () => {
    const before = await count('opinions', companyId);
    const ask = (form: Form) =>
      post('/online/opinion', {
        company_id: companyId,
        name: '访客',
        contact: '13900001111',
        content: '问题',
        ...form,
      });
    expect(await post('/online/opinion', { company_id: companyId })).toMatchObject({
      m: '称呼不能为空',
      field: 'name',
    });
    expect(await ask({ contact: '12345' })).toMatchObject({
      m: '联系方式请填写11位手机号或邮箱',
      field: 'contact',
    });
    expect(await ask({ content: 'x'.repeat(5000) })).toMatchObject({
      m: '咨询内容不能超过1000个字符',
      field: 'content',
    });
    expect(await ask({ content: '   ' })).toMatchObject({ m: '咨询内容不能为空', field: 'content' });
    expect(await count('opinions', companyId)).toBe(before);
    const reply = (form: Form) => post('/feedback/opinion/reply', form, { headers: service.headers });
    expect(await reply({ id: 1, reply: '', is_public: 1 })).toMatchObject({
      m: '回复内容不能为空',
      field: 'reply',
    });
    expect(await reply({ id: 1, reply: '好', is_public: 'maybe' })).toMatchObject({
      m: '公开显示只能是0或1',
      field: 'is_public',
    });
  });
});

describe('anonymous message board (/messages)', () => {
  const board = async (cid = companyId) =>
    (await get('/message/board/list', { company_id: cid, page_size: 100 })).d.results as {
      id: number;
      nickname: string;
      content: string;
    }[];

  it('shows a message only after approval, newest first; reviewing twice is refused', async () => {
    const a = await post('/message/board', { company_id: companyId, content: '  服务很好，点赞！ ' });
    expect(a).toEqual({ c: 0, d: { id: expect.any(Number), status: 0 } });
    const b = await post('/message/board', {
      company_id: companyId,
      nickname: '老顾客',
      content: '发货很快',
    });
    const c = await post('/message/board', { company_id: companyId, content: '广告信息' });
    expect((await board()).map((m) => m.id)).not.toContain(a.d.id);

    const pending = await get('/feedback/message/list', { status: 0 }, service.headers);
    expect(pending.d.results.find((m: { id: number }) => m.id === a.d.id)).toMatchObject({
      nickname: '匿名访客',
      content: '服务很好，点赞！',
      status: 0,
    });

    expect(
      await post(
        '/feedback/message/review',
        { ids: [a.d.id, b.d.id], status: 1 },
        { headers: service.headers },
      ),
    ).toEqual({ c: 0, d: { reviewed: 2 } });
    expect(
      await post('/feedback/message/review', { ids: c.d.id, status: 2 }, { headers: shop.headers }),
    ).toEqual({
      c: 0,
      d: { reviewed: 1 },
    });
    const shown = await board();
    const ids = shown.map((m) => m.id);
    expect(ids).toContain(a.d.id);
    expect(ids).not.toContain(c.d.id);
    expect(ids.indexOf(b.d.id)).toBeLessThan(ids.indexOf(a.d.id));
    expect(shown.find((m) => m.id === a.d.id)).toEqual({
      id: a.d.id,
      nickname: '匿名访客',
      content: '服务很好，点赞！',
      create_time: expect.any(String),
    });

    // One already reviewed refuses the whole batch.
    const d = await post('/message/board', { company_id: companyId, content: '还没审核' });
    expect(
      await post(
        '/feedback/message/review',
        { ids: `${d.d.id},${a.d.id}`, status: 2 },
        { headers: service.headers },
      ),
    ).toEqual({ c: 21004, m: '该记录已处理' });
    const still = await h.db
      .selectFrom('anonymous_messages')
      .select('status')
      .where('id', '=', d.d.id)
      .executeTakeFirst();
    expect(still?.status).toBe(0);

    const rejected = await get('/feedback/message/list', { status: 2 }, service.headers);
    expect(rejected.d.results.map((m: { id: number }) => m.id)).toContain(c.d.id);
  });

  it('deletes messages (also approved ones) so they leave the board and the lists', async () => {
    const m = await post('/message/board', { company_id: companyId, content: '将被删除' });
    await post('/feedback/message/review', { ids: m.d.id, status: 1 }, { headers: service.headers });
    expect((await board()).map((x) => x.id)).toContain(m.d.id);
    expect(await post('/feedback/message/delete', { ids: [m.d.id] }, { headers: service.headers })).toEqual({
      c: 0,
      d: { deleted: 1 },
    });
    expect((await board()).map((x) => x.id)).not.toContain(m.d.id);
    const all = await get('/feedback/message/list', { page_size: 100 }, service.headers);
    expect(all.d.results.map((x: { id: number }) => x.id)).not.toContain(m.d.id);
    expect((await post('/feedback/message/delete', { ids: [m.d.id] }, { headers: service.headers })).c).toBe(
      21003,
    );
  });

  it('another company’s staff neither see, review nor delete; wrong roles are refused', async () => {
    const m = await post('/message/board', { company_id: companyId, content: '只给本单位看' });
    const theirs = await get('/feedback/message/list', { page_size: 100 }, otherShop.headers);
    expect(theirs.d.results.map((x: { id: number }) => x.id)).not.toContain(m.d.id);
    expect(
      (await post('/feedback/message/review', { ids: m.d.id, status: 1 }, { headers: otherShop.headers })).c,
    ).toBe(21003);
    expect((await post('/feedback/message/delete', { ids: m.d.id }, { headers: otherShop.headers })).c).toBe(
      21003,
    );
    expect((await board(otherCompany)).map((x) => x.id)).not.toContain(m.d.id);
    expect((await get('/feedback/message/list')).c).toBe(10003);
    expect((await post('/feedback/message/review', { ids: m.d.id, status: 1 })).c).toBe(10003);
    expect((await post('/feedback/message/delete', { ids: m.d.id })).c).toBe(10003);
    expect((await get('/feedback/message/list', {}, purchaser.headers)).c).toBe(10004);
    expect(
      (await post('/feedback/message/review', { ids: m.d.id, status: 1 }, { headers: purchaser.headers })).c,
    ).toBe(10004);
    const row = await h.db
      .selectFrom('anonymous_messages')
      .select(['status', 'del_flag'])
      .where('id', '=', m.d.id)
      .executeTakeFirst();
    expect(row).toEqual({ status: 0, del_flag: 0 });
  });

  it('answers bad messages with the field’s message and stores nothing', async () => {
    const before = await count('anonymous_messages', companyId);
    expect(await post('/message/board', { company_id: companyId })).toMatchObject({
      m: '留言内容不能为空',
      field: 'content',
    });
    expect(await post('/message/board', { company_id: companyId, content: '长'.repeat(5000) })).toMatchObject(
      {
        c: 10001,
        m: '留言内容不能超过500个字符',
        field: 'content',
      },
    );
    expect(
      await post('/message/board', { company_id: companyId, content: '好', nickname: '名'.repeat(21) }),
    ).toMatchObject({ m: '昵称不能超过20个字符', field: 'nickname' });
    const wrongType = await h.app.inject({
      method: 'POST',
      url: '/api/message/board',
      payload: { company_id: companyId, content: { text: 'x' } },
      remoteAddress: nextIp(),
    });
    expect(wrongType.json()).toMatchObject({ c: 10001, m: '留言内容格式不正确', field: 'content' });
    expect(await post('/message/board', { company_id: 'abc', content: '好' })).toMatchObject({
      field: 'company_id',
    });
    expect(await count('anonymous_messages', companyId)).toBe(before);
    const review = (form: Form) => post('/feedback/message/review', form, { headers: service.headers });
    expect(await review({ status: 1 })).toMatchObject({ m: '留言不能为空', field: 'ids' });
    expect(await review({ ids: 'a,b', status: 1 })).toMatchObject({ m: '留言必须是整数', field: 'ids' });
    expect(await review({ ids: 1, status: 0 })).toMatchObject({ m: '审核结果不能小于1', field: 'status' });
  });

  it(`takes ${PUBLIC_FORM_LIMIT.max} messages per IP in the window, then 21002`, async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) {
      expect((await post('/message/board', { company_id: companyId, content: `第${i}条` }, { ip })).c).toBe(
        0,
      );
    }
    expect(await post('/message/board', { company_id: companyId, content: '太多了' }, { ip })).toEqual({
      c: 21002,
      m: '提交过于频繁，请稍后再试',
    });
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) {
      await post(
        '/online/opinion',
        { company_id: companyId, name: '访客', contact: '13900001111', content: '问' },
        { ip },
      );
    }
    expect(
      (
        await post(
          '/online/opinion',
          { company_id: companyId, name: '访客', contact: '13900001111', content: '问' },
          { ip },
        )
      ).c,
    ).toBe(21002);
  });
});
