import {
  type PmcMaterial,
  type PmcPlan,
  type PmcProgress,
  type PmcWarning,
  pmcProgressFields,
  pmcResource,
} from '@portal/contract';
import { pmcCalls } from '@portal/contract/calls';
import {
  KEYWORD_MAX,
  PMC_FINISHED,
  PMC_QUANTITY_MAX,
  PMC_SETTABLE_STATUS,
  PMC_STATUS,
  PMC_WARN_KINDS,
  type PmcWarnKind,
} from '@portal/contract/constants';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Progress,
  Radio,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { GoodsSelect, SkuField } from '#web/modules/stock/index.ts';
import { toastError, toastSuccess } from '#web/shared/api/toast.ts';
import { companyToday, formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { type ListColumn, type ListColumns, type ListQuery, ListTable } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters, usePaging } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useMaterials, usePlan, usePmcWrites, usePreview, useProgress, useWarnings } from './usePmc.ts';
import './pmc.css';

type Values = Record<string, unknown>;

const rules = pmcResource.fields;
const isOpen = (p: { status: number }) => p.status === 0 || p.status === 1;
const STATUS_COLORS: Record<number, string> = { 0: 'blue', 1: 'orange', 2: 'green', 3: 'default' };
const goodsName = (m: { goods_name: string; spec_text: string }) =>
  m.spec_text ? `${m.goods_name}（${m.spec_text}）` : m.goods_name;

function StatusTag({ plan }: { plan: PmcPlan }) {
  return <Tag color={STATUS_COLORS[plan.status]}>{plan.status_name}</Tag>;
}

function WarningTags({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      {warnings.map((w) => (
        <Tag key={w} color="red">
          {w}
        </Tag>
      ))}
    </Space>
  );
}

function PlanProgress({ plan }: { plan: PmcPlan }) {
  return (
    <div className="pmc-progress">
      <Progress
        percent={plan.progress}
        size="small"
        status={plan.status === 2 ? 'success' : 'normal'}
        aria-label={`${plan.plan_no} 完成进度`}
      />
      <span className="pmc-progress-text">
        {plan.produced}/{plan.quantity} {plan.unit}
      </span>
    </div>
  );
}

/** Material lines: required against what all warehouses hold, shortages marked (cards on a phone). */
function MaterialTable({
  label,
  lines,
  actions,
}: {
  label: string;
  /** The lines' query: while it loads 加载中, when it fails 加载失败 with 重试 (ListTable's states). */
  lines: Omit<ListQuery<PmcMaterial>, 'data'> & { data?: PmcMaterial[] | undefined };
  actions?: (m: PmcMaterial) => ReactNode;
}) {
  // A preview's lines are not stored yet (id 0): their place names them.
  const rows = (lines.data ?? []).map((m, i) => ({ ...m, id: m.id || i + 1 }));
  const columns: ListColumns<PmcMaterial> = [
    {
      title: '物料',
      key: 'name',
      phone: 'title',
      render: (_: unknown, m) => `${goodsName(m)} ${m.goods_code}`,
    },
    { title: '需求', dataIndex: 'required', align: 'right', render: (v: number, m) => `${v} ${m.unit}` },
    { title: '在库', dataIndex: 'on_hand', align: 'right' },
    {
      title: '缺口',
      dataIndex: 'short',
      align: 'right',
      render: (v: number) => (v > 0 ? <Tag color="red">缺 {v}</Tag> : <Tag color="green">足够</Tag>),
    },
    ...(actions ? [actionsColumn<PmcMaterial>(actions)] : []),
  ];
  return (
    <ListTable<PmcMaterial>
      aria-label={label}
      columns={columns}
      query={{
        data: {
          results: rows,
          paging: {
            count: rows.length,
            has_previous: false,
            has_next: false,
            num_pages: 1,
            cur_page: 1,
            page_size: Math.max(rows.length, 1),
          },
        },
        isFetching: lines.isFetching,
        isError: lines.isError,
        refetch: lines.refetch,
      }}
      empty="没有物料（产品的物料清单为空）"
      pagination={() => ({ hideOnSinglePage: true, pageSize: Math.max(rows.length, 1) })}
      rowClassName={(m) => (m.short > 0 ? 'pmc-short-row' : '')}
    />
  );
}

/** The bill of materials' needs of the product and quantity the form holds, below its fields. */
function MaterialNeeds({ form, row }: { form: FormInstance<Values>; row: PmcPlan | null }) {
  const productId = Form.useWatch('product_id', form);
  const quantity = Form.useWatch('quantity', form);
  const preview = usePreview(
    typeof productId === 'number' ? productId : undefined,
    typeof quantity === 'number' ? quantity : undefined,
  );
  return (
    <section aria-label="物料需求" className="pmc-preview">
      <Typography.Text strong>物料需求（按物料清单计算）</Typography.Text>
      {productId === undefined || !quantity ? (
        <Typography.Paragraph type="secondary">
          选择产品并填写数量后，这里列出需要的物料和库存。
        </Typography.Paragraph>
      ) : (
        <>
          {row && (
            <Typography.Paragraph type="secondary">
              保存后若更换了产品或数量，计划的物料按物料清单重新计算（手工修改的物料行不保留）。
            </Typography.Paragraph>
          )}
          <MaterialTable label="物料需求列表" lines={preview} />
        </>
      )}
    </section>
  );
}

interface LineValues {
  goods_id?: number;
  sku_id?: number;
  required?: number;
}

/** Adds or changes one material line of an open plan. */
function MaterialLineModal({
  plan,
  line,
  open,
  onClose,
}: {
  plan: PmcPlan;
  line: PmcMaterial | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<LineValues>();
  const goodsId = Form.useWatch('goods_id', form);
  const { saveMaterial } = usePmcWrites();
  const fields = ['goods_id', 'sku_id', 'required'] as const;
  return (
    <FormModal<LineValues>
      form={form}
      name="pmc-material-form"
      label={line ? '修改物料' : '添加物料'}
      title={line ? `修改物料 · ${goodsName(line)}` : `添加物料 · ${plan.plan_no}`}
      open={open}
      onCancel={onClose}
      okText="保存"
      ok={{ loading: saveMaterial.isPending }}
      formProps={{
        preserve: false,
        initialValues: line
          ? { goods_id: line.goods_id, sku_id: line.sku_id || undefined, required: line.required }
          : {},
      }}
      onFinish={(v) =>
        saveMaterial.mutate(
          {
            plan_id: plan.id,
            id: line?.id,
            goods_id: v.goods_id as number,
            sku_id: v.sku_id ?? 0,
            required: v.required as number,
          },
          savedWithToast(form, fields, line ? '已修改物料' : '已添加物料', onClose),
        )
      }
    >
      <Form.Item label="物料" name="goods_id" required rules={[{ required: true, message: '请选择物料' }]}>
        <GoodsSelect
          known={line ? { value: line.goods_id, label: line.goods_name } : undefined}
          onChange={() => form.setFieldValue('sku_id', undefined)}
        />
      </Form.Item>
      <SkuField goodsId={goodsId} name="sku_id" />
      <Form.Item
        label="需求数量"
        name="required"
        required
        rules={[{ required: true, message: '需求数量不能为空' }]}
      >
        <InputNumber controls={false} min={1} max={PMC_QUANTITY_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}

interface ReportValues {
  report_date: string;
  quantity?: number;
  remark?: string;
}

/** A plan's progress reports: the list (newest day first) and, while it is open, a new report. */
function ProgressSection({ plan, canChange }: { plan: PmcPlan; canChange: boolean }) {
  const { modal } = App.useApp();
  const { page, pageSize, pagination } = usePaging(5);
  const reports = useProgress(plan.id, { page, page_size: pageSize });
  const { addProgress, removeProgress } = usePmcWrites();
  const [form] = Form.useForm<ReportValues>();
  const fields = ['report_date', 'quantity', 'remark'] as const;
  const open = isOpen(plan);
  const columns: ListColumns<PmcProgress> = [
    { title: '日期', dataIndex: 'report_date', phone: 'title' },
    { title: '完成数量', dataIndex: 'quantity', align: 'right' },
    { title: '报工人', dataIndex: 'reporter_name' },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
    ...(canChange && open
      ? [
          {
            title: '操作',
            key: 'actions',
            phone: 'actions' as const,
            render: (_: unknown, r: PmcProgress) => (
              <Button
                type="link"
                size="small"
                danger
                aria-label={`删除 ${r.report_date} 的报工`}
                onClick={() =>
                  confirmDanger(modal, {
                    title: `确定删除 ${r.report_date} 的报工（${r.quantity}）吗？`,
                    content: '删除后计划的已完成数量相应减少。',
                    okText: '删除',
                    onOk: () =>
                      removeProgress
                        .mutateAsync(r.id)
                        .then(() => toastSuccess('已删除报工'))
                        .catch(() => {}),
                  })
                }
              >
                删除
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="pmc-progress-title" className="pmc-section">
      <h3 id="pmc-progress-title" className="pmc-section-title">
        报工记录
      </h3>
      {canChange && open && (
        <Form<ReportValues>
          form={form}
          name="pmc-report-form"
          layout="inline"
          className="pmc-report-form"
          initialValues={{ report_date: companyToday() }}
          onFinish={(v) =>
            addProgress.mutate(
              {
                plan_id: plan.id,
                report_date: v.report_date,
                quantity: v.quantity as number,
                remark: v.remark,
              },
              savedWithToast(form, fields, '已填写报工', () => form.resetFields()),
            )
          }
        >
          <Form.Item label="日期" name="report_date" rules={[zodRule(pmcProgressFields.report_date)]}>
            <Input type="date" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="完成数量"
            name="quantity"
            rules={[{ required: true, message: '完成数量不能为空' }]}
          >
            <InputNumber
              controls={false}
              min={1}
              max={Math.max(1, plan.quantity - plan.produced)}
              precision={0}
              style={{ width: 120 }}
            />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input maxLength={200} style={{ width: 160 }} placeholder="选填" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={addProgress.isPending}>
              报工
            </Button>
          </Form.Item>
        </Form>
      )}
      <ListTable<PmcProgress>
        aria-label="报工记录"
        columns={columns}
        query={reports}
        empty="还没有报工"
        pagination={pagination}
      />
    </section>
  );
}

/** One plan: its figures, material lines (editable while open), reports, and 完工. */
function PlanDrawer({
  id,
  onClose,
  onFinish,
}: {
  id: number | null;
  onClose: () => void;
  onFinish: (p: PmcPlan) => void;
}) {
  const { modal } = App.useApp();
  const plan = usePlan(id);
  const materials = useMaterials(id);
  const canChange = useCanCall(pmcCalls.materialSave);
  const canReport = useCanCall(pmcCalls.progressAdd);
  const canFinish = useCanCall(pmcCalls.finish);
  const { removeMaterial } = usePmcWrites();
  const [line, setLine] = useState<PmcMaterial | 'new' | null>(null);
  const p = plan.data;
  const editable = p !== undefined && canChange && isOpen(p);
  return (
    <Drawer
      title={p ? `生产计划 · ${p.plan_no}` : '生产计划'}
      open={id !== null}
      onClose={onClose}
      size="min(760px, 100vw)"
      destroyOnHidden
      extra={
        p && canFinish && isOpen(p) ? (
          <Button type="primary" onClick={() => onFinish(p)}>
            完工入库
          </Button>
        ) : null
      }
    >
      {p && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="产品">{`${p.product_name}（${p.product_code}）`}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Space size={4} wrap>
                <StatusTag plan={p} />
                <WarningTags warnings={p.warnings} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="进度">
              <PlanProgress plan={p} />
            </Descriptions.Item>
            <Descriptions.Item label="入库仓库">{p.warehouse_name}</Descriptions.Item>
            <Descriptions.Item label="开始日期">{p.start_date}</Descriptions.Item>
            <Descriptions.Item label="完工日期">{p.due_date}</Descriptions.Item>
            {p.finished_at && (
              <Descriptions.Item label="完工入库">{`${formatMinute(p.finished_at)} ${p.finished_by_name}`}</Descriptions.Item>
            )}
            <Descriptions.Item label="备注">{p.remark || '—'}</Descriptions.Item>
          </Descriptions>
          <section aria-labelledby="pmc-materials-title" className="pmc-section">
            <div className="pmc-section-head">
              <h3 id="pmc-materials-title" className="pmc-section-title">
                物料（完工时出库）
              </h3>
              {editable && <Button onClick={() => setLine('new')}>添加物料</Button>}
            </div>
            <MaterialTable
              label="计划物料列表"
              lines={materials}
              actions={
                editable
                  ? (m) => (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          aria-label={`修改 ${goodsName(m)}`}
                          onClick={() => setLine(m)}
                        >
                          修改
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          danger
                          aria-label={`删除 ${goodsName(m)}`}
                          onClick={() =>
                            confirmDanger(modal, {
                              title: `确定从计划中删除物料「${goodsName(m)}」吗？`,
                              content: '删除后完工时不再领用这种物料。',
                              okText: '删除',
                              onOk: () =>
                                removeMaterial
                                  .mutateAsync(m.id)
                                  .then(() => toastSuccess('已删除物料'))
                                  .catch(() => {}),
                            })
                          }
                        >
                          删除
                        </Button>
                      </Space>
                    )
                  : undefined
              }
            />
          </section>
          <ProgressSection plan={p} canChange={canReport} />
          {line !== null && (
            <MaterialLineModal
              plan={p}
              line={line === 'new' ? null : line}
              open
              onClose={() => setLine(null)}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

type WarningRow = PmcWarning & { id: number };

/** The company's warnings (late, short), for whoever plans production or buys its materials. */
function WarningsCard({ onOpen }: { onOpen: (planId: number) => void }) {
  const listFilters = useListFilters<PmcWarnKind>(5);
  const { keyword, status: kind, page, pageSize } = listFilters;
  const list = useWarnings({ keyword: keyword || undefined, kind, page, page_size: pageSize });
  const data = list.data && {
    ...list.data,
    results: list.data.results.map((w, i): WarningRow => ({ ...w, id: (page - 1) * pageSize + i + 1 })),
  };
  const columns: ListColumns<WarningRow> = [
    {
      title: '计划单号',
      dataIndex: 'plan_no',
      phone: 'title',
      render: (v: string, w) => (
        <Button type="link" size="small" className="pmc-link" onClick={() => onOpen(w.plan_id)}>
          {v}
        </Button>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind_name',
      phone: 'title',
      render: (v: string) => <Tag color="red">{v}</Tag>,
    },
    { title: '产品', dataIndex: 'product_name' },
    { title: '说明', dataIndex: 'detail' },
    { title: '完工日期', dataIndex: 'due_date' },
  ];
  return (
    <Card title="生产预警" className="pmc-warnings">
      <FilteredList<WarningRow, PmcWarnKind>
        listFilters={listFilters}
        search={{
          label: '搜索预警',
          placeholder: '计划单号 / 产品',
          maxLength: KEYWORD_MAX,
          style: { width: 240, maxWidth: '100%' },
        }}
        status={{
          label: '预警类型',
          placeholder: '全部类型',
          options: Object.entries(PMC_WARN_KINDS).map(([value, label]) => ({
            value: value as PmcWarnKind,
            label,
          })),
        }}
        aria-label="生产预警列表"
        columns={columns}
        query={{ data, isFetching: list.isFetching, isError: list.isError, refetch: list.refetch }}
        empty="没有预警：进行中的计划都按期、物料充足"
      />
    </Card>
  );
}

/** 从历史计划导入: the selected finished or cancelled plans planned again from a new start day. */
function CopyModal({ plans, onClose }: { plans: PmcPlan[] | null; onClose: () => void }) {
  const [form] = Form.useForm<{ start_date: string }>();
  const { copy } = usePmcWrites();
  return (
    <FormModal<{ start_date: string }>
      form={form}
      name="pmc-copy-form"
      label="从历史计划导入"
      title="从历史计划导入"
      open={plans !== null}
      onCancel={onClose}
      okText="导入"
      ok={{ loading: copy.isPending }}
      formProps={{ preserve: false, initialValues: { start_date: companyToday(1) } }}
      onFinish={(v) =>
        copy.mutate(
          { ids: (plans ?? []).map((p) => p.id), start_date: v.start_date },
          savedWithToast(form, ['start_date'], `已按 ${plans?.length ?? 0} 个历史计划新建计划`, onClose),
        )
      }
    >
      <Typography.Paragraph>
        按所选的已完成或已取消计划（{(plans ?? []).map((p) => p.plan_no).join('、')}
        ）新建计划：产品、数量、仓库和物料与原计划相同，从下面的日期开始，工期与原计划相同。
      </Typography.Paragraph>
      <Form.Item label="开始日期" name="start_date" required rules={[zodRule(rules.start_date)]}>
        <Input type="date" style={{ width: 180 }} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 生产计划 (/crm/pmc_index, ADR 0024): plans made from products' bills of materials, with their
 * progress and warnings; a plan's drawer holds its material lines and reports; 完工入库 books the
 * output into stock and the materials out after a confirmation; batch finish, import from Excel
 * and from old plans, export.
 */
export function PmcPage() {
  const { modal } = App.useApp();
  const canFinish = useCanCall(pmcCalls.finish);
  const canFinishMany = useCanCall(pmcCalls.finishMany);
  const canCopy = useCanCall(pmcCalls.copy);
  const { finish, finishMany } = usePmcWrites();
  const [detail, setDetail] = useState<number | null>(null);
  const [copying, setCopying] = useState<PmcPlan[] | null>(null);

  const confirmFinish = (plans: PmcPlan[], done?: () => void) =>
    confirmDanger(modal, {
      title:
        plans.length === 1
          ? `确定生产计划 ${plans[0]?.plan_no} 完工入库吗？`
          : `确定选中的 ${plans.length} 个生产计划全部完工入库吗？`,
      content: `产成品按计划数量入库，物料按计划的需求从仓库领用出库${plans.length > 1 ? '；任一计划不能完工时都不完工' : ''}。完工后计划不能再修改。`,
      okText: '完工入库',
      onOk: () =>
        (plans.length === 1
          ? finish.mutateAsync((plans[0] as PmcPlan).id)
          : finishMany.mutateAsync(plans.map((p) => p.id))
        )
          .then(() => {
            toastSuccess(
              plans.length === 1
                ? `生产计划 ${plans[0]?.plan_no} 已完工入库`
                : `${plans.length} 个生产计划已完工入库`,
            );
            done?.();
          })
          .catch(() => {}),
    });

  /** The list's own cells: the number opens the plan, the product with its code, the progress bar, tags. */
  const render: Partial<Record<keyof PmcPlan, Partial<ListColumn<PmcPlan>>>> = {
    plan_no: {
      width: 170,
      render: (v: string, p) => (
        <Button
          type="link"
          size="small"
          className="pmc-link"
          onClick={() => setDetail(p.id)}
          aria-label={`查看生产计划 ${v}`}
        >
          {v}
        </Button>
      ),
    },
    product_name: {
      title: '产品',
      render: (_: unknown, p) => (
        <Space direction="vertical" size={0}>
          <span>{p.product_name}</span>
          <Typography.Text type="secondary">{p.product_code}</Typography.Text>
        </Space>
      ),
    },
    progress: { width: 170, align: 'left', render: (_: unknown, p) => <PlanProgress plan={p} /> },
    warehouse_name: { title: '仓库', width: 110 },
    status: { width: 90, render: (_: unknown, p) => <StatusTag plan={p} /> },
    warnings: { width: 110, render: (v: string[]) => <WarningTags warnings={v} /> },
  };

  return (
    <div className="pmc-page">
      <ResourcePage<PmcPlan, Values>
        name="pmc"
        title="生产计划"
        resource={pmcResource}
        routes={pmcCalls}
        render={render}
        statusOptions={optionsOf(PMC_STATUS)}
        rowName={(p) => `生产计划 ${p.plan_no}`}
        // 编辑 while open; 删除 unless finished (its stock is booked: the server refuses, PMC_CLOSED).
        editable={(p) => ({ change: isOpen(p), delete: p.status !== PMC_FINISHED })}
        rowActions={(p) =>
          canFinish && isOpen(p) ? (
            <Button
              type="link"
              size="small"
              aria-label={`完工 生产计划 ${p.plan_no}`}
              onClick={() => confirmFinish([p])}
            >
              完工
            </Button>
          ) : null
        }
        batchActions={(rows, clear) => (
          <>
            {canFinishMany && (
              <Button
                disabled={rows.length === 0 || !rows.every(isOpen)}
                onClick={() => confirmFinish(rows, clear)}
              >
                批量完工{rows.length > 0 ? `（${rows.length}）` : ''}
              </Button>
            )}
            {canCopy && (
              <Button
                // Enabled always: a disabled button's hint is never shown, so the click says what to select.
                onClick={() =>
                  rows.length === 0 || rows.some(isOpen)
                    ? toastError('请先勾选已完成或已取消的计划，再从历史计划导入')
                    : setCopying(rows)
                }
              >
                从历史计划导入
              </Button>
            )}
          </>
        )}
        formSpecial={{
          initial: { start_date: companyToday(), due_date: companyToday(7) },
          // A save may set the status (a new plan is 计划中); a closed plan offers no 编辑 (editable).
          items: {
            status: (_, row) =>
              row && (
                <Form.Item label="状态" name="status">
                  <Radio.Group options={optionsOf(PMC_SETTABLE_STATUS)} />
                </Form.Item>
              ),
          },
          layout: (items, form, row) => (
            <>
              {items.plan_no}
              {items.product_id}
              {items.quantity}
              <Space wrap size="middle">
                {items.start_date}
                {items.due_date}
              </Space>
              {items.warehouse_id}
              {items.status}
              {items.remark}
              <MaterialNeeds form={form} row={row} />
            </>
          ),
        }}
      />
      <WarningsCard onOpen={setDetail} />
      <PlanDrawer id={detail} onClose={() => setDetail(null)} onFinish={(p) => confirmFinish([p])} />
      <CopyModal plans={copying} onClose={() => setCopying(null)} />
    </div>
  );
}
