import { GROUP_LIMITS, type GroupAdmin, groupCreateBody, KEYWORD_MAX, ROLE_NAMES } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { App, Button, Card, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatDateTime } from '#web/shared/format.ts';
import { useInvalidate, useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { GroupCompaniesDialog } from './GroupCompaniesDialog.tsx';
import { GroupStaffDialog } from './GroupStaffDialog.tsx';
import { groupKeys, useGroupList } from './useGroups.ts';

interface GroupForm {
  name: string;
  comment?: string;
  is_public: 0 | 1;
  is_default: 0 | 1;
}

const FIELDS = ['name', 'comment', 'is_public', 'is_default'] as const;
const YES_NO = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

/**
 * 集群管理 (/manager/group, the super administrator's): every group of companies — found by name or
 * description, made, renamed, made public or the default (the old default stops being it), its
 * companies put in and taken out (单位), its managers named (管理员), and deleted once it holds no company, after a
 * confirmation (docs/adr/0038).
 */
export function GroupAdminPage() {
  const { modal } = App.useApp();
  const filters = useListFilters();
  const list = useGroupList({
    page: filters.page,
    page_size: filters.pageSize,
    keyword: filters.keyword || undefined,
  });
  const invalidate = useInvalidate(groupKeys.all);
  const save = useInvalidatingMutation(groupKeys.all, (input: GroupForm & { id?: number }) =>
    input.id === undefined
      ? api.call(groupCalls.create, input, { toast: 'unlessField' })
      : api.call(groupCalls.update, { ...input, id: input.id }, { toast: 'unlessField' }),
  );
  const [editing, setEditing] = useState<GroupAdmin | 'new' | null>(null);
  const [managing, setManaging] = useState<GroupAdmin | null>(null);
  const [staffing, setStaffing] = useState<GroupAdmin | null>(null);
  const [form] = Form.useForm<GroupForm>();

  const open = (group: GroupAdmin | 'new') => {
    setEditing(group);
    form.setFieldsValue(
      group === 'new'
        ? { name: '', comment: '', is_public: 1, is_default: 0 }
        : {
            name: group.name,
            comment: group.comment,
            is_public: group.is_public as 0 | 1,
            is_default: group.is_default as 0 | 1,
          },
    );
  };

  const remove = (group: GroupAdmin) =>
    confirmDanger(modal, {
      title: `确定删除集群「${group.name}」吗？`,
      content:
        group.company_count > 0
          ? `该集群下还有 ${group.company_count} 个单位，须先把单位移出集群才能删除。`
          : '删除后，该集群的管理员和助理不再管理它。',
      okText: '删除',
      onOk: () =>
        api
          .call(groupCalls.remove, { id: group.id })
          .then(() => toastSuccess(`已删除集群「${group.name}」`))
          .catch(() => {})
          .finally(invalidate),
    });

  const columns: ListColumns<GroupAdmin> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '集群名称',
      dataIndex: 'name',
      phone: 'title',
      render: (name: string, row) => (
        <Space size={4} wrap>
          {name}
          {row.is_default === 1 && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '集群描述', dataIndex: 'comment', render: (v: string) => v || '—' },
    { title: '是否公开', dataIndex: 'is_public', width: 90, render: (v: number) => (v ? '是' : '否') },
    { title: '单位数', dataIndex: 'company_count', width: 80 },
    {
      title: '集群管理员',
      dataIndex: 'staff',
      render: (staff: GroupAdmin['staff']) =>
        staff.length === 0 ? (
          <Typography.Text type="secondary">未指定</Typography.Text>
        ) : (
          staff.map((s) => `${s.name}（${ROLE_NAMES[s.role] ?? s.role}）`).join('、')
        ),
    },
    { title: '创建时间', dataIndex: 'create_time', width: 180, render: (v: string) => formatDateTime(v) },
    actionsColumn<GroupAdmin>((row) => (
      <Space size={0}>
        <Button type="link" size="small" aria-label={`编辑 ${row.name}`} onClick={() => open(row)}>
          编辑
        </Button>
        <Button type="link" size="small" aria-label={`单位 ${row.name}`} onClick={() => setManaging(row)}>
          单位
        </Button>
        <Button type="link" size="small" aria-label={`管理员 ${row.name}`} onClick={() => setStaffing(row)}>
          管理员
        </Button>
        <Button type="link" size="small" danger aria-label={`删除 ${row.name}`} onClick={() => remove(row)}>
          删除
        </Button>
      </Space>
    )),
  ];

  return (
    <Card title="集群管理">
      <FilteredList<GroupAdmin>
        listFilters={filters}
        search={{
          label: '搜索集群',
          placeholder: '集群名称 / 描述',
          maxLength: KEYWORD_MAX,
          style: { width: 260, maxWidth: '100%' },
        }}
        aria-label="集群列表"
        columns={columns}
        query={list}
        empty={filters.keyword ? '没有符合条件的集群' : '还没有集群：点击「添加集群」新建'}
      >
        <Button type="primary" onClick={() => open('new')}>
          添加集群
        </Button>
      </FilteredList>
      <FormModal<GroupForm>
        form={form}
        name="group-form"
        label={editing === 'new' ? '添加集群' : '修改集群'}
        title={editing === 'new' || editing === null ? '添加集群' : `修改集群 · ${editing.name}`}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        okText="保存"
        ok={{ loading: save.isPending }}
        onFinish={(values) => {
          const id = editing !== null && editing !== 'new' ? editing.id : undefined;
          save.mutate(
            {
              ...values,
              name: values.name.trim(),
              comment: values.comment?.trim() ?? '',
              ...(id ? { id } : {}),
            },
            savedWithToast(form, FIELDS, id ? '已保存集群' : '已添加集群', () => setEditing(null)),
          );
        }}
      >
        <Form.Item label="集群名称" name="name" required rules={[zodRule(groupCreateBody.shape.name)]}>
          <Input maxLength={GROUP_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item label="集群描述" name="comment" rules={[zodRule(groupCreateBody.shape.comment)]}>
          <Input.TextArea maxLength={GROUP_LIMITS.comment} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="是否公开" name="is_public">
          <Radio.Group options={YES_NO} />
        </Form.Item>
        <Form.Item
          label="默认集群"
          name="is_default"
          extra="默认集群的单位供新用户注册时选择；设为默认后，原来的默认集群不再是默认。"
        >
          <Radio.Group options={YES_NO} />
        </Form.Item>
      </FormModal>
      <GroupCompaniesDialog group={managing} onClose={() => setManaging(null)} />
      <GroupStaffDialog group={staffing} onClose={() => setStaffing(null)} />
    </Card>
  );
}
