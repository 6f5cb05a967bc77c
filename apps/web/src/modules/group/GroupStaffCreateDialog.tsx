import { type GroupAdmin, groupStaffCreateBody, MAX_PAGE_SIZE } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { Form, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { NewAccountFields } from './NewAccountFields.tsx';
import { groupKeys, useGroupCompanies } from './useGroups.ts';

interface Values {
  company_id: number;
  role: number;
  username: string;
  real_name: string;
  password: string;
}

const FIELDS = ['company_id', 'role', 'username', 'real_name', 'password'] as const;
const rules = groupStaffCreateBody.shape;

/**
 * 新建管理员 (集群管理 → 管理员, the super administrator's; `/account/user/create`): a new 集群管理员
 * or assistant, a user of one of the group's companies, named to the group at once. `onSaved`
 * gets the group as it is now.
 */
export function GroupStaffCreateDialog({
  group,
  onClose,
  onSaved,
}: {
  group: GroupAdmin | null;
  onClose: () => void;
  onSaved: (group: GroupAdmin) => void;
}) {
  const [form] = Form.useForm<Values>();
  // The new account's company: its password rule is the one shown and checked.
  const chosenCompany = Form.useWatch('company_id', form);
  const companies = useGroupCompanies(
    group ? { group_id: group.id, page: 1, page_size: MAX_PAGE_SIZE } : undefined,
  );
  const create = useInvalidatingMutation(groupKeys.all, (input: Values & { id: number }) =>
    api.call(groupCalls.createStaff, input, { toast: 'unlessField' }),
  );
  useEffect(() => {
    if (group) form.resetFields();
  }, [group, form]);

  return (
    <FormModal<Values>
      form={form}
      name="group-staff-create"
      label="新建管理员"
      title={group ? `新建管理员 · ${group.name}` : '新建管理员'}
      open={group !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: create.isPending }}
      formProps={{ initialValues: { role: 2 } }}
      onFinish={(v) => {
        if (!group) return;
        create.mutate(
          { ...v, id: group.id, username: v.username.trim(), real_name: v.real_name.trim() },
          savedWithToast<GroupAdmin>(form, FIELDS, '已新建并指定管理员', (updated) => {
            onSaved(updated);
            onClose();
          }),
        );
      }}
    >
      <Form.Item
        label="所在单位"
        name="company_id"
        required
        rules={[{ required: true, message: '请选择所在单位' }]}
      >
        <Select
          aria-label="所在单位"
          placeholder={
            companies.data?.results.length === 0 ? '该集群还没有单位：请先放入单位' : '请选择所在单位'
          }
          loading={companies.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(companies.data?.results ?? []).map((c) => ({ value: c.id, label: c.company_name }))}
        />
      </Form.Item>
      <Form.Item label="角色" name="role" required rules={[zodRule(rules.role)]}>
        <Radio.Group
          options={[
            { value: 2, label: '集群管理员' },
            { value: 6, label: '集群管理员助理' },
          ]}
        />
      </Form.Item>
      <NewAccountFields
        companyId={chosenCompany}
        fields={{
          username: ['username', rules.username],
          name: ['real_name', rules.real_name],
          password: ['password', rules.password],
        }}
        labels={{ username: '用户名', name: '姓名', password: '初始密码' }}
      />
    </FormModal>
  );
}
