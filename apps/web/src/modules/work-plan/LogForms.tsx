import { WORK_LIMITS, type WorkLog, workLogCreateBody, workLogReviewBody } from '@portal/contract';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { inCompany } from '#web/modules/group/index.ts';
import { companyToday } from '#web/shared/format.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useMyTasks, useWorkWrites } from './useWork.ts';

const rules = workLogCreateBody.shape;
const LOG_FIELDS = ['log_date', 'content', 'hours', 'task_id'] as const;
interface LogValues {
  log_date: string;
  content: string;
  hours: string;
  task_id?: number | undefined;
}

/**
 * 写日志 / 编辑日志: 日期 (today or before), 工作内容, 工时 (hours, one decimal) and optionally
 * 对应任务 — one of the person's own open tasks, under its plan's name.
 */
export function LogFormModal({ target, onClose }: { target: WorkLog | 'add' | null; onClose: () => void }) {
  const [form] = Form.useForm<LogValues>();
  const { saveLog } = useWorkWrites();
  const tasks = useMyTasks(target !== null);
  const editing = target !== null && target !== 'add' ? target : null;
  const initial = useMemo<LogValues | undefined>(
    () =>
      target === null
        ? undefined
        : editing
          ? {
              log_date: editing.log_date,
              content: editing.content,
              hours: String(editing.hours),
              task_id: editing.task_id ?? undefined,
            }
          : { log_date: companyToday(), content: '', hours: '', task_id: undefined },
    [target, editing],
  );
  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [initial, form]);
  const taskOptions = useMemo(() => {
    const found = (tasks.data?.results ?? []).map((t) => ({
      value: t.id,
      label: `${t.plan_title} · ${t.title}（截止 ${t.due_date}）`,
    }));
    if (editing?.task_id && !found.some((o) => o.value === editing.task_id))
      found.unshift({ value: editing.task_id, label: `${editing.plan_title} · ${editing.task_title}` });
    return found;
  }, [tasks.data, editing]);
  const submit = (v: LogValues) => {
    const input = { ...v, hours: Number(v.hours) };
    const done = savedWithToast(form, LOG_FIELDS, editing ? '已保存日志' : '已写入日志', onClose);
    if (editing) saveLog.mutate({ ...input, id: editing.id }, done);
    else saveLog.mutate(input, done);
  };
  return (
    <FormModal<LogValues>
      form={form}
      name="work-log-form"
      label={editing ? '编辑日志' : '写日志'}
      onFinish={submit}
      formProps={{ initialValues: initial, preserve: false, autoComplete: 'off' }}
      title={editing ? `编辑日志 · ${editing.log_date}` : '写日志'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: saveLog.isPending }}
      width={600}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="日期" name="log_date" required rules={[zodRule(rules.log_date)]}>
            <Input type="date" max={companyToday()} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="工时（小时）"
            name="hours"
            required
            rules={[zodRule(rules.hours)]}
            extra="最多一位小数，如 7.5"
          >
            <Input inputMode="decimal" placeholder="如 8" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="对应任务" name="task_id" extra="选填：分配给你的进行中计划的任务">
        <Select<number>
          allowClear={CLEARABLE}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="不对应任务"
          loading={tasks.isPending}
          notFoundContent="没有分配给你的未完成任务"
          options={taskOptions}
        />
      </Form.Item>
      <Form.Item label="工作内容" name="content" required rules={[zodRule(rules.content)]}>
        <Input.TextArea
          rows={4}
          count={{ show: true, max: WORK_LIMITS.content }}
          placeholder="今天做了什么"
        />
      </Form.Item>
    </FormModal>
  );
}

const reviewRules = workLogReviewBody.shape;

/** 审阅: the log as written, and 审阅意见 (optional). */
export function ReviewModal({
  log,
  companyId,
  onClose,
}: {
  log: WorkLog | null;
  companyId: number | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ comment: string }>();
  const { review } = useWorkWrites();
  const initial = useMemo(() => (log ? { comment: log.review_comment } : undefined), [log]);
  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial);
    }
  }, [initial, form]);
  return (
    <FormModal<{ comment: string }>
      form={form}
      name="work-review-form"
      label="审阅日志"
      onFinish={(v) =>
        log &&
        review.mutate(
          { id: log.id, comment: v.comment, ...inCompany(companyId) },
          savedWithToast(form, ['comment'], `已审阅「${log.user_name}」的日志`, onClose),
        )
      }
      formProps={{ initialValues: initial, preserve: false }}
      title={log ? `审阅 · ${log.user_name} ${log.log_date}` : '审阅'}
      open={log !== null}
      onCancel={onClose}
      okText="审阅通过"
      ok={{ loading: review.isPending }}
      width={560}
    >
      {log && (
        <Typography.Paragraph>
          <Typography.Text type="secondary">
            工时 {log.hours} 小时{log.task_title ? ` · ${log.plan_title} · ${log.task_title}` : ''}
          </Typography.Text>
          <br />
          <span style={{ whiteSpace: 'pre-wrap' }}>{log.content}</span>
        </Typography.Paragraph>
      )}
      <Form.Item label="审阅意见" name="comment" rules={[zodRule(reviewRules.comment)]}>
        <Input.TextArea rows={3} count={{ show: true, max: WORK_LIMITS.comment }} placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}
