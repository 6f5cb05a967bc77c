import { DEPARTMENT_LIMITS, type Department, type Position, positionCreateBody } from '@portal/contract';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { departmentOptions } from './departmentTree.ts';
import { useSavePosition } from './useDepartments.ts';

interface Values {
  name: string;
  department_id: number;
  sort: number | null;
}

const FIELDS = ['name', 'department_id', 'sort'] as const;
const rules = positionCreateBody.shape;

/** 新增职务 in `departmentId` (0: of the whole company), or 编辑职务 of a position. */
export type PositionFormTarget = { mode: 'add'; departmentId: number } | { mode: 'edit'; position: Position };

/**
 * 新增职务 / 编辑职务: 职务名称, 所属部门 (全单位 or a department), 排序. Enter submits; a server
 * field error (同名职务, a department gone) lands beside its field.
 */
export function PositionFormModal({
  target,
  companyId,
  departments,
  onClose,
  onSaved,
}: {
  target: PositionFormTarget | null;
  /** The company the page shows (undefined: the caller's own). */
  companyId: number | undefined;
  departments: readonly Department[];
  onClose: () => void;
  /** The saved position, before the dialog closes. */
  onSaved: (saved: Position) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSavePosition(companyId);
  const editing = target?.mode === 'edit' ? target.position : null;
  const treeData = useMemo(() => departmentOptions(departments), [departments]);

  const initialValues = useMemo<Values | undefined>(
    () =>
      !target
        ? undefined
        : target.mode === 'edit'
          ? {
              name: target.position.name,
              department_id: target.position.department_id,
              sort: target.position.sort,
            }
          : { name: '', department_id: target.departmentId, sort: 0 },
    [target],
  );
  // The form's store outlives the dialog's content: each opening starts from its target's values.
  useEffect(() => {
    if (initialValues) form.setFieldsValue(initialValues);
  }, [initialValues, form]);

  const submit = (v: Values) =>
    save.mutate(
      { id: editing?.id, name: v.name.trim(), department_id: v.department_id, sort: v.sort ?? 0 },
      savedWithToast<Position>(form, FIELDS, editing ? '职务已保存' : '职务已新增', (saved) => {
        onSaved(saved);
        onClose();
      }),
    );

  return (
    <FormModal<Values>
      form={form}
      name="position"
      label="职务表单"
      onFinish={submit}
      formProps={{ initialValues, preserve: false }}
      title={editing ? '编辑职务' : '新增职务'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending }}
      width={520}
    >
      <Form.Item label="职务名称" name="name" required rules={[zodRule(rules.name)]}>
        <Input placeholder="请输入职务名称" count={{ show: true, max: DEPARTMENT_LIMITS.name }} />
      </Form.Item>
      <Form.Item
        label="所属部门"
        name="department_id"
        required
        extra="选「全单位」即为不属于某个部门、全单位通用的职务"
      >
        <TreeSelect
          switcherIcon={TREE_SWITCHER}
          aria-label="所属部门"
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
