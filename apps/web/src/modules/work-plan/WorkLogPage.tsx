import { EditOutlined } from '@ant-design/icons';
import { KEYWORD_MAX, WORK_STATISTIC_UNITS, type WorkLog, type WorkStatisticUnit } from '@portal/contract';
import { workPlanCalls } from '@portal/contract/calls';
import {
  App,
  Button,
  Card,
  Empty,
  Segmented,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { companyToday } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { LogFormModal, ReviewModal } from './LogForms.tsx';
import { PersonSelect } from './PersonSelect.tsx';
import { useLogList, useStatistic, useWorkWrites } from './useWork.ts';

const NO_DAYS: Days = { from: '', to: '' };
const REVIEW_OPTIONS = [
  { value: 0, label: '未审阅' },
  { value: 1, label: '已审阅' },
];

const ReviewState = ({ log }: { log: WorkLog }) =>
  log.reviewed === 1 ? (
    <Space direction="vertical" size={0}>
      <Tag color="success">已审阅</Tag>
      {log.review_comment && <Typography.Text type="secondary">{log.review_comment}</Typography.Text>}
      <Typography.Text type="secondary">{log.reviewer_name}</Typography.Text>
    </Space>
  ) : (
    <Tag>未审阅</Tag>
  );

const baseColumns: ListColumns<WorkLog> = [
  { title: '日期', dataIndex: 'log_date', width: 110, phone: 'title' },
  {
    title: '工作内容',
    dataIndex: 'content',
    render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
  },
  { title: '工时', dataIndex: 'hours', width: 70, render: (v: number) => `${v} 小时` },
  {
    title: '对应任务',
    dataIndex: 'task_title',
    width: 180,
    render: (_: string, l) => (l.task_title ? `${l.plan_title} · ${l.task_title}` : '—'),
  },
  { title: '审阅', dataIndex: 'reviewed', width: 140, render: (_: number, l) => <ReviewState log={l} /> },
];

/** 我的日志: the person's own logs; 写日志, and 编辑 / 删除 (after a confirmation) until reviewed. */
function MyLogs() {
  const { modal } = App.useApp();
  const filters = useListFilters<number>();
  const [days, setDays] = useState<Days>(NO_DAYS);
  const { status, ...params } = filters.params;
  const list = useLogList({
    ...params,
    reviewed: status as 0 | 1 | undefined,
    mine: 1,
    start_date: days.from || undefined,
    end_date: days.to || undefined,
  });
  const { removeLog } = useWorkWrites();
  const [editing, setEditing] = useState<WorkLog | 'add' | null>(null);
  const remove = (l: WorkLog) =>
    confirmDanger(modal, {
      title: `确定删除 ${l.log_date} 的日志吗？`,
      content: '删除后不能恢复。',
      okText: '删除',
      onOk: () =>
        removeLog
          .mutateAsync({ id: l.id })
          .then(() => toastSuccess('已删除日志'))
          .catch(() => {}),
    });
  const columns: ListColumns<WorkLog> = [
    ...baseColumns,
    actionsColumn<WorkLog>((l) =>
      l.reviewed === 1 ? (
        <Typography.Text type="secondary">已审阅</Typography.Text>
      ) : (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            aria-label={`编辑 ${l.log_date} 的日志`}
            onClick={() => setEditing(l)}
          >
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`删除 ${l.log_date} 的日志`}
            onClick={() => remove(l)}
          >
            删除
          </Button>
        </Space>
      ),
    ),
  ];
  return (
    <>
      <FilteredList<WorkLog, number>
        listFilters={filters}
        search={{
          label: '搜索我的日志',
          placeholder: '工作内容',
          maxLength: KEYWORD_MAX,
          style: { width: 200 },
        }}
        filters={
          <DayRange
            labels={['日期从', '日期至']}
            value={days}
            onChange={(d) => {
              setDays(d);
              filters.setPage(1);
            }}
          />
        }
        status={{ label: '审阅状态', placeholder: '全部', options: REVIEW_OPTIONS }}
        aria-label="我的工作日志"
        columns={columns}
        query={list}
        empty={filters.filtered || days.from || days.to ? '没有符合条件的日志' : '还没有日志：点击「写日志」'}
        rowName={(l) => `${l.log_date} 的日志`}
      >
        <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => setEditing('add')}>
          写日志
        </Button>
      </FilteredList>
      <LogFormModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** 人员日志: everyone's logs (a reviewer's), by 人员, date range, 审阅状态 and content; 审阅. */
function PeopleLogs({ companyId }: { companyId: number | undefined }) {
  const canReview = useCanCall(workPlanCalls.review);
  const canPick = useCanCall(workPlanCalls.people);
  const filters = useListFilters<number>();
  const [person, setPerson] = useState<number>();
  const [days, setDays] = useState<Days>(NO_DAYS);
  const { status, ...params } = filters.params;
  const list = useLogList({
    ...params,
    reviewed: status as 0 | 1 | undefined,
    user_id: person,
    start_date: days.from || undefined,
    end_date: days.to || undefined,
    ...inCompany(companyId),
  });
  const [reviewing, setReviewing] = useState<WorkLog | null>(null);
  const columns: ListColumns<WorkLog> = [
    { title: '人员', dataIndex: 'user_name', width: 100 },
    ...baseColumns,
    ...(canReview
      ? [
          actionsColumn<WorkLog>((l) => (
            <Button
              type="link"
              size="small"
              aria-label={`审阅 ${l.user_name} ${l.log_date} 的日志`}
              onClick={() => setReviewing(l)}
            >
              {l.reviewed === 1 ? '重新审阅' : '审阅'}
            </Button>
          )),
        ]
      : []),
  ];
  return (
    <>
      <FilteredList<WorkLog, number>
        listFilters={filters}
        search={{
          label: '搜索人员日志',
          placeholder: '工作内容',
          maxLength: KEYWORD_MAX,
          style: { width: 200 },
        }}
        filters={
          <>
            {canPick && (
              <PersonSelect
                companyId={companyId}
                ariaLabel="人员筛选"
                placeholder="全部人员"
                clearable
                width={160}
                value={person}
                onChange={(v) => {
                  setPerson(v);
                  filters.setPage(1);
                }}
              />
            )}
            <DayRange
              labels={['日期从', '日期至']}
              value={days}
              onChange={(d) => {
                setDays(d);
                filters.setPage(1);
              }}
            />
          </>
        }
        status={{ label: '审阅状态', placeholder: '全部', options: REVIEW_OPTIONS }}
        aria-label="人员工作日志"
        columns={columns}
        query={list}
        empty={
          filters.filtered || person !== undefined || days.from || days.to
            ? '没有符合条件的日志'
            : '还没有人写日志'
        }
        rowName={(l) => `${l.user_name} ${l.log_date} 的日志`}
      />
      <ReviewModal log={reviewing} companyId={companyId} onClose={() => setReviewing(null)} />
    </>
  );
}

/** 统计: logs and hours per person per day or week of a range (`/account/get/worklog-statistic`). */
function LogStatistic({ companyId }: { companyId: number | undefined }) {
  const [days, setDays] = useState<Days>({ from: companyToday(-29), to: companyToday() });
  const [unit, setUnit] = useState<WorkStatisticUnit>('day');
  const ready = days.from !== '' && days.to !== '';
  const stat = useStatistic(
    ready ? { start_date: days.from, end_date: days.to, unit, ...inCompany(companyId) } : null,
  );
  const d = stat.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <DayRange labels={['统计开始日期', '统计结束日期']} value={days} onChange={setDays} />
        <Segmented<WorkStatisticUnit>
          aria-label="统计方式"
          value={unit}
          onChange={setUnit}
          options={Object.entries(WORK_STATISTIC_UNITS).map(([value, label]) => ({
            value: value as WorkStatisticUnit,
            label,
          }))}
        />
      </Space>
      {!ready ? (
        <Empty description="请选择统计的开始和结束日期" />
      ) : !d ? (
        stat.isPending ? (
          <Spin description="加载中…" />
        ) : (
          <QueryEmpty query={stat} description="统计失败" />
        )
      ) : (
        <>
          <Space size="large" wrap>
            <Statistic title="日志数" value={d.total.logs} />
            <Statistic title="总工时（小时）" value={d.total.hours} />
            <Statistic title="人数" value={d.people.length} />
          </Space>
          <Table
            rowKey="user_id"
            size="small"
            aria-label="各人合计"
            scroll={{ x: 420 }}
            pagination={false}
            dataSource={d.people}
            locale={{ emptyText: '这段时间没有日志' }}
            columns={[
              { title: '人员', dataIndex: 'user_name' },
              { title: '日志数', dataIndex: 'logs', width: 100 },
              { title: '工时（小时）', dataIndex: 'hours', width: 120 },
            ]}
          />
          <Table
            rowKey={(r) => `${r.period}-${r.user_id}`}
            size="small"
            aria-label={unit === 'week' ? '各人每周' : '各人每日'}
            scroll={{ x: 480 }}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            dataSource={d.results}
            locale={{ emptyText: '这段时间没有日志' }}
            columns={[
              {
                title: unit === 'week' ? '周（自周一）' : '日期',
                dataIndex: 'period',
                width: 140,
              },
              { title: '人员', dataIndex: 'user_name' },
              { title: '日志数', dataIndex: 'logs', width: 100 },
              { title: '工时（小时）', dataIndex: 'hours', width: 120 },
            ]}
          />
        </>
      )}
    </Space>
  );
}

/**
 * 工作日志 (/<area>/work-log): 我的日志 for every staff person (written against their own tasks,
 * changed until reviewed); for a reviewer (review_work_log) also 人员日志 — everyone's, reviewed
 * here, never one's own — and 统计 (hours and logs per person per day or week). A group's staff
 * choose the company.
 */
export function WorkLogPage() {
  const canReview = useCanCall(workPlanCalls.review);
  const canSwitch = useCanChooseCompany() && canReview;
  const [companyId, setCompanyId] = useState<number>();
  const [tab, setTab] = useState('mine');
  return (
    <Card title="工作日志">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'mine', label: '我的日志', children: <MyLogs /> },
          ...(canReview
            ? [
                {
                  key: 'people',
                  label: '人员日志',
                  children: (
                    <>
                      {canSwitch && <ScopeCompanySelect value={companyId} onChange={setCompanyId} />}
                      <PeopleLogs key={companyId ?? 0} companyId={companyId} />
                    </>
                  ),
                },
                {
                  key: 'statistic',
                  label: '统计',
                  children: (
                    <>
                      {canSwitch && <ScopeCompanySelect value={companyId} onChange={setCompanyId} />}
                      <LogStatistic companyId={companyId} />
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
