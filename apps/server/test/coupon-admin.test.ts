import { COUPON_ISSUE_MOBILES_MAX, Codes, DEFAULT_ROLE_PERMISSIONS, MEMBER_ROLE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, testApp } from './harness.ts';

/**
 * Coupons in the back office (issue 12): the declared resource (`/coupon/create|update|delete|
 * selected/delete`, `/coupon/admin/*`), issuing to members (`/coupon/issue`) never over the total
 * nor over the per-member limit — also under parallel requests — and the members' calls keeping
 * the rules. SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let mobileSeq = 0;

type Form = Record<string, string | number | (string | number)[]>;
const post = (url: string, form: Form, headers = admin) =>
  h.post(`/api${url}`, form, headers).then((r) => r.json());

const hour = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const valid = (over: Form = {}): Form => ({
  name: '满100减10',
  amount: 1000,
  min_amount: 10000,
  start_time: iso(-hour),
  end_time: iso(30 * 24 * hour),
  total: 0,
  per_member: 1,
  status: 1,
  ...over,
});
const create = async (over: Form = {}, headers = admin) => {
  const r = await post('/coupon/create', valid(over), headers);
  expect(r.c, JSON.stringify(r)).toBe(0);
  return r.d as { id: number; claimed: number; total: number };
};

/** A member of the company with a mobile of their own (and an address, for orders). */
async function member(cid = companyId) {
  const m = await h.member(cid);
  mobileSeq += 1;
  const mobile = `139${String(Date.now() % 10_000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
  await h.db.updateTable('users').set({ mobile }).where('id', '=', m.user.id).execute();
  return { ...m, mobile };
}

const copiesOf = async (couponId: number) =>
  h.db
    .selectFrom('member_coupons')
    .select(['user_id', 'seq', 'status'])
    .where('coupon_id', '=', couponId)
    .orderBy('id')
    .execute();
const couponRow = (id: number) =>
  h.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await testApp();
  companyId = await h.company('优惠券单位');
  admin = (await h.as(12, companyId)).headers;
  otherAdmin = (await h.as(12, await h.company('别家单位'))).headers;
});
afterAll(() => h.close());

describe('coupons: a declared resource', () => {
  it('creates, reads, updates, lists with search, filter and paging, and audits', async () => {
    const made = await post(
      '/coupon/create',
      valid({ name: ' 新人券 ', code: 'NEWBIE', total: 100, per_member: 2 }),
    );
    expect(made).toMatchObject({
      c: 0,
      d: { name: '新人券', code: 'NEWBIE', amount: 1000, total: 100, per_member: 2, claimed: 0, status: 1 },
    });
    const id = made.d.id as number;
    await create({ name: '停发券', status: 0 });
    await create({ name: '无门槛券', min_amount: '' });
    expect((await post('/coupon/admin/get', { id })).d.code).toBe('NEWBIE');
    const updated = await post('/coupon/update', valid({ id, name: '新人专享', code: 'NEWBIE', total: 50 }));
    expect(updated.d).toMatchObject({ name: '新人专享', total: 50, per_member: 1 });

    const all = await post('/coupon/admin/list', { sort: 'name' });
    expect(all.d.paging).toMatchObject({ count: 3 });
    expect((await post('/coupon/admin/list', { keyword: 'newbie' })).d.results).toHaveLength(1);
    expect(
      (await post('/coupon/admin/list', { status: 0 })).d.results.map((c: { name: string }) => c.name),
    ).toEqual(['停发券']);
    expect((await post('/coupon/admin/list', { page: 2, page_size: 2 })).d.results).toHaveLength(1);
    // The picker offers coupons being issued only.
    expect(
      (await post('/coupon/admin/select', {})).d.results.map((o: { label: string }) => o.label).sort(),
    ).toEqual(['新人专享', '无门槛券'].sort());

    const audited = await h.db
      .selectFrom('audit_logs')
      .select('action')
      .where('company_id', '=', companyId)
      .where('entity', '=', 'coupons')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['create', 'update']);
    const row = await couponRow(id);
    expect(row.created_by).not.toBeNull();
  });

  it('refuses bad input beside the field with a Chinese message and writes nothing', async () => {
    const count = async () =>
      (await h.db.selectFrom('coupons').select('id').where('company_id', '=', companyId).execute()).length;
    const before = await count();
    for (const [over, field, message] of [
      [{ name: '' }, 'name', '优惠券名称不能为空'],
      [{ name: 'x'.repeat(31) }, 'name', '优惠券名称不能超过30个字符'],
      [{ amount: 0 }, 'amount', '优惠金额不能小于1'],
      [{ amount: 'abc' }, 'amount', '优惠金额必须是整数'],
      [{ min_amount: -1 }, 'min_amount', '使用门槛不能小于0'],
      [{ start_time: '2026-02-31 00:00:00' }, 'start_time', '开始时间格式不正确'],
      [{ end_time: iso(-2 * hour) }, 'end_time', '结束时间必须晚于开始时间'],
      [{ total: -1 }, 'total', '发放总量不能小于0'],
      [{ per_member: 0 }, 'per_member', '每人限领不能小于1'],
      [{ per_member: 100 }, 'per_member', '每人限领不能大于99'],
      [{ code: '满减 券' }, 'code', '优惠码只能包含字母、数字、- 和 _'],
      [{ status: 3 }, 'status', '状态只能是0或1'],
    ] as const) {
      const r = await post('/coupon/create', valid(over as Form));
      expect(r.c, JSON.stringify(over)).toBe(Codes.PARAM_ERROR.c);
      expect(r.field, JSON.stringify(over)).toBe(field);
      expect(r.m).toBe(message);
    }
    expect((await post('/coupon/update', valid({ id: 999_999 }))).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/coupon/admin/list', { sort: 'drop table' })).c).toBe(Codes.PARAM_ERROR.c);
    expect(await count()).toBe(before);
  });

  it('keeps codes unique per company (raced too); empty codes do not clash', async () => {
    await create({ name: '码券', code: 'UNIQ1' });
    expect(await post('/coupon/create', valid({ code: 'UNIQ1' }))).toMatchObject({
      c: Codes.COUPON_CODE_TAKEN.c,
      field: 'code',
      m: '优惠码已被其他优惠券使用',
    });
    expect((await post('/coupon/admin/check', { field: 'code', value: 'UNIQ1' })).d.available).toBe(false);
    expect((await post('/coupon/create', valid({ code: 'UNIQ1' }), otherAdmin)).c).toBe(0);
    await create({ code: '' });
    await create({ code: '' });
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => post('/coupon/create', valid({ code: 'RACE1' }))),
    );
    expect(raced.filter((r) => r.c === 0)).toHaveLength(1);
    expect(raced.filter((r) => r.c === Codes.COUPON_CODE_TAKEN.c)).toHaveLength(4);
  });
});

describe('issuing to members', () => {
  it('issues to chosen members by mobile, one each, and refuses unknown mobiles without writing', async () => {
    const c = await create({ name: '定向券', total: 10 });
    const [a, b] = [await member(), await member()];
    const outsider = await member(await h.company('外单位'));
    const unknown = await post('/coupon/issue', {
      coupon_id: c.id,
      target: 'mobiles',
      mobiles: `${a.mobile}\n${outsider.mobile}`,
    });
    expect(unknown).toMatchObject({ c: Codes.COUPON_MEMBERS_UNKNOWN.c, field: 'mobiles' });
    expect(unknown.m).toContain(outsider.mobile);
    expect(await copiesOf(c.id)).toEqual([]);

    for (const [form, field, message] of [
      [{ coupon_id: c.id, target: 'mobiles' }, 'mobiles', '请填写会员手机号'],
      [{ coupon_id: c.id, target: 'mobiles', mobiles: '1380000' }, 'mobiles', '手机号「1380000」格式不正确'],
      [{ coupon_id: c.id, target: 'some' }, 'target', '发放对象不正确'],
      [{ target: 'all' }, 'coupon_id', '优惠券不能为空'],
      [
        {
          coupon_id: c.id,
          target: 'mobiles',
          mobiles: Array.from(
            { length: COUPON_ISSUE_MOBILES_MAX + 1 },
            (_, i) => `1370000${String(i).padStart(4, '0')}`,
          ),
        },
        'mobiles',
        `会员手机号一次最多${COUPON_ISSUE_MOBILES_MAX}个`,
      ],
    ] as const) {
      const r = await post('/coupon/issue', form as Form);
      expect(r, JSON.stringify(form).slice(0, 80)).toMatchObject({
        c: Codes.PARAM_ERROR.c,
        field,
        m: message,
      });
    }

    const issued = await post('/coupon/issue', {
      coupon_id: c.id,
      target: 'mobiles',
      mobiles: `${a.mobile}，${b.mobile} ${a.mobile}`,
    });
    expect(issued).toMatchObject({
      c: 0,
      d: { issued: 2, skipped: [], skipped_count: 0, coupon: { claimed: 2 } },
    });
    // At the limit (1 each): left out with the reason, nothing taken from the total.
    const again = await post('/coupon/issue', { coupon_id: c.id, target: 'mobiles', mobiles: [a.mobile] });
    expect(again.d).toMatchObject({ issued: 0, skipped_count: 1, coupon: { claimed: 2 } });
    expect(again.d.skipped[0]).toEqual({ mobile: a.mobile, reason: '已有 1 张，达到每人限领 1 张' });
    // The member sees it as theirs and uses it.
    expect((await a.call('/coupon/list', { mine: 1 })).d.results[0]).toMatchObject({
      id: c.id,
      mine: 'unused',
    });
    expect((await a.call('/coupon/get', { coupon_id: c.id })).c).toBe(Codes.COUPON_CLAIMED.c);
  });

  it('issues to all members in one go, all or none against the total', async () => {
    const cid = await h.company('全员单位');
    const shop = (await h.as(12, cid)).headers;
    const members = [await member(cid), await member(cid), await member(cid)];
    const small = await create({ name: '两张券', total: 2 }, shop);
    const refused = await post('/coupon/issue', { coupon_id: small.id, target: 'all' }, shop);
    expect(refused).toMatchObject({
      c: Codes.COUPON_NOT_ENOUGH.c,
      field: 'target',
      m: '优惠券只剩 2 张，不够发给 3 位会员',
    });
    expect(await copiesOf(small.id)).toEqual([]);
    expect((await couponRow(small.id)).claimed).toBe(0);

    const enough = await create({ name: '全员券', total: 3 }, shop);
    const done = await post('/coupon/issue', { coupon_id: enough.id, target: 'all' }, shop);
    expect(done.d).toMatchObject({ issued: 3, coupon: { claimed: 3, total: 3 } });
    expect((await copiesOf(enough.id)).map((r) => r.user_id).sort()).toEqual(
      members.map((m) => m.user.id).sort(),
    );
    // Staff are not members.
    expect((await copiesOf(enough.id)).length).toBe(3);
    // A stopped coupon is not issued.
    const stopped = await create({ name: '停发', status: 0 }, shop);
    expect((await post('/coupon/issue', { coupon_id: stopped.id, target: 'all' }, shop)).c).toBe(
      Codes.COUPON_STOPPED.c,
    );
  });

  it('never issues over the total under parallel issues and claims', async () => {
    const cid = await h.company('并发单位');
    const shop = (await h.as(12, cid)).headers;
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await member(cid));
    const c = await create({ name: '限量券', total: 5, per_member: 3 }, shop);
    const results = await Promise.all([
      ...members
        .slice(0, 4)
        .map((m) => post('/coupon/issue', { coupon_id: c.id, target: 'mobiles', mobiles: [m.mobile] }, shop)),
      post(
        '/coupon/issue',
        { coupon_id: c.id, target: 'mobiles', mobiles: members.slice(4, 6).map((m) => m.mobile) },
        shop,
      ),
      ...members.slice(6).map((m) => m.call('/coupon/get', { coupon_id: c.id })),
      ...members.slice(0, 2).map((m) => m.call('/coupon/get', { coupon_id: c.id })),
    ]);
    for (const r of results)
      expect([0, Codes.COUPON_NOT_ENOUGH.c, Codes.COUPON_SOLD_OUT.c], JSON.stringify(r)).toContain(r.c);
    const row = await couponRow(c.id);
    const copies = await copiesOf(c.id);
    expect(row.claimed).toBe(5);
    expect(copies).toHaveLength(5);
    expect(results.filter((r) => r.c !== 0).length).toBeGreaterThan(0);
  });

  it('never gives a member more than the per-member limit, also when claims race', async () => {
    const c = await create({ name: '每人两张', total: 0, per_member: 2 });
    const m = await member();
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => m.call('/coupon/get', { coupon_id: c.id })),
    );
    expect(claims.filter((r) => r.c === 0)).toHaveLength(2);
    expect(claims.filter((r) => r.c !== 0).every((r) => r.c === Codes.COUPON_CLAIMED.c)).toBe(true);
    expect((await copiesOf(c.id)).map((r) => r.seq)).toEqual([1, 2]);
    const issued = await post('/coupon/issue', { coupon_id: c.id, target: 'mobiles', mobiles: [m.mobile] });
    expect(issued.d).toMatchObject({ issued: 0, skipped_count: 1 });
    expect((await couponRow(c.id)).claimed).toBe(2);

    // Both copies are used at checkout, one order each; a third order has none left.
    const g = await createGoods(h.db, companyId, {
      category_id: null,
      name: '用券商品',
      price: 20000,
      stock: 10,
      on_sale: 1,
    });
    const order = () =>
      m.call('/order/create', {
        goods_id: g,
        quantity: 1,
        consignee_id: m.consigneeId,
        payment_method: 'cod',
        coupon_id: c.id,
      });
    const [x, y] = await Promise.all([order(), order()]);
    expect([x.c, y.c]).toEqual([0, 0]);
    expect(x.d.order).toMatchObject({ goods_amount: 20000, discount_amount: 1000, pay_amount: 19000 });
    expect((await order()).c).toBe(Codes.COUPON_USED.c);
  });

  it('lets a member use a held copy after the coupon is stopped, but not claim a new one', async () => {
    const c = await create({ name: '先领后停', per_member: 1 });
    const [m, late] = [await member(), await member()];
    expect((await m.call('/coupon/get', { coupon_id: c.id })).c).toBe(0);
    await post('/coupon/update', valid({ id: c.id, name: '先领后停', status: 0 }));
    expect((await m.call('/coupon/check', { coupon_id: c.id, amount: 20000 })).d.discount).toBe(1000);
    expect((await late.call('/coupon/get', { coupon_id: c.id })).c).toBe(Codes.COUPON_STOPPED.c);
    expect((await late.call('/coupon/list', {})).d.results.map((r: { id: number }) => r.id)).not.toContain(
      c.id,
    );
  });
});

describe('deleting', () => {
  it('refuses a coupon members hold unused, with the reason; deletes one nobody holds', async () => {
    const held = await create({ name: '有人持有' });
    const free = await create({ name: '无人领取' });
    const m = await member();
    await post('/coupon/issue', { coupon_id: held.id, target: 'mobiles', mobiles: [m.mobile] });
    const refused = await post('/coupon/selected/delete', { ids: [free.id, held.id] });
    expect(refused.c).toBe(Codes.COUPON_HELD.c);
    expect(refused.m).toBe(
      '优惠券「有人持有」已有 1 位会员领取且尚未使用，不能删除；可改为停发，已领的券到期前仍可使用',
    );
    // All or nothing: the free one is still there.
    expect((await post('/coupon/admin/get', { id: free.id })).c).toBe(0);
    expect((await post('/coupon/delete', { id: free.id })).d.count).toBe(1);
    expect((await post('/coupon/admin/get', { id: free.id })).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/coupon/delete', { id: held.id })).c).toBe(Codes.COUPON_HELD.c);
    // Once it has ended, the copies can no longer be used: it may be deleted.
    await h.db
      .updateTable('coupons')
      .set({ end_time: iso(-hour) })
      .where('id', '=', held.id)
      .execute();
    expect((await post('/coupon/delete', { id: held.id })).d.count).toBe(1);
  });

  it('refuses to lower the total below what members hold', async () => {
    const c = await create({ name: '限量十张', total: 10 });
    const [a, b] = [await member(), await member()];
    await post('/coupon/issue', { coupon_id: c.id, target: 'mobiles', mobiles: [a.mobile, b.mobile] });
    expect(await post('/coupon/update', valid({ id: c.id, name: '限量十张', total: 1 }))).toMatchObject({
      c: Codes.COUPON_TOTAL_BELOW_CLAIMED.c,
      field: 'total',
      m: '发放总量不能少于已领取的 2 张（0 为不限）',
    });
    expect((await post('/coupon/update', valid({ id: c.id, name: '限量十张', total: 2 }))).c).toBe(0);
  });
});

describe('who may', () => {
  it('refuses another company’s staff, members, roles without the permission and anonymous callers; nothing changes', async () => {
    const c = await create({ name: '只属本单位', total: 5 });
    const m = await member();
    const before = await couponRow(c.id);
    const attempts: [string, Form][] = [
      ['/coupon/admin/get', { id: c.id }],
      ['/coupon/update', valid({ id: c.id, name: '改名' })],
      ['/coupon/delete', { id: c.id }],
      ['/coupon/selected/delete', { ids: [c.id] }],
      ['/coupon/issue', { coupon_id: c.id, target: 'all' }],
    ];
    for (const [url, form] of attempts)
      expect((await post(url, form, otherAdmin)).c, url).toBe(Codes.NOT_FOUND.c);
    // Another company's shop administrator cannot issue to this company's member either.
    const theirs = await create({ name: '别家券' }, otherAdmin);
    expect(
      (
        await post(
          '/coupon/issue',
          { coupon_id: theirs.id, target: 'mobiles', mobiles: [m.mobile] },
          otherAdmin,
        )
      ).c,
    ).toBe(Codes.COUPON_MEMBERS_UNKNOWN.c);
    expect(
      (await post('/coupon/admin/list', {}, otherAdmin)).d.results.map((r: { name: string }) => r.name),
    ).not.toContain('只属本单位');
    for (const [url, form] of attempts) {
      expect((await post(url, form, m.headers)).c, url).toBe(Codes.FORBIDDEN.c);
      expect((await h.post(`/api${url}`, form)).json().c, url).toBe(Codes.NOT_LOGGED_IN.c);
    }
    expect((await post('/coupon/create', valid(), m.headers)).c).toBe(Codes.FORBIDDEN.c);
    expect((await h.post('/api/coupon/create', valid())).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    expect(await couponRow(c.id)).toEqual(before);
    expect(await copiesOf(c.id)).toEqual([]);
  });

  it('follows the role table: 12 keeps and issues, 20 and 21 read, 13, 14 and 18 see nothing', async () => {
    const c = await create({ name: '角色券' });
    for (const role of [12, 13, 14, 18, 20, 21]) {
      const headers = (await h.as(role, companyId)).headers;
      const holds = new Set(DEFAULT_ROLE_PERMISSIONS[role]);
      const list = await post('/coupon/admin/list', {}, headers);
      expect(list.c, `role ${role} list`).toBe(holds.has('view_coupon') ? 0 : Codes.FORBIDDEN.c);
      const add = await post('/coupon/create', valid({ name: `角色${role}` }), headers);
      expect(add.c, `role ${role} add`).toBe(holds.has('add_coupon') ? 0 : Codes.FORBIDDEN.c);
      const issue = await post('/coupon/issue', { coupon_id: c.id, target: 'all' }, headers);
      if (!holds.has('change_coupon')) expect(issue.c, `role ${role} issue`).toBe(Codes.FORBIDDEN.c);
      const del = await post('/coupon/delete', { id: 999_999 }, headers);
      expect(del.c, `role ${role} delete`).toBe(
        holds.has('delete_coupon') ? Codes.NOT_FOUND.c : Codes.FORBIDDEN.c,
      );
    }
    expect(DEFAULT_ROLE_PERMISSIONS[12]).toEqual(
      expect.arrayContaining(['view_coupon', 'add_coupon', 'change_coupon', 'delete_coupon']),
    );
    expect(MEMBER_ROLE in DEFAULT_ROLE_PERMISSIONS).toBe(false);
  });
});
