import { DEPARTMENT_LIMITS, type Department, departmentCreateBody, TOP_DEPARTMENT } from '@portal/contract';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { parentOptions } from './departmentTree.ts';
import { useSaveDepartment } from './useDepartments.ts';

interface Values {
  name: string;
  parent_id: number;
  sort: number | null;
}

const FIELDS = ['name', 'parent_id', 'sort'] as const;
const rules = departmentCreateBody.shape;

/** 新增部门 under `parentId` (0: at the top), or 编辑部门 of a department. */
export type DepartmentFormTarget =
  | { mode: 'add'; parentId: number }
  | { mode: 'edit'; department: Department };

/**
 * 新增部门 / 编辑部门: 部门名称, 上级部门 (顶级部门 or a department of the tree; editing, not the
 * department itself nor one under it), 排序. Enter submits; a server field error (同名部门, a
 * parent refused) lands beside its field.
 */
export function DepartmentFormModal({
  target,
  companyId,
  departments,
  onClose,
  onSaved,
}: {
  target: DepartmentFormTarget | null;
  /** The company the page shows (undefined: the caller's own). */
  companyId: number | undefined;
  departments: readonly Department[];
  onClose: () => void;
  /** The saved department, before the dialog closes. */
  onSaved: (saved: Department) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveDepartment(companyId);
  const editing = target?.mode === 'edit' ? target.department : null;
  const treeData = useMemo(() => parentOptions(departments, editing?.id), [departments, editing]);

  const initialValues = useMemo<Values | undefined>(
    () =>
      !target
        ? undefined
        : target.mode === 'edit'
          ? {
              name: target.department.name,
              parent_id: target.department.parent_id,
              sort: target.department.sort,
            }
          : { name: '', parent_id: target.parentId, sort: 0 },
    [target],
  );
  // The form's store outlives the dialog's content: each opening starts from its target's values.
  useEffect(() => {
    if (initialValues) form.setFieldsValue(initialValues);
  }, [initialValues, form]);

  const submit = (v: Values) =>
    save.mutate(
      { id: editing?.id, name: v.name.trim(), parent_id: v.parent_id ?? TOP_DEPARTMENT, sort: v.sort ?? 0 },
      savedWithToast<Department>(form, FIELDS, editing ? '部门已保存' : '部门已新增', (saved) => {
        onSaved(saved);
        onClose();
      }),
    );

  return (
    <FormModal<Values>
      form={form}
      name="department"
      label="部门表单"
      onFinish={submit}
      formProps={{ initialValues, preserve: false }}
      title={editing ? '编辑部门' : '新增部门'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending }}
      width={520}
    >
      <Form.Item label="部门名称" name="name" required rules={[zodRule(rules.name)]}>
        <Input placeholder="请输入部门名称" count={{ show: true, max: DEPARTMENT_LIMITS.name }} />
      </Form.Item>
      <Form.Item
        label="上级部门"
        name="parent_id"
        required
        extra={`选「顶级部门」即为最上一级；部门最多 ${DEPARTMENT_LIMITS.depth} 级`}
      >
        <TreeSelect
          switcherIcon={TREE_SWITCHER}
          aria-label="上级部门"
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={treeData}
          notFoundContent="没有符合条件的部门"
        />
      </Form.Item>
      <Form.Item label="排序" name="sort" rules={[zodRule(rules.sort)]} extra="0–9999，数字越小越靠前">
        <InputNumber precision={0} controls={false} style={{ width: '100%' }} placeholder="0" />
      </Form.Item>
    </FormModal>
  );
}
