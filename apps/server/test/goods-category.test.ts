import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bumpCategories } from '../src/modules/goods-category/index.ts';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { versionedCache } from '../src/platform/db/versioned-cache.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

type Headers = Record<string, string>;

describe('goods categories', () => {
  let h: Harness;
  let companyId: number;
  let shop: Headers;

  const call = async (url: string, form: Parameters<Harness['post']>[1], headers: Headers = shop) =>
    (await h.post(`/api${url}`, form, headers)).json();
  const add = async (name: string, parent_id?: number, headers: Headers = shop) => {
    const res = await call('/shop/goods/category/add', parent_id ? { name, parent_id } : { name }, headers);
    if (res.c !== 0) throw new Error(JSON.stringify(res));
    return res.d as { id: number; level: number; parent_id: number | null };
  };
  const addGoods = (categoryId: number) =>
    createGoods(h.db, companyId, { category_id: categoryId, name: '测试商品', price: 100, stock: 1 });

  beforeAll(async () => {
    h = await testApp();
    const s = await h.as(12);
    companyId = s.companyId;
    shop = s.headers;
  });
  afterAll(() => h.close());

  it('adds a tree and reads it back through every read call', async () => {
    const root = await add('家用电器');
    const mid = await add('厨房电器', root.id);
    const leaf = await add('电饭煲', mid.id);
    expect([root.level, mid.level, leaf.level]).toEqual([1, 2, 3]);

    const detail = await call('/shop/goods/category', { id: mid.id });
    expect(detail.d).toMatchObject({
      name: '厨房电器',
      parent_id: root.id,
      parent_name: '家用电器',
      children_count: 1,
      goods_count: 0,
      status: 1,
    });

    // 商品数 counts the subtree: goods in the leaf show on its parent and grandparent too.
    await addGoods(leaf.id);
    await addGoods(leaf.id);
    await addGoods(mid.id);
    await bumpCategories(modulesDatabase(h.db), companyId); // goods written straight to the table
    const counts = async () => {
      const list = await call('/shop/goods/category/list', { keyword: '电' });
      const countOf = (id: number) =>
        list.d.results.find((c: { id: number; goods_count: number }) => c.id === id)?.goods_count;
      return [countOf(root.id), countOf(mid.id), countOf(leaf.id)];
    };
    // The snapshot re-reads its version within CACHE_RECHECK_MS.
    await expect.poll(counts, { timeout: 5_000, interval: 100 }).toEqual([3, 3, 2]);

    const tree = await call('/goods/categorys', {});
    const node = tree.d.results.find((n: { id: number }) => n.id === root.id);
    expect(node.children[0].children[0].name).toBe('电饭煲');

    const children = await call('/shop/goods/category/list', { parent_id: root.id });
    expect(children.d.results.map((c: { name: string }) => c.name)).toEqual(['厨房电器']);
    expect(children.d.paging).toMatchObject({ count: 1, cur_page: 1, num_pages: 1 });

    const search = await call('/shop/goods/category/list', { keyword: '电饭' });
    expect(search.d.results.map((c: { id: number }) => c.id)).toEqual([leaf.id]);

    // a level-3 category cannot be a parent; a category cannot be its own parent
    const parents = await call('/shop/goods/category/list/parent', { exclude_id: mid.id });
    const flat = JSON.stringify(parents.d.results);
    expect(flat).toContain('家用电器');
    expect(flat).not.toContain('厨房电器');
    expect(flat).not.toContain('电饭煲');

    const publicTree = (
      await h.app.inject({ method: 'GET', url: `/api/goods/staff/category/?company_id=${companyId}` })
    ).json();
    expect(publicTree.d.results.some((n: { id: number }) => n.id === root.id)).toBe(true);
  });

  it('counts goods per category only for the category screen, never for the shop’s tree', async () => {
    const { categoryRepository } = await import('../src/modules/goods-category/goods-category.repository.ts');
    const counted = vi.spyOn(categoryRepository, 'goodsCounts');
    try {
      const fresh = await h.as(12);
      // The shop's tree (and the catalogue's subtree filter) read the categories alone.
      const treeOf = async () =>
        (
          await h.app.inject({
            method: 'GET',
            url: `/api/goods/staff/category/?company_id=${fresh.companyId}`,
          })
        ).json();
      expect((await treeOf()).c).toBe(0);
      expect(counted).not.toHaveBeenCalled();
      // The category screen shows 商品数: its snapshot counts (once, then it is remembered).
      const root = await call('/shop/goods/category/add', { name: '新单位分类' }, fresh.headers);
      const list = await call('/shop/goods/category/list', {}, fresh.headers);
      expect(list.d.results.map((c: { id: number }) => c.id)).toContain(root.d.id);
      expect(counted).toHaveBeenCalledTimes(1);
      // The changed tree is read again without counting.
      expect(JSON.stringify((await treeOf()).d)).toContain('新单位分类');
      expect(counted).toHaveBeenCalledTimes(1);
    } finally {
      counted.mockRestore();
    }
  });

  it('pages and filters the list', async () => {
    const top = await add('分页测试');
    for (let i = 0; i < 7; i++) await add(`子类${i}`, top.id);
    const page2 = await call('/shop/goods/category/list', { parent_id: top.id, page: 2, page_size: 5 });
    expect(page2.d.results).toHaveLength(2);
    expect(page2.d.paging).toEqual({
      count: 7,
      has_previous: true,
      has_next: false,
      num_pages: 2,
      cur_page: 2,
      page_size: 5,
    });
    const off = await add('停用的类', top.id);
    await call('/shop/goods/category/update', { id: off.id, name: '停用的类', status: 0 });
    const onlyOff = await call('/shop/goods/category/list', { parent_id: top.id, status: 0 });
    expect(onlyOff.d.results.map((c: { id: number }) => c.id)).toEqual([off.id]);
    const wild = await call('/shop/goods/category/list', { keyword: '%' });
    expect(wild.d.results).toEqual([]);
  });

  it('lists as a tree: paged by top-level rows, each with its subtree; a search keeps the ancestors', async () => {
    const tag = '树表';
    const a = await add(`${tag}甲`);
    const a1 = await add('一号', a.id);
    const a11 = await add(`${tag}深处`, a1.id);
    const a2 = await add('二号', a.id);
    const b = await add(`${tag}乙`);
    const b1 = await add('三号', b.id);
    await addGoods(a11.id);
    await bumpCategories(modulesDatabase(h.db), companyId);
    type Row = { id: number; parent_id: number | null; goods_count: number };
    const ids = (r: { d: { results: Row[] } }) => r.d.results.map((c) => c.id);

    // Under 甲: its children are the top level, each followed by its subtree.
    const underA = await call('/shop/goods/category/list', { tree: 1, parent_id: a.id });
    expect(ids(underA)).toEqual([a1.id, a11.id, a2.id]);
    expect(underA.d.paging.count).toBe(2);

    // The top level, paged by its rows: 甲 and 乙 on pages of their own, with their subtrees.
    const tops = await call('/shop/goods/category/list', { tree: 1, keyword: tag, page_size: 1 });
    expect(tops.d.paging).toMatchObject({ count: 2, num_pages: 2 });
    // 甲 matches, and so does 深处 two levels down: 一号 comes along as the way to it.
    expect(ids(tops)).toEqual([a.id, a1.id, a11.id]);
    const second = await call('/shop/goods/category/list', { tree: 1, keyword: tag, page: 2, page_size: 1 });
    expect(ids(second)).toEqual([b.id]);
    // 商品数 still counts each row's whole subtree (the snapshot re-reads its version in time).
    const deep = async () =>
      ((await call('/shop/goods/category/list', { tree: 1, keyword: '深处' })).d.results as Row[]).map(
        (c) => [c.id, c.goods_count],
      );
    await expect.poll(deep, { timeout: 5_000, interval: 100 }).toEqual([
      [a.id, 1],
      [a1.id, 1],
      [a11.id, 1],
    ]);

    // A status filter keeps the ancestors too, whatever their own status.
    await call('/shop/goods/category/update', { id: b1.id, name: '三号', status: 0 });
    const off = await call('/shop/goods/category/list', { tree: 1, status: 0, keyword: '三号' });
    expect(ids(off)).toEqual([b.id, b1.id]);
    // Without `tree` the list stays flat: only the matching rows.
    const flat = await call('/shop/goods/category/list', { status: 0, keyword: '三号' });
    expect(ids(flat)).toEqual([b1.id]);
    expect((await call('/shop/goods/category/list', { tree: 2 })).m).toContain('树形');
  });

  it('edits a category, moves a subtree and keeps levels right', async () => {
    const a = await add('甲');
    const b = await add('乙');
    const a1 = await add('甲一', a.id);
    const moved = await call('/shop/goods/category/update', {
      id: a1.id,
      parent_id: b.id,
      name: '乙一',
      sort: 5,
      status: 1,
    });
    expect(moved.d).toMatchObject({ id: a1.id, parent_id: b.id, name: '乙一', sort: 5, level: 2 });
    const b1a = await add('乙一甲', a1.id);
    expect(b1a.level).toBe(3);
    // moving a 2-deep subtree under a level-2 node would make level 4
    const tooDeep = await call('/shop/goods/category/update', {
      id: a1.id,
      parent_id: (await add('甲二', a.id)).id,
      name: '乙一',
    });
    expect(tooDeep).toMatchObject({ c: Codes.CATEGORY_TOO_DEEP.c, field: 'parent_id' });
    // moving the subtree to the top re-levels its children
    const top = await call('/shop/goods/category/update', { id: a1.id, parent_id: 0, name: '乙一' });
    expect(top.d.level).toBe(1);
    expect((await call('/shop/goods/category', { id: b1a.id })).d.level).toBe(2);
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity_id', '=', a1.id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(audit[1]?.before_json ?? '{}').name).toBe('甲一');
    expect(JSON.parse(audit[1]?.after_json ?? '{}').name).toBe('乙一');
  });

  it('refuses cycles, a fourth level, duplicate sibling names and a missing parent', async () => {
    const x = await add('循环甲');
    const y = await add('循环乙', x.id);
    const z = await add('循环丙', y.id);
    const self = await call('/shop/goods/category/update', { id: x.id, parent_id: x.id, name: '循环甲' });
    expect(self).toEqual({ c: Codes.CATEGORY_CYCLE.c, m: Codes.CATEGORY_CYCLE.m, field: 'parent_id' });
    const under = await call('/shop/goods/category/update', { id: x.id, parent_id: y.id, name: '循环甲' });
    expect(under.c).toBe(Codes.CATEGORY_CYCLE.c);
    expect((await call('/shop/goods/category/add', { name: '第四级', parent_id: z.id })).c).toBe(
      Codes.CATEGORY_TOO_DEEP.c,
    );
    const dup = await call('/shop/goods/category/add', { name: '循环乙', parent_id: x.id });
    expect(dup).toEqual({ c: Codes.CATEGORY_NAME_TAKEN.c, m: '同一级下已有同名分类', field: 'name' });
    const missing = await call('/shop/goods/category/add', { name: '孤儿', parent_id: 99999999 });
    expect(missing).toMatchObject({ c: Codes.CATEGORY_PARENT_MISSING.c, field: 'parent_id' });
    expect((await call('/shop/goods/category', { id: x.id })).d.parent_id).toBeNull();
  });

  it('refuses to delete a category with children or goods, deletes all or nothing', async () => {
    const p = await add('删除甲');
    const c = await add('删除乙', p.id);
    const withChildren = await call('/goods/category/delete', { id: p.id });
    expect(withChildren).toEqual({
      c: Codes.CATEGORY_HAS_CHILDREN.c,
      m: '分类“删除甲”下还有子分类，不能删除',
    });
    await addGoods(c.id);
    const withGoods = await call('/goods/category/selected/delete', { ids: [p.id, c.id] });
    expect(withGoods).toEqual({ c: Codes.CATEGORY_HAS_GOODS.c, m: '分类“删除乙”下还有商品，不能删除' });
    expect((await call('/shop/goods/category', { id: p.id })).c).toBe(0);

    const q = await add('删除丙');
    const q1 = await add('删除丁', q.id);
    const both = await call('/goods/category/selected/delete', { ids: `${q.id},${q1.id}` });
    expect(both).toEqual({ c: 0, d: { deleted: 2 } });
    expect((await call('/shop/goods/category', { id: q.id })).c).toBe(Codes.NOT_FOUND.c);
    const leaf = await add('删除戊');
    expect(await call('/goods/category/delete', { id: leaf.id })).toEqual({ c: 0, d: { deleted: 1 } });
    const again = await call('/goods/category/delete', { id: leaf.id });
    expect(again.c).toBe(Codes.NOT_FOUND.c);
    // a name freed by deletion can be used again
    expect((await add('删除戊')).level).toBe(1);
  });

  it('keeps companies apart: another company cannot see or change the categories', async () => {
    const mine = await add('本单位分类');
    const other = await h.as(12);
    const list = await call('/shop/goods/category/list', { page_size: 100 }, other.headers);
    expect(list.d.results).toEqual([]);
    expect((await call('/goods/categorys', {}, other.headers)).d.results).toEqual([]);
    expect((await call('/shop/goods/category', { id: mine.id }, other.headers)).c).toBe(Codes.NOT_FOUND.c);
    expect(
      (await call('/shop/goods/category/update', { id: mine.id, name: '被改了' }, other.headers)).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect((await call('/goods/category/delete', { id: mine.id }, other.headers)).c).toBe(Codes.NOT_FOUND.c);
    expect((await call('/goods/category/selected/delete', { ids: [mine.id] }, other.headers)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    const attach = await call(
      '/shop/goods/category/add',
      { name: '挂到别家', parent_id: mine.id },
      other.headers,
    );
    expect(attach.c).toBe(Codes.CATEGORY_PARENT_MISSING.c);
    const still = await call('/shop/goods/category', { id: mine.id });
    expect(still.d).toMatchObject({ name: '本单位分类', children_count: 0 });
  });

  it('enforces permissions: anonymous 10003, no permission 10004, view-only cannot write', async () => {
    const target = await add('权限测试');
    const anon = await h.post('/api/shop/goods/category/list', {});
    expect(anon.json()).toEqual({ c: 10003, m: Codes.NOT_LOGGED_IN.m });
    const anonGet = await h.post('/api/shop/goods/category/add', { name: '' });
    expect(anonGet.json().c).toBe(10003);
    const finance = await h.as(18, companyId);
    expect((await call('/shop/goods/category/list', {}, finance.headers)).c).toBe(Codes.FORBIDDEN.c);
    const warehouse = await h.as(13, companyId);
    const list = await call('/shop/goods/category/list', { page_size: 100 }, warehouse.headers);
    expect(list.d.results.some((c: { id: number }) => c.id === target.id)).toBe(true);
    expect((await call('/shop/goods/category/add', { name: '仓库加的' }, warehouse.headers)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await call('/goods/category/delete', { id: target.id }, warehouse.headers)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await call('/shop/goods/category', { id: target.id })).c).toBe(0);
  });

  it('answers malformed, oversized and wrong-type input with the field’s Chinese message', async () => {
    const cases: [Record<string, string | number | string[]>, string, string][] = [
      [{ name: '' }, 'name', '分类名称不能为空'],
      [{ name: '   ' }, 'name', '分类名称不能为空'],
      [{ name: '长'.repeat(31) }, 'name', '分类名称不能超过30个字符'],
      [{ name: '好', sort: 'abc' }, 'sort', '排序必须是整数'],
      [{ name: '好', sort: -1 }, 'sort', '排序不能小于0'],
      [{ name: '好', sort: 10000 }, 'sort', '排序不能大于9999'],
      [{ name: '好', status: 5 }, 'status', '状态只能是0或1'],
      [{ name: '好', parent_id: '1.5' }, 'parent_id', '上级分类必须是整数'],
      [{ name: ['甲', '乙'] }, 'name', '分类名称格式不正确'],
      [{ name: '好', icon: 'i'.repeat(201) }, 'icon', '图标不能超过200个字符'],
    ];
    for (const [form, field, m] of cases) {
      const res = await h.post('/api/shop/goods/category/add', form, shop);
      expect(res.statusCode).toBe(200);
      expect(res.json(), JSON.stringify(form)).toEqual({ c: 10001, m, field });
    }
    const ids = await call('/goods/category/selected/delete', { ids: '[1,"a"]' });
    expect(ids).toMatchObject({ c: 10001, m: '分类必须是整数', field: 'ids' });
    expect(await call('/goods/category/selected/delete', { ids: '' })).toMatchObject({
      m: '请选择分类',
      field: 'ids',
    });
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect(await call('/goods/category/selected/delete', { ids: many })).toMatchObject({
      m: '分类一次最多200个',
    });
    expect(await call('/shop/goods/category', { id: 'x' })).toMatchObject({
      m: '分类必须是整数',
      field: 'id',
    });
    expect(await call('/shop/goods/category', { id: '99999999999' })).toMatchObject({
      m: '分类不能大于2147483647',
    });
    expect(await call('/shop/goods/category/update', {})).toMatchObject({ m: '分类不能为空', field: 'id' });
    const huge = await h.post('/api/shop/goods/category/add', { name: 'x'.repeat(1_100_000) }, shop);
    expect(huge.json()).toEqual({ c: Codes.PAYLOAD_TOO_LARGE.c, m: '提交的数据过大' });
    const json = await h.app.inject({
      method: 'POST',
      url: '/api/shop/goods/category/add',
      headers: shop,
      payload: { name: { $gt: '' } },
    });
    expect(json.json()).toMatchObject({ c: 10001, m: '分类名称格式不正确' });
    const hostile = await add("'; drop table goods; --");
    expect((await call('/shop/goods/category', { id: hostile.id })).d.name).toBe("'; drop table goods; --");
  });

  it('accepts JSON and multipart bodies as well as forms', async () => {
    const json = await h.json('/shop/goods/category/add', { name: 'JSON类', sort: 3 }, shop);
    expect(json.d).toMatchObject({ name: 'JSON类', sort: 3 });
    const multipart = await h.multipart(
      '/api/shop/goods/category/add',
      { name: '表单类', sort: '7' },
      undefined,
      shop,
    );
    expect(multipart.json().d).toMatchObject({ name: '表单类', sort: 7 });
  });
});

describe('goods categories across server processes', () => {
  it('a second process sees a write through the stored version, not a stale snapshot', async () => {
    const h = await testApp({ CACHE_RECHECK_MS: '0' });
    try {
      const { buildApp } = await import('../src/app.ts');
      const { loadConfig } = await import('../src/config.ts');
      const second = await buildApp({
        database: h.database,
        config: { ...loadConfig({ CACHE_RECHECK_MS: '0' }), webDist: undefined },
      });
      const { headers } = await h.as(12);
      const list = async (app: typeof second) =>
        (await app.inject({ method: 'POST', url: '/api/shop/goods/category/list', headers, payload: {} }))
          .json()
          .d.results.map((c: { name: string }) => c.name);
      expect(await list(h.app)).toEqual([]);
      expect(await list(second)).toEqual([]);
      await second.inject({
        method: 'POST',
        url: '/api/shop/goods/category/add',
        headers,
        payload: { name: '另一进程写的' },
      });
      expect(await list(h.app)).toEqual(['另一进程写的']);
      await second.close();
    } finally {
      await h.close();
    }
  });
});

describe('public reads that name a company', () => {
  const missing = { c: Codes.NOT_FOUND.c, m: '单位不存在', field: 'company_id' };

  it('refuse an unknown or disabled company with 单位不存在, also once it was cached', async () => {
    const h = await testApp({ CACHE_RECHECK_MS: '0' });
    try {
      const { headers, companyId } = await h.as(12);
      await h.post('/api/shop/goods/category/add', { name: '公开分类' }, headers);
      const get = async (url: string) => (await h.app.inject({ method: 'GET', url })).json();
      const tree = (id: number) => get(`/api/goods/staff/category/?company_id=${id}`);
      const goods = (id: number) => get(`/api/goods/staff/shopgoods/?company_id=${id}`);
      expect((await tree(companyId)).d.results.map((n: { name: string }) => n.name)).toEqual(['公开分类']);
      expect((await goods(companyId)).c).toBe(0);
      expect(await tree(2_000_000_000)).toEqual(missing);
      expect(await goods(2_000_000_000)).toEqual(missing);
      await h.db.updateTable('companies').set({ status: 0 }).where('id', '=', companyId).execute();
      expect(await tree(companyId)).toEqual(missing);
      expect(await goods(companyId)).toEqual(missing);
    } finally {
      await h.close();
    }
  });

  it('a scan of unknown ids does not push a real company out of the per-company cache', async () => {
    const h = await testApp();
    try {
      const companyId = await h.company();
      let loads = 0;
      const cache = versionedCache('scan_test', async () => ++loads, { maxCompanies: 2, recheckMs: 60_000 });
      expect(await cache.get(modulesDatabase(h.db), companyId)).toBe(1);
      for (let id = 1_000_001; id <= 1_000_010; id++) {
        await expect(cache.get(modulesDatabase(h.db), id)).rejects.toMatchObject({
          c: missing.c,
          message: missing.m,
        });
      }
      expect(await cache.get(modulesDatabase(h.db), companyId)).toBe(1);
      expect(loads).toBe(1);
    } finally {
      await h.close();
    }
  });
});

describe('goods categories under concurrent writers', () => {
  it('of many simultaneous adds of one name under one parent, exactly one wins', async () => {
    const h = await testApp();
    try {
      const { headers, companyId } = await h.as(12);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          h.post('/api/shop/goods/category/add', { name: '抢注的名字' }, headers),
        ),
      );
      const codes = replies.map((r) => r.json().c).sort();
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      expect(codes).toEqual([0, ...Array(7).fill(20104)]);
      const rows = await h.db
        .selectFrom('goods_categories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('name', '=', '抢注的名字')
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('the database itself refuses a second live sibling with the same name', async () => {
    const h = await testApp();
    try {
      const companyId = await h.company();
      const row = (name: string, del_flag = 0) => ({
        company_id: companyId,
        parent_id: null,
        path: '/',
        level: 1,
        name,
        sort: 0,
        icon: '',
        status: 1,
        del_flag,
        created_by: null,
        updated_by: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      });
      await h.db.insertInto('goods_categories').values(row('同名')).execute();
      await h.db.insertInto('goods_categories').values(row('同名', 1)).execute(); // a deleted one may share it
      await expect(h.db.insertInto('goods_categories').values(row('同名')).execute()).rejects.toThrow();
    } finally {
      await h.close();
    }
  });
});
