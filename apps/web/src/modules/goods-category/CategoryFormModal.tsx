import {
  CATEGORY_MAX_DEPTH,
  CATEGORY_NAME_MAX,
  type Category,
  type CategoryTreeNode,
  categoryFields,
} from '@portal/contract';
import { AutoComplete, Form, Input, InputNumber, Spin, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { categoryOptions } from '#web/shared/ui/categoryOptions.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { TREE_SWITCHER } from '#web/shared/ui/treeSwitcher.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { iconOptions } from './categoryIcons.tsx';
import { useCategory, useParentOptions, useSaveCategory } from './useCategories.ts';

interface Values {
  parent_id?: number | undefined;
  name: string;
  sort?: number | null;
  icon?: string | undefined;
  status: boolean;
}

const FIELDS = ['parent_id', 'name', 'sort', 'icon', 'status'] as const;

export type CategoryFormTarget =
  | { mode: 'add'; parent: CategoryTreeNode | null }
  | { mode: 'edit'; id: number };

/** 新增分类 / 编辑分类. Enter submits; server field errors land next to their field. */
export function CategoryFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: CategoryFormTarget | null;
  onClose: () => void;
  /** The saved category, before the dialog closes. */
  onSaved?: (saved: Category) => void;
}) {
  const [form] = Form.useForm<Values>();
  const editId = target?.mode === 'edit' ? target.id : null;
  const detail = useCategory(editId);
  const parents = useParentOptions(editId ?? undefined, target !== null);
  const save = useSaveCategory();
  const treeData = useMemo(() => categoryOptions(parents.data ?? []), [parents.data]);

  useEffect(() => {
    if (target?.mode === 'add') {
      const p = target.parent;
      form.setFieldsValue({
        parent_id: p && p.level < CATEGORY_MAX_DEPTH ? p.id : undefined,
        name: '',
        sort: 0,
        icon: undefined,
        status: true,
      });
    }
  }, [target, form]);

  useEffect(() => {
    const c = detail.data;
    if (editId !== null && c && c.id === editId) {
      form.setFieldsValue({
        parent_id: c.parent_id ?? undefined,
        name: c.name,
        sort: c.sort,
        icon: c.icon || undefined,
        status: c.status === 1,
      });
    }
  }, [detail.data, editId, form]);

  const submit = (v: Values) =>
    save.mutate(
      {
        id: editId ?? undefined,
        parent_id: v.parent_id ?? 0,
        name: v.name.trim(),
        sort: v.sort ?? 0,
        icon: v.icon?.trim() ?? '',
        status: v.status ? 1 : 0,
      },
      savedWithToast<Category>(form, FIELDS, editId ? '分类已保存' : '分类已新增', (saved) => {
        onSaved?.(saved);
        onClose();
      }),
    );

  const loading = editId !== null && detail.isPending;

  return (
    <FormModal<Values>
      form={form}
      name="category"
      label="分类表单"
      onFinish={submit}
      formProps={{ clearOnDestroy: true }}
      title={editId ? '编辑分类' : '新增分类'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: save.isPending, disabled: loading }}
      width={520}
    >
      <Spin spinning={loading}>
        <Form.Item label="上级分类" name="parent_id" extra="不选即为顶级分类；分类最多三级">
          <TreeSelect
            switcherIcon={TREE_SWITCHER}
            aria-label="上级分类"
            allowClear={CLEARABLE}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder="顶级分类"
            loading={parents.isPending}
            treeData={treeData}
            notFoundContent="暂无可选的上级分类"
          />
        </Form.Item>
        <Form.Item label="分类名称" name="name" required rules={[zodRule(categoryFields.name)]}>
          <Input placeholder="请输入分类名称" count={{ show: true, max: CATEGORY_NAME_MAX }} />
        </Form.Item>
        <Form.Item
          label="排序"
          name="sort"
          rules={[zodRule(categoryFields.sort)]}
          extra="0–9999，数字越小越靠前"
        >
          <InputNumber precision={0} controls={false} style={{ width: '100%' }} placeholder="0" />
        </Form.Item>
        <Form.Item label="图标" name="icon" rules={[zodRule(categoryFields.icon)]}>
          <AutoComplete
            aria-label="图标"
            allowClear={CLEARABLE}
            options={iconOptions}
            placeholder="选择图标名称，或输入图标地址"
            showSearch={{
              filterOption: (input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
          />
        </Form.Item>
        <Form.Item label="状态" name="status" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" aria-label="状态" />
        </Form.Item>
      </Spin>
    </FormModal>
  );
}
