import type { NewsAdminItem, Paging } from '@portal/contract';
import { newsAdminCalls } from '@portal/contract/calls';
import { App, Button, Card, Select, Space } from 'antd';
import { type Key, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useResource } from '#web/shared/resource/useResource.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { ListToolbar } from '#web/shared/ui/ListToolbar.tsx';
import { useExistingPage, useListFilters } from '#web/shared/ui/pagination.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { NewsStatusTag } from './newsStatus.tsx';
import { useNewsCategories, usePublishNews } from './useNewsAdmin.ts';

const STATUS_OPTIONS = [
  { value: 1, label: '已发布（含定时）' },
  { value: 0, label: '草稿' },
];

const editorOf = (id: number) => `/crm/news_detail?id=${id}`;

/**
 * 新闻管理 (/crm/news_index): the company's news — search, category and status filters, paging
 * 5/10/15/20, 写新闻 and 编辑 in the editor (/crm/news_detail), 发布/撤回 and 删除 per row and for the
 * selected rows after a confirmation, 导出 Excel of the filtered list. What is published shows on
 * the public news pages at once.
 */
export function NewsIndexPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const can = {
    add: useCan('news', 'add_news'),
    change: useCan('news', 'change_news'),
    delete: useCan('news', 'delete_news'),
  };
  const { keyword, status, search, filterStatus, page, pageSize, setPage, pagination } = useListFilters();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const filters = {
    keyword: keyword || undefined,
    status: status as 0 | 1 | undefined,
    category_id: categoryId,
  };
  const { list, remove } = useResource('news', newsAdminCalls, { page, page_size: pageSize, ...filters });
  const categories = useNewsCategories();
  const publish = usePublishNews();
  const [selected, setSelected] = useState<number[]>([]);
  const data = list.data as { results: NewsAdminItem[]; paging: Paging } | undefined;
  useExistingPage(data?.paging, page, setPage);
  const rows = data?.results ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));

  const named = (items: NewsAdminItem[]) =>
    items.length === 1 ? `「${(items[0] as NewsAdminItem).title}」` : `选中的 ${items.length} 篇新闻`;

  const removeRows = (items: NewsAdminItem[]) =>
    confirmDanger(modal, {
      title: `确定删除${named(items)}吗？`,
      content: '删除后前台不再显示，也不再列在这里。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(items.map((r) => r.id))
          .then((r) => {
            toastSuccess(`已删除 ${(r as { count: number }).count} 篇新闻`);
            setSelected((s) => s.filter((id) => !items.some((r) => r.id === id)));
          })
          .catch(() => {}),
    });

  const setStatus = (items: NewsAdminItem[], to: 0 | 1) =>
    confirmDanger(modal, {
      title: to === 1 ? `确定发布${named(items)}吗？` : `确定撤回${named(items)}吗？`,
      content:
        to === 1
          ? '发布后立即在前台新闻页显示；发布时间在将来的，到时才显示。'
          : '撤回后成为草稿，前台不再显示。',
      okText: to === 1 ? '发布' : '撤回',
      onOk: () =>
        publish
          .mutateAsync({ ids: items.map((r) => r.id), status: to })
          .then((r) => toastSuccess(`已${to === 1 ? '发布' : '撤回'} ${r.count} 篇新闻`))
          .catch(() => {}),
    });

  const columns: ListColumns<NewsAdminItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      phone: 'title',
      render: (v: string, row) => <Link to={editorOf(row.id)}>{v}</Link>,
    },
    { title: '栏目', dataIndex: 'category_name', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      phone: 'title',
      render: (v: number, row) => <NewsStatusTag status={v} publishedAt={row.published_at} />,
    },
    { title: '作者', dataIndex: 'author', width: 100, phone: 'hidden' },
    { title: '发布时间', dataIndex: 'published_at', width: 150, render: (v: string) => formatMinute(v) },
    { title: '阅读', dataIndex: 'views', width: 70, align: 'right', phone: 'hidden' },
    actionsColumn<NewsAdminItem>((row) => (
      <Space size={0} wrap>
        <Link to={editorOf(row.id)} aria-label={`${can.change ? '编辑' : '查看'} ${row.title}`}>
          {can.change ? '编辑' : '查看'}
        </Link>
        {can.change && (
          <Button
            type="link"
            size="small"
            onClick={() => setStatus([row], row.status === 1 ? 0 : 1)}
            aria-label={`${row.status === 1 ? '撤回' : '发布'} ${row.title}`}
          >
            {row.status === 1 ? '撤回' : '发布'}
          </Button>
        )}
        {can.delete && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => removeRows([row])}
            aria-label={`删除 ${row.title}`}
          >
            删除
          </Button>
        )}
      </Space>
    )),
  ];

  const filtered = Boolean(keyword) || status !== undefined || categoryId !== undefined;
  return (
    <Card title="新闻管理">
      <ListToolbar
        className="resource-toolbar"
        search={{
          label: '搜索新闻',
          placeholder: '标题 / 摘要 / 作者',
          maxLength: 50,
          style: { width: 260, maxWidth: '100%' },
          onSearch: search,
        }}
        status={{ label: '状态', options: STATUS_OPTIONS, value: status, onChange: filterStatus }}
      >
        <Space wrap>
          <Select
            aria-label="栏目"
            placeholder="全部栏目"
            allowClear={CLEARABLE}
            style={{ width: 130 }}
            loading={categories.isPending}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={categoryId}
            onChange={(v?: number) => {
              setCategoryId(v);
              setPage(1);
            }}
          />
          <Button href={api.href(newsAdminCalls.export, filters as never)} download>
            导出 Excel
          </Button>
          {can.change && (
            <>
              <Button disabled={chosen.length === 0} onClick={() => setStatus(chosen, 1)}>
                批量发布{chosen.length > 0 ? `（${chosen.length}）` : ''}
              </Button>
              <Button disabled={chosen.length === 0} onClick={() => setStatus(chosen, 0)}>
                批量撤回{chosen.length > 0 ? `（${chosen.length}）` : ''}
              </Button>
            </>
          )}
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除{chosen.length > 0 ? `（${chosen.length}）` : ''}
            </Button>
          )}
          {can.add && (
            <Button type="primary" onClick={() => navigate('/crm/news_detail?new=1')}>
              写新闻
            </Button>
          )}
        </Space>
      </ListToolbar>
      <ListTable<NewsAdminItem>
        aria-label="新闻列表"
        columns={columns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty={filtered ? '没有找到符合条件的新闻' : '暂无新闻，点「写新闻」写第一篇'}
        pagination={pagination}
        rowName={(r) => r.title}
        {...(can.change || can.delete
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: NewsAdminItem) => ({ 'aria-label': `选择 ${row.title}` }),
              },
            }
          : {})}
      />
    </Card>
  );
}
