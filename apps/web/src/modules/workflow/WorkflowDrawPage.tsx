import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './workflow.css';
import { Codes, FLOW_DRAFT, FLOW_SET_UP, type FlowDetail } from '@portal/contract';
import {
  BpmnFileError,
  checkFlow,
  decodeBpmn,
  elementLabel,
  flowGraph,
  NEST_NODE_TYPE,
  NODE_TYPES,
  readBpmn,
  screenBpmn,
  TRAINING_MODDLE,
} from '@portal/contract/bpmn';
import { workflowCalls } from '@portal/contract/calls';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { blankDiagram } from './designer/blank.ts';
import { restrictModule } from './designer/restrict.ts';
import { chineseModule } from './designer/zh.ts';
import { setPath } from './paths.ts';
import { useFlow, useFlowWrites } from './useFlows.ts';
import { FlowStatus } from './WorkflowPage.tsx';

/** What the designer says about a drawing: what stops saving, what stops publishing, what import warned. */
interface Problems {
  errors: string[];
  unpublishable: string[];
  warnings: string[];
}
const NO_PROBLEMS: Problems = { errors: [], unpublishable: [], warnings: [] };

/** The checks the server will make, run here first so the manager sees them before saving. */
async function checkXml(xml: string): Promise<Problems> {
  try {
    const { definitions } = await readBpmn(xml);
    return { ...checkFlow(flowGraph(definitions)), warnings: [] };
  } catch (err) {
    return { ...NO_PROBLEMS, errors: [err instanceof BpmnFileError ? err.message : String(err)] };
  }
}

interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  get(name: string): unknown;
}
interface Shape {
  id: string;
  type: string;
  businessObject: BusinessObject;
  labelTarget?: unknown;
}
/** The element the side panel edits. */
interface Selected {
  id: string;
  type: string;
  name: string;
  nodeType: number | null;
}
const TYPED = new Set(['bpmn:Task', 'bpmn:UserTask', 'bpmn:ManualTask']);
const NESTS = new Set(['bpmn:SubProcess', 'bpmn:CallActivity']);
const NODE_TYPE_OPTIONS = Object.entries(NODE_TYPES)
  .filter(([n]) => Number(n) !== NEST_NODE_TYPE)
  .map(([value, label]) => ({ value: Number(value), label: `${value} ${label}` }));

type Diagram = InstanceType<typeof Modeler> | InstanceType<typeof NavigatedViewer>;
// biome-ignore lint/suspicious/noExplicitAny: bpmn-js's services are typed by name only.
const service = <T = any>(d: Diagram, name: string) => d.get(name) as T;

const selectedOf = (shape: Shape | undefined): Selected | null => {
  if (!shape || shape.labelTarget || shape.type === 'label') return null;
  const bo = shape.businessObject;
  const nodeType = bo.get('training:nodeType');
  return {
    id: bo.id,
    type: bo.$type,
    name: bo.name ?? '',
    nodeType: typeof nodeType === 'number' ? nodeType : null,
  };
};

/** Each task's node type written on its shape, so the drawing shows what each node is. */
function markNodeTypes(d: Diagram) {
  const overlays = service(d, 'overlays');
  overlays.remove({ type: 'node-type' });
  for (const shape of service(d, 'elementRegistry').getAll() as Shape[]) {
    const bo = shape.businessObject;
    if (!bo || shape.labelTarget) continue;
    const n = NESTS.has(bo.$type) ? NEST_NODE_TYPE : bo.get?.('training:nodeType');
    const name = typeof n === 'number' ? NODE_TYPES[n as keyof typeof NODE_TYPES] : undefined;
    if (!TYPED.has(bo.$type) && !NESTS.has(bo.$type)) continue;
    const badge = document.createElement('span');
    badge.className = name ? 'flow-node-type' : 'flow-node-type flow-node-type--missing';
    badge.textContent = name ?? '未选类型';
    overlays.add(shape.id, 'node-type', { position: { top: -11, left: 4 }, html: badge });
  }
}

/** An import warning as bpmn-js gives it (an Error at run time, typed as text). */
const warningText = (w: unknown) => (w instanceof Error ? w.message : String(w));

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The BPMN designer (spec 001 §2 `/workflow/draw/{flow_id}`; issue 36): bpmn-js in Chinese with a
 * palette of what the engine runs, a side panel naming the selected element and choosing a task's
 * node type, the checks before saving (each problem naming its element), `.bpmn` import (read in the
 * encoding the file declares) and export. A published flow, or a reader without `change_flow`,
 * sees it read-only. Leaving with unsaved changes asks first.
 */
export function WorkflowDrawPage() {
  const flowId = Number(useParams().flow_id);
  const flow = useFlow(Number.isInteger(flowId) && flowId > 0 ? flowId : 0);
  if (!flow.data)
    return (
      <Card title="绘制流程图">
        {flow.isPending && flowId > 0 ? (
          <Spin description="加载中…" />
        ) : (
          <QueryEmpty query={flow} description="流程不存在或已被删除" />
        )}
        <Link to="/manager/workflow">返回流程管理</Link>
      </Card>
    );
  return <Designer key={flow.data.id} flow={flow.data} />;
}

function Designer({ flow }: { flow: FlowDetail }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCanCall(workflowCalls.draw);
  const editable = canChange && flow.status === FLOW_DRAFT;
  const { draw } = useFlowWrites();
  const container = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const diagram = useRef<Diagram | null>(null);
  const [ready, setReady] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [problems, setProblems] = useState<Problems>(() => ({
    ...NO_PROBLEMS,
    unpublishable: flow.unpublishable,
  }));
  const [checking, setChecking] = useState(false);
  const [nameDraft, setNameDraft] = useState('');

  // One diagram for the page: the modeler for a draft the user may change, else a viewer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow's drawing is read once, when the page opens.
  useEffect(() => {
    if (!container.current) return;
    const options = {
      container: container.current,
      moddleExtensions: { training: TRAINING_MODDLE },
      additionalModules: editable ? [chineseModule, restrictModule] : [chineseModule],
    };
    const d: Diagram = editable ? new Modeler(options) : new NavigatedViewer(options);
    diagram.current = d;
    let alive = true;
    const bus = service(d, 'eventBus');
    bus.on('selection.changed', (e: { newSelection: Shape[] }) => setSelected(selectedOf(e.newSelection[0])));
    bus.on('element.changed', (e: { element: Shape }) =>
      setSelected((s) => (s && s.id === e.element.id ? selectedOf(e.element) : s)),
    );
    bus.on('commandStack.changed', () => {
      setDirty(true);
      markNodeTypes(d);
    });
    d.importXML(flow.xml || blankDiagram(flow.name))
      .then(({ warnings }) => {
        if (!alive) return;
        service(d, 'canvas').zoom('fit-viewport', 'auto');
        markNodeTypes(d);
        if (warnings.length > 0) setProblems((p) => ({ ...p, warnings: warnings.map(warningText) }));
        setReady(true);
      })
      .catch(
        (err: Error) => alive && setProblems({ ...NO_PROBLEMS, errors: [`流程图无法显示：${err.message}`] }),
      );
    return () => {
      alive = false;
      d.destroy();
      diagram.current = null;
    };
  }, []);

  // The name box follows the selected element's name (a rename, or another element chosen).
  const selectedName = selected?.name ?? '';
  useEffect(() => setNameDraft(selectedName), [selectedName]);

  // Unsaved changes are not lost by a click elsewhere or a closed tab.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(dirty);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '流程图还没有保存',
      content: '离开后，本次的修改将丢失。',
      okText: '离开',
      okButtonProps: { danger: true },
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  const currentXml = useCallback(async () => {
    const d = diagram.current;
    if (!d) throw new Error('流程图还没有加载');
    const { xml } = await d.saveXML({ format: true });
    return xml ?? '';
  }, []);

  const check = async () => {
    setChecking(true);
    try {
      const found = await checkXml(await currentXml());
      setProblems(found);
      return found;
    } finally {
      setChecking(false);
    }
  };

  const save = async (confirmDiscard = false) => {
    const found = await check();
    if (found.errors.length > 0) return;
    try {
      const xml = await currentXml();
      const r = await draw.mutateAsync({
        flow_id: flow.id,
        xml,
        ...(confirmDiscard ? { confirm_discard: 1 } : {}),
      });
      setDirty(false);
      setProblems({ ...NO_PROBLEMS, unpublishable: r.flow.unpublishable });
      toastSuccess(
        r.discarded.length > 0 ? `已保存流程图，删除了 ${r.discarded.length} 个环节及其设置` : '已保存流程图',
      );
    } catch (err) {
      if (isApiError(err) && err.c === Codes.FLOW_DISCARD_CONFIRM.c)
        modal.confirm({
          title: '删除这些环节的设置吗？',
          content: err.m,
          okText: '删除并保存',
          okButtonProps: { danger: true },
          onOk: () => save(true),
        });
      else setProblems({ ...NO_PROBLEMS, errors: [isApiError(err) ? err.m : '保存失败，请稍后再试'] });
    }
  };

  const importFile = async (file: File) => {
    const d = diagram.current;
    if (!d) return;
    try {
      const text = screenBpmn(decodeBpmn(new Uint8Array(await file.arrayBuffer())));
      const { warnings } = await d.importXML(text);
      service(d, 'canvas').zoom('fit-viewport', 'auto');
      markNodeTypes(d);
      setDirty(true);
      setSelected(null);
      const found = await checkXml(text);
      setProblems({ ...found, warnings: warnings.map(warningText) });
      toastSuccess(`已导入「${file.name}」，检查无误后请保存`);
    } catch (err) {
      setProblems({
        ...NO_PROBLEMS,
        errors: [
          err instanceof BpmnFileError ? err.message : `无法导入「${file.name}」：${(err as Error).message}`,
        ],
      });
    }
  };
  const pickFile = () => {
    if (!dirty && !flow.xml) return fileInput.current?.click();
    modal.confirm({
      title: '导入将替换当前流程图',
      content: '当前画布上的流程图将被所选文件替换（保存前不会写入）。',
      okText: '选择文件',
      onOk: () => fileInput.current?.click(),
    });
  };
  const exportFile = async () => download(await currentXml(), `${flow.name}.bpmn`);

  const rename = () => {
    const d = diagram.current;
    if (!d || !selected || nameDraft === selected.name) return;
    const shape = service(d, 'elementRegistry').get(selected.id);
    if (shape) service(d, 'modeling').updateLabel(shape, nameDraft.trim());
  };
  const setNodeType = (n: number) => {
    const d = diagram.current;
    if (!d || !selected) return;
    const shape = service(d, 'elementRegistry').get(selected.id);
    if (shape) service(d, 'modeling').updateProperties(shape, { 'training:nodeType': n });
  };

  const problemList = [
    ...problems.errors.map((text) => ({ text, kind: '不能保存' })),
    ...problems.unpublishable.map((text) => ({ text, kind: '不能发布' })),
    ...problems.warnings.map((text) => ({ text, kind: '导入提示' })),
  ];

  return (
    <Card
      title={
        <Space wrap>
          <span>绘制流程图 · {flow.name}</span>
          <FlowStatus status={flow.status} />
          {dirty && <Typography.Text type="warning">未保存</Typography.Text>}
        </Space>
      }
      extra={<Link to="/manager/workflow">返回流程管理</Link>}
    >
      {!editable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            flow.status === FLOW_DRAFT
              ? '你可以查看流程图，不能修改。'
              : '流程已发布，流程图不能修改；需要修改时请在流程管理中复制流程。'
          }
        />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        {editable && (
          <Button type="primary" loading={draw.isPending} disabled={!ready} onClick={() => void save()}>
            保存
          </Button>
        )}
        {editable && (
          <Button loading={checking} disabled={!ready} onClick={() => void check()}>
            检查
          </Button>
        )}
        {editable && (
          <Button disabled={!ready} onClick={pickFile}>
            导入 .bpmn
          </Button>
        )}
        <Button disabled={!ready} onClick={() => void exportFile()}>
          导出 .bpmn
        </Button>
        <Button
          disabled={!ready}
          onClick={() => diagram.current && service(diagram.current, 'canvas').zoom('fit-viewport', 'auto')}
        >
          适应画布
        </Button>
        {flow.step !== null && flow.node_count > 0 && (
          <Button onClick={() => navigate(setPath(flow.id, Math.min(flow.step ?? 0, FLOW_SET_UP - 1)))}>
            流程设置
          </Button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept=".bpmn,.xml"
          hidden
          aria-label="选择要导入的 BPMN 文件"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </Space>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={18}>
          <div
            ref={container}
            className="flow-canvas"
            role="application"
            aria-label={`流程图 ${flow.name}：方向键移动画布，Ctrl 加滚轮缩放；选中元素后 Delete 删除`}
          />
        </Col>
        <Col xs={24} lg={6}>
          {/* Beside the canvas, not above it: the drawing does not move when problems show. */}
          {problemList.length > 0 && (
            <Alert
              type={problems.errors.length > 0 ? 'error' : 'warning'}
              showIcon
              role="alert"
              style={{ marginBottom: 12 }}
              message={problems.errors.length > 0 ? '流程图有误，不能保存' : '请注意'}
              description={
                <ul className="flow-problems">
                  {problemList.slice(0, 20).map((p) => (
                    <li key={`${p.kind}${p.text}`}>
                      <Typography.Text type={p.kind === '不能保存' ? 'danger' : 'secondary'}>
                        【{p.kind}】
                      </Typography.Text>
                      {p.text}
                    </li>
                  ))}
                  {problemList.length > 20 && <li>等共 {problemList.length} 项</li>}
                </ul>
              }
            />
          )}
          <Card size="small" title="元素属性">
            {!selected ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={editable ? '选择图中的元素，设置名称和环节类型' : '选择图中的元素查看其属性'}
              />
            ) : (
              <Form layout="vertical" aria-label="元素属性" onFinish={rename}>
                <Form.Item label="元素">
                  <Typography.Text>
                    {elementLabel({ type: selected.type, name: selected.name, id: selected.id })}
                  </Typography.Text>
                </Form.Item>
                {selected.type !== 'bpmn:Process' && (
                  <Form.Item label="名称" htmlFor="flow-element-name">
                    <Input
                      id="flow-element-name"
                      value={nameDraft}
                      maxLength={60}
                      disabled={!editable}
                      onChange={(e) => setNameDraft(e.target.value)}
                      onBlur={rename}
                      onPressEnter={rename}
                    />
                  </Form.Item>
                )}
                {TYPED.has(selected.type) && (
                  <Form.Item
                    label="环节类型"
                    htmlFor="flow-node-type"
                    validateStatus={selected.nodeType === null ? 'warning' : undefined}
                    help={selected.nodeType === null ? '请选择环节类型：保存前每个任务都须有类型' : undefined}
                  >
                    <Select<number>
                      id="flow-node-type"
                      value={selected.nodeType ?? undefined}
                      placeholder="选择环节类型"
                      disabled={!editable}
                      options={NODE_TYPE_OPTIONS}
                      onChange={setNodeType}
                      showSearch={{ optionFilterProp: 'label' }}
                    />
                  </Form.Item>
                )}
                {NESTS.has(selected.type) && (
                  <Typography.Paragraph type="secondary">
                    子流程和调用活动是嵌套环节（{NODE_TYPES[NEST_NODE_TYPE]}）：在项目中指定它进入的项目。
                  </Typography.Paragraph>
                )}
              </Form>
            )}
          </Card>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            流程须有一个开始事件；每个环节都能从开始到达、并能到达结束；结束之前须为“{NODE_TYPES[4]}
            ”环节；并行网关分出的分支须在并行网关汇合。
          </Typography.Paragraph>
        </Col>
      </Row>
    </Card>
  );
}
