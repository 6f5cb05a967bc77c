import { PlusOutlined } from '@ant-design/icons';
import {
  KEYWORD_MAX,
  WORK_PLAN_STATUS,
  WORK_TASK_STATUS,
  type WorkPlan,
  type WorkTask,
} from '@portal/contract';
import { workPlanCalls } from '@portal/contract/calls';
import { App, Button, Card, Descriptions, Drawer, Progress, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { useUserInfo } from '#web/shared/session.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { PersonSelect } from './PersonSelect.tsx';
import { PLAN_STATUS_OPTIONS, PlanFormModal, ProgressModal, TaskFormModal } from './PlanForms.tsx';
import { usePlan, usePlanList, useWorkWrites } from './useWork.ts';

const PLAN_COLORS = ['processing', 'success', 'default'] as const;
const TASK_COLORS = ['default', 'processing', 'success'] as const;
export const PlanStatus = ({ status }: { status: number }) => (
  <Tag color={PLAN_COLORS[status]}>{WORK_PLAN_STATUS[status as keyof typeof WORK_PLAN_STATUS] ?? '—'}</Tag>
);
const TaskStatus = ({ status }: { status: number }) => (
  <Tag color={TASK_COLORS[status]}>{WORK_TASK_STATUS[status as keyof typeof WORK_TASK_STATUS] ?? '—'}</Tag>
);
const NO_DAYS: Days = { from: '', to: '' };

/**
 * A plan and its tasks (查看): the plan's lines, then its tasks with 执行人, 截止日期, 状态, 进度 and
 * their logs; a manager adds, edits and deletes tasks (after a confirmation; one with logs is
 * refused), a task's own person updates its progress.
 */
function PlanDrawer({
  planId,
  companyId,
  canManage,
  onClose,
  onAddTask,
  onEditTask,
  onProgress,
}: {
  planId: number | null;
  companyId: number | undefined;
  canManage: boolean;
  onClose: () => void;
  onAddTask: (plan: WorkPlan) => void;
  onEditTask: (plan: WorkPlan, task: WorkTask) => void;
  onProgress: (task: WorkTask) => void;
}) {
  const { modal } = App.useApp();
  const me = useUserInfo();
  const plan = usePlan(planId, companyId);
  const { removeTask } = useWorkWrites();
  const p = plan.data;
  const remove = (t: WorkTask) =>
    confirmDanger(modal, {
      title: `确定删除任务「${t.title}」吗？`,
      content: '删除后不能恢复；已有工作日志的任务不能删除。',
      okText: '删除',
      onOk: () =>
        removeTask
          .mutateAsync({ id: t.id, ...inCompany(companyId) })
          .then(() => toastSuccess(`已删除任务「${t.title}」`))
          .catch(() => {}),
    });
  return (
    <Drawer open={planId !== null} onClose={onClose} title={p ? `计划 · ${p.title}` : '计划'} size="large">
      {!p ? (
        plan.isPending ? (
          <Spin description="加载中…" />
        ) : (
          <QueryEmpty query={plan} description="计划不存在或已被删除" />
        )
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="状态">
              <PlanStatus status={p.status} />
            </Descriptions.Item>
            <Descriptions.Item label="期间">
              {p.start_date} 至 {p.end_date}
            </Descriptions.Item>
            <Descriptions.Item label="负责人">{p.owner_name}</Descriptions.Item>
            <Descriptions.Item label="说明">{p.description || '—'}</Descriptions.Item>
          </Descriptions>
          <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>
              任务（{p.tasks.length}）
            </Typography.Title>
            {canManage && p.status === 0 && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => onAddTask(p)}>
                添加任务
              </Button>
            )}
          </Space>
          <Table<WorkTask>
            rowKey="id"
            size="small"
            aria-label="任务列表"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={p.tasks}
            locale={{ emptyText: canManage ? '还没有任务：点击「添加任务」' : '还没有任务' }}
            columns={[
              { title: '任务', dataIndex: 'title' },
              { title: '执行人', dataIndex: 'owner_name', width: 100 },
              { title: '截止日期', dataIndex: 'due_date', width: 110 },
              {
                title: '状态',
                dataIndex: 'status',
                width: 90,
                render: (s: number) => <TaskStatus status={s} />,
              },
              {
                title: '进度',
                dataIndex: 'progress',
                width: 120,
                render: (v: number) => <Progress percent={v} size="small" aria-label={`进度 ${v}%`} />,
              },
              { title: '日志', dataIndex: 'log_count', width: 60 },
              {
                title: '操作',
                key: 'actions',
                width: 170,
                render: (_: unknown, t) => (
                  <Space size={0} wrap>
                    {(t.owner_id === me?.id || canManage) && (
                      <Button
                        type="link"
                        size="small"
                        aria-label={`更新进度 ${t.title}`}
                        onClick={() => onProgress(t)}
                      >
                        更新进度
                      </Button>
                    )}
                    {canManage && (
                      <Button
                        type="link"
                        size="small"
                        aria-label={`编辑任务 ${t.title}`}
                        onClick={() => onEditTask(p, t)}
                      >
                        编辑
                      </Button>
                    )}
                    {canManage && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        aria-label={`删除任务 ${t.title}`}
                        onClick={() => remove(t)}
                      >
                        删除
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}

/**
 * 工作计划 (/<area>/work-plan): the plans — a manager (manage_work_plan) sees every plan of the
 * company (a group's staff choose the company) and makes, edits and deletes them (after a
 * confirmation; a plan with logs is refused: set it 已取消); everyone else the plans they own or
 * have a task in. Found by 计划名称, 负责人, 状态 and a date range the period meets; 查看 opens the
 * plan's tasks.
 */
export function WorkPlanPage() {
  const { modal } = App.useApp();
  const canManage = useCanCall(workPlanCalls.create);
  const canSwitch = useCanChooseCompany() && canManage;
  const [companyId, setCompanyId] = useState<number>();
  const filters = useListFilters<number>();
  const [owner, setOwner] = useState<number>();
  const [days, setDays] = useState<Days>(NO_DAYS);
  const list = usePlanList({
    ...filters.params,
    owner_id: owner,
    start_date: days.from || undefined,
    end_date: days.to || undefined,
    ...inCompany(companyId),
  });
  const { removePlan } = useWorkWrites();
  const [editing, setEditing] = useState<WorkPlan | 'add' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [taskTarget, setTaskTarget] = useState<{ plan: WorkPlan; task?: WorkTask } | null>(null);
  const [progressing, setProgressing] = useState<WorkTask | null>(null);

  const remove = (p: WorkPlan) =>
    confirmDanger(modal, {
      title: `确定删除计划「${p.title}」吗？`,
      content: '计划及其任务删除后不能恢复；已有工作日志的计划不能删除，可改为已取消。',
      okText: '删除',
      onOk: () =>
        removePlan
          .mutateAsync({ id: p.id, ...inCompany(companyId) })
          .then(() => toastSuccess(`已删除计划「${p.title}」`))
          .catch(() => {}),
    });

  const columns: ListColumns<WorkPlan> = [
    { title: '计划名称', dataIndex: 'title', phone: 'title' },
    { title: '负责人', dataIndex: 'owner_name', width: 100 },
    {
      title: '期间',
      dataIndex: 'start_date',
      width: 200,
      render: (_: string, p) => `${p.start_date} 至 ${p.end_date}`,
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <PlanStatus status={s} /> },
    {
      title: '任务完成',
      dataIndex: 'task_count',
      width: 100,
      render: (_: number, p) => `${p.done_count} / ${p.task_count}`,
    },
    actionsColumn<WorkPlan>((p) => (
      <Space size={0} wrap>
        <Button type="link" size="small" aria-label={`查看 ${p.title}`} onClick={() => setViewing(p.id)}>
          查看
        </Button>
        {canManage && (
          <Button type="link" size="small" aria-label={`编辑 ${p.title}`} onClick={() => setEditing(p)}>
            编辑
          </Button>
        )}
        {canManage && (
          <Button type="link" size="small" danger aria-label={`删除 ${p.title}`} onClick={() => remove(p)}>
            删除
          </Button>
        )}
      </Space>
    )),
  ];

  return (
    <Card title="工作计划">
      {canSwitch && (
        <ScopeCompanySelect
          value={companyId}
          onChange={(id) => {
            setCompanyId(id);
            setOwner(undefined);
            filters.setPage(1);
          }}
        />
      )}
      <FilteredList<WorkPlan, number>
        listFilters={filters}
        search={{ label: '搜索计划', placeholder: '计划名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        filters={
          <>
            {canManage && (
              <PersonSelect
                companyId={companyId}
                ariaLabel="负责人筛选"
                placeholder="全部负责人"
                clearable
                width={160}
                value={owner}
                onChange={(v) => {
                  setOwner(v);
                  filters.setPage(1);
                }}
              />
            )}
            <DayRange
              labels={['期间从', '期间至']}
              value={days}
              onChange={(d) => {
                setDays(d);
                filters.setPage(1);
              }}
            />
          </>
        }
        status={{ label: '计划状态', options: PLAN_STATUS_OPTIONS }}
        aria-label="工作计划列表"
        columns={columns}
        query={list}
        empty={
          filters.filtered || owner !== undefined || days.from || days.to
            ? '没有符合条件的计划'
            : canManage
              ? '还没有计划：点击「新建计划」'
              : '还没有你负责或参与的计划'
        }
        rowName={(p) => p.title}
      >
        {canManage && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('add')}>
            新建计划
          </Button>
        )}
      </FilteredList>
      <PlanFormModal target={editing} companyId={companyId} onClose={() => setEditing(null)} />
      <PlanDrawer
        planId={viewing}
        companyId={companyId}
        canManage={canManage}
        onClose={() => setViewing(null)}
        onAddTask={(plan) => setTaskTarget({ plan })}
        onEditTask={(plan, task) => setTaskTarget({ plan, task })}
        onProgress={setProgressing}
      />
      <TaskFormModal target={taskTarget} companyId={companyId} onClose={() => setTaskTarget(null)} />
      <ProgressModal task={progressing} onClose={() => setProgressing(null)} />
    </Card>
  );
}
