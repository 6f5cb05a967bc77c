import { SMS_PURPOSES, type SmsOutboxRow } from '@portal/contract';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '#web/shared/format.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { ListToolbar } from '#web/shared/ui/ListToolbar.tsx';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { useSmsOutbox } from './useSmsOutbox.ts';

const columns: ListColumns<SmsOutboxRow> = [
  { title: '发送时间', dataIndex: 'create_time', width: 180, render: (v: string) => formatDateTime(v) },
  { title: '手机号', dataIndex: 'mobile', width: 140, phone: 'title' },
  {
    title: '用途',
    dataIndex: 'purpose',
    width: 110,
    phone: 'title',
    render: (v: string) => (SMS_PURPOSES as Record<string, string>)[v] ?? v,
  },
  { title: '短信内容', dataIndex: 'content' },
];

/**
 * 短信发件箱: what the built-in SMS sender "sent" (it writes an outbox instead of calling a
 * gateway), so an administrator can pass a member the verification code.
 */
export function SmsOutboxPage() {
  const [mobile, setMobile] = useState('');
  const { page, pageSize, setPage, pagination } = usePaging();
  const list = useSmsOutbox(mobile, page, pageSize);
  useExistingPage(list.data?.paging, page, setPage);

  return (
    <Card title="短信发件箱">
      <Typography.Paragraph type="secondary">
        内置短信通道不连接运营商，验证码等短信记录在这里，可告知用户。
      </Typography.Paragraph>
      <ListToolbar
        search={{
          label: '手机号',
          placeholder: '按手机号查找',
          maxLength: 11,
          style: { width: 240 },
          onSearch: (v) => {
            setMobile(v.trim());
            setPage(1);
          },
        }}
      >
        <Button onClick={() => list.refetch()} loading={list.isFetching}>
          刷新
        </Button>
      </ListToolbar>
      <ListTable<SmsOutboxRow>
        size="middle"
        aria-label="短信发件箱"
        columns={columns}
        query={list}
        empty="暂无短信"
        pagination={pagination}
        scroll={{ x: 720 }}
      />
    </Card>
  );
}
