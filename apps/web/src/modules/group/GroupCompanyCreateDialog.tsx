import { type Group, type GroupCompany, groupCompanyCreateBody } from '@portal/contract';
import { groupCalls } from '@portal/contract/calls';
import { Divider, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation } from '#web/shared/queryHooks.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { NewAccountFields } from './NewAccountFields.tsx';
import { groupKeys, useCompanyTypes } from './useGroups.ts';

interface Values {
  company_name: string;
  code: string;
  company_type_id?: number;
  manager_username: string;
  manager_name: string;
  manager_password: string;
}

const FIELDS = [
  'company_name',
  'code',
  'company_type_id',
  'manager_username',
  'manager_name',
  'manager_password',
] as const;
const rules = groupCompanyCreateBody.shape;

/**
 * 添加单位 (集群及单位管理, docs/adr/0038): a new company of `group` with its first 单位管理员 — the
 * company's name, code and type, and the manager's user name, name and password — made together
 * on the server (`/group/company/create`); a field the server refuses (编码 or 用户名 taken) is
 * marked beside it.
 */
export function GroupCompanyCreateDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const types = useCompanyTypes(group !== null);
  const create = useInvalidatingMutation(groupKeys.all, (input: Values & { group_id: number }) =>
    api.call(groupCalls.createCompany, input, { toast: 'unlessField' }),
  );
  useEffect(() => {
    if (group) form.resetFields();
  }, [group, form]);

  return (
    <FormModal<Values>
      form={form}
      name="group-company-create"
      label="添加单位"
      title={group ? `添加单位 · ${group.name}` : '添加单位'}
      open={group !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: create.isPending }}
      onFinish={(v) => {
        if (!group) return;
        create.mutate(
          {
            ...v,
            group_id: group.id,
            company_name: v.company_name.trim(),
            code: v.code.trim(),
            manager_username: v.manager_username.trim(),
            manager_name: v.manager_name.trim(),
          },
          savedWithToast<GroupCompany>(form, FIELDS, '已添加单位及其管理员', onClose),
        );
      }}
    >
      <Form.Item label="单位名称" name="company_name" required rules={[zodRule(rules.company_name)]}>
        <Input maxLength={60} showCount />
      </Form.Item>
      <Form.Item
        label="单位编码"
        name="code"
        required
        rules={[zodRule(rules.code)]}
        extra="2–20 位字母、数字、_ 或 -，各单位不能重复"
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="单位类别" name="company_type_id">
        <Select
          aria-label="单位类别"
          allowClear={CLEARABLE}
          placeholder="请选择单位类别"
          loading={types.isPending}
          options={(types.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <Divider plain>单位管理员</Divider>
      <NewAccountFields
        companyId="new"
        fields={{
          username: ['manager_username', rules.manager_username],
          name: ['manager_name', rules.manager_name],
          password: ['manager_password', rules.manager_password],
        }}
        labels={{ username: '管理员用户名', name: '管理员姓名', password: '管理员密码' }}
      />
    </FormModal>
  );
}
