import { PlusOutlined } from '@ant-design/icons';
import { KEYWORD_MAX, PROJECT_OPEN_MODE, type Project } from '@portal/contract';
import { projectCalls } from '@portal/contract/calls';
import { App, Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { useProjectList, useProjectWrites } from './useProjects.ts';

/** The project wizard (spec 001 §2: `project/create_project_wizard`); `?project_id=` edits one. */
export const wizardPath = (id?: number) =>
  `/manager/project/create_project_wizard${id === undefined ? '' : `?project_id=${id}`}`;

/**
 * 项目管理 (/manager/project): the company's training projects — found by name; a manager makes one
 * on a published flow (the wizard), edits it, copies it, and deletes it after a confirmation
 * (refused while another project goes on in it or it has businesses).
 */
export function ProjectPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCanCall(projectCalls.create);
  const filters = useListFilters<number>();
  const list = useProjectList(filters.params);
  const { copy, remove } = useProjectWrites();
  const copyOf = (p: Project) =>
    copy
      .mutateAsync({ project_id: p.id })
      .then((made) => toastSuccess(`已复制为「${made.name}」`))
      .catch(() => {});

  const confirmRemove = (p: Project) =>
    confirmDanger(modal, {
      title: `确定删除项目「${p.name}」吗？`,
      content: '删除后项目不能恢复；以它为跳转或嵌套目标的项目须先改掉目标。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync({ project_id: p.id })
          .then(() => toastSuccess(`已删除项目「${p.name}」`))
          .catch(() => {}),
    });

  const columns: ListColumns<Project> = [
    { title: '项目名称', dataIndex: 'name', phone: 'title' },
    { title: '流程', dataIndex: 'flow_name', width: 140 },
    { title: '所属事项', dataIndex: 'office_item', width: 110, render: (v: string) => v || '—' },
    {
      title: '开放模式',
      dataIndex: 'open_mode',
      width: 170,
      render: (m: number, p) =>
        `${PROJECT_OPEN_MODE[m as keyof typeof PROJECT_OPEN_MODE] ?? '—'}${m === 2 ? ` ${p.start_day} 至 ${p.end_day}` : ''}`,
    },
    { title: '创建人', dataIndex: 'creator_name', width: 110, render: (v: string) => v || '—' },
    { title: '更新时间', dataIndex: 'update_time', width: 150, render: (v: string) => formatMinute(v) },
    ...(canChange
      ? [
          actionsColumn<Project>((p) => (
            <Space size={0} wrap>
              <Button
                type="link"
                size="small"
                aria-label={`编辑 ${p.name}`}
                onClick={() => navigate(wizardPath(p.id))}
              >
                编辑
              </Button>
              <Button type="link" size="small" aria-label={`复制 ${p.name}`} onClick={() => void copyOf(p)}>
                复制
              </Button>
              <Button
                type="link"
                size="small"
                danger
                aria-label={`删除 ${p.name}`}
                onClick={() => confirmRemove(p)}
              >
                删除
              </Button>
            </Space>
          )),
        ]
      : []),
  ];

  return (
    <Card title="项目管理">
      <FilteredList<Project, number>
        listFilters={filters}
        search={{ label: '搜索项目', placeholder: '项目名称', maxLength: KEYWORD_MAX, style: { width: 200 } }}
        aria-label="项目列表"
        columns={columns}
        query={list}
        empty={
          filters.filtered ? '没有符合条件的项目' : canChange ? '还没有项目：点击「新建项目」' : '还没有项目'
        }
        rowName={(p) => p.name}
      >
        {canChange && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(wizardPath())}>
            新建项目
          </Button>
        )}
      </FilteredList>
    </Card>
  );
}
