import { type CompanyLogin, KEYWORD_MAX, LOGIN_RESULTS } from '@portal/contract';
import { Card, DatePicker, Input, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { loginColumns } from '#web/modules/account/index.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useCompanyLogins } from './usePeople.ts';
import './people.css';

const RESULT_OPTIONS = optionsOf(LOGIN_RESULTS);

/** The columns of a company's login records (this list and one user's page). */
export const companyLoginColumns = (withUser: boolean) =>
  loginColumns<CompanyLogin>(
    withUser
      ? [
          {
            title: '用户',
            key: 'user',
            render: (_: unknown, r) =>
              r.user_id ? (
                <Link to={`/crm/user/${r.user_id}`}>
                  {r.real_name || r.username}
                  {r.real_name && r.real_name !== r.username && (
                    <Typography.Text type="secondary"> （{r.username}）</Typography.Text>
                  )}
                </Link>
              ) : (
                r.username
              ),
          },
          { title: '角色', dataIndex: 'role_name', width: 110, render: (v: string) => v || '—' },
        ]
      : [],
  );

/**
 * 登录记录 (/crm/login): every login attempt on the company's accounts — by user, result, day
 * range and IP; a user's name opens their page (/crm/user/{id}). Each user's own records stay in
 * 个人信息 (`/account/login/log`).
 */
export function LoginRecordPage() {
  const filters = useListFilters<0 | 1>();
  const { setPage } = filters;
  const { status, ...params } = filters.params;
  const [days, setDays] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [ip, setIp] = useState('');
  const list = useCompanyLogins({
    ...params,
    success: status,
    date_from: days?.[0]?.format('YYYY-MM-DD'),
    date_to: days?.[1]?.format('YYYY-MM-DD'),
    ip: ip || undefined,
  });
  const filtered = Boolean(filters.filtered || days || ip);

  return (
    <Card title="登录记录">
      <FilteredList<CompanyLogin, 0 | 1>
        listFilters={filters}
        search={{
          label: '搜索用户',
          placeholder: '用户名 / 姓名',
          maxLength: KEYWORD_MAX,
          style: { width: 240 },
        }}
        status={{ label: '登录结果', options: RESULT_OPTIONS }}
        aria-label="登录记录列表"
        columns={companyLoginColumns(true)}
        query={list}
        empty={filtered ? '没有符合条件的登录记录' : '暂无登录记录'}
        // The browser column is cut off (ellipsis), not scrolled.
        scroll={undefined}
      >
        <Space wrap>
          <DatePicker.RangePicker
            aria-label="登录日期"
            placeholder={['开始日期', '结束日期']}
            allowClear={CLEARABLE}
            value={days}
            onChange={(v) => {
              setDays(v);
              setPage(1);
            }}
          />
          <Input.Search
            aria-label="按 IP 地址筛选"
            placeholder="IP 地址"
            allowClear={CLEARABLE}
            maxLength={45}
            style={{ width: 180, maxWidth: '100%' }}
            onSearch={(v) => {
              setIp(v.trim());
              setPage(1);
            }}
          />
        </Space>
      </FilteredList>
    </Card>
  );
}
