import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, projectWithRoles, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * A business's team and its start (issue 37): a new business's roles that name a 职务 are staffed
 * with members holding it; the manager fills the rest (/business/addMoreTeammates, setNoneUser) —
 * never the starter's seat, never one person in two seats, never someone without the role's 职务
 * or of another company; the starter's first opening with every seat filled starts the run in the
 * flow's first node, once however many openings race; another company, a stranger to the business
 * and the anonymous are refused and nothing changes.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speakerA: Who;
let speakerB: Who;
let clerk: Who;
let outsider: Who;
let stranger: Who;
let projectId: number;
const { get, post } = jsonCalls(() => h.app);
const calls = { get, post };

const SIMPLE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const stored = async () =>
  JSON.stringify(
    await Promise.all(
      (['businesses', 'business_seats', 'business_paths'] as const).map((t) =>
        h.db.selectFrom(t).selectAll().orderBy('id').execute(),
      ),
    ),
  );

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('团队甲公司');
  const b = await h.company('团队乙公司');
  [manager, speakerA, speakerB, clerk, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  const position = (await post('/position/create', { name: '听证员', department_id: 0 }, manager)).d
    .id as number;
  await h.db
    .updateTable('users')
    .set({ position_id: position })
    .where('id', 'in', [speakerA.user.id, speakerB.user.id])
    .execute();

  // 经办人 starts (the manager); two 陈述人 of the 职务 听证员; a 记录员 anyone may be.
  ({ projectId } = await projectWithRoles(h.app, calls, manager, {
    name: '价格听证',
    xml: SIMPLE,
    extra: [
      { name: '陈述人', capacity: 2, position_id: position, tasks: ['T'] },
      { name: '记录员', capacity: 1 },
    ],
  }));
});
afterAll(() => h.close());

type Seat = { id: number; seat_no: number; user_id: number | null };
type Role = { name: string; seats: Seat[] };
const seatsOf = (d: { roles: Role[] }, role: string) => d.roles.find((r) => r.name === role)?.seats ?? [];

describe('a business team', () => {
  let businessId: number;
  let clerkSeat: number;

  it('is staffed by 职务 when the business is made; the rest waits', async () => {
    const made = await post('/business/create', { project_id: projectId }, manager);
    expect(made.c, made.m).toBe(0);
    businessId = made.d.id;
    const [empty] = seatsOf(made.d, '记录员');
    // The two holders of 听证员, in the order they joined the company (their ids).
    expect(seatsOf(made.d, '陈述人').map((t) => t.user_id)).toEqual(
      [speakerA.user.id, speakerB.user.id].sort((x, y) => x - y),
    );
    expect(empty?.user_id).toBe(null);
    clerkSeat = empty?.id ?? 0;

    const team = await get(`/business/team?business_id=${businessId}`, manager);
    expect(team.d.roles.map((r: Role) => r.name)).toEqual(['经办人', '陈述人', '记录员']);
    const opened = await get(`/business/detail?business_id=${businessId}`, manager);
    expect(opened.c, opened.m).toBe(0);
    expect(opened.d).toMatchObject({ status: 1, started_at: null, nodes: [], missing: '“记录员”缺1人' });
    const people = await post('/business/getUnitUserList', { business_id: businessId }, manager);
    // 记录员 names no 职务: every member of the company may be chosen.
    expect(people.d.results.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([clerk.user.id, outsider.user.id, speakerA.user.id]),
    );
  });

  it('refuses a seat to someone without its 职务, twice seated, of another company, or the starter’s seat; nothing changes', async () => {
    const business = (await get(`/business/detail?business_id=${businessId}`, manager)).d;
    const [firstSpeaker] = seatsOf(business, '陈述人');
    const [starterSeat] = seatsOf(business, '经办人');
    const before = await stored();
    const staff = (data: object[]) =>
      post('/business/addMoreTeammates', { business_id: businessId, data: JSON.stringify(data) }, manager);
    const noPosition = await staff([{ seat_id: firstSpeaker?.id, user_id: clerk.user.id }]);
    expect([noPosition.c, noPosition.field]).toEqual([Codes.BUSINESS_SEAT_REFUSED.c, 'data']);
    expect(noPosition.m).toContain('不是“听证员”');
    const twice = await staff([{ seat_id: clerkSeat, user_id: speakerA.user.id }]);
    expect(twice.m).toContain('一人只坐一个席位');
    const starter = await staff([{ seat_id: starterSeat?.id, user_id: clerk.user.id }]);
    expect(starter.m).toBe('发起人的席位不能调整');
    const foreign = await staff([{ seat_id: clerkSeat, user_id: stranger.user.id }]);
    expect(foreign.c).toBe(Codes.NOT_FOUND.c);
    const taken = await post(
      '/business/setNoneUser',
      { role_alloc_id: firstSpeaker?.id ?? 0, user_id: clerk.user.id },
      manager,
    );
    expect(taken.m).toBe('“陈述人”的这个席位已有人');
    expect(await stored()).toBe(before);
  });

  it('refuses another company, a stranger to it and the anonymous', async () => {
    const before = await stored();
    expect((await get(`/business/detail?business_id=${businessId}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/detail?business_id=${businessId}`, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/detail?business_id=${businessId}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/team?business_id=${businessId}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/team?business_id=${businessId}`, outsider)).c).toBe(Codes.FORBIDDEN.c);
    const fill = {
      business_id: businessId,
      data: JSON.stringify([{ seat_id: clerkSeat, user_id: clerk.user.id }]),
    };
    expect((await post('/business/addMoreTeammates', fill, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await post('/business/addMoreTeammates', fill, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await post('/business/addMoreTeammates', fill)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await post('/business/getUnitUserList', { business_id: businessId }, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect(await stored()).toBe(before);
  });

  it('starts when the starter opens it with every seat filled, in the first node, once', async () => {
    const filled = await post(
      '/business/setNoneUser',
      { role_alloc_id: clerkSeat, user_id: clerk.user.id },
      manager,
    );
    expect(filled.c, filled.m).toBe(0);
    // A member opening it does not start it: the starter does.
    const byMember = await get(`/business/detail?business_id=${businessId}`, clerk);
    expect(byMember.d).toMatchObject({ status: 1, missing: '' });
    expect(byMember.d.role_allocs.map((r: { role_name: string }) => r.role_name)).toEqual(['记录员']);
    expect(byMember.d.with_user_nodes.map((n: { name: string }) => n.name)).toEqual(['陈述意见', '听证报告']);

    const opened = await Promise.all(
      [1, 2, 3].map(() => get(`/business/detail?business_id=${businessId}`, manager)),
    );
    for (const o of opened) expect(o.c, o.m).toBe(0);
    const started = opened[0]?.d;
    expect(started.status).toBe(2);
    expect(started.started_at).not.toBe(null);
    expect(started.nodes.map((n: { name: string; step: number }) => [n.name, n.step])).toEqual([
      ['陈述意见', 1],
    ]);
    const paths = await h.db
      .selectFrom('business_paths')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(paths).toHaveLength(1);

    // Running: the team stays as it is.
    const late = await post(
      '/business/addMoreTeammates',
      { business_id: businessId, data: JSON.stringify([{ seat_id: clerkSeat, user_id: outsider.user.id }]) },
      manager,
    );
    expect(late.c).toBe(Codes.BUSINESS_NOT_WAITING.c);
  });

  it('are listed to each member as theirs (in progress), and to no one else', async () => {
    const ids = async (who: Who, query = '') =>
      (await get(`/business/list?${query}`, who)).d.results.map((b: { id: number }) => b.id);
    expect(await ids(clerk)).toEqual([businessId]);
    expect(await ids(speakerA)).toContain(businessId);
    expect(await ids(clerk, 'state=done')).toEqual([]);
    expect(await ids(outsider)).toEqual([]);
    expect(await ids(stranger)).toEqual([]);
    expect((await get('/business/list?state=other', clerk)).m).toBe('业务状态不正确');
    expect((await get('/business/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('does not start while a seat is empty', async () => {
    const made = await post('/business/create', { project_id: projectId }, manager);
    const opened = await get(`/business/detail?business_id=${made.d.id}`, manager);
    expect(opened.d).toMatchObject({ status: 1, nodes: [] });
    // Speakers are seated once per business, not across businesses: both sit in this one too.
    expect(seatsOf(opened.d, '陈述人').every((t) => t.user_id !== null)).toBe(true);
  });
});
