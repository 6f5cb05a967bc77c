import {
  ADMIN_LOG_DAYS_MAX,
  KEYWORD_MAX,
  OPERATION_ACTIONS,
  type Operation,
  type UserStatistic,
} from '@portal/contract';
import { adminLogCalls } from '@portal/contract/calls';
import { Alert, Button, Card, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { companyToday, formatDateTime } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { AdminChart } from './AdminChart.tsx';
import { daysBefore, monthDay } from './dates.ts';
import { useOperations, useUserStatistic } from './useAdminLog.ts';
import './admin-log.css';

type Action = keyof typeof OPERATION_ACTIONS;
const ACTION_OPTIONS = (Object.entries(OPERATION_ACTIONS) as [Action, string][]).map(([value, label]) => ({
  value,
  label,
}));

/** Why a range is not asked yet, or '' when it is complete and forwards. */
function rangeProblem(days: Days) {
  if (!days.from || !days.to) return '请选择开始日期和结束日期';
  if (days.to < days.from) return '结束日期不能早于开始日期';
  const n = (Date.parse(days.to) - Date.parse(days.from)) / 86_400_000 + 1;
  if (n > ADMIN_LOG_DAYS_MAX) return `日期范围最多 ${ADMIN_LOG_DAYS_MAX} 天`;
  return '';
}

/** A row's before or after, as the JSON the audit kept (indented), or —. */
function JsonCell({ value }: { value: string }) {
  if (!value) return <>—</>;
  let text = value;
  try {
    text = JSON.stringify(JSON.parse(value), null, 1);
  } catch {
    // Kept as written.
  }
  return <pre className="admin-log-json">{text}</pre>;
}

const operationColumns: ListColumns<Operation> = [
  {
    title: '时间',
    dataIndex: 'create_time',
    width: 170,
    phone: 'title',
    render: (v: string) => formatDateTime(v),
  },
  {
    title: '操作人',
    key: 'user',
    width: 140,
    render: (_: unknown, r) => r.real_name || r.username || '—',
  },
  { title: '操作', dataIndex: 'action_name', width: 80 },
  {
    title: '对象',
    key: 'entity',
    width: 160,
    render: (_: unknown, r) => `${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}`,
  },
  { title: '改前', dataIndex: 'before', render: (v: string) => <JsonCell value={v} /> },
  { title: '改后', dataIndex: 'after', render: (v: string) => <JsonCell value={v} /> },
  { title: 'IP 地址', dataIndex: 'ip', width: 130, phone: 'hidden' },
];

function StatisticCharts({ data }: { data: UserStatistic }) {
  const days = useMemo(() => data.days.map((d) => monthDay(d.date)), [data]);
  const logins = useMemo(
    () => [
      { label: '登录次数', values: data.days.map((d) => d.logins) },
      { label: '登录失败', values: data.days.map((d) => d.failures) },
    ],
    [data],
  );
  const active = useMemo(
    () => [
      { label: '活跃人数', values: data.days.map((d) => d.active_users) },
      { label: '新增人员', values: data.days.map((d) => d.new_users) },
    ],
    [data],
  );
  const roles = useMemo(() => data.people.by_role.map((r) => r.name), [data]);
  const roleCounts = useMemo(
    () => [{ label: '人数', values: data.people.by_role.map((r) => r.count) }],
    [data],
  );
  const departments = useMemo(() => data.people.by_department.map((r) => r.name), [data]);
  const departmentCounts = useMemo(
    () => [{ label: '人数', values: data.people.by_department.map((r) => r.count) }],
    [data],
  );
  return (
    <div className="admin-charts">
      <AdminChart title="每天登录次数" kind="line" labels={days} series={logins} labelHeader="日期" />
      <AdminChart
        title="每天活跃人数与新增人员"
        kind="line"
        labels={days}
        series={active}
        labelHeader="日期"
      />
      <AdminChart
        title={`各角色人数（共 ${data.people.total} 人）`}
        kind="bar"
        labels={roles}
        series={roleCounts}
        labelHeader="角色"
      />
      <AdminChart
        title="各部门人数"
        kind="bar"
        labels={departments}
        series={departmentCounts}
        labelHeader="部门"
      />
    </div>
  );
}

/**
 * 使用统计 (admin `log-statistic`, issue 34): the company's use over a day range as charts — logins
 * and refusals a day, people active and added a day, people by role and department — each with its
 * table, the range to Excel; then 操作日志, the audit trail of who changed what (before and after),
 * by operator, action and day. A group's staff choose the company.
 */
export function LogStatisticPage() {
  const canSwitch = useCanChooseCompany();
  const canOperations = useCanCall(adminLogCalls.operations);
  const [companyId, setCompanyId] = useState<number>();
  const [range, setRange] = useState<Days>(() => {
    const today = companyToday();
    return { from: daysBefore(today, 29), to: today };
  });
  const problem = rangeProblem(range);
  const statisticQuery = { start_date: range.from, end_date: range.to, ...inCompany(companyId) };
  const statistic = useUserStatistic(statisticQuery, problem === '');

  const filters = useListFilters<Action>();
  const [opDays, setOpDays] = useState<Days>({ from: '', to: '' });
  const operations = useOperations({
    page: filters.params.page,
    page_size: filters.params.page_size,
    keyword: filters.params.keyword,
    action: filters.params.status,
    date_from: opDays.from || undefined,
    date_to: opDays.to || undefined,
    ...inCompany(companyId),
  });
  const opFiltered = Boolean(filters.filtered || opDays.from || opDays.to);

  return (
    <div className="admin-log-page">
      {canSwitch && (
        <ScopeCompanySelect
          value={companyId}
          onChange={(id) => {
            setCompanyId(id);
            filters.setPage(1);
          }}
        />
      )}
      <Card title="使用统计">
        <div className="admin-log-page">
          <div className="admin-log-bar">
            <DayRange labels={['统计日期从', '统计日期到']} value={range} onChange={setRange} />
            {problem === '' && (
              <Button href={api.href(adminLogCalls.statisticExport, statisticQuery)} download>
                导出 Excel
              </Button>
            )}
          </div>
          {problem !== '' ? (
            <Alert type="warning" showIcon title={problem} />
          ) : statistic.isError ? (
            <Alert type="error" showIcon title="统计读取失败，请稍后重试" />
          ) : statistic.data ? (
            <StatisticCharts data={statistic.data} />
          ) : (
            <Spin description="正在读取统计…" />
          )}
        </div>
      </Card>
      {canOperations && (
        <Card title="操作日志">
          <FilteredList<Operation, Action>
            listFilters={filters}
            search={{
              label: '搜索操作人',
              placeholder: '操作人的用户名 / 姓名',
              maxLength: KEYWORD_MAX,
              style: { width: 240 },
            }}
            filters={
              <DayRange
                labels={['操作日期从', '操作日期到']}
                value={opDays}
                onChange={(d) => {
                  setOpDays(d);
                  filters.setPage(1);
                }}
              />
            }
            status={{ label: '操作类型', options: ACTION_OPTIONS, placeholder: '全部操作' }}
            aria-label="操作日志列表"
            columns={operationColumns}
            query={operations}
            empty={opFiltered ? '没有符合条件的操作记录' : '暂无操作记录'}
          />
        </Card>
      )}
    </div>
  );
}
