import type { Paging } from '@portal/contract';
import { KEYWORD_MAX } from '@portal/contract/constants';
import { App, Button, Card, Form, Modal, Space } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { LinkButton } from '#web/shared/ui/LinkButton.tsx';
import type { ListColumn, ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import {
  type Declared,
  DeclaredDetail,
  declaredColumns,
  declaredForm,
  type FormSpecial,
  searchPlaceholderOf,
  statusOptionsOf,
  useCanCall,
} from './declared.tsx';
import { ImportDialogOnDemand, ImportJobs } from './ImportJobs.tsx';
import { ExportButton, ExportJobs } from './ListExport.tsx';
import { type ResourceRoutes, useResource } from './useResource.ts';
import './resource.css';

/**
 * A form on a page of its own (新增商品 at /crm/new_goods): 新增 and 编辑 go there instead of
 * opening a dialog. `href(null)` is a new row's address.
 */
export interface ResourceEditor<T> {
  href: (row: T | null) => string;
}

/**
 * The list's own filters beside the search (a category tree, a brand): their controls, given the
 * values and a setter that merges into them, and the list call's input made from the values (the
 * values themselves when not given). Their values join the list's query and its export; a change
 * starts again at page 1.
 */
export interface ResourceFilters<F extends object> {
  render: (values: F, set: (next: Partial<F>) => void) => ReactNode;
  query?: (values: F) => object;
}

/** What the caller may do with a resource's rows: its declared calls' permissions (`useResourceCan`). */
export interface ResourceCan {
  add: boolean;
  change: boolean;
  delete: boolean;
}

/** The buttons' permissions, read from the declared calls (create, update, removeMany). */
export function useResourceCan(
  routes: Pick<ResourceRoutes, 'create' | 'update' | 'removeMany'>,
): ResourceCan {
  return {
    add: useCanCall(routes.create),
    change: useCanCall(routes.update),
    delete: useCanCall(routes.removeMany),
  };
}

/** 「name」 of one row, or 选中的 n 个<label> of more (a confirmation's words). */
export function namedRows<T>(rows: readonly T[], rowName: (row: T) => string, label: string, unit = '个') {
  return rows.length === 1 ? `「${rowName(rows[0] as T)}」` : `选中的 ${rows.length} ${unit}${label}`;
}

/**
 * The back-office page of a declared resource (design/back-office.md): search, status filter and the
 * list's own `filters`, 导出 Excel of the filtered list, 导入 from Excel (template, preview, commit;
 * ImportDialog), 新增, the list (cards on a phone) with paging 5/10/15/20, 编辑 and 删除 per row,
 * 批量删除 of the selected rows with a confirmation naming how many, the resource's own
 * `batchActions` — all following the caller's permissions (the server checks them again) — and the
 * form in a dialog with the server's field errors beside the fields, or on a page of its own
 * (`editor`).
 */
export function ResourcePage<T extends { id: number }, V extends object = object, F extends object = object>({
  name,
  resource,
  title,
  routes,
  render,
  statusOptions = statusOptionsOf(resource.shape),
  searchPlaceholder = searchPlaceholderOf(resource.shape),
  rowName,
  formSpecial,
  editor,
  detail,
  filters,
  addLabel = `新增${resource.label}`,
  unit = '个',
  removeNote = '删除后不再列出，也不能在选择器中选到。',
  rowActions,
  batchActions,
  editable,
}: {
  /** The query key's name (brand, public-brand). */
  name: string;
  /**
   * The declaration (`brandResource`): the label, the list's columns, the search, the status filter,
   * the dialog form and the detail come from it (the search and the status filter unless given here).
   */
  resource: Declared & {
    /** Its jobs' kinds: the page finds its imports still running (`/job/list?kind=`). */
    jobKinds: { import: string };
  };
  title: string;
  /** The zod-free routes: the calls, and the buttons' permissions (their `access`). */
  routes: ResourceRoutes;
  /** What a declared column shows otherwise (its entries join the derived column). */
  render?: Partial<Record<string, Partial<ListColumn<T>>>>;
  /** The status select's choices; no status select when not given (a status among `filters`). */
  statusOptions?: { value: number; label: string }[] | undefined;
  searchPlaceholder?: string;
  rowName: (row: T) => string;
  filters?: ResourceFilters<F>;
  /** The 新增 button's words (新增<label> unless given: 写新闻). */
  addLabel?: string;
  /** The label's measure word in counts (个 unless given: 篇 for news). */
  unit?: string;
  /** What the delete confirmation says happens to the deleted rows. */
  removeNote?: string;
  /** A row's 查看 opens its detail view (the declaration's detail columns). */
  detail?: boolean;
  /**
   * A row's own actions before 编辑 and 删除 (link buttons named after the row), such as 发放 of a
   * coupon, each shown as its own call's declaration allows (`useCanCall`).
   */
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
} & (
  | {
      /** What the declared form in a dialog does otherwise (a field's own input, its layout, values). */
      formSpecial?: FormSpecial<T, V>;
      editor?: undefined;
    }
  | { editor: ResourceEditor<T>; formSpecial?: undefined }
)) {
  const { label } = resource;
  const can = useResourceCan(routes);
  const columns = declaredColumns(resource.shape, rowName, render);
  const spec = editor ? undefined : declaredForm<T, V>(resource, formSpecial);
  const [viewing, setViewing] = useState<T | null>(null);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const listFilters = useListFilters();
  const [filterValues, setFilterValues] = useState({} as F);
  const setFilters = (next: Partial<F>) => {
    setFilterValues((v) => ({ ...v, ...next }));
    listFilters.setPage(1);
  };
  const { page, page_size, ...searched } = listFilters.params;
  const query = { ...searched, ...(filters?.query ? filters.query(filterValues) : filterValues) };
  const filtered = Object.values(query).some((v) => v !== undefined);
  const { list, save, remove, invalidate } = useResource(name, routes, {
    page,
    page_size,
    ...query,
  } as never);
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  // Each opening is a new form (its initial values are the row's, or a new row's), so a form
  // reopened for another row never keeps what the last one held.
  const [opening, setOpening] = useState(0);
  const openEditor = (target: T | 'new') => {
    if (editor) {
      navigate(editor.href(target === 'new' ? null : target));
      return;
    }
    if (!spec) return;
    setOpening((n) => n + 1);
    setEditing(target);
    form.resetFields();
    form.setFieldsValue((target === 'new' ? spec.initial : spec.fromItem(target)) as never);
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  /** Imports the dialog was closed on while they ran: shown above the list. */
  const [handed, setHanded] = useState<number[]>([]);
  /** Exports started as jobs (a list over RESOURCE_EXPORT_DIRECT_MAX rows): shown above the list. */
  const [exports, setExports] = useState<number[]>([]);
  // The declaration types the reply; this page is generic over its item.
  const data = list.data as { results: T[]; paging: Paging } | undefined;

  const removeRows = (rows: T[]) =>
    confirmDanger(modal, {
      title: `确定删除${rows.length === 1 ? label : ''}${namedRows(rows, rowName, label, unit)}吗？`,
      content: removeNote,
      okText: '删除',
      onOk: () =>
        remove
          .mutateAsync(rows.map((r) => r.id))
          .then((r) => {
            toastSuccess(`已删除 ${(r as { count: number }).count} ${unit}${label}`);
            setSelected((s) => s.filter((id) => !rows.some((r) => r.id === id)));
          })
          .catch(() => {}),
    });

  const submit = (values: V) => {
    if (!spec) return;
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
    ...(can.change || can.delete || rowActions || detail
      ? [
          actionsColumn<T>((row) => (
            <Space size={0}>
              {detail && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setViewing(row)}
                  aria-label={`查看 ${rowName(row)}`}
                >
                  查看
                </Button>
              )}
              {rowActions?.(row)}
              {can.change &&
                allows(row).change &&
                (editor ? (
                  <LinkButton to={editor.href(row)} label={`编辑 ${rowName(row)}`}>
                    编辑
                  </LinkButton>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => openEditor(row)}
                    aria-label={`编辑 ${rowName(row)}`}
                  >
                    编辑
                  </Button>
                ))}
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
      <ExportJobs routes={routes} started={exports} />
      {can.add && (
        <ImportJobs
          kind={resource.jobKinds.import}
          label={label}
          unit={unit}
          handed={handed}
          onImported={invalidate}
        />
      )}
      <FilteredList<T>
        listFilters={listFilters}
        search={{
          label: `搜索${label}`,
          placeholder: searchPlaceholder,
          maxLength: KEYWORD_MAX,
          style: { width: 280, maxWidth: '100%' },
        }}
        filters={filters?.render(filterValues, setFilters)}
        status={statusOptions && { label: '状态', options: statusOptions }}
        aria-label={`${label}列表`}
        columns={allColumns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty={
          filtered
            ? `没有找到符合条件的${label}`
            : `暂无${label}${can.add ? `，点击「${addLabel}」添加第一${unit}` : ''}`
        }
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
      >
        <Space wrap>
          {batchActions?.(chosen, () => setSelected([]))}
          {/* The list as it is filtered, as an Excel file: at once, or as a job when it is long. */}
          <ExportButton
            routes={routes}
            query={query}
            total={data?.paging.count}
            onStarted={(job) => setExports((ids) => [...ids, job.id])}
          />
          {can.delete && (
            <Button danger disabled={chosen.length === 0} onClick={() => removeRows(chosen)}>
              批量删除{chosen.length > 0 ? `（${chosen.length}）` : ''}
            </Button>
          )}
          {can.add && <Button onClick={() => setImporting(true)}>导入</Button>}
          {can.add && (
            <Button type="primary" onClick={() => openEditor('new')}>
              {addLabel}
            </Button>
          )}
        </Space>
      </FilteredList>
      {can.add && (
        <ImportDialogOnDemand
          label={label}
          unit={unit}
          routes={routes}
          open={importing}
          onClose={(running) => {
            setImporting(false);
            if (running) setHanded((ids) => [...ids, running.id]);
          }}
          onImported={invalidate}
        />
      )}
      {detail && (
        <Modal
          open={viewing !== null}
          title={viewing ? `${label}详情 · ${rowName(viewing)}` : `${label}详情`}
          onCancel={() => setViewing(null)}
          footer={null}
        >
          {viewing && <DeclaredDetail shape={resource.shape} row={viewing} render={render} />}
        </Modal>
      )}
      {spec && (
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
      )}
    </Card>
  );
}
