import { type BoardMessage, REVIEW_STATUS, REVIEW_STATUS_NAMES } from '@portal/contract';
import { App, Button, Card, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useExistingPage, useListFilters } from '#web/shared/ui/pagination.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { ReviewStatusTag } from './StatusTags.tsx';
import { useDeleteMessages, useMessages, useReviewMessages } from './useFeedbackAdmin.ts';
import './feedback.css';

const TABS = optionsOf(REVIEW_STATUS_NAMES).map((o) => ({ key: String(o.value), label: o.label }));

/** 留言审核 (/crm/message_board): pending messages are approved or rejected, in batches; any may be deleted. */
export function MessageBoardPage() {
  const { modal } = App.useApp();
  const canReview = useCan('feedback', 'review_message');
  // The pending messages first: no status chosen yet means 待审核.
  const {
    status = REVIEW_STATUS.PENDING,
    filterStatus,
    page,
    pageSize,
    setPage,
    pagination,
  } = useListFilters();
  const [selected, setSelected] = useState<number[]>([]);
  const list = useMessages({ page, page_size: pageSize, status });
  useExistingPage(list.data?.paging, page, setPage);
  const review = useReviewMessages();
  const remove = useDeleteMessages();
  const pending = status === REVIEW_STATUS.PENDING;

  const decide = (ids: number[], s: 1 | 2) =>
    review.mutate(
      { ids, status: s },
      {
        onSuccess: (r) => {
          toastSuccess(`已${s === 1 ? '通过' : '拒绝'} ${r.reviewed} 条留言`);
          setSelected((cur) => cur.filter((id) => !ids.includes(id)));
        },
      },
    );

  const confirmReject = (ids: number[]) =>
    confirmDanger(modal, {
      title: `确定拒绝选中的 ${ids.length} 条留言吗？`,
      content: '拒绝后留言不会在留言板显示。',
      okText: '拒绝',
      onOk: () => decide(ids, 2),
    });

  const confirmDelete = (ids: number[]) =>
    confirmDanger(modal, {
      title: `确定删除选中的 ${ids.length} 条留言吗？`,
      content: '删除后不能恢复，已公开的留言也会从留言板撤下。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync({ ids })
          .then((r) => {
            toastSuccess(`已删除 ${r.deleted} 条留言`);
            setSelected((cur) => cur.filter((id) => !ids.includes(id)));
          })
          .catch(() => {}),
    });

  const columns: ListColumns<BoardMessage> = [
    {
      title: '留言内容',
      dataIndex: 'content',
      render: (v: string) => (
        <Typography.Paragraph
          className="feedback-text feedback-cell-text"
          ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
          style={{ margin: 0 }}
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    { title: '昵称', dataIndex: 'nickname', phone: 'title' },
    { title: '留言时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    { title: 'IP', dataIndex: 'ip', phone: 'hidden' },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <ReviewStatusTag status={v} />,
    },
    ...(pending
      ? []
      : [
          {
            title: '审核',
            key: 'review',
            render: (_: unknown, row: BoardMessage) => (
              <div>
                <div>{row.reviewer_name || '—'}</div>
                <Typography.Text type="secondary">{formatMinute(row.review_time)}</Typography.Text>
              </div>
            ),
          },
        ]),
    ...(canReview
      ? [
          actionsColumn<BoardMessage>((row) => (
            <Space size={0}>
              {row.status === REVIEW_STATUS.PENDING && (
                <>
                  <Button type="link" size="small" onClick={() => decide([row.id], 1)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => confirmReject([row.id])}>
                    拒绝
                  </Button>
                </>
              )}
              <Button type="link" size="small" danger onClick={() => confirmDelete([row.id])}>
                删除
              </Button>
            </Space>
          )),
        ]
      : []),
  ];

  return (
    <Card title="留言审核">
      <Tabs
        activeKey={String(status)}
        items={TABS}
        onChange={(k) => {
          filterStatus(Number(k));
          setSelected([]);
        }}
      />
      {canReview && (
        <div className="feedback-toolbar">
          <Space wrap>
            {pending && (
              <>
                <Button
                  type="primary"
                  disabled={selected.length === 0}
                  loading={review.isPending}
                  onClick={() => decide(selected, 1)}
                >
                  批量通过
                </Button>
                <Button danger disabled={selected.length === 0} onClick={() => confirmReject(selected)}>
                  批量拒绝
                </Button>
              </>
            )}
            <Button danger disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
              批量删除
            </Button>
            {selected.length > 0 && (
              <Typography.Text type="secondary">已选 {selected.length} 条</Typography.Text>
            )}
          </Space>
        </div>
      )}
      <ListTable<BoardMessage>
        aria-label="留言列表"
        columns={columns}
        query={list}
        empty="暂无留言"
        pagination={pagination}
        rowSelection={
          canReview
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
      />
    </Card>
  );
}
