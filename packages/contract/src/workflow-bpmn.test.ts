import { describe, expect, it } from 'vitest';
import {
  BPMN_LIMITS,
  BpmnFileError,
  checkFlow,
  decodeBpmn,
  flowGraph,
  readBpmn,
  screenBpmn,
  TRAINING_NAMESPACE,
} from './workflow-bpmn.ts';

/** A process in BPMN XML from a compact description (no diagram: the checks read the semantics). */
function bpmn(body: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:training="${TRAINING_NAMESPACE}" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="P" isExecutable="false">${body}</bpmn:process>${extra}
</bpmn:definitions>`;
}
const flow = (id: string, from: string, to: string) =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

/** Start → 起草 (edit) → exclusive → [总结 (report) → end] | [parallel split → 甲, 乙 → join → 汇总 (report) → end]. */
const GOOD = bpmn(`
  <bpmn:startEvent id="S" name="开始" />
  <bpmn:userTask id="T1" name="起草" training:nodeType="2" />
  <bpmn:exclusiveGateway id="X" name="是否会签" />
  <bpmn:task id="R1" name="总结" training:nodeType="4" />
  <bpmn:parallelGateway id="PS" />
  <bpmn:task id="A" name="甲方签字" training:nodeType="10" />
  <bpmn:task id="B" name="乙方签字" training:nodeType="10" />
  <bpmn:parallelGateway id="PJ" />
  <bpmn:task id="R2" name="汇总" training:nodeType="4" />
  <bpmn:endEvent id="E" name="结束" />
  ${flow('f1', 'S', 'T1')}${flow('f2', 'T1', 'X')}${flow('f3', 'X', 'R1')}${flow('f4', 'R1', 'E')}
  ${flow('f5', 'X', 'PS')}${flow('f6', 'PS', 'A')}${flow('f7', 'PS', 'B')}${flow('f8', 'A', 'PJ')}
  ${flow('f9', 'B', 'PJ')}${flow('f10', 'PJ', 'R2')}${flow('f11', 'R2', 'E')}`);

async function check(xml: string) {
  const { definitions } = await readBpmn(xml);
  return checkFlow(flowGraph(definitions));
}

describe('reading a flow file', () => {
  it('decodes the encoding the XML declaration names, so klären and Chinese survive', () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a name="kl'),
      0xe4,
      ...new TextEncoder().encode('ren"/>'),
    ]);
    expect(decodeBpmn(latin1)).toContain('klären');
    const utf8 = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><a name="审批"/>');
    expect(decodeBpmn(utf8)).toContain('审批');
    expect(decodeBpmn(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toMatch(/^<\?xml/);
    expect(() => decodeBpmn(Uint8Array.from([0x3c, 0x61, 0xff, 0x3e]))).toThrow('不是有效的 UTF-8');
    expect(() =>
      decodeBpmn(new TextEncoder().encode('<?xml version="1.0" encoding="x-klingon"?><a/>')),
    ).toThrow('不支持流程图文件的编码 x-klingon');
  });

  it('refuses a file over the limit before reading it', () => {
    expect(() => decodeBpmn(new Uint8Array(BPMN_LIMITS.bytes + 1))).toThrow(BpmnFileError);
    expect(() => screenBpmn(' '.repeat(10_000_000))).toThrow('不能超过 1 MB');
  });

  it('refuses entities: an external file and a billion-laughs expansion', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${GOOD.replace(/^<\?xml[^>]*>/, '')}`;
    await expect(readBpmn(xxe)).rejects.toThrow('不能包含文档类型（DOCTYPE）或实体声明');
    const laughs = `<!DOCTYPE d [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><d>&b;</d>`;
    expect(() => screenBpmn(laughs)).toThrow(BpmnFileError);
    expect(() => screenBpmn('<!entity a "x">')).toThrow(BpmnFileError);
  });

  it('says the file is not BPMN in Chinese, and names the declared encoding UTF-8 once decoded', async () => {
    await expect(readBpmn('<not-closed')).rejects.toThrow('不是有效的 BPMN 2.0 文件');
    expect(screenBpmn('<?xml version="1.0" encoding="ISO-8859-1"?><a/>')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><a/>',
    );
  });

  it('reads each task’s node type from its training attribute', async () => {
    const graph = flowGraph((await readBpmn(GOOD)).definitions);
    expect(graph.nodes.find((n) => n.id === 'R2')).toMatchObject({ kind: 'task', nodeType: 4, name: '汇总' });
    expect(graph.flows).toHaveLength(11);
    expect(graph.processes).toBe(1);
  });
});

describe('the checks of a flow', () => {
  it('pass a flow with an exclusive choice and a merged parallel split', async () => {
    expect(await check(GOOD)).toEqual({ errors: [], unpublishable: [] });
  });

  it('name an unreachable node in Chinese', async () => {
    const xml = GOOD.replace(
      '<bpmn:endEvent',
      '<bpmn:task id="Z" name="孤立环节" training:nodeType="3" />\n<bpmn:endEvent',
    );
    const { errors } = await check(xml);
    expect(errors).toContain('任务“孤立环节”无法从开始事件到达');
    expect(errors).toContain('任务“孤立环节”无法到达结束事件');
  });

  it('want exactly one start and an end', async () => {
    const two = GOOD.replace('<bpmn:endEvent', '<bpmn:startEvent id="S2" />\n<bpmn:endEvent');
    expect((await check(two)).errors[0]).toBe(
      '流程图只能有一个开始事件，现有 2 个：开始事件“开始”、开始事件（S2）',
    );
    const none = bpmn('<bpmn:task id="T" name="甲" training:nodeType="4" />');
    expect((await check(none)).errors).toEqual(
      expect.arrayContaining(['流程图缺少开始事件', '流程图缺少结束事件']),
    );
  });

  it('want the end reached through a report node', async () => {
    const xml = GOOD.replace(
      'id="R1" name="总结" training:nodeType="4"',
      'id="R1" name="总结" training:nodeType="3"',
    );
    expect((await check(xml)).errors).toEqual(['结束事件“结束”之前须为“分析与总结”环节，任务“总结”不是']);
  });

  it('want a parallel split merged before the end', async () => {
    // 乙 goes straight to the report: the split's branches never meet.
    const xml = GOOD.replace(flow('f9', 'B', 'PJ'), flow('f9', 'B', 'R2'));
    expect((await check(xml)).errors).toContain('并行网关（PS）分出的分支须在同一个并行网关汇合后才能结束');
  });

  it('want every task typed, with a type that exists', async () => {
    const untyped = GOOD.replace(' name="起草" training:nodeType="2"', ' name="起草"');
    expect((await check(untyped)).errors).toEqual(['用户任务“起草”未选择环节类型']);
    const unknown = GOOD.replace('training:nodeType="2"', 'training:nodeType="13"');
    expect((await check(unknown)).errors).toEqual(['用户任务“起草”的环节类型 13 不存在']);
  });

  it('refuse a script task outright and list what is kept but not run', async () => {
    const script = GOOD.replace(
      '<bpmn:userTask id="T1" name="起草" training:nodeType="2" />',
      '<bpmn:scriptTask id="T1" name="起草" scriptFormat="javascript"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>',
    );
    const checked = await check(script);
    expect(checked.errors[0]).toBe('流程图不能包含脚本任务：脚本任务“起草”');
    const service = GOOD.replace('bpmn:userTask id="T1"', 'bpmn:serviceTask id="T1"').replace(
      '<bpmn:endEvent id="E" name="结束" />',
      '<bpmn:endEvent id="E" name="结束" /><bpmn:dataObject id="DO" /><ext:thing xmlns:ext="urn:other" />',
    );
    expect(await check(service)).toEqual({ errors: [], unpublishable: ['服务任务“起草”：服务任务不被执行'] });
  });

  it('refuse more elements than the limit', async () => {
    const many = Array.from({ length: BPMN_LIMITS.elements }, (_, i) => `<bpmn:task id="T${i}" />`).join('');
    const { errors } = await check(bpmn(`<bpmn:startEvent id="S" />${many}`));
    expect(errors).toEqual([
      `流程图元素不能超过 ${BPMN_LIMITS.elements} 个，现有 ${BPMN_LIMITS.elements + 1} 个`,
    ]);
  });
});
