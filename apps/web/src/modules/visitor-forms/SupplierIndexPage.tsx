import {
  FEEDBACK_LIMITS,
  KEYWORD_MAX,
  REVIEW_STATUS,
  REVIEW_STATUS_NAMES,
  type Supplier,
  supplierReviewBody,
} from '@portal/contract';
import { Button, Card, Descriptions, Drawer, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatMinute } from '#web/shared/format.ts';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useCan } from '#web/shared/usePermission.ts';
import { ReviewStatusTag } from './StatusTags.tsx';
import { useReviewSupplier, useSuppliers } from './useFeedbackAdmin.ts';
import './feedback.css';

const STATUS_OPTIONS = optionsOf(REVIEW_STATUS_NAMES);

type Decision = { supplier: Supplier; status: 1 | 2 };

/** 通过 / 拒绝 with a note: the dialog is the confirmation step. */
function ReviewModal({
  decision,
  onClose,
  onReviewed,
}: {
  decision: Decision | null;
  onClose: () => void;
  onReviewed: (s: Supplier) => void;
}) {
  const [form] = Form.useForm<{ review_note?: string }>();
  const review = useReviewSupplier();
  const approve = decision?.status === REVIEW_STATUS.APPROVED;
  const verb = approve ? '通过' : '拒绝';

  const submit = (v: { review_note?: string }) => {
    if (!decision) return;
    review.mutate(
      { id: decision.supplier.id, status: decision.status, review_note: v.review_note?.trim() || undefined },
      savedWithToast<Supplier>(
        form,
        ['review_note'],
        approve ? '已通过该供应商申请' : '已拒绝该供应商申请',
        (s) => {
          onReviewed(s);
          onClose();
        },
      ),
    );
  };

  return (
    <FormModal
      form={form}
      name="supplier-review"
      label={`${verb}供应商申请`}
      onFinish={submit}
      formProps={{ preserve: false }}
      title={`${verb}供应商申请`}
      open={decision !== null}
      onCancel={onClose}
      okText={`确认${verb}`}
      ok={{ loading: review.isPending, danger: !approve }}
    >
      {decision && (
        <Typography.Paragraph>
          确定{verb}「{decision.supplier.name}」（{decision.supplier.supply_category}
          ）的入驻申请吗？审核后不能更改。
        </Typography.Paragraph>
      )}
      <Form.Item
        label={approve ? '审核意见（选填）' : '拒绝原因'}
        name="review_note"
        required={!approve}
        rules={[
          ...(approve ? [] : [{ required: true, whitespace: true, message: '请填写拒绝原因' }]),
          zodRule(supplierReviewBody.shape.review_note),
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={FEEDBACK_LIMITS.reviewNote}
          showCount
          placeholder={approve ? '如：资质齐全，安排采购对接' : '如：该品类暂无采购需求'}
        />
      </Form.Item>
    </FormModal>
  );
}

function SupplierDetail({ s }: { s: Supplier }) {
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'status', label: '状态', children: <ReviewStatusTag status={s.status} /> },
        { key: 'name', label: '公司名称', children: s.name },
        { key: 'category', label: '供应品类', children: s.supply_category },
        { key: 'contact', label: '联系人', children: s.contact },
        { key: 'mobile', label: '手机号', children: s.mobile },
        { key: 'email', label: '邮箱', children: s.email || '—' },
        {
          key: 'description',
          label: '公司简介',
          children: <span className="feedback-text">{s.description || '—'}</span>,
        },
        { key: 'time', label: '申请时间', children: formatDateTime(s.create_time) },
        { key: 'ip', label: '来源 IP', children: s.ip || '—' },
        ...(s.status === REVIEW_STATUS.PENDING
          ? []
          : [
              { key: 'reviewer', label: '审核人', children: s.reviewer_name || '—' },
              { key: 'review_time', label: '审核时间', children: formatDateTime(s.review_time) },
              {
                key: 'note',
                label: '审核意见',
                children: <span className="feedback-text">{s.review_note || '—'}</span>,
              },
            ]),
      ]}
    />
  );
}

/** 供应商管理 (/crm/supplier_index): applications from /supplierService, reviewed once. */
export function SupplierIndexPage() {
  const canReview = useCan('supplier', 'review_supplier');
  const filters = useListFilters();
  const [detail, setDetail] = useState<Supplier | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = useSuppliers(filters.params);

  const decide = (supplier: Supplier, s: 1 | 2) => setDecision({ supplier, status: s });
  const actions = (row: Supplier, size?: 'small') =>
    canReview && row.status === REVIEW_STATUS.PENDING ? (
      <>
        <Button type={size ? 'link' : 'primary'} size={size} onClick={() => decide(row, 1)}>
          通过
        </Button>
        <Button type={size ? 'link' : 'default'} size={size} danger onClick={() => decide(row, 2)}>
          拒绝
        </Button>
      </>
    ) : null;

  const columns: ListColumns<Supplier> = [
    {
      title: '公司名称',
      dataIndex: 'name',
      phone: 'title',
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => setDetail(row)}
        >
          {v}
        </Button>
      ),
    },
    { title: '供应品类', dataIndex: 'supply_category' },
    {
      title: '联系人',
      key: 'contact',
      render: (_: unknown, row) => (
        <div>
          <div>{row.contact}</div>
          <Typography.Text type="secondary">{row.mobile}</Typography.Text>
        </div>
      ),
    },
    { title: '申请时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <ReviewStatusTag status={v} />,
    },
    actionsColumn((row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setDetail(row)}>
          详情
        </Button>
        {actions(row, 'small')}
      </Space>
    )),
  ];

  return (
    <Card title="供应商管理">
      <FilteredList<Supplier>
        listFilters={filters}
        search={{
          label: '搜索供应商',
          placeholder: '公司名称 / 联系人 / 手机号 / 品类',
          maxLength: KEYWORD_MAX,
          style: { width: 320 },
        }}
        status={{ label: '审核状态', options: STATUS_OPTIONS }}
        aria-label="供应商申请列表"
        columns={columns}
        query={list}
        empty="暂无供应商申请"
      />
      <Drawer
        title={detail ? `供应商申请 · ${detail.name}` : '供应商申请'}
        open={detail !== null}
        onClose={() => setDetail(null)}
        size="min(560px, 100vw)"
        destroyOnHidden
        extra={detail ? <Space>{actions(detail)}</Space> : null}
      >
        {detail && <SupplierDetail s={detail} />}
      </Drawer>
      <ReviewModal
        decision={decision}
        onClose={() => setDecision(null)}
        onReviewed={(s) => setDetail((d) => (d && d.id === s.id ? s : d))}
      />
    </Card>
  );
}
