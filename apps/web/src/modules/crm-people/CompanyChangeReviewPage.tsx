import {
  COMPANY_CHANGE_NOTE_MAX,
  COMPANY_CHANGE_STATUS,
  COMPANY_CHANGE_STATUS_NAMES,
  type CompanyChangeRequest,
  companyChangeApproveBody,
  KEYWORD_MAX,
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
import { ChangeCompare, ChangeLines, ChangeStatusTag } from './CompanyChangeParts.tsx';
import { useCompanyChangeReviews, useDecideCompanyChange } from './useCompanyChange.ts';
import './company-change.css';

const STATUS_OPTIONS = optionsOf(COMPANY_CHANGE_STATUS_NAMES);

type Decision = { request: CompanyChangeRequest; approve: boolean };

/** 通过 / 驳回: the dialog is the confirmation step; 驳回 asks for the reason the applicant sees. */
function DecisionModal({
  decision,
  onClose,
  onDecided,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDecided: (r: CompanyChangeRequest) => void;
}) {
  const [form] = Form.useForm<{ review_note?: string }>();
  const decide = useDecideCompanyChange();
  const approve = decision?.approve ?? false;
  const verb = approve ? '通过' : '驳回';
  const submit = (v: { review_note?: string }) => {
    if (!decision) return;
    decide.mutate(
      { id: decision.request.id, approve, review_note: v.review_note?.trim() || undefined },
      savedWithToast<CompanyChangeRequest>(
        form,
        ['review_note'],
        approve ? '已通过变更申请，单位信息已更新' : '已驳回变更申请',
        (r) => {
          onDecided(r);
          onClose();
        },
      ),
    );
  };
  return (
    <FormModal
      form={form}
      name="company-change-decision"
      label={`${verb}变更申请`}
      onFinish={submit}
      formProps={{ preserve: false }}
      title={`${verb}变更申请`}
      open={decision !== null}
      onCancel={onClose}
      okText={`确认${verb}`}
      ok={{ loading: decide.isPending, danger: !approve }}
    >
      {decision && (
        <>
          <Typography.Paragraph>
            确定{verb}「{decision.request.company_name}」的变更申请吗？
            {approve
              ? '通过后以下内容立即写入该单位的信息。'
              : '驳回后单位信息保持不变，申请单位会看到驳回原因。'}
          </Typography.Paragraph>
          <ChangeLines changes={decision.request.changes} />
        </>
      )}
      <Form.Item
        label={approve ? '审核意见（选填）' : '驳回原因'}
        name="review_note"
        required={!approve}
        style={{ marginTop: 16 }}
        rules={[
          ...(approve ? [] : [{ required: true, whitespace: true, message: '请填写驳回原因' }]),
          zodRule(companyChangeApproveBody.shape.review_note),
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={COMPANY_CHANGE_NOTE_MAX}
          showCount
          placeholder={approve ? '如：已核对营业执照' : '如：名称与营业执照不一致，请核对后重新提交'}
        />
      </Form.Item>
    </FormModal>
  );
}

function RequestDetail({ r }: { r: CompanyChangeRequest }) {
  const closed = r.status !== COMPANY_CHANGE_STATUS.PENDING;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 100 } }}
        items={[
          { key: 'status', label: '状态', children: <ChangeStatusTag status={r.status} /> },
          { key: 'company', label: '单位', children: `${r.company_name}（${r.company_code}）` },
          { key: 'applicant', label: '申请人', children: r.applicant_name || '—' },
          { key: 'time', label: '申请时间', children: formatDateTime(r.create_time) },
          { key: 'reason', label: '说明', children: r.reason || '—' },
          ...(closed
            ? [
                { key: 'reviewer', label: '审核人', children: r.reviewer_name || '—' },
                { key: 'closed', label: '处理时间', children: formatDateTime(r.close_time) },
                { key: 'note', label: '审核意见', children: r.review_note || '—' },
              ]
            : []),
        ]}
      />
      <ChangeCompare changes={r.changes} />
    </Space>
  );
}

/**
 * 单位变更审核 (/manager/company-identity-change, ADR 0029): every company's change requests for the
 * platform's super administrator — filter by state, search by company, proposed against current
 * values, 通过 (written to the company at once) or 驳回 with a reason.
 */
export function CompanyChangeReviewPage() {
  const filters = useListFilters();
  const [detail, setDetail] = useState<CompanyChangeRequest | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = useCompanyChangeReviews(filters.params);

  const actions = (row: CompanyChangeRequest, size?: 'small') =>
    row.status === COMPANY_CHANGE_STATUS.PENDING ? (
      <>
        <Button
          type={size ? 'link' : 'primary'}
          size={size}
          onClick={() => setDecision({ request: row, approve: true })}
          aria-label={size ? `通过 ${row.company_name}` : undefined}
        >
          通过
        </Button>
        <Button
          type={size ? 'link' : 'default'}
          size={size}
          danger
          onClick={() => setDecision({ request: row, approve: false })}
          aria-label={size ? `驳回 ${row.company_name}` : undefined}
        >
          驳回
        </Button>
      </>
    ) : null;

  const columns: ListColumns<CompanyChangeRequest> = [
    {
      title: '单位',
      dataIndex: 'company_name',
      phone: 'title',
      render: (v: string, row) => (
        <Button type="link" size="small" className="people-link" onClick={() => setDetail(row)}>
          {v}
        </Button>
      ),
    },
    {
      title: '变更内容',
      dataIndex: 'changes',
      render: (_: unknown, row) => <ChangeLines changes={row.changes} />,
    },
    { title: '申请人', dataIndex: 'applicant_name' },
    { title: '申请时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <ChangeStatusTag status={v} />,
    },
    actionsColumn((row) => (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          onClick={() => setDetail(row)}
          aria-label={`详情 ${row.company_name}`}
        >
          详情
        </Button>
        {actions(row, 'small')}
      </Space>
    )),
  ];

  return (
    <Card title="单位变更审核">
      <FilteredList<CompanyChangeRequest>
        listFilters={filters}
        search={{
          label: '搜索单位',
          placeholder: '单位名称 / 单位编码',
          maxLength: KEYWORD_MAX,
          style: { width: 280 },
        }}
        status={{ label: '申请状态', options: STATUS_OPTIONS }}
        aria-label="单位变更申请列表"
        columns={columns}
        query={list}
        empty="暂无变更申请"
      />
      <Drawer
        title={detail ? `变更申请 · ${detail.company_name}` : '变更申请'}
        open={detail !== null}
        onClose={() => setDetail(null)}
        size="min(640px, 100vw)"
        destroyOnHidden
        extra={detail ? <Space>{actions(detail)}</Space> : null}
      >
        {detail && <RequestDetail r={detail} />}
      </Drawer>
      <DecisionModal
        decision={decision}
        onClose={() => setDecision(null)}
        onDecided={(r) => setDetail((d) => (d && d.id === r.id ? r : d))}
      />
    </Card>
  );
}
