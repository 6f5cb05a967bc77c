import { DOC_USAGE, KEYWORD_MAX, type KnowledgeItem } from '@portal/contract';
import { businessKnowledgeCalls } from '@portal/contract/calls';
import { formatBytes } from '@portal/contract/constants';
import { Alert, Button, Card, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';

const USAGE_OPTIONS = Object.entries(DOC_USAGE)
  .filter(([k]) => k !== '0')
  .map(([value, label]) => ({ value: Number(value), label }));
const usageWord = (u: number) => DOC_USAGE[u as keyof typeof DOC_USAGE] ?? '—';

/**
 * 知识库 (`/business/knowledge_index`; issue 37): the materials the company's flows give their runs,
 * of every flow a live project runs on — found by name and usage (and, from a project's card, that
 * project's alone), each downloaded as it is.
 */
export function KnowledgePage() {
  const [search] = useSearchParams();
  const project = Number(search.get('project_id'));
  const projectId = Number.isInteger(project) && project > 0 ? project : undefined;
  const filters = useListFilters<number>();
  const { status: usage, ...rest } = filters.params;
  const params = { ...rest, usage, project_id: projectId };
  const list = useListQuery(['business-knowledge', params], () =>
    api.call(businessKnowledgeCalls.list, params),
  );
  const columns: ListColumns<KnowledgeItem> = [
    { title: '素材', dataIndex: 'name', ellipsis: true },
    { title: '用途', dataIndex: 'usage', width: 100, render: (u: number) => <Tag>{usageWord(u)}</Tag> },
    { title: '流程', dataIndex: 'flow_name', ellipsis: true, responsive: ['md'] },
    {
      title: '实训项目',
      dataIndex: 'projects',
      ellipsis: true,
      responsive: ['lg'],
      render: (p: string[]) => p.join('、'),
    },
    {
      title: '大小',
      dataIndex: 'size',
      width: 100,
      align: 'right',
      responsive: ['md'],
      render: (n: number) => formatBytes(n),
    },
    {
      title: '更新时间',
      dataIndex: 'update_time',
      width: 170,
      responsive: ['lg'],
      render: (t: string) => formatDateTime(t),
    },
    actionsColumn<KnowledgeItem>((k) => (
      <Button
        type="link"
        size="small"
        href={api.href(businessKnowledgeCalls.content, { id: k.id })}
        download={k.file_name}
        aria-label={`下载 ${k.name}`}
      >
        下载
      </Button>
    )),
  ];
  return (
    <Card title="知识库">
      {projectId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <span className="text-links">
              只显示一个实训项目的素材。<Link to="/business/knowledge_index">查看全部素材</Link>
            </span>
          }
        />
      )}
      <FilteredList<KnowledgeItem, number>
        listFilters={filters}
        search={{ label: '搜索素材', placeholder: '素材名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        status={{ label: '按用途筛选', options: USAGE_OPTIONS, placeholder: '全部用途' }}
        aria-label="知识库"
        columns={columns}
        query={list}
        empty={
          filters.filtered
            ? '没有符合条件的素材'
            : '知识库还是空的：管理者为流程上传的操作指南、模板、素材等，在流程发布并用于实训项目后出现在这里'
        }
        rowName={(k) => k.name}
      />
    </Card>
  );
}
