import { type NewsAdminItem, newsAdminResource } from '@portal/contract';
import { newsAdminCalls } from '@portal/contract/calls';
import { App, Button, Select } from 'antd';
import { Link } from 'react-router';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { namedRows, ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import { NewsStatusTag } from './newsStatus.tsx';
import { useNewsCategories, usePublishNews } from './useNewsAdmin.ts';

const STATUS_OPTIONS = [
  { value: 1, label: '已发布（含定时）' },
  { value: 0, label: '草稿' },
];

const editorOf = (row: NewsAdminItem | null) =>
  row ? `/crm/news_detail?id=${row.id}` : '/crm/news_detail?new=1';
const named = (items: NewsAdminItem[]) => namedRows(items, (r) => r.title, '新闻', '篇');

/**
 * 新闻管理 (/crm/news_index): the company's news on the resource page — search, category and status
 * filters, paging 5/10/15/20, 写新闻 and 编辑 in the editor (/crm/news_detail; 查看 there without
 * the right to change), 发布/撤回 and 删除 per row and for the selected rows after a confirmation,
 * 导出 Excel of the filtered list and 导入 from Excel. What is published shows on the public news
 * pages at once.
 */
export function NewsIndexPage() {
  const { modal } = App.useApp();
  const canPublish = useCanCall(newsAdminCalls.publish);
  const categories = useNewsCategories();
  const publish = usePublishNews();

  const setStatus = (items: NewsAdminItem[], to: 0 | 1) =>
    confirmRun(modal, {
      title: to === 1 ? `确定发布${named(items)}吗？` : `确定撤回${named(items)}吗？`,
      content:
        to === 1
          ? '发布后立即在前台新闻页显示；发布时间在将来的，到时才显示。'
          : '撤回后成为草稿，前台不再显示。',
      okText: to === 1 ? '发布' : '撤回',
      run: () => publish.mutateAsync({ ids: items.map((r) => r.id), status: to }),
      done: (r) => `已${to === 1 ? '发布' : '撤回'} ${r.count} 篇新闻`,
    });

  return (
    <ResourcePage<NewsAdminItem, object, { category_id?: number }>
      name="news"
      resource={newsAdminResource}
      unit="篇"
      title="新闻管理"
      routes={newsAdminCalls}
      render={{
        title: { render: (v: string, row) => <Link to={editorOf(row)}>{v}</Link> },
        category_name: { width: 110 },
        status: {
          width: 100,
          render: (v: number, row) => <NewsStatusTag status={v} publishedAt={row.published_at} />,
        },
        author: { width: 100 },
        views: { title: '阅读', width: 70 },
      }}
      statusOptions={STATUS_OPTIONS}
      rowName={(r) => r.title}
      editor={{ href: editorOf }}
      addLabel="写新闻"
      removeNote="删除后前台不再显示，也不再列在这里。"
      filters={{
        render: (values, set) => (
          <Select
            aria-label="栏目"
            placeholder="全部栏目"
            allowClear={CLEARABLE}
            style={{ width: 130 }}
            loading={categories.isPending}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={values.category_id}
            onChange={(v?: number) => set({ category_id: v })}
          />
        ),
      }}
      rowActions={(row) =>
        canPublish ? (
          <Button
            type="link"
            size="small"
            onClick={() => setStatus([row], row.status === 1 ? 0 : 1)}
            aria-label={`${row.status === 1 ? '撤回' : '发布'} ${row.title}`}
          >
            {row.status === 1 ? '撤回' : '发布'}
          </Button>
        ) : (
          <LinkButton to={editorOf(row)} label={`查看 ${row.title}`}>
            查看
          </LinkButton>
        )
      }
      batchActions={
        canPublish
          ? (rows) => (
              <>
                <Button disabled={rows.length === 0} onClick={() => setStatus(rows, 1)}>
                  批量发布{rows.length > 0 ? `（${rows.length}）` : ''}
                </Button>
                <Button disabled={rows.length === 0} onClick={() => setStatus(rows, 0)}>
                  批量撤回{rows.length > 0 ? `（${rows.length}）` : ''}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
