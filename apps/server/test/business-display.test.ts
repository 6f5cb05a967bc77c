import { Codes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmn, endThroughFirstExit, projectWithRoles, runningBusiness, seq } from './flow-fixtures.ts';
import {
  type Harness,
  jsonCalls,
  MULTIPART_TYPE,
  multipartBody,
  testApp,
  type UploadFile,
} from './harness.ts';

/**
 * Node screen 3, the display (展示; issue 37): in step 1 a seat offered 刷新文档 gathers an earlier
 * node's document, a flow material or an upload; the host starts the showing; in step 2 everyone of
 * the node opens the items and is counted as having read them, every change heard as a message.
 * Gathering after the start, another seat's item, a seat not offered it, strangers and the
 * anonymous are refused; files are read only by those who may open the business.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let delegate: Who;
let outsider: Who;
let stranger: Who;
let listener: Who;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="A" name="起草议案" training:nodeType="2" />
  <bpmn:task id="V" name="议案展示" training:nodeType="3" />
  <bpmn:task id="R" name="立法总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'A')}${seq('f2', 'A', 'V')}${seq('f3', 'V', 'R')}${seq('f4', 'R', 'E')}`);

const PDF: UploadFile = {
  name: '立法背景.pdf',
  content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  type: 'application/pdf',
};

let projectId: number;
let nodes: Record<string, number>;

async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 代表: delegate, 旁听: listener });
  return { ...run, host: run.seat('经办人'), delegateSeat: run.seat('代表'), listenerSeat: run.seat('旁听') };
}
type Run = Awaited<ReturnType<typeof running>>;

const at = (run: Run, seat: number, node = 'V') => ({
  business_id: run.id,
  node_id: nodes[node] as number,
  role_alloc_id: seat,
});
const where = (run: Run, node = 'V') => `business_id=${run.id}&node_id=${nodes[node]}`;

/** Ends the node the business is in through its only exit. */
async function endNode(run: Run, node: string) {
  const ended = await endThroughFirstExit({ get, post }, manager, at(run, run.host, node));
  expect(ended.c, ended.m).toBe(0);
}

const upload = (run: Run, who: Who, seat: number, file: UploadFile, name = '') =>
  h.app
    .inject({
      method: 'POST',
      url: '/api/business/file/display/upload',
      headers: { ...who.headers, 'content-type': MULTIPART_TYPE },
      payload: multipartBody(
        {
          business_id: String(run.id),
          node_id: String(nodes.V),
          role_alloc_id: String(seat),
          ...(name ? { name } : {}),
        },
        file,
      ),
    })
    .then((r) => r.json());

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('展示甲公司');
  const b = await h.company('展示乙公司');
  [manager, delegate, outsider, stranger, listener] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
    h.as(5, a),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '议案展示',
    xml: FLOW,
    starter: { actions: ['docs', 'end'] },
    extra: [
      { name: '代表', tasks: ['A', 'V', 'R'], actions: ['exit'] },
      // A role to be brought in, waiting outside (a display's standard module brings no one in).
      { name: '旁听', tasks: ['V'], can_brought: 1, actions: ['exit'] },
    ],
    docs: [{ file: PDF, usage: 4, tasks: ['V'] }],
  }));
});
afterAll(() => h.close());

describe('a display node', () => {
  it('gathers an earlier document, a material and an upload, shows them, and counts who has read each', async () => {
    const run = await running();
    const bill = await post(
      '/business/template/new',
      { ...at(run, run.host, 'A'), name: '条例草案' },
      manager,
    );
    expect(bill.c, bill.m).toBe(0);
    await endNode(run, 'A');

    const candidates = (await get(`/business/prev/doc/get?${where(run)}`, delegate)).d;
    expect(
      candidates.map((c: { name: string; origin: string; added: boolean }) => [c.name, c.origin, c.added]),
    ).toEqual([
      ['条例草案', '起草议案', false],
      ['立法背景.pdf', '素材', false],
    ]);
    const material = candidates[1].id as number;
    const doc = await post(
      '/business/doc/create/prev',
      { ...at(run, run.host), doc_from: 'business_doc', doc_id: bill.d.id },
      manager,
    );
    expect(doc.c, doc.m).toBe(0);
    expect(doc.d).toMatchObject({
      name: '条例草案',
      source: 1,
      origin: '起草议案',
      read: false,
      role_name: '经办人',
    });
    const mat = await post(
      '/business/doc/create/prev',
      { ...at(run, run.host), doc_from: 'project_doc', doc_id: material },
      manager,
    );
    expect(mat.d).toMatchObject({ name: '立法背景.pdf', source: 2, mime: 'application/pdf' });
    // Twice the same, refused; the candidates say what is in.
    expect(
      (
        await post(
          '/business/doc/create/prev',
          { ...at(run, run.host), doc_from: 'project_doc', doc_id: material },
          manager,
        )
      ).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(
      (await get(`/business/prev/doc/get?${where(run)}`, manager)).d.every(
        (c: { added: boolean }) => c.added,
      ),
    ).toBe(true);
    const up = await upload(run, manager, run.host, { ...PDF, name: '附件.pdf' }, '意见汇总');
    expect(up.c, up.m).toBe(0);
    expect(up.d).toMatchObject({ name: '意见汇总', source: 3, origin: '附件.pdf' });
    // A seat not offered 刷新文档 gathers nothing (its file is not left in the store); a member
    // reads a shown file, a stranger does not.
    const liveFiles = async () =>
      (await h.db.selectFrom('files').select('id').where('del_flag', '=', 0).execute()).length;
    const files = await liveFiles();
    expect((await upload(run, delegate, run.delegateSeat, PDF)).c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(await liveFiles()).toBe(files);
    const file = await h.app.inject({
      method: 'GET',
      url: `/api/business/file/display/content?business_id=${run.id}&item_id=${up.d.id}`,
      headers: delegate.headers,
    });
    expect([file.statusCode, file.headers['content-type'], file.body.slice(0, 8)]).toEqual([
      200,
      'application/pdf',
      '%PDF-1.4',
    ]);
    const foreign = await get(
      `/business/file/display/content?business_id=${run.id}&item_id=${up.d.id}`,
      outsider,
    );
    expect(foreign.c).toBe(Codes.FORBIDDEN.c);

    // Only the host starts the showing; reading waits for it.
    const read = (who: Who, seat: number, item: number) =>
      post('/business/doc/team/status/update', { ...at(run, seat), item_id: item }, who);
    expect((await read(delegate, run.delegateSeat, doc.d.id)).c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(
      (await post('/business/step/status/update', { ...at(run, run.delegateSeat), step: 2 }, delegate)).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const shown = await post('/business/step/status/update', { ...at(run, run.host), step: 2 }, manager);
    expect(shown.d).toMatchObject({ step: 2 });
    expect((await get(`/business/step/status?${where(run)}`, delegate)).d.step).toBe(2);
    // Nothing more is gathered or removed while showing.
    expect(
      (await post('/business/file/display/delete', { ...at(run, run.host), item_id: up.d.id }, manager)).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);

    const first = await read(delegate, run.delegateSeat, doc.d.id);
    expect(first.c, first.m).toBe(0);
    // Only the host has still to read it: the 旁听 role, waiting outside to be brought in, is not counted.
    expect(first.d.unread_names).toHaveLength(1);
    await read(delegate, run.delegateSeat, doc.d.id);
    const list = (await get(`/business/file/display/list?${where(run)}`, delegate)).d;
    expect(list.items.map((i: { name: string; read: boolean }) => [i.name, i.read])).toEqual([
      ['条例草案', true],
      ['立法背景.pdf', false],
      ['意见汇总', false],
    ]);
    const reads = (await get(`/business/doc/team/status?${where(run)}`, manager)).d;
    expect(
      reads.map((r: { read_names: string[]; unread_names: string[] }) => [
        r.read_names.length,
        r.unread_names.length,
      ]),
    ).toEqual([
      [1, 1],
      [0, 2],
      [0, 2],
    ]);
    // Every change was heard once (opening again is not heard again).
    const messages = (await get(`/business/messages?business_id=${run.id}`, delegate)).d.results;
    expect(
      messages
        .filter((m: { cmd: string }) => m.cmd.startsWith('action_display'))
        .map((m: { msg: string }) => m.msg),
    ).toEqual([
      '添加展示材料《条例草案》',
      '添加展示材料《立法背景.pdf》',
      '添加展示材料《意见汇总》',
      '开始展示',
      '已阅《条例草案》',
    ]);
  });

  it('removes only its own items while gathering; bounds and refuses strangers and bad input', async () => {
    const run = await running();
    await endNode(run, 'A');
    const up = await upload(run, manager, run.host, PDF);
    expect(up.c, up.m).toBe(0);
    // Starting with nothing shown is refused; an item of the delegate's is not theirs to remove (they may not gather).
    expect(
      (
        await post(
          '/business/file/display/delete',
          { ...at(run, run.delegateSeat), item_id: up.d.id },
          delegate,
        )
      ).c,
    ).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    const removed = await post(
      '/business/file/display/delete',
      { ...at(run, run.host), item_id: up.d.id },
      manager,
    );
    expect(removed.c, removed.m).toBe(0);
    expect((await post('/business/step/status/update', { ...at(run, run.host), step: 2 }, manager)).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    expect((await get(`/business/file/display/list?${where(run)}`, manager)).d.items).toEqual([]);
    // Not a display node; a wrong step; a foreign document; not a file.
    expect((await get(`/business/file/display/list?${where(run, 'A')}`, manager)).c).toBe(
      Codes.PARAM_ERROR.c,
    );
    expect((await post('/business/step/status/update', { ...at(run, run.host), step: 3 }, manager)).c).toBe(
      Codes.PARAM_ERROR.c,
    );
    expect(
      (
        await post(
          '/business/doc/create/prev',
          { ...at(run, run.host), doc_from: 'business_doc', doc_id: 999999 },
          manager,
        )
      ).c,
    ).toBe(Codes.NOT_FOUND.c);
    expect(
      (
        await post(
          '/business/doc/create/prev',
          { ...at(run, run.host), doc_from: 'elsewhere', doc_id: 1 },
          manager,
        )
      ).c,
    ).toBe(Codes.PARAM_ERROR.c);
    const text = await upload(run, manager, run.host, {
      name: 'x.exe',
      content: Buffer.from('MZ\x90\x00binary'),
      type: 'application/octet-stream',
    });
    expect(text.c).not.toBe(0);
    // Strangers: another member of the company, another company, the anonymous.
    expect((await get(`/business/file/display/list?${where(run)}`, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await get(`/business/file/display/list?${where(run)}`, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await get(`/business/file/display/list?${where(run)}`)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect((await upload(run, outsider, run.host, PDF)).c).toBe(Codes.FORBIDDEN.c);
    expect(
      (
        await post(
          '/business/doc/create/prev',
          { ...at(run, run.host), doc_from: 'project_doc', doc_id: 1 },
          stranger,
        )
      ).c,
    ).toBe(Codes.NOT_FOUND.c);
    // Nothing was left behind by the refusals.
    expect((await get(`/business/file/display/list?${where(run)}`, manager)).d.items).toEqual([]);
  });
});
