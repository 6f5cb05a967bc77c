import {
  COMPANY_CHANGE_REASON_MAX,
  COMPANY_CHANGE_STATUS,
  COMPANY_IDENTITY_FIELDS,
  COMPANY_IDENTITY_LABELS,
  type Company,
  type CompanyChangeRequest,
  type CompanyIdentityField,
  companyChangeSubmitBody,
} from '@portal/contract';
import { Alert, App, Button, Col, Descriptions, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { type ListColumns, ListTable } from '#web/shared/ui/ListTable.tsx';
import { useExistingPage, usePaging } from '#web/shared/ui/pagination.ts';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { ChangeLines, ChangeStatusTag, shownValue } from './CompanyChangeParts.tsx';
import { useMyCompanyChanges, useSubmitCompanyChange, useWithdrawCompanyChange } from './useCompanyChange.ts';
import './company-change.css';

type Values = Record<CompanyIdentityField | 'reason', string | undefined>;
const FIELDS = [...COMPANY_IDENTITY_FIELDS, 'reason'] as const;
const rules = companyChangeSubmitBody.shape;

/** The company's identity as spec §3 names it. */
const identityOf = (c: Company): Record<CompanyIdentityField, string> => ({
  company_name: c.company_name,
  en_name: c.en_name,
  login_path: c.login_path,
  icpCompany: c.icpCompany,
  ICP: c.ICP,
  icpUrl: c.icpUrl,
});

const MAX: Record<CompanyIdentityField, number> = {
  company_name: 60,
  en_name: 100,
  login_path: 31,
  icpCompany: 60,
  ICP: 40,
  icpUrl: 300,
};
const HINT: Partial<Record<CompanyIdentityField, string>> = {
  login_path: '访客从此路径打开时显示本单位（如 /qf），各单位不能相同',
};

/** 申请变更: the identity prefilled; what differs is sent, the server says what is wrong beside the field. */
function ChangeModal({ company, open, onClose }: { company: Company; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const submit = useSubmitCompanyChange();
  const send = (v: Values) => {
    const input = Object.fromEntries(FIELDS.map((k) => [k, (v[k] ?? '').trim()])) as Record<
      (typeof FIELDS)[number],
      string
    >;
    submit.mutate(
      input,
      savedWithToast(form, FIELDS, '已提交变更申请，等待平台审核', () => onClose()),
    );
  };
  return (
    <FormModal<Values>
      form={form}
      name="company-change"
      label="申请变更单位信息"
      onFinish={send}
      formProps={{ preserve: false, initialValues: identityOf(company) }}
      title="申请变更单位信息"
      open={open}
      onCancel={onClose}
      okText="提交申请"
      ok={{ loading: submit.isPending }}
      width={640}
    >
      <Typography.Paragraph type="secondary">
        修改需要变更的项目后提交，由平台超级管理员审核，通过后立即生效；审核前单位信息保持不变。
      </Typography.Paragraph>
      <Row gutter={16}>
        {COMPANY_IDENTITY_FIELDS.map((f) => (
          <Col xs={24} md={12} key={f}>
            <Form.Item
              label={COMPANY_IDENTITY_LABELS[f]}
              name={f}
              required={f === 'company_name'}
              rules={[zodRule(rules[f])]}
              extra={HINT[f]}
            >
              <Input maxLength={MAX[f]} placeholder={f === 'company_name' ? undefined : '选填'} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <TextAreaItem
        label="说明"
        name="reason"
        rule={rules.reason}
        max={COMPANY_CHANGE_REASON_MAX}
        rows={3}
        placeholder="选填，如：工商登记名称已变更"
      />
    </FormModal>
  );
}

/** The pending request: what it asks, when, and 撤回 (confirmed). */
function Pending({ request }: { request: CompanyChangeRequest }) {
  const { modal } = App.useApp();
  const withdraw = useWithdrawCompanyChange();
  const ask = () =>
    confirmDanger(modal, {
      title: '确定撤回这份变更申请吗？',
      content: '撤回后平台不再审核它，单位信息保持不变；之后可以重新提交。',
      okText: '撤回',
      onOk: () =>
        withdraw
          .mutateAsync(request.id)
          .then(() => toastSuccess('已撤回变更申请'))
          .catch(() => {}),
    });
  return (
    <Alert
      type="warning"
      showIcon
      className="company-change-pending"
      title={`变更申请待审核（${formatMinute(request.create_time)} 提交）`}
      description={
        <>
          <ChangeLines changes={request.changes} />
          {request.reason && <Typography.Paragraph>说明：{request.reason}</Typography.Paragraph>}
          <Button size="small" danger onClick={ask} loading={withdraw.isPending}>
            撤回申请
          </Button>
        </>
      }
    />
  );
}

/** 变更记录: the company's requests, newest first, with the reviewer's note. */
export function CompanyChangeHistory() {
  const { page, pageSize, setPage, pagination } = usePaging(5);
  const list = useMyCompanyChanges({ page, page_size: pageSize });
  useExistingPage(list.data?.paging, page, setPage);
  const columns: ListColumns<CompanyChangeRequest> = [
    {
      title: '提交时间',
      dataIndex: 'create_time',
      phone: 'title',
      render: (v: string, r) => `${formatMinute(v)} ${r.applicant_name}`,
    },
    {
      title: '变更内容',
      dataIndex: 'changes',
      render: (_: unknown, r) => <ChangeLines changes={r.changes} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <ChangeStatusTag status={v} />,
    },
    {
      title: '审核意见',
      dataIndex: 'review_note',
      render: (v: string, r) =>
        r.status === COMPANY_CHANGE_STATUS.APPROVED || r.status === COMPANY_CHANGE_STATUS.REJECTED
          ? `${v || '—'}${r.reviewer_name ? `（${r.reviewer_name}）` : ''}`
          : '—',
    },
    { title: '处理时间', dataIndex: 'close_time', render: (v: string) => (v ? formatMinute(v) : '—') },
  ];
  return (
    <section className="company-change-history" aria-labelledby="company-change-history-title">
      <Typography.Title level={5} id="company-change-history-title">
        变更记录
      </Typography.Title>
      <ListTable<CompanyChangeRequest>
        aria-label="变更申请记录"
        columns={columns}
        query={list}
        empty="还没有变更申请"
        pagination={pagination}
      />
    </section>
  );
}

/**
 * 单位信息's identity (ADR 0029): names, login path and ICP record shown read-only, 申请变更 for a
 * request the platform's super administrator approves, and the pending request with 撤回.
 */
export function CompanyIdentity({ company }: { company: Company }) {
  const [open, setOpen] = useState(false);
  const latest = useMyCompanyChanges({ page: 1, page_size: 5 });
  const pending = latest.data?.results.find((r) => r.status === COMPANY_CHANGE_STATUS.PENDING);
  const identity = identityOf(company);
  return (
    <section className="company-change-section" aria-labelledby="company-identity-title">
      <div className="company-change-head">
        <Typography.Title level={5} id="company-identity-title" style={{ margin: 0 }}>
          登记信息
        </Typography.Title>
        <Button type="primary" ghost onClick={() => setOpen(true)} disabled={!!pending}>
          申请变更
        </Button>
      </div>
      {pending && <Pending request={pending} />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={COMPANY_IDENTITY_FIELDS.map((f) => ({
          key: f,
          label: COMPANY_IDENTITY_LABELS[f],
          children: shownValue(identity[f]),
        }))}
      />
      <ChangeModal company={company} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
