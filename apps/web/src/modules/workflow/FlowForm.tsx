import { FLOW_LIMITS, type Flow, flowCreateBody } from '@portal/contract';
import { Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useFlowWrites } from './useFlows.ts';

const rules = flowCreateBody.shape;
const FIELDS = ['name', 'type_label', 'task_label', 'description'] as const;
interface FlowValues {
  name: string;
  type_label: string;
  task_label: string;
  description: string;
}

/** 新建流程 / 编辑流程: 流程名称, 流程类型, 任务标签, 流程说明 (a new flow then opens in the designer). */
export function FlowFormModal({
  target,
  onClose,
  onCreated,
}: {
  /** null: closed; 'add': a new flow. */
  target: Flow | 'add' | null;
  onClose: () => void;
  onCreated: (flow: Flow) => void;
}) {
  const [form] = Form.useForm<FlowValues>();
  const { save } = useFlowWrites();
  const editing = target !== null && target !== 'add' ? target : null;
  const initial = useMemo<FlowValues | undefined>(
    () =>
      target === null
        ? undefined
        : editing
          ? { ...editing }
          : { name: '', type_label: '', task_label: '', description: '' },
    [target, editing],
  );
  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [initial, form]);
  const submit = (v: FlowValues) => {
    if (editing)
      save.mutate(
        { ...v, flow_id: editing.id },
        savedWithToast(form, FIELDS, `已保存流程「${v.name}」`, onClose),
      );
    else
      save.mutate(
        v,
        savedWithToast<Flow>(form, FIELDS, `已新建流程「${v.name}」，请绘制流程图`, (made) => {
          onClose();
          onCreated(made);
        }),
      );
  };
  return (
    <FormModal<FlowValues>
      form={form}
      name="flow-form"
      label={editing ? '编辑流程' : '新建流程'}
      onFinish={submit}
      formProps={{ initialValues: initial, preserve: false, autoComplete: 'off' }}
      title={editing ? `编辑流程 · ${editing.name}` : '新建流程'}
      open={target !== null}
      onCancel={onClose}
      okText={editing ? '保存' : '保存并绘制'}
      ok={{ loading: save.isPending }}
      width={560}
    >
      <Form.Item label="流程名称" name="name" required rules={[zodRule(rules.name)]}>
        <Input placeholder="如：合同审批" count={{ show: true, max: FLOW_LIMITS.name }} />
      </Form.Item>
      <Form.Item label="流程类型" name="type_label" rules={[zodRule(rules.type_label)]}>
        <Input placeholder="选填，如：行政、法律" count={{ show: true, max: FLOW_LIMITS.typeLabel }} />
      </Form.Item>
      <Form.Item label="任务标签" name="task_label" rules={[zodRule(rules.task_label)]}>
        <Input placeholder="选填，如：审批、庭审" count={{ show: true, max: FLOW_LIMITS.taskLabel }} />
      </Form.Item>
      <Form.Item label="流程说明" name="description" rules={[zodRule(rules.description)]}>
        <Input.TextArea rows={3} placeholder="选填" count={{ show: true, max: FLOW_LIMITS.description }} />
      </Form.Item>
    </FormModal>
  );
}
