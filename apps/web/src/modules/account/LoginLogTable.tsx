import { LOGIN_REASONS, type LoginLog } from '@portal/contract';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatDateTime } from '#web/shared/format.ts';
import { usePaging } from '#web/shared/ui/pagination.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useLoginLog } from './useAccount.ts';

/** The reason a login record carries, in words (contract); a success needs none. */
const reasonText = (v: string) =>
  v === 'ok' ? '—' : ((LOGIN_REASONS as Record<string, string>)[v] ?? (v || '—'));

const columns: TableColumnsType<LoginLog> = [
  { title: '登录时间', dataIndex: 'create_time', width: 180, render: (v: string) => formatDateTime(v) },
  { title: 'IP 地址', dataIndex: 'ip', width: 150 },
  {
    title: '结果',
    dataIndex: 'success',
    width: 90,
    render: (v: number) => (v === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
  },
  { title: '原因', dataIndex: 'reason', width: 220, render: reasonText },
  {
    title: '浏览器',
    dataIndex: 'user_agent',
    ellipsis: true,
    render: (v: string) => <Typography.Text title={v}>{v}</Typography.Text>,
  },
];

/** The user's own recent logins (`GET /account/login/log`). */
export function LoginLogTable() {
  const { page, pageSize, pagination } = usePaging();
  const log = useLoginLog(page, pageSize);

  return (
    <Table<LoginLog>
      rowKey="id"
      size="middle"
      aria-label="登录记录"
      columns={columns}
      dataSource={log.data?.results ?? []}
      loading={log.isFetching}
      locale={{ emptyText: <QueryEmpty query={log} description="暂无登录记录" /> }}
      pagination={pagination(log.data?.paging.count ?? 0)}
    />
  );
}
