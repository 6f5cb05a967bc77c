import {
  INBOX_KINDS,
  INBOX_READ_STATES,
  type InboxKind,
  type InboxMessage,
  KEYWORD_MAX,
} from '@portal/contract';
import { App, Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useDeleteMessages, useInboxList, useMarkRead } from './useInbox.ts';

const optionsOfNames = <K extends string>(names: Readonly<Record<K, string>>) =>
  (Object.entries(names) as [K, string][]).map(([value, label]) => ({ value, label }));
const KIND_OPTIONS = optionsOfNames(INBOX_KINDS);
const STATE_OPTIONS = optionsOfNames(INBOX_READ_STATES);

/** A message's link: a path of the portal, or a screen of the area the reader is in. */
export const linkOf = (link: string, areaPath: string) =>
  link.startsWith('/') ? link : `${areaPath}/${link}`;

/**
 * 我的消息 (message-view, every area's 个人中心; docs/adr/0038 "Messages"): what the portal told the
 * person — newest first, found by words, kind and read state; opened (which marks it read), marked
 * read one by one or all at once, deleted after a confirmation.
 */
export function MessageViewPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const areaPath = `/${useLocation().pathname.split('/')[1] ?? ''}`;
  const filters = useListFilters<'unread' | 'read'>();
  const [kind, setKind] = useState<InboxKind | undefined>();
  const { page, page_size, keyword } = filters.params;
  const params = { page, page_size, keyword, state: filters.status, kind };
  const list = useInboxList(params);
  const markRead = useMarkRead();
  const remove = useDeleteMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const unread = list.data?.unread ?? 0;

  const open = (m: InboxMessage) => {
    if (m.is_read === 0) markRead.mutate([m.id]);
    if (m.link) navigate(linkOf(m.link, areaPath));
  };
  const askDelete = (ids: number[]) =>
    confirmDanger(modal, {
      title: ids.length > 1 ? `删除选中的 ${ids.length} 条消息？` : '删除这条消息？',
      content: '删除后无法恢复。',
      okText: '删除',
      onOk: () =>
        remove.mutateAsync(ids).then(() => {
          setSelected([]);
          toastSuccess('已删除');
        }),
    });

  const columns: ListColumns<InboxMessage> = [
    {
      title: '状态',
      dataIndex: 'is_read',
      width: 80,
      render: (v: number) => (v === 0 ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>),
    },
    {
      title: '消息',
      dataIndex: 'title',
      phone: 'title',
      render: (_: string, m) => (
        <div>
          <Typography.Text strong={m.is_read === 0}>{m.title}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {m.content}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: '类别', dataIndex: 'kind', render: (v: string) => INBOX_KINDS[v as InboxKind] ?? v },
    { title: '时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    actionsColumn<InboxMessage>((m) => (
      <Space size={0} wrap>
        {m.link && (
          <Button type="link" size="small" onClick={() => open(m)}>
            查看
          </Button>
        )}
        {m.is_read === 0 && (
          <Button type="link" size="small" onClick={() => markRead.mutate([m.id])}>
            标为已读
          </Button>
        )}
        <Button type="link" size="small" danger onClick={() => askDelete([m.id])}>
          删除
        </Button>
      </Space>
    )),
  ];

  return (
    <Card title={`我的消息${unread > 0 ? `（${unread} 条未读）` : ''}`}>
      <FilteredList<InboxMessage, 'unread' | 'read'>
        listFilters={filters}
        search={{
          label: '搜索消息',
          placeholder: '标题 / 内容',
          maxLength: KEYWORD_MAX,
          style: { width: 240 },
        }}
        status={{ label: '阅读状态', options: STATE_OPTIONS, placeholder: '全部消息' }}
        filters={
          <Select<InboxKind>
            aria-label="消息类别"
            placeholder="全部类别"
            options={KIND_OPTIONS}
            value={kind}
            onChange={(v) => {
              setKind(v);
              filters.setPage(1);
            }}
            allowClear={CLEARABLE}
            style={{ width: 140 }}
          />
        }
        aria-label="消息列表"
        columns={columns}
        query={list}
        empty="暂无消息"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      >
        <Button
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate([], { onSuccess: () => toastSuccess('已全部标为已读') })}
        >
          全部标为已读
        </Button>
        <Button danger disabled={selected.length === 0} onClick={() => askDelete(selected)}>
          删除所选
        </Button>
      </FilteredList>
    </Card>
  );
}
