import { SMS_NOTICE_PURPOSES, SMS_PURPOSES, type SmsOutboxRow } from '@portal/contract';
import { Button, Card, Typography } from 'antd';
import { formatDateTime } from '#web/shared/format.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useSmsOutbox } from './useSmsOutbox.ts';

const columns: ListColumns<SmsOutboxRow> = [
  { title: '发送时间', dataIndex: 'create_time', width: 180, render: (v: string) => formatDateTime(v) },
  { title: '手机号', dataIndex: 'mobile', width: 140, phone: 'title' },
  {
    title: '用途',
    dataIndex: 'purpose',
    width: 110,
    phone: 'title',
    render: (v: string) => (({ ...SMS_PURPOSES, ...SMS_NOTICE_PURPOSES }) as Record<string, string>)[v] ?? v,
  },
  { title: '短信内容', dataIndex: 'content' },
];

/**
 * 短信发件箱: what the built-in SMS sender "sent" (it writes an outbox instead of calling a
 * gateway), so an administrator can pass a member the verification code.
 */
export function SmsOutboxPage() {
  const filters = useListFilters();
  const list = useSmsOutbox(filters.keyword, filters.page, filters.pageSize);

  return (
    <Card title="短信发件箱">
      <Typography.Paragraph type="secondary">
        内置短信通道不连接运营商，验证码等短信记录在这里，可告知用户。
      </Typography.Paragraph>
      <FilteredList<SmsOutboxRow>
        listFilters={filters}
        search={{ label: '手机号', placeholder: '按手机号查找', maxLength: 11, style: { width: 240 } }}
        size="middle"
        aria-label="短信发件箱"
        columns={columns}
        query={list}
        empty="暂无短信"
        scroll={{ x: 720 }}
      >
        <Button onClick={() => list.refetch()} loading={list.isFetching}>
          刷新
        </Button>
      </FilteredList>
    </Card>
  );
}
