import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modulesDatabase } from '../src/platform/db/database.ts';
import { acrossCompanies, COMPANY_TABLES, inCompany, unscoped } from '../src/platform/db/scope.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * The company scope primitive (issue 20): every statement it starts sees and changes only the
 * company's rows (live ones of soft-deleted tables), rows it inserts carry the company, and the
 * super administrator's view across companies is refused to anyone else and audited.
 */
let h: Harness;
let mine: number;
let theirs: number;

beforeAll(async () => {
  h = await testApp();
  mine = await h.company('本单位');
  theirs = await h.company('别家单位');
});
afterAll(() => h.close());

const caller = (companyId: number, role: number) => ({
  userId: 1,
  companyId,
  role,
  username: 'tester',
  sessionId: 'test-session',
  ip: '127.0.0.1',
});

describe('inCompany', () => {
  it('reads, updates and deletes only the company’s rows, live ones unless asked', async () => {
    const a = await createGoods(h.db, mine, { name: '本单位商品', price: 100, stock: 5 });
    const gone = await createGoods(h.db, mine, { name: '已删商品', price: 100, stock: 5, del_flag: 1 });
    const b = await createGoods(h.db, theirs, { name: '别家商品', price: 100, stock: 5 });
    const scope = inCompany(modulesDatabase(h.db), mine);

    const seen = await scope
      .selectFrom('goods', 'g')
      .select('g.id')
      .where('g.id', 'in', [a, gone, b])
      .execute();
    expect(seen.map((r) => r.id)).toEqual([a]);
    const all = await scope
      .selectFrom('goods', 'g', { withDeleted: true })
      .select('g.id')
      .where('g.id', 'in', [a, gone, b])
      .orderBy('g.id')
      .execute();
    expect(all.map((r) => r.id)).toEqual([a, gone]);

    const updated = await scope
      .updateTable('goods')
      .set({ stock: 0 })
      .where('id', 'in', [a, gone, b])
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const stocks = await h.db
      .selectFrom('goods')
      .select(['id', 'stock'])
      .where('id', 'in', [a, gone, b])
      .orderBy('id')
      .execute();
    expect(stocks).toEqual([
      { id: a, stock: 0 },
      { id: gone, stock: 5 },
      { id: b, stock: 5 },
    ]);
  });

  it('sets the company on the rows it inserts, and deletes none of another company', async () => {
    const m = await h.member(mine);
    const other = await h.member(theirs);
    const goods = await createGoods(h.db, mine, { name: '收藏商品', price: 100, stock: 5 });
    const scope = inCompany(modulesDatabase(h.db), mine);
    const now = new Date().toISOString();
    await scope.insertInto('goods_loves', { user_id: m.user.id, goods_id: goods, created_at: now }).execute();
    await inCompany(modulesDatabase(h.db), theirs)
      .insertInto('goods_loves', { user_id: other.user.id, goods_id: goods, created_at: now })
      .execute();
    const rows = await h.db
      .selectFrom('goods_loves')
      .select(['company_id', 'user_id'])
      .where('goods_id', '=', goods)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { company_id: mine, user_id: m.user.id },
      { company_id: theirs, user_id: other.user.id },
    ]);
    const removed = await scope.deleteFrom('goods_loves').where('goods_id', '=', goods).executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    expect(
      await h.db.selectFrom('goods_loves').select('company_id').where('goods_id', '=', goods).execute(),
    ).toEqual([{ company_id: theirs }]);
  });

  it('fills the audit columns a table has with the acting user, on insert and on update', async () => {
    const scope = inCompany(modulesDatabase(h.db), mine, { userId: 7 });
    const now = new Date().toISOString();
    const row = await scope
      .insertInto('goods_categories', {
        parent_id: null,
        path: '/',
        level: 1,
        name: `审计分类${Date.now()}`,
        sort: 0,
        icon: '',
        status: 1,
        del_flag: 0,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'created_by', 'updated_by'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: 7, updated_by: 7 });
    await inCompany(modulesDatabase(h.db), mine, { userId: 9 })
      .updateTable('goods_categories')
      .set({ sort: 3 })
      .where('id', '=', row.id)
      .execute();
    const after = await h.db
      .selectFrom('goods_categories')
      .select(['created_by', 'updated_by', 'sort'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ created_by: 7, updated_by: 9, sort: 3 });
  });

  it('leaves out rows deleted by their time (`deleted_at`) as it does flagged ones', async () => {
    const now = new Date().toISOString();
    const promotion = (companyId: number, title: string, deletedAt: string | null) =>
      h.db
        .insertInto('promotions')
        .values({
          company_id: companyId,
          title,
          starts_at: now,
          ends_at: now,
          deleted_at: deletedAt,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const live = await promotion(mine, '进行中', null);
    const gone = await promotion(mine, '已删除', now);
    const other = await promotion(theirs, '别家的', null);
    const ids = [live, gone, other];
    const scope = inCompany(modulesDatabase(h.db), mine);

    const seen = await scope.selectFrom('promotions', 'p').select('p.id').where('p.id', 'in', ids).execute();
    expect(seen.map((r) => r.id)).toEqual([live]);
    const all = await scope
      .selectFrom('promotions', 'p', { withDeleted: true })
      .select('p.id')
      .where('p.id', 'in', ids)
      .orderBy('p.id')
      .execute();
    expect(all.map((r) => r.id)).toEqual([live, gone]);
    const updated = await scope
      .updateTable('promotions')
      .set({ title: '改过' })
      .where('id', 'in', ids)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const ads = await h.db
      .insertInto('advertisings')
      .values([
        { company_id: mine, title: '在投', deleted_at: null, created_at: now, updated_at: now },
        { company_id: mine, title: '撤下', deleted_at: now, created_at: now, updated_at: now },
      ])
      .returning('id')
      .execute();
    const shown = await scope
      .selectFrom('advertisings')
      .select('title')
      .where(
        'id',
        'in',
        ads.map((r) => r.id),
      )
      .execute();
    expect(shown).toEqual([{ title: '在投' }]);
  });

  it('knows every company table', () => {
    expect(COMPANY_TABLES).toContain('goods');
    expect(COMPANY_TABLES).not.toContain('sessions');
  });
});

describe('unscoped', () => {
  it('gives every company’s rows, and only with a reason', async () => {
    const a = await createGoods(h.db, mine, { name: '丙', price: 1, stock: 1 });
    const b = await createGoods(h.db, theirs, { name: '丁', price: 1, stock: 1 });
    const db = modulesDatabase(h.db);
    const rows = await unscoped(db, 'a test reads both companies')
      .selectFrom('goods')
      .select('id')
      .where('id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([a, b]);
    expect(() => unscoped(db, ' ')).toThrow(/reason/);
  });
});

describe('acrossCompanies', () => {
  it('is refused to anyone but the super administrator', async () => {
    await expect(acrossCompanies(modulesDatabase(h.db), caller(mine, 12), '查看')).rejects.toMatchObject({
      c: 10004,
    });
  });

  it('sees every company’s rows and leaves an audit entry with the reason first', async () => {
    const a = await createGoods(h.db, mine, { name: '甲', price: 1, stock: 1 });
    const b = await createGoods(h.db, theirs, { name: '乙', price: 1, stock: 1 });
    const all = await acrossCompanies(modulesDatabase(h.db), caller(mine, 1), '核对两家单位的商品');
    const rows = await all.selectFrom('goods').select('id').where('id', 'in', [a, b]).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual([a, b]);
    const entry = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'after_json', 'company_id'])
      .where('action', '=', 'across_companies')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: 'across_companies',
      after_json: JSON.stringify({ reason: '核对两家单位的商品' }),
      company_id: mine,
    });
  });
});
