import { BUSINESS_MESSAGE_LIMITS, type BusinessMessage, Codes, LIVE_EVENTS } from '@portal/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LIVE_MAX_FRAME, LIVE_PATH } from '../src/platform/live/live.ts';
import { bpmn, projectWithRoles, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, redisAnswers, TEST_REDIS_URL, testApp } from './harness.ts';

/**
 * A running business's live messages (issue 37, ADR 0043): a member's text is checked against
 * their seat and the node, kept with the business's next number (no gaps, however many at once),
 * and sent over the live socket to every page that joined the business — across processes through
 * Redis. A page that joins late is answered what it missed. Refusals change nothing; another
 * company, a stranger and the anonymous are refused, on the socket as over HTTP.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speaker: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const SIMPLE = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

const tokenOf = (who: Who) => who.headers.authorization?.replace(/^Token /, '') ?? '';

interface Team {
  manager: Who;
  speaker: Who;
}

/** A published flow (经办人 starts; a 陈述人 speaks in the first node) and a project on it. */
async function project(app: Harness, { manager }: Team) {
  const { get: g, post: p } = jsonCalls(() => app.app);
  const made = await projectWithRoles(app.app, { get: g, post: p }, manager, {
    name: '听证会',
    xml: SIMPLE,
    extra: [{ name: '陈述人', tasks: ['T'] }],
  });
  return { projectId: made.projectId, first: made.nodeIds.T as number };
}

/** A business on the project with its 陈述人 seated; opened by the starter (running) unless `waiting`. */
async function business(app: Harness, { manager, speaker }: Team, projectId: number, waiting = false) {
  const { get: g, post: p } = jsonCalls(() => app.app);
  const made = (await p('/business/create', { project_id: projectId }, manager)).d;
  const seats = made.roles.flatMap((r: { name: string; seats: { id: number }[] }) =>
    r.seats.map((t) => ({ role: r.name, id: t.id })),
  );
  const speakerSeat = seats.find((t: { role: string }) => t.role === '陈述人').id as number;
  const managerSeat = seats.find((t: { role: string }) => t.role !== '陈述人').id as number;
  await p('/business/setNoneUser', { role_alloc_id: speakerSeat, user_id: speaker.user.id }, manager);
  if (!waiting) expect((await g(`/business/detail?business_id=${made.id}`, manager)).d.status).toBe(2);
  return { id: made.id as number, speakerSeat, managerSeat };
}

let projectId: number;
let first: number;
let running: Awaited<ReturnType<typeof business>>;

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('消息甲公司');
  const b = await h.company('消息乙公司');
  [manager, speaker, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, first } = await project(h, { manager, speaker }));
  running = await business(h, { manager, speaker }, projectId);
});
afterAll(() => h.close());

const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('business_messages').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('businesses').select(['id', 'last_seq']).orderBy('id').execute(),
  ]);

const say = (who: Who, msg: string, over: Record<string, string | number> = {}) =>
  post(
    '/business/message/push',
    {
      business_id: running.id,
      node_id: first,
      role_alloc_id: who === manager ? running.managerSeat : running.speakerSeat,
      type: 'txt',
      msg,
      ...over,
    },
    who,
  );

describe('a running business’s messages', () => {
  it('are kept in order, numbered without gaps, and read back by number', async () => {
    const one = await say(manager, '听证会现在开始');
    expect(one.c, one.m).toBe(0);
    expect(one.d).toMatchObject({
      seq: 1,
      type: 'txt',
      msg: '听证会现在开始',
      role_name: '经办人',
      node_id: first,
    });
    const two = await say(speaker, '我方认为票价调整幅度过大');
    expect(two.d).toMatchObject({ seq: 2, role_name: '陈述人', user_id: speaker.user.id });
    const all = await get(`/business/messages?business_id=${running.id}`, speaker);
    expect(all.d.results.map((m: BusinessMessage) => m.seq)).toEqual([1, 2]);
    expect(all.d.last_seq).toBe(2);
    const after = await get(`/business/messages?business_id=${running.id}&after_seq=1`, manager);
    expect(after.d.results.map((m: BusinessMessage) => m.msg)).toEqual(['我方认为票价调整幅度过大']);
  });

  it('take numbers one at a time however many are sent at once', async () => {
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => say(i % 2 === 0 ? manager : speaker, `发言${i}`)),
    );
    for (const r of sent) expect(r.c, r.m).toBe(0);
    expect(sent.map((r) => r.d.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 3),
    );
  });

  it('refuse a seat not the caller’s, a node the business is not in, bad text and a waiting business; nothing changes', async () => {
    const other = await business(h, { manager, speaker }, projectId, true);
    const before = await stored();
    const notMine = await say(speaker, '冒名发言', { role_alloc_id: running.managerSeat });
    expect([notMine.c, notMine.field]).toEqual([Codes.FORBIDDEN.c, 'role_alloc_id']);
    const elsewhere = await say(speaker, '串台', { role_alloc_id: other.speakerSeat });
    expect([elsewhere.c, elsewhere.field]).toEqual([Codes.NOT_FOUND.c, 'role_alloc_id']);
    const waiting = await say(speaker, '还没开始', {
      business_id: other.id,
      role_alloc_id: other.speakerSeat,
    });
    expect(waiting.c).toBe(Codes.BUSINESS_NOT_RUNNING.c);
    const setup = (
      await get(
        `/workflow/setup?flow_id=${(await get(`/business/detail?business_id=${running.id}`, manager)).d.flow_id}`,
        manager,
      )
    ).d;
    const report = setup.nodes.find((n: { task_id: string }) => n.task_id === 'R').id;
    const notHere = await say(manager, '提前总结', { node_id: report });
    expect([notHere.c, notHere.field]).toEqual([Codes.BUSINESS_NOT_IN_NODE.c, 'node_id']);
    expect((await say(manager, '   ')).m).toBe('消息不能为空');
    expect((await say(manager, '长'.repeat(BUSINESS_MESSAGE_LIMITS.msg + 1))).m).toBe(
      `消息不能超过${BUSINESS_MESSAGE_LIMITS.msg}个字符`,
    );
    expect((await say(manager, '命令', { type: 'cmd' })).m).toBe('请选择命令');
    expect((await say(manager, '命令', { type: 'cmd', cmd: 'action_drop_table' })).m).toBe('命令不存在');
    expect((await say(manager, '语音', { type: 'audio' })).m).toBe('消息类型不正确');
    expect((await say(manager, '坏数据', { type: 'cmd', cmd: 'action_exp_node_end', data: '[1' })).m).toBe(
      '命令数据格式不正确',
    );
    expect(await stored()).toBe(before);
  });

  it('refuse another company, a stranger to the business and the anonymous', async () => {
    const before = await stored();
    expect((await say(stranger, '外人')).c).toBe(Codes.NOT_FOUND.c);
    expect((await say(outsider, '旁人')).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (
        await post('/business/message/push', {
          business_id: running.id,
          node_id: first,
          role_alloc_id: running.speakerSeat,
          type: 'txt',
          msg: '匿名',
        })
      ).c,
    ).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/messages?business_id=${running.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/messages?business_id=${running.id}`, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/messages?business_id=${running.id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect(await stored()).toBe(before);
  });
});

/** A socket.io client of `base` as `who`, over WebSocket only. */
function socketOf(base: string, who: Who | null): Socket {
  return connect(base, {
    path: LIVE_PATH,
    transports: ['websocket'],
    auth: who ? { token: tokenOf(who) } : {},
    reconnection: false,
    forceNew: true,
  });
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const request = <T = { c: number; m?: string; d?: unknown }>(s: Socket, event: string, payload: unknown) =>
  s.timeout(5000).emitWithAck(event, payload) as Promise<T>;

/** What a page keeps: the messages by number, each once. */
function collector(s: Socket) {
  const got = new Map<number, BusinessMessage>();
  s.on(LIVE_EVENTS.message, (m: BusinessMessage) => got.set(m.seq, m));
  return got;
}

describe('the live socket', () => {
  let base: string;
  beforeAll(async () => {
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a joining page what it missed and sends it every message from then on', async () => {
    const page = socketOf(base, speaker);
    await connected(page);
    const got = collector(page);
    const joined = await request<{ c: number; d: { messages: BusinessMessage[]; last_seq: number } }>(
      page,
      LIVE_EVENTS.join,
      { business_id: running.id, after_seq: 10 },
    );
    expect(joined.c).toBe(0);
    expect(joined.d.messages.map((m) => m.seq)).toEqual([11, 12, 13, 14]);
    const sent = await say(manager, '请陈述人发言');
    await vi.waitFor(() => expect(got.get(sent.d.seq)?.msg).toBe('请陈述人发言'));
    page.close();
  });

  it('refuses the anonymous, another company, a stranger, a malformed request and an oversized frame', async () => {
    await expect(connected(socketOf(base, null))).rejects.toThrow('未登录或登录已过期');
    const theirs = socketOf(base, stranger);
    await connected(theirs);
    expect((await request(theirs, LIVE_EVENTS.join, { business_id: running.id })).c).toBe(Codes.NOT_FOUND.c);
    const nosy = socketOf(base, outsider);
    await connected(nosy);
    const got = collector(nosy);
    expect((await request(nosy, LIVE_EVENTS.join, { business_id: running.id })).c).toBe(Codes.FORBIDDEN.c);
    expect((await request(nosy, LIVE_EVENTS.join, 'not an object')).c).toBe(Codes.PARAM_ERROR.c);
    expect((await request(nosy, LIVE_EVENTS.join, { business_id: -1 })).c).toBe(Codes.PARAM_ERROR.c);
    // Nothing reaches a page that was refused.
    await say(manager, '只给成员');
    const closed = new Promise<string>((resolve) => nosy.once('disconnect', (reason) => resolve(reason)));
    nosy.emit(LIVE_EVENTS.join, { business_id: running.id, padding: 'x'.repeat(LIVE_MAX_FRAME * 2) });
    expect(await closed).toBe('transport close');
    expect(got.size).toBe(0);
    theirs.close();
  });
});

describe('a live socket’s session', () => {
  it('is checked again: a logout closes the socket', async () => {
    const other = await testApp({ LIVE_RECHECK_SECONDS: '0.2' });
    try {
      const who = await other.as(5);
      const base = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const page = socketOf(base, who);
      await connected(page);
      const closed = new Promise<string>((resolve) => page.once('disconnect', (reason) => resolve(reason)));
      const quit = await other.app.inject({ method: 'POST', url: '/api/account/quit', headers: who.headers });
      expect(quit.json().c).toBe(0);
      expect(await closed).toBe('io server disconnect');
      page.close();
    } finally {
      await other.close();
    }
  });
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('two processes sharing the database and Redis', () => {
  it('carry each member’s messages to the other’s page in order', async () => {
    const prefix = `portal-test-${Math.random().toString(36).slice(2, 8)}`;
    const one = await testApp({ REDIS_URL, JOBS_PREFIX: prefix });
    const two = await buildApp({ database: one.database, config: one.config });
    try {
      const a = await one.company('两个进程');
      const team = { manager: await one.as(3, a), speaker: await one.as(5, a) };
      const { manager, speaker } = team;
      const { projectId: p } = await project(one, team);
      const onBoth = await business(one, team, p);
      const baseOne = await one.app.listen({ port: 0, host: '127.0.0.1' });
      const baseTwo = await two.listen({ port: 0, host: '127.0.0.1' });
      const pages = [socketOf(baseOne, manager), socketOf(baseTwo, speaker)];
      await Promise.all(pages.map(connected));
      const got = pages.map(collector);
      for (const page of pages)
        expect((await request(page, LIVE_EVENTS.join, { business_id: onBoth.id })).c).toBe(0);
      // Each member sends through the other process's HTTP side, alternately.
      const viaOne = jsonCalls(() => one.app);
      const viaTwo = jsonCalls(() => two);
      const n = 10;
      for (let i = 0; i < n; i++) {
        const [via, who, seat] =
          i % 2 === 0 ? [viaTwo, manager, onBoth.managerSeat] : [viaOne, speaker, onBoth.speakerSeat];
        const r = await via.post(
          '/business/message/push',
          {
            business_id: onBoth.id,
            node_id: (
              await one.db
                .selectFrom('business_paths')
                .select('node_id')
                .where('business_id', '=', onBoth.id)
                .executeTakeFirstOrThrow()
            ).node_id,
            role_alloc_id: seat,
            type: 'txt',
            msg: `第${i + 1}条`,
          },
          who,
        );
        expect(r.c, r.m).toBe(0);
      }
      for (const page of got)
        await vi.waitFor(() =>
          expect([...page.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1)),
        );
      for (const page of got)
        expect([...page.values()].sort((x, y) => x.seq - y.seq).map((m) => m.msg)).toEqual(
          Array.from({ length: n }, (_, i) => `第${i + 1}条`),
        );
      for (const page of pages) page.close();
    } finally {
      await two.close();
      await one.close();
    }
  });
});
