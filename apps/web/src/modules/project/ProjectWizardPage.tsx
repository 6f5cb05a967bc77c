import {
  PROJECT_ABILITY,
  PROJECT_GRAPH,
  PROJECT_LEVEL,
  PROJECT_LIMITS,
  PROJECT_OPEN_MODE,
  PROJECT_REFERENCE,
  type ProjectDetail,
  projectCreateBody,
} from '@portal/contract';
import './project.css';
import { Alert, Button, Card, Empty, Form, Input, Radio, Result, Select, Space, Steps, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useProject, useProjectOptions, useProjectWrites } from './useProjects.ts';

const rules = projectCreateBody.shape;
const options = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

interface Values {
  flow_id?: number;
  name: string;
  intro: string;
  purpose: string;
  requirement: string;
  level: number;
  ability_target: number;
  office_item: string;
  open_mode: number;
  start_day?: string;
  end_day?: string;
  target_user_ids: number[];
  graph_view: number;
  can_redo: boolean;
  reference: number;
  /** node id → target project id */
  targets: Record<string, number | undefined>;
}

const STEPS = [
  {
    title: '流程与基本信息',
    fields: ['flow_id', 'name', 'intro', 'purpose', 'requirement', 'level', 'ability_target', 'office_item'],
  },
  {
    title: '开放设置',
    fields: ['open_mode', 'start_day', 'end_day', 'target_user_ids', 'graph_view', 'can_redo', 'reference'],
  },
  { title: '跳转与嵌套', fields: [] },
] as const;
const FIELDS = STEPS.flatMap((s) => [...s.fields]);

const blank: Values = {
  name: '',
  intro: '',
  purpose: '',
  requirement: '',
  level: 1,
  ability_target: 1,
  office_item: '',
  open_mode: 1,
  target_user_ids: [],
  graph_view: 1,
  can_redo: true,
  reference: 1,
  targets: {},
};

const valuesOf = (p: ProjectDetail): Values => ({
  flow_id: p.flow_id,
  name: p.name,
  intro: p.intro,
  purpose: p.purpose,
  requirement: p.requirement,
  level: p.level,
  ability_target: p.ability_target,
  office_item: p.office_item,
  open_mode: p.open_mode,
  ...(p.start_day ? { start_day: p.start_day } : {}),
  ...(p.end_day ? { end_day: p.end_day } : {}),
  target_user_ids: p.target_users.map((u) => u.id),
  graph_view: p.graph_view,
  can_redo: p.can_redo === 1,
  reference: p.reference,
  targets: Object.fromEntries(p.targets.map((t) => [String(t.node_id), t.target_project_id ?? undefined])),
});

/**
 * 新建项目 (/manager/project/create_project_wizard; `?project_id=` edits): three steps — the
 * published flow and what students read, how the project opens and shows, and the project each
 * jump or nest node goes on in. Each step's fields are checked before the next; the server's
 * refusal goes beside its field, or above the targets.
 */
export function ProjectWizardPage() {
  const [params] = useSearchParams();
  const editId = Number(params.get('project_id') ?? 0);
  const editing = useProject(Number.isInteger(editId) && editId > 0 ? editId : 0);
  const choices = useProjectOptions();
  if ((editId > 0 && editing.isPending) || choices.isPending) return <PageSpin />;
  if (editId > 0 && !editing.data)
    return (
      <Card title="编辑项目">
        <QueryEmpty query={editing} description="项目不存在或已被删除" />
        <Link to="/manager/project">返回项目管理</Link>
      </Card>
    );
  if (!choices.data) return <QueryEmpty query={choices} description="加载失败" />;
  return <Wizard key={editId} project={editing.data} choices={choices.data} />;
}

function Wizard({
  project,
  choices,
}: {
  project: ProjectDetail | undefined;
  choices: NonNullable<ReturnType<typeof useProjectOptions>['data']>;
}) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [targetError, setTargetError] = useState('');
  const { save } = useProjectWrites();
  const initial = useMemo(() => (project ? valuesOf(project) : blank), [project]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);
  const flowId = Form.useWatch('flow_id', form) ?? initial.flow_id;
  const openMode = Form.useWatch('open_mode', form) ?? initial.open_mode;
  const flow = choices.flows.find((f) => f.id === flowId);
  const targetNodes = project ? project.targets : (flow?.targets ?? []);
  const targetOptions = choices.projects
    .filter((p) => p.id !== project?.id)
    .map((p) => ({ value: p.id, label: `${p.name}（${p.flow_name}）` }));

  if (!project && choices.flows.length === 0)
    return (
      <Card title="新建项目">
        <Result
          status="info"
          title="还没有已发布的流程"
          subTitle="项目建立在已发布的流程上：请先在流程管理中绘制、设置并发布流程。"
          extra={<Link to="/manager/workflow">去流程管理</Link>}
        />
      </Card>
    );

  const next = async () => {
    try {
      await form.validateFields([...(STEPS[step]?.fields ?? [])]);
      setStep(step + 1);
    } catch {
      // The fields show their own messages.
    }
  };
  const submit = async () => {
    setTargetError('');
    try {
      await form.validateFields(targetNodes.map((t) => ['targets', String(t.node_id)]));
    } catch {
      return;
    }
    const v = { ...form.getFieldsValue(true) } as Values;
    const input = {
      name: v.name.trim(),
      intro: v.intro,
      purpose: v.purpose,
      requirement: v.requirement,
      level: v.level,
      ability_target: v.ability_target,
      office_item: v.office_item,
      open_mode: v.open_mode,
      ...(v.open_mode === 2 && v.start_day ? { start_day: v.start_day } : {}),
      ...(v.open_mode === 2 && v.end_day ? { end_day: v.end_day } : {}),
      graph_view: v.graph_view,
      can_redo: v.can_redo ? 1 : 0,
      reference: v.reference,
      targets: targetNodes.map((t) => ({
        node_id: t.node_id,
        target_project_id: v.targets?.[String(t.node_id)] ?? null,
      })),
      target_user_ids: v.open_mode === 3 ? (v.target_user_ids ?? []) : [],
    };
    try {
      await save.mutateAsync(
        project ? { ...input, project_id: project.id } : { ...input, flow_id: v.flow_id as number },
      );
      toastSuccess(project ? `已保存项目「${input.name}」` : `已新建项目「${input.name}」`);
      navigate('/manager/project');
    } catch (e) {
      if (!isApiError(e)) return;
      if (e.field === 'targets' || !e.field) return setTargetError(e.m);
      const at = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(e.field ?? ''));
      if (at >= 0) setStep(at);
      showFieldError(form, e, FIELDS);
    }
  };

  return (
    <Card
      title={project ? `编辑项目：${project.name}` : '新建项目'}
      extra={<Link to="/manager/project">返回项目管理</Link>}
    >
      <Steps className="project-steps" current={step} items={STEPS.map((s) => ({ title: s.title }))} />
      <Form form={form} layout="vertical" className="project-form" initialValues={initial}>
        <div hidden={step !== 0}>
          <Form.Item name="flow_id" label="流程" rules={[{ required: true, message: '请选择已发布的流程' }]}>
            <Select
              disabled={Boolean(project)}
              placeholder="选择已发布的流程"
              options={
                project
                  ? [{ value: project.flow_id, label: project.flow_name }]
                  : choices.flows.map((f) => ({ value: f.id, label: f.name }))
              }
            />
          </Form.Item>
          <Form.Item name="name" label="项目名称" rules={[zodRule(rules.name)]}>
            <Input maxLength={PROJECT_LIMITS.name} />
          </Form.Item>
          <Form.Item name="intro" label="项目简介" rules={[zodRule(rules.intro)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={PROJECT_LIMITS.text} />
          </Form.Item>
          <Form.Item name="purpose" label="实验目的" rules={[zodRule(rules.purpose)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={PROJECT_LIMITS.text} />
          </Form.Item>
          <Form.Item name="requirement" label="实验要求" rules={[zodRule(rules.requirement)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={PROJECT_LIMITS.text} />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="level" label="实验层次">
              <Radio.Group options={options(PROJECT_LEVEL)} />
            </Form.Item>
            <Form.Item name="ability_target" label="能力目标">
              <Select options={options(PROJECT_ABILITY)} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="office_item" label="所属事项" rules={[zodRule(rules.office_item)]}>
              <Input maxLength={PROJECT_LIMITS.officeItem} placeholder="如：民事诉讼" />
            </Form.Item>
          </Space>
        </div>
        <div hidden={step !== 1}>
          <Form.Item name="open_mode" label="开放模式">
            <Radio.Group options={options(PROJECT_OPEN_MODE)} />
          </Form.Item>
          {openMode === 2 && (
            <Space wrap>
              <Form.Item
                name="start_day"
                label="开放开始日期"
                rules={[{ required: true, message: '请选择开放开始日期' }]}
              >
                <Input type="date" />
              </Form.Item>
              <Form.Item
                name="end_day"
                label="开放结束日期"
                dependencies={['start_day']}
                rules={[
                  { required: true, message: '请选择开放结束日期' },
                  ({ getFieldValue }) => ({
                    validator: async (_, v?: string) => {
                      const from = getFieldValue('start_day') as string | undefined;
                      if (v && from && v < from) throw new Error('开放结束日期不能早于开始日期');
                    },
                  }),
                ]}
              >
                <Input type="date" />
              </Form.Item>
            </Space>
          )}
          {openMode === 3 && (
            <Form.Item
              name="target_user_ids"
              label="指定人员"
              rules={[{ type: 'array', min: 1, required: true, message: '请选择可以参加的人员' }]}
            >
              <Select
                mode="multiple"
                optionFilterProp="label"
                placeholder="搜索并选择人员"
                options={choices.users.map((u) => ({ value: u.id, label: u.name }))}
              />
            </Form.Item>
          )}
          <Form.Item name="graph_view" label="学生看到的流程图">
            <Radio.Group options={options(PROJECT_GRAPH)} />
          </Form.Item>
          <Form.Item name="can_redo" label="允许重做" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="reference" label="成果参考释放">
            <Radio.Group options={options(PROJECT_REFERENCE)} />
          </Form.Item>
        </div>
        <div hidden={step !== 2}>
          {targetError && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message="不能保存"
              description={targetError}
              className="project-error"
            />
          )}
          {targetNodes.length === 0 ? (
            <Empty description="该流程没有跳转或嵌套环节，可以直接保存" />
          ) : (
            targetNodes.map((t) => (
              <Form.Item
                key={t.node_id}
                name={['targets', String(t.node_id)]}
                label={`${t.node_type === 9 ? '嵌套' : '跳转'}环节“${t.node_name}”的目标项目`}
                rules={[{ required: true, message: `请选择环节“${t.node_name}”的目标项目` }]}
              >
                <Select
                  placeholder="选择目标项目"
                  options={targetOptions}
                  optionFilterProp="label"
                  showSearch
                  notFoundContent="没有可选的项目：请先新建目标项目"
                />
              </Form.Item>
            ))
          )}
        </div>
      </Form>
      <Space className="project-actions">
        {step > 0 && <Button onClick={() => setStep(step - 1)}>上一步</Button>}
        {step < STEPS.length - 1 ? (
          <Button type="primary" onClick={() => void next()}>
            下一步
          </Button>
        ) : (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存项目
          </Button>
        )}
      </Space>
    </Card>
  );
}
