import { LOGIN_REASONS, type LoginLog } from '@portal/contract';
import { Tag, Typography } from 'antd';
import { formatDateTime } from '#web/shared/format.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { usePaging } from '#web/shared/ui/pagination.ts';
import { useLoginLog } from './useAccount.ts';

/** The reason a login record carries, in words (contract); a success needs none. */
const reasonText = (v: string) =>
  v === 'ok' ? '—' : ((LOGIN_REASONS as Record<string, string>)[v] ?? (v || '—'));

/**
 * The columns of login records: the user's own (个人信息) and, with `userColumns` after the time,
 * a company's (登录记录, a staff user's page).
 */
export function loginColumns<T extends LoginLog>(userColumns: ListColumns<T> = []): ListColumns<T> {
  return [
    {
      title: '登录时间',
      dataIndex: 'create_time',
      width: 170,
      phone: 'title',
      render: (v: string) => formatDateTime(v),
    },
    ...userColumns,
    { title: 'IP 地址', dataIndex: 'ip', width: 140 },
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      phone: 'title',
      render: (v: number) => (v === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: '原因', dataIndex: 'reason', width: 160, render: reasonText },
    {
      title: '浏览器',
      dataIndex: 'user_agent',
      ellipsis: true,
      phone: 'hidden',
      render: (v: string) => <Typography.Text title={v}>{v}</Typography.Text>,
    },
  ];
}

const columns = loginColumns<LoginLog>();

/** The user's own recent logins (`GET /account/login/log`). */
export function LoginLogTable() {
  const { page, pageSize, pagination } = usePaging();
  const log = useLoginLog(page, pageSize);

  return (
    <ListTable<LoginLog>
      size="middle"
      aria-label="登录记录"
      columns={columns}
      query={log}
      empty="暂无登录记录"
      pagination={pagination}
      // The browser column is cut off (ellipsis), not scrolled.
      scroll={undefined}
    />
  );
}
