import { type CompanyLogin, type Job, KEYWORD_MAX, LOGIN_RESULTS } from '@portal/contract';
import { adminLogCalls } from '@portal/contract/calls';
import { Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { loginColumns } from '#web/modules/account/index.ts';
import { inCompany, ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { ExportButton, ExportJobs } from '#web/shared/resource/ListExport.tsx';
import { DayRange, type Days } from '#web/shared/ui/DayRange.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useLogins } from './useAdminLog.ts';
import './admin-log.css';

const RESULT_OPTIONS = optionsOf(LOGIN_RESULTS);
const EXPORT_ROUTES = { export: adminLogCalls.export, exportJob: adminLogCalls.exportJob };

const columns = loginColumns<CompanyLogin>([
  {
    title: '用户',
    key: 'user',
    render: (_: unknown, r) => (
      <>
        {r.real_name || r.username}
        {r.real_name && r.real_name !== r.username && (
          <Typography.Text type="secondary"> （{r.username}）</Typography.Text>
        )}
      </>
    ),
  },
  { title: '角色', dataIndex: 'role_name', width: 110, render: (v: string) => v || '—' },
]);

/**
 * 登录记录 (admin `login-log`, issue 34): every login attempt on the company's accounts — who, when,
 * from where (IP, browser), the result and why — by day range, user and result, paged, and the
 * list as filtered to Excel. A group's staff choose the company.
 */
export function LoginLogPage() {
  const canSwitch = useCanChooseCompany();
  const [companyId, setCompanyId] = useState<number>();
  const filters = useListFilters<0 | 1>();
  const { setPage } = filters;
  const { status, ...params } = filters.params;
  const [days, setDays] = useState<Days>({ from: '', to: '' });
  const [exports, setExports] = useState<number[]>([]);
  const query = {
    keyword: params.keyword,
    success: status,
    date_from: days.from || undefined,
    date_to: days.to || undefined,
    ...inCompany(companyId),
  };
  const list = useLogins({ ...query, page: params.page, page_size: params.page_size });
  const filtered = Boolean(filters.filtered || days.from || days.to);

  return (
    <Card title="登录记录">
      <div className="admin-log-page">
        {canSwitch && (
          <ScopeCompanySelect
            value={companyId}
            onChange={(id) => {
              setCompanyId(id);
              setPage(1);
            }}
          />
        )}
        <ExportJobs routes={EXPORT_ROUTES} started={exports} />
        <FilteredList<CompanyLogin, 0 | 1>
          listFilters={filters}
          search={{
            label: '搜索用户',
            placeholder: '用户名 / 姓名',
            maxLength: KEYWORD_MAX,
            style: { width: 240 },
          }}
          filters={
            <DayRange
              labels={['登录日期从', '登录日期到']}
              value={days}
              onChange={(d) => {
                setDays(d);
                setPage(1);
              }}
            />
          }
          status={{ label: '登录结果', options: RESULT_OPTIONS, placeholder: '全部结果' }}
          aria-label="登录记录列表"
          columns={columns}
          query={list}
          empty={filtered ? '没有符合条件的登录记录' : '暂无登录记录'}
          scroll={undefined}
        >
          <Space wrap>
            <ExportButton
              routes={EXPORT_ROUTES}
              query={query}
              total={list.data?.paging.count}
              onStarted={(job: Job) => setExports((ids) => [...ids, job.id])}
            />
          </Space>
        </FilteredList>
      </div>
    </Card>
  );
}
