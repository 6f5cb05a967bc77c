import { PlusOutlined } from '@ant-design/icons';
import { type GroupCompany, KEYWORD_MAX } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { Button, Card, Descriptions, Empty, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { GroupCompanyCreateDialog } from './GroupCompanyCreateDialog.tsx';
import { useGroupCompanies, useMyGroups } from './useGroups.ts';

const columns: ListColumns<GroupCompany> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: '单位编码', dataIndex: 'code', width: 140 },
  { title: '单位名称', dataIndex: 'company_name', phone: 'title' },
  { title: '单位类别', dataIndex: 'company_type', width: 120, render: (v: string) => v || '—' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (v: number) => (v === 1 ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>),
  },
  { title: '创建时间', dataIndex: 'create_time', width: 180, render: (v: string) => formatDateTime(v) },
];

/**
 * 集群及单位管理 (/manager/group_company): the groups the caller works for (a group manager's and
 * their assistant's; every group for the super administrator) and each one's companies — searched
 * by name or code and paged by the server, which refuses any group outside the caller's scope
 * (docs/adr/0038).
 */
export function GroupCompanyPage() {
  const groups = useMyGroups();
  const [chosen, setChosen] = useState<number>();
  const [adding, setAdding] = useState(false);
  const canAdd = useCanCall(groupCalls.createCompany);
  const filters = useListFilters();
  const list = groups.data?.results ?? [];
  const group = list.find((g) => g.id === chosen) ?? list[0];
  const companies = useGroupCompanies(
    group && {
      group_id: group.id,
      page: filters.page,
      page_size: filters.pageSize,
      keyword: filters.keyword || undefined,
    },
  );

  if (groups.isPending)
    return (
      <Card title="集群及单位管理">
        <Spin tip="正在加载集群…">
          <div style={{ minHeight: 120 }} />
        </Spin>
      </Card>
    );
  if (groups.isError)
    return (
      <Card title="集群及单位管理">
        <Result status="warning" title="集群加载失败" subTitle="请稍后刷新页面重试" />
      </Card>
    );
  if (!group)
    return (
      <Card title="集群及单位管理">
        <Empty description="你还没有负责的集群：由超级管理员指定为某个集群的管理员或助理后，这里会列出它的单位" />
      </Card>
    );

  return (
    <Card title="集群及单位管理">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {list.length > 1 && (
          <Space wrap>
            <Typography.Text id="group-picker-label">集群</Typography.Text>
            <Select
              aria-labelledby="group-picker-label"
              value={group.id}
              style={{ minWidth: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={list.map((g) => ({ value: g.id, label: g.name }))}
              onChange={(id: number) => {
                setChosen(id);
                filters.setPage(1);
              }}
            />
          </Space>
        )}
        <Descriptions title={group.name} size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
          <Descriptions.Item label="集群描述">{group.comment || '—'}</Descriptions.Item>
          <Descriptions.Item label="是否公开">{group.is_public ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="默认集群">{group.is_default ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="单位数">{group.companies.length}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatDateTime(group.create_time)}</Descriptions.Item>
        </Descriptions>
        <FilteredList<GroupCompany>
          listFilters={filters}
          search={{
            label: '搜索单位',
            placeholder: '单位名称 / 单位编码',
            maxLength: KEYWORD_MAX,
            style: { width: 260, maxWidth: '100%' },
          }}
          aria-label={`${group.name}的单位列表`}
          columns={columns}
          query={companies}
          empty={filters.keyword ? '没有符合条件的单位' : '该集群还没有单位'}
        >
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              添加单位
            </Button>
          )}
        </FilteredList>
      </Space>
      <GroupCompanyCreateDialog group={adding ? group : null} onClose={() => setAdding(false)} />
    </Card>
  );
}
