import type { Paging } from '@portal/contract';
import { App, Button, Card, Form, type FormInstance, Space } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { ListToolbar } from '#web/shared/ui/ListToolbar.tsx';
import { useExistingPage, useListFilters } from '#web/shared/ui/pagination.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { type ResourceRoutes, useResource } from './useResource.ts';
import './resource.css';

/** What a resource's form needs: its items, the values of a row, and the call's input from values. */
export interface ResourceForm<T, V> {
  /** The form's fields, whose server errors go beside them. */
  fields: readonly string[];
  /** A new row's starting values. */
  initial: Partial<V>;
  fromItem: (row: T) => V;
  toInput: (values: V) => Record<string, unknown>;
  /** The Form.Items (their rules from the declaration's fields, `zodRule`); `row` is the row being edited, null for a new one. */
  items: (form: FormInstance<V>, row: T | null) => ReactNode;
}

/**
 * The back-office page of a declared resource (design/back-office.md): search and status filter,
 * 导出 Excel of the filtered list, 导入 from Excel (template, preview, commit; ImportDialog), 新增, the list (cards on a phone) with paging 5/10/15/20, 编辑 and 删除 per row, 批量删除 of the
 * selected rows with a confirmation naming how many — all following the caller's permissions
 * (the server checks them again) — and the form in a dialog with the server's field errors beside
 * the fields.
 */
export function ResourcePage<T extends { id: number }, V extends object>({
  name,
  label,
  title,
  routes,
  can,
  columns,
  statusOptions,
  searchPlaceholder,
  rowName,
  form: spec,
  rowActions,
  batchActions,
  editable,
}: {
  name: string;
  label: string;
  title: string;
  routes: ResourceRoutes;
  can: { add: boolean; change: boolean; delete: boolean };
  columns: ListColumns<T>;
  statusOptions: { value: number; label: string }[];
  searchPlaceholder: string;
  rowName: (row: T) => string;
  form: ResourceForm<T, V>;
  /** A row's own actions before 编辑 and 删除 (link buttons named after the row), such as 发放 of a coupon. */
  rowActions?: (row: T) => ReactNode;
  /**
   * Toolbar buttons of the resource's own (批量完工 of production plans): given the selected rows
   * of the page and a function that clears the selection. Rows are selectable when it is given.
   */
  batchActions?: (rows: T[], clear: () => void) => ReactNode;
  /**
   * What a row still allows, where the server refuses the rest: `false`, no 编辑 (a finished
   * production plan); `{ change, delete }` per button (a checked stock-in record, or one a purchase
   * receipt wrote: neither). Every button the caller's permissions give when not given.
   */
  editable?: (row: T) => boolean | { change: boolean; delete: boolean };
}) {
  const { modal } = App.useApp();
  const { keyword, status, search, filterStatus, page, pageSize, setPage, pagination } = useListFilters();
  const { list, save, remove, invalidate } = useResource(name, routes, {
    page,
    page_size: pageSize,
    keyword: keyword || undefined,
    status,
  } as never);
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // Each opening is a new form (its initial values are the row's, or a new row's), so a form
  // reopened for another row never keeps what the last one held.
  const [opening, setOpening] = useState(0);
  const openEditor = (target: T | 'new') => {
    setOpening((n) => n + 1);
    setEditing(target);
    form.resetFields();
    form.setFieldsValue((target === 'new' ? spec.initial : spec.fromItem(target)) as never);
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  // The declaration types the reply; this page is generic over its item.
  const data = list.data as { results: T[]; paging: Paging } | undefined;
  useExistingPage(data?.paging, page, setPage);

  const removeRows = (rows: T[]) =>
    confirmDanger(modal, {
      title:
        rows.length === 1
          ? `确定删除${label}「${rowName(rows[0] as T)}」吗？`
          : `确定删除选中的 ${rows.length} 个${label}吗？`,
      content: '删除后不再列出，也不能在选择器中选到。',
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(rows.map((r) => r.id))
          .then((r) => {
            toastSuccess(`已删除 ${(r as { count: number }).count} 个${label}`);
            setSelected((s) => s.filter((id) => !rows.some((r) => r.id === id)));
          })
          .catch(() => {}),
    });

  const submit = (values: V) => {
    const input = spec.toInput(values);
    const id = editing && editing !== 'new' ? editing.id : undefined;
    save.mutate(
      id === undefined ? input : { ...input, id },
      savedWithToast(form, spec.fields, id === undefined ? `已新增${label}` : `已保存${label}`, () =>
        setEditing(null),
      ),
    );
  };

  const allows = (row: T) => {
    const r = editable?.(row) ?? true;
    return typeof r === 'boolean' ? { change: r, delete: true } : r;
  };
  const rows = data?.results ?? [];
  const allColumns: ListColumns<T> = [
    ...columns,
    ...(can.change || can.delete || rowActions
      ? [
          actionsColumn<T>((row) => (
            <Space size={0}>
              {rowActions?.(row)}
              {can.change && allows(row).change && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => openEditor(row)}
                  aria-label={`编辑 ${rowName(row)}`}
                >
                  编辑
                </Button>
              )}
              {can.delete && allows(row).delete && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => removeRows([row])}
                  aria-label={`删除 ${rowName(row)}`}
                >
                  删除
                </Button>
              )}
            </Space>
          )),
        ]
      : []),
  ];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const open = editing !== null;
  const current = editing && editing !== 'new' ? editing : null;

  return (
    <Card title={title}>
      <ListToolbar
        className="resource-toolbar"
        search={{
          label: `搜索${label}`,
          placeholder: searchPlaceholder,
          maxLength: 50,
          style: { width: 280, maxWidth: '100%' },
          onSearch: search,
        }}
        status={{ label: '状态', options: statusOptions, value: status, onChange: filterStatus }}
      >
        <Space wrap>
          {batchActions?.(chosen, () => setSelected([]))}
          {/* The list as it is filtered, as an Excel file (the browser downloads it with the session cookie). */}
          <Button href={api.href(routes.export, { keyword: keyword || undefined, status } as never)} download>
            导出 Excel
          </Button>
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除{chosen.length > 0 ? `（${chosen.length}）` : ''}
            </Button>
          )}
          {can.add && <Button onClick={() => setImporting(true)}>导入</Button>}
          {can.add && (
            <Button type="primary" onClick={() => openEditor('new')}>
              新增{label}
            </Button>
          )}
        </Space>
      </ListToolbar>
      <ListTable<T>
        aria-label={`${label}列表`}
        columns={allColumns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty={keyword || status !== undefined ? `没有找到符合条件的${label}` : `暂无${label}`}
        pagination={pagination}
        rowName={rowName}
        {...(can.delete || batchActions
          ? {
              rowSelection: {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (row: T) => ({
                  'aria-label': `选择 ${rowName(row)}`,
                  // Selected only to be deleted: a row that may not be is not offered.
                  disabled: !batchActions && !allows(row).delete,
                }),
              },
            }
          : {})}
      />
      {can.add && (
        <ImportDialog
          label={label}
          routes={routes}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={invalidate}
        />
      )}
      <FormModal<V>
        key={opening}
        form={form}
        name={`${name}-form`}
        label={current ? `编辑${label}` : `新增${label}`}
        onFinish={submit}
        formProps={{
          preserve: false,
          initialValues: (current ? spec.fromItem(current) : spec.initial) as never,
        }}
        title={current ? `编辑${label} · ${rowName(current)}` : `新增${label}`}
        open={open}
        onCancel={() => setEditing(null)}
        okText="保存"
        ok={{ loading: save.isPending }}
      >
        {spec.items(form, current)}
      </FormModal>
    </Card>
  );
}
