import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, endThroughFirstExit, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import { type Harness, jsonCalls, testApp } from './harness.ts';

/**
 * Watching (观摩; issue 37, ADR 0043): anyone, logged in or not, lists running businesses whose
 * current node allows outsiders and reads that node — its seats by role (not members' names), its
 * messages, the run's diagram — but no other node and nothing once the business has moved on; a
 * member reads names. The business's company is named by company_id, as every public read is.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let speaker: Who;
let stranger: Who;
let companyId: number;
const { get, post } = jsonCalls(() => h.app);

// 陈述意见 may be watched; 听证报告 may not.
const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="T" name="陈述意见" training:nodeType="1" />
  <bpmn:task id="R" name="听证报告" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'T')}${seq('f2', 'T', 'R')}${seq('f3', 'R', 'E')}`);

let projectId: number;
let nodes: Record<string, number>;

async function running() {
  const run = await runningBusiness(
    { get, post },
    manager,
    projectId,
    { 陈述人: speaker },
    `观摩听证${Date.now()}`,
  );
  return { id: run.id, name: run.name, managerSeat: run.seat('经办人') };
}

const watched = async (who?: Who, company = companyId) =>
  (await get(`/business/node/observable_list?company_id=${company}`, who)).d.nodes.map(
    (n: { business: { id: number }; node: { name: string } }) => [n.business.id, n.node.name],
  );

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('观摩甲公司');
  const b = await h.company('观摩乙公司');
  companyId = a;
  [manager, speaker, stranger] = await Promise.all([h.as(3, a), h.as(5, a), h.as(3, b)]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '价格听证',
    xml: FLOW,
    watch: ['T'],
    extra: [{ name: '陈述人', tasks: ['T'] }],
  }));
});
afterAll(() => h.close());

describe('watching a running business', () => {
  it('lists the running businesses whose current node may be watched, to anyone', async () => {
    const waiting = (await post('/business/create', { project_id: projectId }, manager)).d.id as number;
    const run = await running();
    expect(await watched()).toContainEqual([run.id, '陈述意见']);
    expect((await watched()).map((n: [number]) => n[0])).not.toContain(waiting);
    expect(await watched(stranger)).toContainEqual([run.id, '陈述意见']);
    // Without company_id the anonymous read the default company's.
    const own = (await get('/business/node/observable_list')).d.nodes.map(
      (n: { business: { id: number } }) => n.business.id,
    );
    expect(own).not.toContain(run.id);
    expect((await get(`/business/node/observable_list?company_id=${companyId}&size=0`)).m).toBe(
      '数量不能小于1',
    );
  });

  it('shows a watcher the node’s seats by role, its messages without names, and the diagram; a member sees names', async () => {
    const run = await running();
    await post(
      '/business/message/push',
      {
        business_id: run.id,
        node_id: nodes.T as number,
        role_alloc_id: run.managerSeat,
        type: 'txt',
        msg: '听证会开始',
      },
      manager,
    );
    const at = `business_id=${run.id}&node_id=${nodes.T}&company_id=${companyId}`;
    const detail = await get(`/business/node/detail?${at}`);
    expect(detail.c, detail.m).toBe(0);
    expect(detail.d).toMatchObject({ observable: 1, node: { name: '陈述意见' }, name: run.name });
    expect(
      detail.d.role_alloc_status.map((t: { role_name: string; user_name: string; user_id: null }) => [
        t.role_name,
        t.user_name,
        t.user_id,
      ]),
    ).toEqual([
      ['经办人', '', null],
      ['陈述人', '', null],
    ]);
    const said = (await get(`/business/node/messages?${at}`)).d.results;
    expect(
      said.map((m: { msg: string; role_name: string; user_name: string }) => [
        m.msg,
        m.role_name,
        m.user_name,
      ]),
    ).toEqual([['听证会开始', '经办人', '']]);
    const drawing = await get(`/business/trans/path?business_id=${run.id}&company_id=${companyId}`);
    expect(drawing.d.current).toEqual(['T']);
    const mine = await get(`/business/node/detail?${at}`, speaker);
    expect(mine.d.observable).toBe(0);
    expect(mine.d.role_alloc_status.map((t: { user_name: string }) => t.user_name)).toContain(
      speaker.user.username,
    );
  });

  it('refuses a node that may not be watched, a business moved on, another company unnamed; a watcher cannot act', async () => {
    const run = await running();
    const at = (node: string) => `business_id=${run.id}&node_id=${nodes[node]}&company_id=${companyId}`;
    expect((await get(`/business/node/detail?${at('R')}`)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/node/detail?business_id=${run.id}&node_id=${nodes.T}`, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect(
      (
        await post('/business/message/push', {
          business_id: run.id,
          node_id: nodes.T as number,
          role_alloc_id: run.managerSeat,
          type: 'txt',
          msg: '旁观者插话',
        })
      ).c,
    ).toBe(Codes.NOT_LOGGED_IN.c);
    // Moved on to 听证报告: nothing of it may be watched now.
    const ended = await endThroughFirstExit({ get, post }, manager, {
      business_id: run.id,
      node_id: nodes.T as number,
      role_alloc_id: run.managerSeat,
    });
    expect(ended.c, ended.m).toBe(0);
    expect((await watched()).map((n: [number]) => n[0])).not.toContain(run.id);
    expect((await get(`/business/node/detail?${at('T')}`)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/node/messages?${at('T')}`)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/trans/path?business_id=${run.id}&company_id=${companyId}`)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    // Its members still read it.
    expect((await get(`/business/node/detail?${at('R')}`, manager)).c).toBe(0);
  });
});
