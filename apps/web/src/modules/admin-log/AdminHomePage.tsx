import type { CallRoute, Online, Pending } from '@portal/contract';
import { companyChangeCalls } from '@portal/contract/calls';
import { Alert, Card, List, Skeleton, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { companyToday, formatDateTime } from '#web/shared/format.ts';
import { mayCall } from '#web/shared/resource/declared.tsx';
import { useLoggedIn } from '#web/shared/session.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { usePaging } from '#web/shared/ui/pagination.ts';
import { usePermission } from '#web/shared/usePermission.ts';
import { AdminChart } from './AdminChart.tsx';
import { daysBefore, monthDay } from './dates.ts';
import { useAdminHome, useOnline, useUserStatistic } from './useAdminLog.ts';
import './admin-log.css';

/**
 * The call a pending kind's screen needs (whether to link it): one entry a kind. The person-transfer
 * requests (company-user2) add theirs when they are built.
 */
const PENDING_ACCESS: Record<string, CallRoute> = {
  company_change: companyChangeCalls.reviewList,
};

type OnlineRow = Online & { id: number };

const onlineColumns: ListColumns<OnlineRow> = [
  {
    title: '用户',
    key: 'user',
    phone: 'title',
    render: (_: unknown, r) => (
      <>
        {r.real_name || r.username}
        {r.real_name && r.real_name !== r.username && (
          <Typography.Text type="secondary"> （{r.username}）</Typography.Text>
        )}
      </>
    ),
  },
  { title: '角色', dataIndex: 'role_name', width: 110 },
  { title: '部门', dataIndex: 'department_name', width: 120, render: (v: string) => v || '—' },
  { title: '登录时间', dataIndex: 'login_time', width: 170, render: (v: string) => formatDateTime(v) },
  { title: 'IP 地址', dataIndex: 'ip', width: 140 },
  { title: '会话数', dataIndex: 'sessions', width: 80, phone: 'hidden' },
];

function PendingList({ pending }: { pending: readonly Pending[] }) {
  const { perm } = usePermission();
  const loggedIn = useLoggedIn();
  return (
    <List
      dataSource={[...pending]}
      locale={{ emptyText: '暂无待处理的申请' }}
      renderItem={(p) => {
        const access = PENDING_ACCESS[p.kind];
        const linked = p.path !== '' && access !== undefined && mayCall(access, perm, loggedIn);
        return (
          <List.Item
            actions={
              linked && p.count > 0
                ? [
                    <Link key="go" to={p.path}>
                      去处理
                    </Link>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={p.title} />
            <Typography.Text strong>{p.count} 件</Typography.Text>
          </List.Item>
        );
      }}
    />
  );
}

/**
 * 管理首页 (admin `home`, issue 34): the administrator's overview of a company — its people, the
 * logins today, who is online now (`/account/online`), the requests waiting, and the last week's
 * logins and the people by role as charts (each with its table). A group's staff choose the company.
 */
export function AdminHomePage() {
  const canSwitch = useCanChooseCompany();
  const [companyId, setCompanyId] = useState<number>();
  const home = useAdminHome(companyId);
  const today = companyToday();
  const week = useUserStatistic({
    start_date: daysBefore(today, 6),
    end_date: today,
    ...inCompany(companyId),
  });
  const paging = usePaging(5);
  const online = useOnline({ page: paging.page, page_size: paging.pageSize, ...inCompany(companyId) });
  const onlineQuery = useMemo(
    () => ({
      ...online,
      data: online.data && {
        ...online.data,
        results: online.data.results.map((r) => ({ ...r, id: r.user_id })),
      },
    }),
    [online],
  );
  const d = home.data;
  const weekDays = useMemo(() => (week.data?.days ?? []).map((x) => monthDay(x.date)), [week.data]);
  const weekSeries = useMemo(
    () => [
      { label: '登录次数', values: (week.data?.days ?? []).map((x) => x.logins) },
      { label: '活跃人数', values: (week.data?.days ?? []).map((x) => x.active_users) },
    ],
    [week.data],
  );
  const roleNames = useMemo(() => (week.data?.people.by_role ?? []).map((r) => r.name), [week.data]);
  const roleSeries = useMemo(
    () => [{ label: '人数', values: (week.data?.people.by_role ?? []).map((r) => r.count) }],
    [week.data],
  );

  return (
    <div className="admin-log-page">
      {canSwitch && (
        <ScopeCompanySelect
          value={companyId}
          onChange={(id) => {
            setCompanyId(id);
            paging.setPage(1);
          }}
        />
      )}
      <Card title="管理首页">
        {home.isError ? (
          <Alert type="error" showIcon title="读取失败，请稍后重试" />
        ) : !d ? (
          <Skeleton active />
        ) : (
          <div className="admin-home-figures">
            <Statistic title="人员" value={d.people} suffix={`人（正常 ${d.active_people}）`} />
            <Statistic title="今日登录" value={d.logins_today} suffix="次" />
            <Statistic title="在线人数" value={d.online} suffix="人" />
            <Statistic title="待处理的申请" value={d.pending.reduce((s, p) => s + p.count, 0)} suffix="件" />
          </div>
        )}
      </Card>
      <div className="admin-charts">
        <Card title="近 7 天">
          {week.data ? (
            <AdminChart
              title="近 7 天的登录次数与活跃人数"
              kind="line"
              labels={weekDays}
              series={weekSeries}
              labelHeader="日期"
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
        <Card title="人员构成">
          {week.data ? (
            <AdminChart
              title="各角色人数"
              kind="bar"
              labels={roleNames}
              series={roleSeries}
              labelHeader="角色"
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </div>
      <Card title="待处理的申请">{d ? <PendingList pending={d.pending} /> : <Skeleton active />}</Card>
      <Card title="在线人员">
        <ListTable<OnlineRow>
          aria-label="在线人员列表"
          columns={onlineColumns}
          query={onlineQuery}
          pagination={paging.pagination}
          empty="现在没有人在线"
        />
      </Card>
    </div>
  );
}
