import {
  WORK_LIMITS,
  WORK_PLAN_STATUS,
  WORK_TASK_STATUS,
  type WorkPlan,
  type WorkTask,
  workPlanCreateBody,
  workTaskCreateBody,
  workTaskProgressBody,
} from '@portal/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { inCompany } from '#web/modules/group/index.ts';
import { companyToday } from '#web/shared/format.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { PersonSelect } from './PersonSelect.tsx';
import { useWorkWrites } from './useWork.ts';

const options = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));
export const PLAN_STATUS_OPTIONS = options(WORK_PLAN_STATUS);
export const TASK_STATUS_OPTIONS = options(WORK_TASK_STATUS);

/** Makes each opening of a dialog start from its own values (the form's store outlives its content). */
function useStartFrom<V>(form: ReturnType<typeof Form.useForm<V>>[0], values: V | undefined) {
  useEffect(() => {
    if (values) {
      form.resetFields();
      form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [values, form]);
}

const planRules = workPlanCreateBody.shape;
const PLAN_FIELDS = ['title', 'description', 'start_date', 'end_date', 'status', 'owner_id'] as const;
interface PlanValues {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  status: number;
  owner_id?: number;
}

/** 新建计划 / 编辑计划: 计划名称, 说明, 开始和结束日期, 状态, 负责人 (a person of the company). */
export function PlanFormModal({
  target,
  companyId,
  onClose,
}: {
  /** null: closed; 'add': a new plan. */
  target: WorkPlan | 'add' | null;
  companyId: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PlanValues>();
  const { savePlan } = useWorkWrites();
  const editing = target !== null && target !== 'add' ? target : null;
  const initial = useMemo<PlanValues | undefined>(
    () =>
      target === null
        ? undefined
        : editing
          ? { ...editing }
          : {
              title: '',
              description: '',
              start_date: companyToday(),
              end_date: companyToday(30),
              status: 0,
              owner_id: undefined,
            },
    [target, editing],
  );
  useStartFrom(form, initial);
  const submit = (v: PlanValues) => {
    const input = { ...v, owner_id: v.owner_id ?? 0, ...inCompany(companyId) };
    const done = savedWithToast(
      form,
      PLAN_FIELDS,
      editing ? `已保存计划「${v.title}」` : `已新建计划「${v.title}」`,
      onClose,
    );
    if (editing) savePlan.mutate({ ...input, id: editing.id }, done);
    else savePlan.mutate(input, done);
  };
  return (
    <FormModal<PlanValues>
      form={form}
      name="work-plan-form"
      label={editing ? '编辑计划' : '新建计划'}
      onFinish={submit}
      formProps={{ initialValues: initial, preserve: false, autoComplete: 'off' }}
      title={editing ? `编辑计划 · ${editing.title}` : '新建计划'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: savePlan.isPending }}
      width={640}
    >
      <Form.Item label="计划名称" name="title" required rules={[zodRule(planRules.title)]}>
        <Input placeholder="如：第四季度销售计划" count={{ show: true, max: WORK_LIMITS.title }} />
      </Form.Item>
      <Form.Item label="计划说明" name="description" rules={[zodRule(planRules.description)]}>
        <Input.TextArea rows={3} count={{ show: true, max: WORK_LIMITS.description }} placeholder="选填" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="开始日期" name="start_date" required rules={[zodRule(planRules.start_date)]}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="结束日期" name="end_date" required rules={[zodRule(planRules.end_date)]}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="负责人"
            name="owner_id"
            required
            rules={[{ required: true, message: '请选择负责人' }]}
          >
            <PersonSelect
              companyId={companyId}
              known={editing ? { id: editing.owner_id, name: editing.owner_name } : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="计划状态" name="status">
            <Select<number> options={PLAN_STATUS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

const taskRules = workTaskCreateBody.shape;
const TASK_FIELDS = ['plan_id', 'title', 'owner_id', 'due_date', 'status', 'progress'] as const;
interface TaskValues {
  title: string;
  owner_id?: number;
  due_date: string;
  status: number;
  progress: number;
}

/** 添加任务 / 编辑任务 of a plan: 任务名称, 执行人, 截止日期 (within the plan's period), 状态, 进度. */
export function TaskFormModal({
  target,
  companyId,
  onClose,
}: {
  target: { plan: WorkPlan; task?: WorkTask } | null;
  companyId: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TaskValues>();
  const { saveTask } = useWorkWrites();
  const task = target?.task;
  const initial = useMemo<TaskValues | undefined>(
    () =>
      !target
        ? undefined
        : task
          ? { ...task }
          : { title: '', owner_id: undefined, due_date: target.plan.end_date, status: 0, progress: 0 },
    [target, task],
  );
  useStartFrom(form, initial);
  const submit = (v: TaskValues) => {
    if (!target) return;
    const input = { ...v, owner_id: v.owner_id ?? 0, ...inCompany(companyId) };
    const done = savedWithToast(
      form,
      TASK_FIELDS,
      task ? `已保存任务「${v.title}」` : `已添加任务「${v.title}」`,
      onClose,
    );
    if (task) saveTask.mutate({ ...input, id: task.id }, done);
    else saveTask.mutate({ ...input, plan_id: target.plan.id }, done);
  };
  return (
    <FormModal<TaskValues>
      form={form}
      name="work-task-form"
      label={task ? '编辑任务' : '添加任务'}
      onFinish={submit}
      formProps={{ initialValues: initial, preserve: false, autoComplete: 'off' }}
      title={task ? `编辑任务 · ${task.title}` : `添加任务 · ${target?.plan.title ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: saveTask.isPending }}
      width={560}
    >
      <Form.Item label="任务名称" name="title" required rules={[zodRule(taskRules.title)]}>
        <Input placeholder="如：拜访十家客户" count={{ show: true, max: WORK_LIMITS.title }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="执行人"
            name="owner_id"
            required
            rules={[{ required: true, message: '请选择执行人' }]}
          >
            <PersonSelect
              companyId={companyId}
              known={task ? { id: task.owner_id, name: task.owner_name } : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="截止日期"
            name="due_date"
            required
            rules={[zodRule(taskRules.due_date)]}
            extra={target ? `计划期间 ${target.plan.start_date} 至 ${target.plan.end_date}` : undefined}
          >
            <Input type="date" min={target?.plan.start_date} max={target?.plan.end_date} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="任务状态" name="status">
            <Select<number> options={TASK_STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="进度（%）" name="progress" rules={[zodRule(taskRules.progress)]}>
            <InputNumber controls={false} min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

const progressRules = workTaskProgressBody.shape;
interface ProgressValues {
  status: number;
  progress: number;
}

/** 更新进度 of one's own task: 状态 and 进度 (已完成 is 100%). */
export function ProgressModal({ task, onClose }: { task: WorkTask | null; onClose: () => void }) {
  const [form] = Form.useForm<ProgressValues>();
  const { progress } = useWorkWrites();
  const initial = useMemo(
    () => (task ? { status: task.status, progress: task.progress } : undefined),
    [task],
  );
  useStartFrom(form, initial);
  return (
    <FormModal<ProgressValues>
      form={form}
      name="work-progress-form"
      label="更新进度"
      onFinish={(v) =>
        task &&
        progress.mutate(
          { id: task.id, ...v },
          savedWithToast(form, ['status', 'progress'], '已更新进度', onClose),
        )
      }
      formProps={{ initialValues: initial, preserve: false }}
      title={`更新进度 · ${task?.title ?? ''}`}
      open={task !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: progress.isPending }}
      width={420}
    >
      <Form.Item label="任务状态" name="status">
        <Select<number> options={TASK_STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="进度（%）"
        name="progress"
        rules={[zodRule(progressRules.progress)]}
        extra="任务完成时进度为100%"
      >
        <InputNumber controls={false} min={0} max={100} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
