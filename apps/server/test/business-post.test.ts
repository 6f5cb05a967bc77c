import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, endThroughFirstExit, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Node screen 7, the notice (公示; issue 37): a seat of a post node posts it and may rewrite it, as a
 * message every page hears; members read it, and so does a visitor where the node may be watched
 * (without the member's name); the report carries it. Elsewhere, and for strangers, it is refused.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let delegate: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="G" name="议案公示" training:nodeType="7" />
  <bpmn:task id="R" name="立法总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'G')}${seq('f2', 'G', 'R')}${seq('f3', 'R', 'E')}`);

let projectId: number;
let nodes: Record<string, number>;
let companyId: number;

async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 代表: delegate });
  return { id: run.id, host: run.seat('经办人'), delegateSeat: run.seat('代表') };
}

const publish = (run: { id: number }, who: Who, seat: number, node: string, name: string, content: string) =>
  post(
    '/business/post/create',
    {
      business_id: run.id,
      node_id: nodes[node] as number,
      role_alloc_id: seat,
      post_name: name,
      post_content: content,
    },
    who,
  );

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('公示甲公司');
  const b = await h.company('公示乙公司');
  companyId = a;
  [manager, delegate, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '条例公示',
    xml: FLOW,
    starter: { actions: ['docs', 'end'] },
    extra: [{ name: '代表', tasks: ['G', 'R'], actions: ['exit'] }],
    watch: ['G'],
  }));
});
afterAll(() => h.close());

describe('a post node’s notice', () => {
  it('is posted and rewritten by a seat offered it, heard by all, read by a watcher without names', async () => {
    const run = await running();
    const made = await publish(
      run,
      manager,
      run.host,
      'G',
      '条例草案公示',
      '<p>征求意见<script>x()</script></p>',
    );
    expect(made.c, made.m).toBe(0);
    expect(made.d).toMatchObject({ name: '条例草案公示', content: '<p>征求意见</p>', role_name: '经办人' });
    const again = await publish(run, manager, run.host, 'G', '条例草案公示（修订）', '<p>延长征求期</p>');
    expect([again.d.id, again.d.name]).toEqual([made.d.id, '条例草案公示（修订）']);
    // A seat not offered it, and a node that is no post node.
    expect((await publish(run, delegate, run.delegateSeat, 'G', '代表公示', '<p>x</p>')).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    const messages = (await get(`/business/messages?business_id=${run.id}`, delegate)).d.results;
    expect(messages.map((m: { cmd: string; msg: string }) => [m.cmd, m.msg])).toEqual([
      ['action_post_save', '发布公示《条例草案公示》'],
      ['action_post_save', '发布公示《条例草案公示（修订）》'],
    ]);
    const read = await get(`/business/post?business_id=${run.id}&node_id=${nodes.G}`, delegate);
    expect(read.d).toMatchObject({ name: '条例草案公示（修订）', user_name: expect.stringMatching(/.+/) });
    const watched = await get(
      `/business/post?business_id=${run.id}&node_id=${nodes.G}&company_id=${companyId}`,
    );
    expect(watched.d).toMatchObject({ name: '条例草案公示（修订）', user_name: '' });
    const detail = await get(`/business/post/detail?id=${made.d.id}`, delegate);
    expect(detail.d.content).toBe('<p>延长征求期</p>');
    // The report carries it.
    const report = (await get(`/business/report/generate?business_id=${run.id}`, manager)).d;
    expect(report.nodes[0].post).toMatchObject({ name: '条例草案公示（修订）' });
  });

  it('members keep private notes on the current node, one each, rewritten; no one else reads them', async () => {
    const run = await running();
    const note = (who: Who, content: string, node = 'G') =>
      post('/business/note/create', { business_id: run.id, node_id: nodes[node] as number, content }, who);
    const made = await note(delegate, '注意征求意见的期限');
    expect(made.c, made.m).toBe(0);
    expect(made.d).toMatchObject({ node_name: '议案公示', content: '注意征求意见的期限' });
    expect((await note(delegate, '期限是三十日')).d.id).toBe(made.d.id);
    await note(manager, '经办人自己的笔记');
    const mine = (await get(`/business/note/list?business_id=${run.id}`, delegate)).d;
    expect(mine.map((n: { content: string }) => n.content)).toEqual(['期限是三十日']);
    expect((await get(`/business/note/list?business_id=${run.id}`, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/note/list?business_id=${run.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/note/list?business_id=${run.id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    // Not for a node the business is not in; not too long.
    expect((await note(delegate, '总结的笔记', 'R')).c).toBe(Codes.BUSINESS_NOT_IN_NODE.c);
    expect((await note(delegate, '字'.repeat(2001))).c).toBe(Codes.PARAM_ERROR.c);
  });

  it('is refused to strangers, another company and the anonymous; empty content is refused', async () => {
    const run = await running();
    const made = (await publish(run, manager, run.host, 'G', '公示', '<p>内容</p>')).d;
    expect((await publish(run, manager, run.host, 'G', '公示', '<p></p>')).c).toBe(Codes.PARAM_ERROR.c);
    expect((await publish(run, outsider, run.host, 'G', '冒名公示', '<p>x</p>')).c).toBe(Codes.FORBIDDEN.c);
    expect((await publish(run, stranger, run.host, 'G', '冒名公示', '<p>x</p>')).c).toBe(Codes.NOT_FOUND.c);
    // A notice is public by nature: another of the company's staff reads it, without the member's name,
    // and finds it on the company's notice board; another company does not.
    expect((await get(`/business/post/detail?id=${made.id}`, outsider)).d).toMatchObject({
      name: '公示',
      user_name: '',
    });
    const board = await get('/business/post/list', outsider);
    expect(board.d[0]).toMatchObject({ id: made.id, name: '公示', node_name: '议案公示' });
    expect((await get('/business/post/list', stranger)).d).toEqual([]);
    expect((await get('/business/post/list')).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await get(`/business/post/detail?id=${made.id}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/post/detail?id=${made.id}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    // Once the business has moved on, the notice is no longer watched.
    await endThroughFirstExit({ get, post }, manager, {
      business_id: run.id,
      node_id: nodes.G as number,
      role_alloc_id: run.host,
    });
    expect(
      (await get(`/business/post?business_id=${run.id}&node_id=${nodes.G}&company_id=${companyId}`)).c,
    ).toBe(Codes.FORBIDDEN.c);
    expect((await publish(run, manager, run.host, 'R', '总结公示', '<p>x</p>')).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
  });
});
