import { brandResource, Codes } from '@portal/contract';

const brandColumns = brandResource.columns;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, testApp } from './harness.ts';

/**
 * Brands, the first resource of the back-office block (design/back-office.md): what every declared
 * resource gets from `serveResource` — scope, permissions per call, field errors, uniqueness (also
 * raced), audit, paging, search, picker, all-or-nothing batch delete. SQLite, and PostgreSQL with
 * TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

const post = (url: string, form: Record<string, string | number | (string | number)[]>, headers = admin) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('品牌单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
});
afterAll(() => h.close());

describe('brands: a declared resource', () => {
  it('creates, reads, updates and lists with search, filter, sort and paging', async () => {
    const made = await post('/goods/brand/add', {
      name: ' 青峰 ',
      description: '坚果炒货',
      sort: 2,
      status: 1,
    });
    expect(made).toMatchObject({
      c: 0,
      d: { name: '青峰', description: '坚果炒货', sort: 2, status: 1, logo: '' },
    });
    for (const [name, sort, status] of [
      ['清芳', 1, 1],
      ['中冠', 3, 0],
    ] as const)
      expect((await post('/goods/brand/add', { name, sort, status })).c).toBe(0);

    const id = made.d.id as number;
    expect((await post('/goods/brand', { id })).d.name).toBe('青峰');
    const updated = await post('/goods/brand/update', {
      id,
      name: '青峰食品',
      description: '坚果炒货',
      sort: 5,
      status: 1,
      logo: '/demo/logo.svg',
    });
    expect(updated.d).toMatchObject({ name: '青峰食品', sort: 5, logo: '/demo/logo.svg' });

    const all = await post('/goods/brand/list', {});
    expect(all.d.results.map((b: { name: string }) => b.name)).toEqual(['清芳', '中冠', '青峰食品']);
    expect(all.d.paging).toMatchObject({ count: 3 });
    expect((await post('/goods/brand/list', { keyword: '坚果' })).d.results).toHaveLength(1);
    expect((await post('/goods/brand/list', { keyword: '%' })).d.results).toHaveLength(0);
    expect(
      (await post('/goods/brand/list', { status: 0 })).d.results.map((b: { name: string }) => b.name),
    ).toEqual(['中冠']);
    const paged = await post('/goods/brand/list', { page: 2, page_size: 2, sort: 'name' });
    expect(paged.d.results).toHaveLength(1);
    expect(paged.d.paging).toMatchObject({ count: 3, cur_page: 2, num_pages: 2 });
    // The picker offers brands in use only, as id + label.
    const options = await post('/goods/brands', {});
    expect(options.d.results.map((o: { label: string }) => o.label).sort()).toEqual(
      ['清芳', '青峰食品'].sort(),
    );
    expect(Object.keys(options.d.results[0]).sort()).toEqual(['id', 'label']);

    const audited = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'before_json', 'after_json'])
      .where('company_id', '=', companyId)
      .where('entity', '=', 'goods_brands')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audited[1]?.before_json ?? '{}').name).toBe('青峰');
    expect(JSON.parse(audited[1]?.after_json ?? '{}').name).toBe('青峰食品');
    const row = await h.db
      .selectFrom('goods_brands')
      .select(['created_by', 'updated_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).not.toBeNull();
    expect(row.updated_by).toBe(row.created_by);
  });

  it('refuses bad input beside the field and changes nothing', async () => {
    const before = await h.db
      .selectFrom('goods_brands')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    for (const [form, field, message] of [
      [{ name: '', status: 1 }, 'name', '品牌名称不能为空'],
      [{ name: 'x'.repeat(31), status: 1 }, 'name', '品牌名称不能超过30个字符'],
      [{ name: '好', status: 2 }, 'status', '状态只能是0或1'],
      [{ name: '好', status: 1, sort: -1 }, 'sort', undefined],
      [{ name: '好', status: 1, logo: 'javascript:alert(1)' }, 'logo', '品牌标志须为本站路径或 http(s) 地址'],
    ] as const) {
      const r = await post('/goods/brand/add', form);
      expect(r.c, JSON.stringify(form)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field).toBe(field);
      if (message) expect(r.m).toBe(message);
    }
    expect((await post('/goods/brand/update', { id: 999_999, name: '无', status: 1 })).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await post('/goods/brand/list', { sort: 'drop table' })).c).toBe(Codes.PARAM_ERROR.c);
    const after = await h.db
      .selectFrom('goods_brands')
      .select('id')
      .where('company_id', '=', companyId)
      .execute();
    expect(after).toEqual(before);
  });

  it('keeps names unique per company, also when two saves race, and check answers before saving', async () => {
    expect(await post('/goods/brand/check', { value: '清芳' })).toMatchObject({
      c: 0,
      d: { available: false, message: '已有同名品牌' },
    });
    expect((await post('/goods/brand/check', { value: '全新' })).d.available).toBe(true);
    const dup = await post('/goods/brand/add', { name: '清芳', status: 1 });
    expect(dup).toMatchObject({ c: Codes.BRAND_NAME_TAKEN.c, field: 'name' });
    // Another company may use the name.
    expect((await post('/goods/brand/add', { name: '清芳', status: 1 }, otherAdmin)).c).toBe(0);
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => post('/goods/brand/add', { name: '并发品牌', status: 1 })),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.BRAND_NAME_TAKEN.c)).toHaveLength(4);
  });

  it('deletes all of a batch or none, and a deleted name can be used again', async () => {
    const ids = (await post('/goods/brand/list', { page_size: 20 })).d.results.map(
      (b: { id: number }) => b.id,
    );
    const one = (await post('/goods/brand/add', { name: '待删', status: 1 })).d.id as number;
    // One unknown id: nothing is deleted.
    const refused = await post('/goods/brand/selected/delete', { ids: [one, 999_999] });
    expect(refused.c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/goods/brand', { id: one })).c).toBe(0);
    expect(await post('/goods/brand/selected/delete', { ids: [one, ids[0]] })).toMatchObject({
      c: 0,
      d: { count: 2 },
    });
    // Each removed row is audited with the row as it was; the refused batch left no record.
    const deletes = await h.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'before_json'])
      .where('company_id', '=', companyId)
      .where('entity', '=', 'goods_brands')
      .where('action', '=', 'delete')
      .orderBy('entity_id')
      .execute();
    expect(deletes.map((d) => d.entity_id)).toEqual([one, ids[0]].sort((x, y) => x - y));
    expect(deletes.map((d) => JSON.parse(d.before_json ?? '{}').id)).toEqual(deletes.map((d) => d.entity_id));
    expect((await post('/goods/brand', { id: one })).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/goods/brand/delete', { id: one })).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/goods/brand/add', { name: '待删', status: 1 })).c).toBe(0);
    expect((await post('/goods/brand/selected/delete', { ids: [] })).c).toBe(Codes.PARAM_ERROR.c);
  });

  it('refuses another company’s staff, members, roles without the permission and anonymous callers', async () => {
    const mine = (await post('/goods/brand/add', { name: '只属本单位', status: 1 })).d.id as number;
    const attempts: [string, Record<string, string | number | number[]>][] = [
      ['/goods/brand', { id: mine }],
      ['/goods/brand/update', { id: mine, name: '改名', status: 1 }],
      ['/goods/brand/delete', { id: mine }],
      ['/goods/brand/selected/delete', { ids: [mine] }],
    ];
    for (const [url, form] of attempts)
      expect((await post(url, form, otherAdmin)).c, url).toBe(Codes.NOT_FOUND.c);
    expect(
      (await post('/goods/brand/list', {}, otherAdmin)).d.results.map((b: { name: string }) => b.name),
    ).not.toContain('只属本单位');
    const warehouse = (await h.as(13, companyId)).headers;
    expect((await post('/goods/brand/list', {}, warehouse)).c).toBe(0);
    expect((await post('/goods/brand/add', { name: '仓库加的', status: 1 }, warehouse)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    const finance = (await h.as(18, companyId)).headers;
    expect((await post('/goods/brand/list', {}, finance)).c).toBe(Codes.FORBIDDEN.c);
    const member = await h.member(companyId);
    expect((await post('/goods/brand/list', {}, member.headers)).c).toBe(Codes.FORBIDDEN.c);
    expect((await h.post('/api/goods/brand/list', {})).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/goods/brand', { id: mine })).d.name).toBe('只属本单位');
  });
});

describe('public brands: one shared resource', () => {
  it('are written by the super administrator only and read by every company', async () => {
    const root = (await h.as(1, companyId)).headers;
    const made = await post('/public/brand/add', { name: '公共品牌甲', status: 1 }, root);
    expect(made).toMatchObject({ c: 0, d: { name: '公共品牌甲' } });
    expect(await post('/public/brand/add', { name: '公共品牌甲', status: 1 }, root)).toMatchObject({
      c: Codes.PUBLIC_BRAND_NAME_TAKEN.c,
      field: 'name',
    });
    // A company's shop administrator reads and picks them, in either company, but cannot change them.
    for (const headers of [admin, otherAdmin]) {
      const list = await post('/public/brand/list', { keyword: '公共品牌' }, headers);
      expect(list.d.results.map((b: { name: string }) => b.name)).toEqual(['公共品牌甲']);
      expect(
        (await post('/public/brands', {}, headers)).d.results.map((o: { label: string }) => o.label),
      ).toContain('公共品牌甲');
    }
    expect((await post('/public/brand/add', { name: '商城加的', status: 1 })).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/public/brand/delete', { id: made.d.id })).c).toBe(Codes.FORBIDDEN.c);
    // The company's own brands do not mix with them.
    expect((await post('/goods/brand/list', { keyword: '公共品牌' })).d.results).toEqual([]);

    const row = await h.db
      .selectFrom('public_brands')
      .select(['created_by'])
      .where('id', '=', made.d.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).not.toBeNull();
    expect((await post('/public/brand/delete', { id: made.d.id }, root)).d.count).toBe(1);
    expect((await post('/public/brand/list', { keyword: '公共品牌' }, admin)).d.results).toEqual([]);
  });
});

describe('logo', () => {
  it('refuses a picture of a deleted file (or another company’s) beside 品牌标志; a live one is kept', async () => {
    const gone = await h.uploadImage(admin);
    const theirs = await h.uploadImage(otherAdmin);
    const live = await h.uploadImage(admin);
    expect((await post('/file/delete', { id: gone.id })).c).toBe(0);
    for (const logo of [gone.url, theirs.url])
      expect(await post('/goods/brand/add', { name: '标志品牌', logo, status: 1 })).toMatchObject({
        c: Codes.NOT_FOUND.c,
        field: 'logo',
        m: '图片不存在或已被删除，请重新上传',
      });
    const made = await post('/goods/brand/add', { name: '标志品牌', logo: live.url, status: 1 });
    expect(made).toMatchObject({ c: 0, d: { logo: live.url } });
    expect(
      (await post('/goods/brand/update', { id: made.d.id, name: '标志品牌', logo: gone.url, status: 1 }))
        .field,
    ).toBe('logo');
    expect((await post('/goods/brand', { id: made.d.id })).d.logo).toBe(live.url);
  });
});

describe('export', () => {
  it('writes the list under its filters as an Excel file, escaped, for the company only', async () => {
    const { readWorkbook } = await import('../src/platform/excel/index.ts');
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    expect((await post('/goods/brand/add', { name: '导出品牌甲', description: '=1+2', status: 1 })).c).toBe(
      0,
    );
    expect((await post('/goods/brand/add', { name: '导出品牌乙', status: 0 })).c).toBe(0);
    expect((await post('/goods/brand/add', { name: '导出品牌丙', status: 1 }, otherAdmin)).c).toBe(0);

    const res = await h.app.inject({
      method: 'GET',
      url: `/api/goods/brand/export?keyword=${encodeURIComponent('导出品牌')}&status=1`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'brand-export-')), 'x.xlsx');
    await fs.writeFile(file, res.rawPayload);
    const columns = Object.entries(brandColumns).map(([key, label]) => ({ key, label }));
    const rows = [];
    for await (const row of readWorkbook(file, { columns, maxRows: 100, maxColumns: 20, maxCells: 2000 }))
      rows.push(row.values);
    // Only this company's, only the filter's, and a formula-like text comes back as the text.
    // The status as the list shows it (its import takes the word again).
    expect(rows).toEqual([
      expect.objectContaining({ name: '导出品牌甲', description: '=1+2', status: '启用' }),
    ]);

    const member = await h.member(companyId);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/goods/brand/export', headers: member.headers })).json()
        .c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await h.app.inject({ method: 'GET', url: '/api/goods/brand/export' })).json().c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
  });
});
