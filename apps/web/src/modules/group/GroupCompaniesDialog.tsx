import { type GroupAdmin, type GroupCompany, KEYWORD_MAX } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { App, Button, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { SearchPicker } from '#web/shared/ui/SearchPicker.tsx';
import { useFocusReturn } from '#web/shared/ui/useFocusReturn.ts';
import { groupKeys, useGroupCompanies, useGroupCompanyOptions } from './useGroups.ts';

/**
 * A group's companies in 集群管理 (the super administrator's): the ones it holds, each taken out
 * after a confirmation, and a picker of the others (found by name or code, with the group each is
 * in now: putting one in takes it out of that group).
 */
export function GroupCompaniesDialog({ group, onClose }: { group: GroupAdmin | null; onClose: () => void }) {
  const { modal } = App.useApp();
  const focusReturn = useFocusReturn(group !== null);
  const filters = useListFilters();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const companies = useGroupCompanies(
    group
      ? {
          group_id: group.id,
          page: filters.page,
          page_size: filters.pageSize,
          keyword: filters.keyword || undefined,
        }
      : undefined,
  );
  const options = useGroupCompanyOptions(group?.id, keyword);
  const invalidate = useInvalidate(groupKeys.all);
  const add = useInvalidatingMutation(groupKeys.all, (ids: number[]) =>
    api.call(groupCalls.addCompanies, { id: group?.id ?? 0, company_ids: ids }),
  );

  const takeOut = (company: GroupCompany) =>
    confirmDanger(modal, {
      title: `确定把「${company.company_name}」移出集群吗？`,
      content: '移出后，该集群的管理员和助理不再管理这个单位；单位本身的数据不受影响。',
      okText: '移出',
      onOk: () =>
        api
          .call(groupCalls.removeCompanies, { id: group?.id ?? 0, company_ids: [company.id] })
          .then(() => toastSuccess(`已移出「${company.company_name}」`))
          .catch(() => {})
          .finally(invalidate),
    });

  const columns: ListColumns<GroupCompany> = [
    { title: '单位名称', dataIndex: 'company_name', phone: 'title' },
    { title: '单位编码', dataIndex: 'code', width: 120 },
    { title: '单位类别', dataIndex: 'company_type', width: 100, render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number) => (v === 1 ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>),
    },
    actionsColumn<GroupCompany>((row) => (
      <Button
        type="link"
        size="small"
        danger
        aria-label={`移出 ${row.company_name}`}
        onClick={() => takeOut(row)}
      >
        移出
      </Button>
    )),
  ];

  return (
    <Modal
      {...focusReturn.props}
      title={group ? `单位 · ${group.name}` : '单位'}
      open={group !== null}
      onCancel={onClose}
      afterOpenChange={(opened) => {
        if (!opened) focusReturn.closed();
      }}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      width={820}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SearchPicker<number[]>
          multiple
          label="要放入集群的单位"
          placeholder="按单位名称或编码查找"
          none="没有可放入的单位"
          searching={options.isFetching}
          options={(options.data?.results ?? []).map((o) => ({
            value: o.id,
            label: o.group_name ? `${o.company_name}（现属 ${o.group_name}）` : o.company_name,
          }))}
          value={picked}
          onChange={setPicked}
          onSearch={setKeyword}
          action="放入集群"
          busy={add.isPending}
          onAdd={(ids) =>
            add.mutate(ids, {
              onSuccess: () => {
                toastSuccess(`已放入 ${ids.length} 个单位`);
                setPicked([]);
              },
            })
          }
        />
        <Typography.Text type="secondary">
          放入已属于其他集群的单位，会把它从原来的集群移过来。
        </Typography.Text>
        <FilteredList<GroupCompany>
          listFilters={filters}
          search={{
            label: '搜索本集群的单位',
            placeholder: '单位名称 / 单位编码',
            maxLength: KEYWORD_MAX,
            style: { width: 240, maxWidth: '100%' },
          }}
          aria-label={group ? `${group.name}的单位` : '集群的单位'}
          columns={columns}
          query={companies}
          empty={filters.keyword ? '没有符合条件的单位' : '该集群还没有单位：在上方查找并放入'}
        />
      </Space>
    </Modal>
  );
}
