import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUSINESS_DOC_LIMITS, Codes, DOC_SIGN } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boldMarked, docxToHtml, wordDocument } from '#server/platform/files/docx-html.ts';
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
 * Node screen 2, documents (issue 37, ADR 0043): a seat writes documents in an edit node — blank or
 * from the flow's Word template, read into rich text — saves them sanitised (a save on an older
 * version refused, two at once: one wins), asks another seat of the node to sign, and that seat
 * signs or refuses; a signed document is final. Every change is a numbered message. Strangers,
 * another company and the anonymous are refused and nothing changes.
 */
let h: Harness;
type Who = Awaited<ReturnType<Harness['as']>>;
let manager: Who;
let partner: Who;
let outsider: Who;
let stranger: Who;
const { get, post } = jsonCalls(() => h.app);

const FLOW = bpmn(`
  <bpmn:startEvent id="S" />
  <bpmn:task id="W" name="起草合同" training:nodeType="2" />
  <bpmn:task id="R" name="签约总结" training:nodeType="4" />
  <bpmn:endEvent id="E" />
  ${seq('f1', 'S', 'W')}${seq('f2', 'W', 'R')}${seq('f3', 'R', 'E')}`);

const TEMPLATE = {
  name: '采购合同模板.docx',
  content: wordDocument([
    { heading: true, runs: ['采购合同'] },
    { runs: boldMarked('甲方：**某某公司**') },
    { runs: ['乙方：'] },
  ]),
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const GUIDE = {
  name: '签约须知.pdf',
  content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  type: 'application/pdf',
};

let projectId: number;
let nodes: Record<string, number>;

/** A running business in 起草合同: 经办人 (the manager, may end it) and 乙方 (the partner). */
async function running() {
  const run = await runningBusiness({ get, post }, manager, projectId, { 乙方: partner });
  return {
    id: run.id,
    seats: new Map([
      [manager, run.seat('经办人')],
      [partner, run.seat('乙方')],
    ]),
  };
}
type Run = Awaited<ReturnType<typeof running>>;

const at = (run: Run, who: Who) => ({
  business_id: run.id,
  node_id: nodes.W as number,
  role_alloc_id: run.seats.get(who) ?? (run.seats.get(manager) as number),
});
const create = (run: Run, who: Who, v: Record<string, string | number> = {}) =>
  post('/business/template/new', { ...at(run, who), name: '采购合同', ...v }, who);
const save = (run: Run, who: Who, doc: { id: number; version: number }, content: string, name = '采购合同') =>
  post(
    '/business/template/create',
    { ...at(run, who), doc_id: doc.id, version: doc.version, name, content },
    who,
  );
const askSign = (run: Run, who: Who, docId: number, of: Who) =>
  post(
    '/business/message/push',
    {
      ...at(run, who),
      type: 'cmd',
      cmd: 'action_role_request_sign',
      data: JSON.stringify({ doc_id: docId, role_alloc_id: run.seats.get(of) }),
    },
    who,
  );
const sign = (run: Run, who: Who, docId: number, status: number, name = '') =>
  post('/business/template/sign', { ...at(run, who), doc_id: docId, status, sign: name }, who);
const listed = async (run: Run, who: Who | undefined) =>
  get(`/business/templates?business_id=${run.id}&node_id=${nodes.W}`, who);
const stored = async () =>
  JSON.stringify([
    await h.db.selectFrom('business_docs').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('business_doc_signs').selectAll().orderBy('id').execute(),
    await h.db.selectFrom('business_messages').select(['id', 'seq']).orderBy('id').execute(),
  ]);

beforeAll(async () => {
  h = await testApp();
  const a = await h.company('文书甲公司');
  const b = await h.company('文书乙公司');
  [manager, partner, outsider, stranger] = await Promise.all([
    h.as(3, a),
    h.as(5, a),
    h.as(5, a),
    h.as(3, b),
  ]);
  ({ projectId, nodeIds: nodes } = await projectWithRoles(h.app, { get, post }, manager, {
    name: '采购签约',
    xml: FLOW,
    starter: { actions: ['docs', 'sign', 'end'], in: ['W'] },
    extra: [{ name: '乙方', tasks: ['W', 'R'], actions: ['docs', 'sign'], in: ['W'] }],
    docs: [
      { file: TEMPLATE, usage: 3, tasks: ['W'] },
      { file: GUIDE, usage: 3 },
      { file: GUIDE, usage: 1 },
    ],
  }));
});
afterAll(() => h.close());

/** Attaches `file` to document `docId` as `who`'s seat (multipart). */
const attach = async (run: Run, who: Who | undefined, docId: number, file: UploadFile = GUIDE) =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/api/business/doc/attachment/upload',
      headers: { ...(who?.headers ?? {}), 'content-type': MULTIPART_TYPE },
      payload: multipartBody(
        Object.fromEntries(
          Object.entries({ ...at(run, who ?? manager), doc_id: docId }).map(([k, v]) => [k, String(v)]),
        ),
        file,
      ),
    })
  ).json();
const liveFiles = async () =>
  (await h.db.selectFrom('files').select('id').where('del_flag', '=', 0).execute()).length;

describe('a document’s attachments', () => {
  it('are added and removed by the document’s seat while unsigned, read by the members', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const files = await liveFiles();
    const added = await attach(run, manager, doc.id);
    expect(added.c, added.m).toBe(0);
    expect(added.d.attachments).toEqual([
      { id: expect.any(Number), name: '签约须知.pdf', mime: 'application/pdf', size: GUIDE.content.length },
    ]);
    expect(await liveFiles()).toBe(files + 1);
    const one = added.d.attachments[0].id as number;
    // Heard by the other pages as a command; read by a member.
    const messages = await get(`/business/messages?business_id=${run.id}`, partner);
    expect(messages.d.results.at(-1)).toMatchObject({
      cmd: 'action_doc_attach',
      msg: '为《采购合同》附上“签约须知.pdf”',
    });
    const file = await h.app.inject({
      method: 'GET',
      url: `/api/business/doc/attachment/content?business_id=${run.id}&attachment_id=${one}`,
      headers: partner.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(GUIDE.content)).toBe(true);

    // Another seat may not attach to it; the refused file is not left in the store.
    const before = await stored();
    const theirs = await attach(run, partner, doc.id);
    expect(theirs.c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(await liveFiles()).toBe(files + 1);
    expect(await stored()).toBe(before);
    // Not a file the store takes: refused before anything is kept.
    const bad = await attach(run, manager, doc.id, {
      name: 'x.exe',
      content: Buffer.from('MZ\x90\x00'),
      type: 'application/octet-stream',
    });
    expect(bad.c).not.toBe(0);
    expect(await liveFiles()).toBe(files + 1);

    const removed = await post(
      '/business/doc/attachment/delete',
      { ...at(run, manager), doc_id: doc.id, attachment_id: one },
      manager,
    );
    expect(removed.c, removed.m).toBe(0);
    expect(removed.d.attachments).toEqual([]);
    expect(await liveFiles()).toBe(files);
    const gone = await h.app.inject({
      method: 'GET',
      url: `/api/business/doc/attachment/content?business_id=${run.id}&attachment_id=${one}`,
      headers: partner.headers,
    });
    expect(gone.json().c).toBe(Codes.NOT_FOUND.c);
  });

  it('stop at the limit, and once the document is signed', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    for (let i = 0; i < BUSINESS_DOC_LIMITS.attachments; i++)
      expect((await attach(run, manager, doc.id)).c).toBe(0);
    const files = await liveFiles();
    const over = await attach(run, manager, doc.id);
    expect(over.c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect(over.m).toBe(`每份文书最多附${BUSINESS_DOC_LIMITS.attachments}个文件`);
    expect(await liveFiles()).toBe(files);

    const other = (await create(run, manager, { name: '补充协议' })).d;
    expect((await askSign(run, manager, other.id, partner)).c).toBe(0);
    expect((await sign(run, partner, other.id, DOC_SIGN.signed, '乙方代表')).c).toBe(0);
    expect((await attach(run, manager, other.id)).c).toBe(Codes.BUSINESS_DOC_SIGNED.c);
    expect(await liveFiles()).toBe(files);
  });

  it('are refused to another company, a stranger and the anonymous', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const one = (await attach(run, manager, doc.id)).d.attachments[0].id as number;
    const read = (who?: Who) =>
      h.app.inject({
        method: 'GET',
        url: `/api/business/doc/attachment/content?business_id=${run.id}&attachment_id=${one}`,
        headers: who?.headers ?? {},
      });
    expect((await read(outsider)).json().c).toBe(Codes.FORBIDDEN.c);
    expect((await read(stranger)).json().c).toBe(Codes.NOT_FOUND.c);
    expect((await read()).json().c).toBe(Codes.NOT_LOGGED_IN.c);
    const files = await liveFiles();
    expect((await attach(run, outsider, doc.id)).c).toBe(Codes.FORBIDDEN.c);
    expect((await attach(run, stranger, doc.id)).c).not.toBe(0);
    expect((await attach(run, undefined, doc.id)).c).toBe(Codes.NOT_LOGGED_IN.c);
    expect(await liveFiles()).toBe(files);
    const detach = (who: Who) =>
      post(
        '/business/doc/attachment/delete',
        { ...at(run, manager), doc_id: doc.id, attachment_id: one },
        who,
      );
    expect((await detach(outsider)).c).not.toBe(0);
    expect((await detach(stranger)).c).not.toBe(0);
    expect((await listed(run, manager)).d.docs[0].attachments).toHaveLength(1);
  });
});

describe('documents in an edit node', () => {
  it('lists the node’s templates and starts a document from the Word template, or blank', async () => {
    const run = await running();
    const before = await listed(run, manager);
    expect(before.c, before.m).toBe(0);
    expect(before.d.templates.map((t: { name: string; editable: boolean }) => [t.name, t.editable])).toEqual([
      ['采购合同模板.docx', true],
      ['签约须知.pdf', false],
    ]);
    expect(before.d.docs).toEqual([]);
    const word = before.d.templates[0].id;
    const made = await create(run, manager, { template_id: word });
    expect(made.c, made.m).toBe(0);
    expect(made.d).toMatchObject({
      name: '采购合同',
      role_name: '经办人',
      template_id: word,
      version: 1,
      node_name: '起草合同',
      signs: [],
    });
    // The heading comes as the rich text's h2, the bold run as strong.
    expect(made.d.content).toBe('<h2>采购合同</h2><p>甲方：<strong>某某公司</strong></p><p>乙方：</p>');
    const blank = await create(run, partner, { name: '补充条款' });
    expect([blank.c, blank.d.content, blank.d.role_name]).toEqual([0, '', '乙方']);
    // A PDF is offered to read, not to edit.
    const pdf = await create(run, manager, { template_id: before.d.templates[1].id });
    expect(pdf.c).toBe(Codes.BUSINESS_TEMPLATE_UNREADABLE.c);
    expect((await listed(run, partner)).d.docs.map((d: { name: string }) => d.name)).toEqual([
      '采购合同',
      '补充条款',
    ]);
  });

  it('saves sanitised rich text by version: an older copy, another seat and too much are refused', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const saved = await save(
      run,
      manager,
      doc,
      '<p>总价<script>alert(1)</script><b>十万元</b></p>',
      '采购合同（定稿）',
    );
    expect(saved.c, saved.m).toBe(0);
    expect(saved.d).toMatchObject({
      content: '<p>总价<strong>十万元</strong></p>',
      version: 2,
      name: '采购合同（定稿）',
    });
    const before = await stored();
    expect((await save(run, manager, doc, '<p>旧版本上的修改</p>')).c).toBe(Codes.BUSINESS_DOC_CHANGED.c);
    expect((await save(run, partner, saved.d, '<p>乙方改甲方的</p>')).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    const long = `<p>${'字'.repeat(BUSINESS_DOC_LIMITS.content)}</p>`;
    expect((await save(run, manager, saved.d, long)).c).toBe(Codes.PARAM_ERROR.c);
    expect((await save(run, manager, { ...saved.d, id: 999_999 }, '<p>x</p>')).c).toBe(Codes.NOT_FOUND.c);
    expect(await stored()).toBe(before);
  });

  it('of two saves of one version at the same moment, one wins', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const [one, two] = await Promise.all([
      save(run, manager, doc, '<p>第一份</p>'),
      save(run, manager, doc, '<p>第二份</p>'),
    ]);
    expect([one.c, two.c].sort()).toEqual([0, Codes.BUSINESS_DOC_CHANGED.c]);
    const [kept] = (await listed(run, manager)).d.docs;
    expect(kept.version).toBe(2);
  });

  it('asks another seat to sign; it signs with its name, and the document is final', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const roles = await get(
      `/business/request/sign/roles?business_id=${run.id}&node_id=${nodes.W}&role_alloc_id=${run.seats.get(manager)}`,
      manager,
    );
    expect(roles.d).toEqual([{ id: run.seats.get(partner), name: '乙方', user_name: expect.any(String) }]);
    // Only the document's seat asks; not of itself.
    expect((await askSign(run, partner, doc.id, manager)).c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect((await askSign(run, manager, doc.id, manager)).c).toBe(Codes.NOT_FOUND.c);
    // Nobody asked the partner yet.
    expect((await sign(run, partner, doc.id, DOC_SIGN.signed, '李四')).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    const asked = await askSign(run, manager, doc.id, partner);
    expect(asked.c, asked.m).toBe(0);
    expect(asked.d).toMatchObject({ cmd: 'action_role_request_sign', msg: '请“乙方”签署《采购合同》' });
    expect((await askSign(run, manager, doc.id, partner)).c).toBe(Codes.BUSINESS_SIGN_ASKED.c);
    // Signing needs a name.
    expect((await sign(run, partner, doc.id, DOC_SIGN.signed, '  ')).c).toBe(Codes.PARAM_ERROR.c);
    const signed = await sign(run, partner, doc.id, DOC_SIGN.signed, '李四');
    expect(signed.c, signed.m).toBe(0);
    expect(signed.d.signs).toEqual([
      expect.objectContaining({ role_name: '乙方', sign_status: DOC_SIGN.signed, sign: '李四' }),
    ]);
    const before = await stored();
    expect((await sign(run, partner, doc.id, DOC_SIGN.refused)).c).toBe(Codes.BUSINESS_ACTION_REFUSED.c);
    expect((await save(run, manager, signed.d, '<p>签字后修改</p>')).c).toBe(Codes.BUSINESS_DOC_SIGNED.c);
    expect((await post('/business/docs/delete', { ...at(run, manager), doc_id: doc.id }, manager)).c).toBe(
      Codes.BUSINESS_DOC_SIGNED.c,
    );
    expect((await askSign(run, manager, doc.id, partner)).c).toBe(Codes.BUSINESS_SIGN_ASKED.c);
    expect(await stored()).toBe(before);
    // Every step was a numbered message, heard by every page.
    const messages = (await get(`/business/messages?business_id=${run.id}`, partner)).d.results;
    expect(messages.map((m: { cmd: string; msg: string }) => [m.cmd, m.msg])).toEqual([
      ['action_doc_new', '新建文书《采购合同》'],
      ['action_role_request_sign', '请“乙方”签署《采购合同》'],
      ['action_role_sign', '签署《采购合同》：李四'],
    ]);
  });

  it('the report gathers each node’s documents and signatures, on the page and as a Word document', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    await save(run, manager, doc, '<h2>采购合同</h2><p>总价十万元</p><p>**星号**与&lt;尖括号&gt;</p>');
    await askSign(run, manager, doc.id, partner);
    await sign(run, partner, doc.id, DOC_SIGN.signed, '李四');
    const report = await get(`/business/report/generate?business_id=${run.id}`, partner);
    expect(report.c, report.m).toBe(0);
    expect(report.d.members.map((m: { role_name: string }) => m.role_name)).toEqual(['经办人', '乙方']);
    const [node] = report.d.nodes;
    expect(node).toMatchObject({ name: '起草合同', step: 1, vote: null, messages: 4 });
    expect(
      node.docs.map((d: { name: string; signs: { sign: string }[] }) => [d.name, d.signs[0]?.sign]),
    ).toEqual([['采购合同', '李四']]);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/business/report/export?business_id=${run.id}`,
      headers: partner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('业务报告.docx'));
    const file = path.join(os.tmpdir(), `report-${run.id}-${Date.now()}.docx`);
    fs.writeFileSync(file, res.rawPayload);
    try {
      const html = await docxToHtml(file);
      expect(html).toContain('<h1>第1步　起草合同</h1>');
      expect(html).toContain('<p>总价十万元</p>');
      // What a member wrote is text in the report: its stars are not bold.
      expect(html).toContain('<p>**星号**与&lt;尖括号&gt;</p>');
      expect(html).toContain('签字：乙方 已签字（李四）');
    } finally {
      fs.rmSync(file, { force: true });
    }
    // Another company, a stranger to the business, the anonymous: refused.
    expect((await get(`/business/report/generate?business_id=${run.id}`, stranger)).c).toBe(
      Codes.NOT_FOUND.c,
    );
    expect((await get(`/business/report/generate?business_id=${run.id}`, outsider)).c).toBe(
      Codes.FORBIDDEN.c,
    );
    const anonymous = await h.app.inject({
      method: 'GET',
      url: `/api/business/report/export?business_id=${run.id}`,
    });
    expect(anonymous.json().c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('a refusal may be asked again; an unsigned document is deleted by its seat', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    await askSign(run, manager, doc.id, partner);
    const refused = await sign(run, partner, doc.id, DOC_SIGN.refused);
    expect([refused.c, refused.d.signs[0].sign_status]).toEqual([0, DOC_SIGN.refused]);
    expect((await askSign(run, manager, doc.id, partner)).c).toBe(0);
    expect((await listed(run, manager)).d.docs[0].signs[0].sign_status).toBe(DOC_SIGN.waiting);
    expect((await post('/business/docs/delete', { ...at(run, partner), doc_id: doc.id }, partner)).c).toBe(
      Codes.BUSINESS_ACTION_REFUSED.c,
    );
    const gone = await post('/business/docs/delete', { ...at(run, manager), doc_id: doc.id }, manager);
    expect(gone.c, gone.m).toBe(0);
    expect((await listed(run, manager)).d.docs).toEqual([]);
  });

  it('writes only while the business is in the node', async () => {
    const run = await running();
    const end = await endThroughFirstExit({ get, post }, manager, at(run, manager));
    expect(end.c, end.m).toBe(0);
    expect((await create(run, manager)).c).toBe(Codes.BUSINESS_NODE_ENDED.c);
  });

  it('refuses another company, a stranger to the business and the anonymous; nothing changes', async () => {
    const run = await running();
    const doc = (await create(run, manager)).d;
    const before = await stored();
    expect((await listed(run, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await listed(run, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await listed(run, undefined)).c).toBe(Codes.NOT_LOGGED_IN.c);
    for (const who of [stranger, outsider])
      expect([0, Codes.BUSINESS_DOC_CHANGED.c]).not.toContain((await save(run, who, doc, '<p>x</p>')).c);
    expect((await create(run, outsider)).c).toBe(Codes.FORBIDDEN.c);
    expect((await create(run, stranger)).c).toBe(Codes.NOT_FOUND.c);
    expect((await sign(run, outsider, doc.id, DOC_SIGN.signed, '某人')).c).toBe(Codes.FORBIDDEN.c);
    expect(await stored()).toBe(before);
  });
});
