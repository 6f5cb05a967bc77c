import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * A person's move to another company or group (issue 34, docs/adr/0038 "Moving to another
 * company"): `/company/companyChangeRequest` and the review calls, and the person's messages
 * (`/account/get/getMessageData`, `/system/notice`, `/account/result/delMsg`, read) that tell them.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let A: number;
let B: number;
let C: number;
let adminA: Who;
let adminB: Who;
let adminC: Who;
let g1: Who;
let g2: Who;
let person: Who;
let other: Who;
let third: Who;

const { get, post } = jsonCalls(() => h.app);

beforeAll(async () => {
  h = await testApp();
  [A, B, C] = await Promise.all([h.company('调出单位'), h.company('调入单位'), h.company('他集群单位')]);
  [adminA, adminB, adminC, g1, g2, person, other, third] = await Promise.all([
    h.as(3, A),
    h.as(3, B),
    h.as(3, C),
    h.as(2, A),
    h.as(2, C),
    h.as(5, A),
    h.as(9, A),
    h.as(5, A),
  ]);
  await h.group([A, B], [[g1.user.id, 2]]);
  await h.group([C], [[g2.user.id, 2]]);
});
afterAll(() => h.close());

const groupOf = async (companyId: number) =>
  (
    await h.db
      .selectFrom('companies')
      .select('group_id')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow()
  ).group_id;

const companyOf = async (userId: number) =>
  (await h.db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirstOrThrow())
    .company_id;

describe('transfers', () => {
  it('offers the group’s other companies for a company change and other groups’ for a group change', async () => {
    const within = (await get('/company/change/targets?kind=1', person)).d.results.map(
      (r: { id: number }) => r.id,
    );
    expect(within).toContain(B);
    expect(within).not.toContain(A);
    expect(within).not.toContain(C);
    const across = (await get('/company/change/targets?kind=2', person)).d.results.map(
      (r: { id: number }) => r.id,
    );
    expect(across).toContain(C);
    expect(across).not.toContain(B);
  });

  it('refuses what does not fit: another group’s company as a company change, an administrator, bad input, anonymous', async () => {
    expect(await post('/company/companyChangeRequest', { kind: 1, company_id: C }, person)).toMatchObject({
      c: Codes.TRANSFER_TARGET_INVALID.c,
      field: 'company_id',
    });
    // An administrator does not hold the action; a person who is one beside their role is refused.
    expect((await post('/company/companyChangeRequest', { kind: 1, company_id: B }, adminA)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    const dual = await h.as(5, A);
    await h.db.insertInto('user_roles').values({ company_id: A, user_id: dual.user.id, role: 7 }).execute();
    expect((await post('/company/companyChangeRequest', { kind: 1, company_id: B }, dual)).c).toBe(
      Codes.TRANSFER_ROLE_BARRED.c,
    );
    expect(
      await post('/company/companyChangeRequest', { kind: 1, company_id: 'x' as never }, person),
    ).toMatchObject({
      c: 10001,
      field: 'company_id',
    });
    expect(await post('/company/companyChangeRequest', { kind: 3, company_id: B }, person)).toMatchObject({
      c: 10001,
      field: 'kind',
    });
    expect(
      (
        await post(
          '/company/companyChangeRequest',
          { kind: 1, company_id: B, reason: '长'.repeat(201) },
          person,
        )
      ).field,
    ).toBe('reason');
    expect((await post('/company/companyChangeRequest', { kind: 1, company_id: B })).c).toBe(
      Codes.NOT_LOGGED_IN.c,
    );
    expect((await get('/company/change/mine', person)).d.results).toEqual([]);
  });

  it('moves the person once both companies agree, and tells everyone through their messages', async () => {
    const asked = await post(
      '/company/companyChangeRequest',
      { kind: 1, company_id: B, reason: '家搬到了乙地' },
      person,
    );
    expect(asked.d).toMatchObject({
      status: 0,
      from_company_id: A,
      to_company_id: B,
      from_state: 0,
      to_state: 0,
    });
    expect((await post('/company/companyChangeRequest', { kind: 1, company_id: B }, person)).c).toBe(
      Codes.TRANSFER_PENDING.c,
    );
    // Both administrators are told; the other group's is not, and sees nothing.
    expect((await get('/system/notice', adminA)).d.latest[0].title).toBe('单位变更申请待审核');
    expect((await get('/system/notice', adminB)).d.unread).toBeGreaterThan(0);
    expect((await get('/system/notice', adminC)).d.unread).toBe(0);
    expect((await get('/company/change/list?kind=1', adminC)).d.results).toEqual([]);
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminC)).c).toBe(
      Codes.TRANSFER_NOT_YOURS.c,
    );
    // A role without the action, anonymous.
    expect((await get('/company/change/list?kind=1', other)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, other)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    expect((await get('/company/change/list?kind=1')).c).toBe(Codes.NOT_LOGGED_IN.c);

    const forA = (await get('/company/change/list?kind=1', adminA)).d.results;
    expect(forA).toEqual([
      expect.objectContaining({ id: asked.d.id, my_sides: ['from'], awaiting_me: true }),
    ]);
    const agreedA = await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminA);
    expect(agreedA.d).toMatchObject({ status: 0, from_state: 1, to_state: 0, awaiting_me: false });
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminA)).c).toBe(
      Codes.TRANSFER_NOT_PENDING.c,
    );
    expect(await post('/company/change/decide', { id: asked.d.id, agree: 0 }, adminB)).toMatchObject({
      c: Codes.TRANSFER_NOTE_REQUIRED.c,
      field: 'note',
    });
    expect(await companyOf(person.user.id)).toBe(A);
    const done = await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminB);
    expect(done.d).toMatchObject({ status: 1, from_state: 1, to_state: 1 });
    expect(await companyOf(person.user.id)).toBe(B);
    // The move ended the person's sessions; logged in again, they are in B and told so.
    expect((await get('/system/notice', person)).c).toBe(Codes.NOT_LOGGED_IN.c);
    const again = { headers: await h.login(person.user.username) };
    const notice = (await get('/system/notice', again)).d;
    expect(notice.latest[0]).toMatchObject({ title: '单位变更申请已通过', kind: 'transfer', is_read: 0 });
    expect((await get('/company/change/mine', again)).d.results[0]).toMatchObject({
      status: 1,
      to_company: expect.any(String),
    });
    // B's administrator now has the person; A's no longer.
    expect((await get(`/account/user/${person.user.id}`, adminB)).c).toBe(0);
    expect((await get(`/account/user/${person.user.id}`, adminA)).c).not.toBe(0);
  });

  it('a group change is the groups’ to answer; a refusal ends it with its reason', async () => {
    const asked = await post('/company/companyChangeRequest', { kind: 2, company_id: C }, third);
    expect(asked.c).toBe(0);
    // A company administrator does not answer for a group.
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminA)).c).toBe(
      Codes.TRANSFER_NOT_YOURS.c,
    );
    expect((await get('/company/change/list?kind=2', g1)).d.results[0]).toMatchObject({
      id: asked.d.id,
      my_sides: ['from'],
    });
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, g1)).d.from_state).toBe(1);
    const refused = await post('/company/change/decide', { id: asked.d.id, agree: 0, note: '名额已满' }, g2);
    expect(refused.d).toMatchObject({ status: 2, to_state: 2, note: '名额已满' });
    expect(await companyOf(third.user.id)).toBe(A);
    const told = (await get('/account/get/getMessageData?kind=transfer', third)).d;
    expect(told.results[0]).toMatchObject({ title: '集群变更申请已驳回' });
    expect(told.results[0].content).toContain('名额已满');
  });

  it('a side with no administrator is told through its group’s staff, who may answer for it', async () => {
    const D = await h.company('无管理员单位');
    await h.db
      .updateTable('companies')
      .set({ group_id: (await groupOf(A)) ?? null })
      .where('id', '=', D)
      .execute();
    const mover = await h.as(5, A);
    const before = (await get('/system/notice', g1)).d.unread as number;
    const asked = await post('/company/companyChangeRequest', { kind: 1, company_id: D }, mover);
    expect(asked.c).toBe(0);
    expect((await get('/system/notice', g1)).d.unread).toBe(before + 1);
    const forG1 = (await get('/company/change/list?kind=1', g1)).d.results;
    expect(forG1.find((t: { id: number }) => t.id === asked.d.id)).toMatchObject({
      my_sides: ['from', 'to'],
    });
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, g1)).d.status).toBe(1);
    expect(await companyOf(mover.user.id)).toBe(D);
  });

  it('the person withdraws a waiting request; no one else can', async () => {
    const asked = await post('/company/companyChangeRequest', { kind: 1, company_id: B }, other);
    expect((await post('/company/change/withdraw', { id: asked.d.id }, third)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/company/change/withdraw', { id: asked.d.id }, other)).d.status).toBe(3);
    expect((await post('/company/change/withdraw', { id: asked.d.id }, other)).c).toBe(
      Codes.TRANSFER_NOT_PENDING.c,
    );
    expect((await post('/company/change/decide', { id: asked.d.id, agree: 1 }, adminA)).c).toBe(
      Codes.TRANSFER_NOT_PENDING.c,
    );
  });
});

describe('messages', () => {
  it('lists, marks read and deletes only the caller’s own; a delete needs the token header', async () => {
    const list = (await get('/account/get/getMessageData', adminA)).d;
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.unread).toBe(list.results.filter((m: { is_read: number }) => m.is_read === 0).length);
    const id = list.results[0].id as number;
    // Another person's message: not found, and nothing deleted or read.
    expect(await get(`/account/result/delMsg?ids=${id}`, adminB)).toMatchObject({
      c: Codes.MESSAGE_NOT_FOUND.c,
      field: 'ids',
    });
    expect((await post('/account/message/read', { ids: id }, adminB)).d.count).toBe(0);
    expect(
      (await get('/account/get/getMessageData?state=unread', adminA)).d.results.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(id);
    // A link from another site carries the cookie, not the token header.
    const token = adminA.headers.authorization.replace('Token ', '');
    const byCookie = await h.app.inject({
      method: 'GET',
      url: `/api/account/result/delMsg?ids=${id}`,
      headers: { cookie: `sessionid=${token}` },
    });
    expect(byCookie.json().c).toBe(Codes.TOKEN_REQUIRED.c);
    expect((await get('/account/result/delMsg')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get('/account/result/delMsg?ids=abc', adminA)).field).toBe('ids');

    const read = await post('/account/message/read', { ids: id }, adminA);
    expect(read.d).toEqual({ count: 1, unread: list.unread - 1 });
    expect(
      (await get('/account/get/getMessageData?state=read', adminA)).d.results.map(
        (m: { id: number }) => m.id,
      ),
    ).toContain(id);
    expect((await get(`/account/result/delMsg?ids=${id}`, adminA)).d).toEqual({ count: 1 });
    expect(
      (await get('/account/get/getMessageData', adminA)).d.results.map((m: { id: number }) => m.id),
    ).not.toContain(id);
    const all = await post('/account/message/read', {}, adminA);
    expect(all.d.unread).toBe(0);
    expect((await get('/system/notice', adminA)).d).toEqual({ unread: 0, latest: [] });
    expect((await get('/account/get/getMessageData?state=nope', adminA)).field).toBe('state');
  });
});
