import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, runImport, xlsx } from './excel.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * 导入 on 新闻管理 (the news resource's Excel import, ADR 0017): the sheet names the category as the
 * list shows it (新闻资讯), found among the caller's company's; template, preview with each row's
 * errors, commit of the valid rows as news the list and the public pages read; another company's
 * categories are not the caller's; who may import. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let service: Record<string, string>;

const HEADERS = ['栏目*', '标题*', '摘要', '封面图片', '作者', '来源', '发布时间', '状态*', '正文'];

const sheet = (rows: (string | number)[][]) =>
  xlsx(
    '新闻',
    HEADERS.map((h) => h.replace('*', '')),
    rows,
  );

const upload = (mode: string, content: Buffer, headers: Record<string, string> = admin) =>
  runImport(h, '/api/cms/news/admin/import', mode, content, headers, '新闻.xlsx');

const list = (keyword: string, headers = admin) =>
  h.post('/api/cms/news/admin/list', { keyword }, headers).then((r) => r.json());

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('新闻导入单位');
  admin = (await h.as(12, companyId)).headers;
  service = (await h.as(21, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家新闻单位'))).headers;
  // Each company's four default categories (made by the first read).
  for (const who of [admin, otherAdmin])
    expect((await h.post('/api/cms/news/admin/categories', {}, who)).json().c).toBe(0);
});
afterAll(() => h.close());

const mixed = () =>
  sheet([
    [
      '新闻资讯',
      '导入的展会新闻',
      '三款新品',
      '',
      '市场部',
      '本站',
      '2026-03-01 09:00:00',
      '已发布',
      '第一段。',
    ], // 2 ok
    ['公司公告', '栏目不存在', '', '', '', '', '', '草稿', ''], // 3 unknown category
    ['技术服务', '', '', '', '', '', '', '草稿', ''], // 4 no title
    ['技术服务', '状态写错', '', '', '', '', '', '上线', ''], // 5 status not a word
    ['技术服务', '导入的草稿', '', '', '', '', '', '草稿', ''], // 6 ok
  ]);

describe('news import', () => {
  it('answers a template whose example row imports as it is', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/cms/news/admin/import/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows[1]?.[0]).toBe('新闻资讯');
    expect(await upload('preview', res.rawPayload)).toMatchObject({ c: 0, d: { total: 1, valid: 1 } });
  });

  it('previews each row with its Chinese errors and saves nothing', async () => {
    const res = await upload('preview', await mixed());
    expect(res.c).toBe(0);
    expect(res.d).toMatchObject({ total: 5, valid: 2, invalid: 3, created: 0 });
    const byRow = Object.fromEntries(
      res.d.rows.map((r: { row: number; errors: object }) => [r.row, r.errors]),
    );
    expect(byRow).toEqual({
      2: {},
      3: { 栏目: '栏目「公司公告」不存在，可填「新闻资讯」、「技术服务」、「商品服务」、「纪录片」' },
      4: { 标题: '标题不能为空' },
      5: { 状态: '状态只能是「已发布」、「草稿」' },
      6: {},
    });
    expect((await list('导入的')).d.paging.count).toBe(0);
  });

  it('imports the valid rows into the caller’s categories; the list and the public pages read them', async () => {
    const res = await upload('valid', await mixed());
    expect(res).toMatchObject({ c: 0, d: { created: 2, invalid: 3 } });
    const found = (await list('导入的')).d.results as {
      title: string;
      category_name: string;
      status: number;
    }[];
    expect(found.map((r) => [r.title, r.category_name, r.status]).sort()).toEqual([
      ['导入的展会新闻', '新闻资讯', 1],
      ['导入的草稿', '技术服务', 0],
    ]);
    const shown = await h.app.inject({
      method: 'GET',
      url: `/api/cms/news/list?company_id=${companyId}`,
    });
    const titles = (shown.json().d.results as { title: string }[]).map((r) => r.title);
    expect(titles).toContain('导入的展会新闻');
    expect(titles).not.toContain('导入的草稿');
  });

  it('finds the category among the caller’s company’s only; another company sees none of it', async () => {
    const res = await upload(
      'all',
      await sheet([['纪录片', '别家导入', '', '', '', '', '', '草稿', '']]),
      otherAdmin,
    );
    expect(res).toMatchObject({ c: 0, d: { created: 1 } });
    const [row] = await h.db
      .selectFrom('news')
      .select(['company_id', 'category_id'])
      .where('title', '=', '别家导入')
      .execute();
    const category = await h.db
      .selectFrom('news_categories')
      .select(['company_id', 'name'])
      .where('id', '=', Number(row?.category_id))
      .executeTakeFirst();
    expect(category).toEqual({ company_id: row?.company_id, name: '纪录片' });
    expect(row?.company_id).not.toBe(companyId);
    expect((await list('别家导入')).d.paging.count).toBe(0);
    expect((await list('导入的', otherAdmin)).d.paging.count).toBe(0);
  });

  it('refuses an anonymous visitor and a role that may only read news; nothing is written', async () => {
    const file = await sheet([['新闻资讯', '无权导入', '', '', '', '', '', '草稿', '']]);
    expect((await upload('all', file, {})).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await upload('all', file, service)).c).toBe(Codes.FORBIDDEN.c);
    expect((await list('无权导入')).d.paging.count).toBe(0);
  });
});
