import { PlusOutlined } from '@ant-design/icons';
import { FLOW_DRAFT, FLOW_SET_UP, FLOW_STATUS, FLOW_STEPS, type Flow, KEYWORD_MAX } from '@portal/contract';
import { workflowCalls } from '@portal/contract/calls';
import { App, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { FlowFormModal } from './FlowForm.tsx';
import { drawPath, setPath } from './paths.ts';
import { useFlowList, useFlowWrites } from './useFlows.ts';

const STATUS_OPTIONS = Object.entries(FLOW_STATUS).map(([value, label]) => ({ value: Number(value), label }));
export const FlowStatus = ({ status }: { status: number }) => (
  <Tag color={status === FLOW_DRAFT ? 'default' : 'success'}>
    {FLOW_STATUS[status as keyof typeof FLOW_STATUS] ?? '—'}
  </Tag>
);

/**
 * 流程管理 (/manager/workflow): the company's flows — found by name and state; a manager makes one
 * (then draws it), edits a draft's words, opens the designer (a published flow read-only), copies,
 * publishes a draft whose drawing the engine can run, and deletes (after a confirmation).
 */
export function WorkflowPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCanCall(workflowCalls.create);
  const filters = useListFilters<number>();
  const list = useFlowList(filters.params);
  const { copy, publish, remove } = useFlowWrites();
  const [editing, setEditing] = useState<Flow | 'add' | null>(null);

  const confirmPublish = (f: Flow) =>
    confirmDanger(modal, {
      title: `确定发布流程「${f.name}」吗？`,
      content: '发布后流程图不能再修改（可复制后修改副本），并可用于创建项目。',
      okText: '发布',
      onOk: () =>
        publish
          .mutateAsync({ flow_id: f.id })
          .then(() => toastSuccess(`已发布流程「${f.name}」`))
          .catch(() => {}),
    });
  const confirmRemove = (f: Flow) =>
    confirmDanger(modal, {
      title: `确定删除流程「${f.name}」吗？`,
      content: '删除后流程及其流程图不能恢复。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync({ flow_id: f.id })
          .then(() => toastSuccess(`已删除流程「${f.name}」`))
          .catch(() => {}),
    });
  const copyOf = (f: Flow) =>
    copy
      .mutateAsync({ flow_id: f.id })
      .then((made) => toastSuccess(`已复制为「${made.name}」`))
      .catch(() => {});

  const columns: ListColumns<Flow> = [
    {
      title: '流程名称',
      dataIndex: 'name',
      phone: 'title',
      render: (name: string, f) => <Link to={drawPath(f.id)}>{name}</Link>,
    },
    { title: '流程类型', dataIndex: 'type_label', width: 110, render: (v: string) => v || '—' },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <FlowStatus status={s} /> },
    { title: '环节数', dataIndex: 'node_count', width: 80 },
    {
      title: '设置进度',
      dataIndex: 'step',
      width: 110,
      render: (step: number | null, f) =>
        step === null || f.node_count === 0
          ? '未绘制'
          : step >= FLOW_SET_UP
            ? '已完成'
            : `待${FLOW_STEPS[step] ?? ''}`,
    },
    { title: '创建人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '—' },
    { title: '更新时间', dataIndex: 'update_time', width: 150, render: (v: string) => formatMinute(v) },
    actionsColumn<Flow>((f) => (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          aria-label={`${f.status === FLOW_DRAFT && canChange ? '绘制' : '查看'} ${f.name}`}
          onClick={() => navigate(drawPath(f.id))}
        >
          {f.status === FLOW_DRAFT && canChange ? '绘制' : '查看'}
        </Button>
        {canChange && f.status === FLOW_DRAFT && (
          <Button type="link" size="small" aria-label={`编辑 ${f.name}`} onClick={() => setEditing(f)}>
            编辑
          </Button>
        )}
        {canChange && (
          <Button type="link" size="small" aria-label={`复制 ${f.name}`} onClick={() => copyOf(f)}>
            复制
          </Button>
        )}
        {f.step !== null && f.node_count > 0 && (
          <Button
            type="link"
            size="small"
            aria-label={`设置 ${f.name}`}
            onClick={() => navigate(setPath(f.id, Math.min(f.step ?? 0, FLOW_SET_UP - 1)))}
          >
            设置
          </Button>
        )}
        {canChange && f.status === FLOW_DRAFT && (f.step ?? 0) >= FLOW_SET_UP && (
          <Button type="link" size="small" aria-label={`发布 ${f.name}`} onClick={() => confirmPublish(f)}>
            发布
          </Button>
        )}
        {canChange && (
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除 ${f.name}`}
            onClick={() => confirmRemove(f)}
          >
            删除
          </Button>
        )}
      </Space>
    )),
  ];

  return (
    <Card title="流程管理">
      <FilteredList<Flow, number>
        listFilters={filters}
        search={{ label: '搜索流程', placeholder: '流程名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        status={{ label: '流程状态', options: STATUS_OPTIONS }}
        aria-label="流程列表"
        columns={columns}
        query={list}
        empty={
          filters.filtered ? '没有符合条件的流程' : canChange ? '还没有流程：点击「新建流程」' : '还没有流程'
        }
        rowName={(f) => f.name}
      >
        {canChange && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('add')}>
            新建流程
          </Button>
        )}
      </FilteredList>
      <FlowFormModal
        target={editing}
        onClose={() => setEditing(null)}
        onCreated={(f) => navigate(drawPath(f.id))}
      />
    </Card>
  );
}
