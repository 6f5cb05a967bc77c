import {
  ENQUIRY_KINDS,
  ENQUIRY_LIMITS,
  ENQUIRY_STATUS,
  ENQUIRY_STATUS_NAMES,
  type Enquiry,
  type EnquiryKind,
  enquiryHandleBody,
  KEYWORD_MAX,
} from '@portal/contract';
import { enquiryCalls } from '@portal/contract/calls';
import { Button, Card, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { EnquiryStatusTag } from './StatusTags.tsx';
import { useEnquiries, useHandleEnquiry } from './useFeedbackAdmin.ts';
import './feedback.css';

const STATUS_OPTIONS = optionsOf(ENQUIRY_STATUS_NAMES);
const KIND_OPTIONS = (Object.keys(ENQUIRY_KINDS) as EnquiryKind[]).map((k) => ({
  value: k,
  label: ENQUIRY_KINDS[k],
}));

/** 标记已处理 with an optional note: the dialog is the confirmation step. */
function HandleModal({
  enquiry,
  onClose,
  onHandled,
}: {
  enquiry: Enquiry | null;
  onClose: () => void;
  onHandled: (e: Enquiry) => void;
}) {
  const [form] = Form.useForm<{ note?: string }>();
  const handle = useHandleEnquiry();
  const submit = (v: { note?: string }) => {
    if (!enquiry) return;
    handle.mutate(
      { id: enquiry.id, note: v.note?.trim() || undefined },
      savedWithToast<Enquiry>(form, ['note'], '已标记为已处理', (e) => {
        onHandled(e);
        onClose();
      }),
    );
  };
  return (
    <FormModal
      form={form}
      name="enquiry-handle"
      label="标记咨询已处理"
      onFinish={submit}
      formProps={{ preserve: false }}
      title="标记为已处理"
      open={enquiry !== null}
      onCancel={onClose}
      okText="确认已处理"
      ok={{ loading: handle.isPending }}
    >
      {enquiry && (
        <Typography.Paragraph>
          确定「{enquiry.contact}」的{ENQUIRY_KINDS[enquiry.kind]}（{enquiry.subject}
          ）已处理吗？标记后不能撤回。
        </Typography.Paragraph>
      )}
      <Form.Item label="处理备注（选填）" name="note" rules={[zodRule(enquiryHandleBody.shape.note)]}>
        <Input.TextArea
          rows={3}
          maxLength={ENQUIRY_LIMITS.note}
          showCount
          placeholder="如：已电话回访，约定下周面谈"
        />
      </Form.Item>
    </FormModal>
  );
}

function EnquiryDetail({ e }: { e: Enquiry }) {
  const venture = e.kind === 'venture_capital';
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'status', label: '状态', children: <EnquiryStatusTag status={e.status} /> },
        { key: 'kind', label: '咨询类型', children: ENQUIRY_KINDS[e.kind] },
        { key: 'subject', label: venture ? '项目名称' : '产品名称', children: e.subject },
        {
          key: 'organization',
          label: venture ? '公司名称' : '单位名称',
          children: e.organization || '—',
        },
        ...(venture
          ? [{ key: 'amount', label: '拟融资金额', children: e.amount ? `${e.amount} 万元` : '—' }]
          : []),
        {
          key: 'content',
          label: venture ? '项目简介' : '规划需求',
          children: <span className="feedback-text">{e.content}</span>,
        },
        { key: 'contact', label: '联系人', children: e.contact },
        { key: 'mobile', label: '手机号', children: e.mobile },
        { key: 'email', label: '邮箱', children: e.email || '—' },
        { key: 'time', label: '提交时间', children: formatDateTime(e.create_time) },
        { key: 'ip', label: '来源 IP', children: e.ip || '—' },
        ...(e.status === ENQUIRY_STATUS.OPEN
          ? []
          : [
              { key: 'handler', label: '处理人', children: e.handler_name || '—' },
              { key: 'handle_time', label: '处理时间', children: formatDateTime(e.handle_time) },
              {
                key: 'note',
                label: '处理备注',
                children: <span className="feedback-text">{e.note || '—'}</span>,
              },
            ]),
      ]}
    />
  );
}

/** 合作咨询 (/crm/enquiry_index): product-planning and investment enquiries from 关于我们. */
export function EnquiryIndexPage() {
  const canHandle = useCanCall(enquiryCalls.handle);
  const filters = useListFilters();
  const [kind, setKind] = useState<EnquiryKind | undefined>();
  const [detail, setDetail] = useState<Enquiry | null>(null);
  const [handling, setHandling] = useState<Enquiry | null>(null);
  const list = useEnquiries({ ...filters.params, kind });
  const filtered = filters.filtered || kind !== undefined;

  const handleButton = (row: Enquiry, size?: 'small') =>
    canHandle && row.status === ENQUIRY_STATUS.OPEN ? (
      <Button type={size ? 'link' : 'primary'} size={size} onClick={() => setHandling(row)}>
        标记已处理
      </Button>
    ) : null;

  const columns: ListColumns<Enquiry> = [
    {
      title: '咨询事项',
      dataIndex: 'subject',
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
    {
      title: '类型',
      dataIndex: 'kind',
      render: (v: EnquiryKind) => (
        <Tag color={v === 'venture_capital' ? 'purple' : 'blue'}>{ENQUIRY_KINDS[v]}</Tag>
      ),
    },
    { title: '单位', dataIndex: 'organization', render: (v: string) => v || '—' },
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
    { title: '提交时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    {
      title: '状态',
      dataIndex: 'status',
      phone: 'title',
      render: (v: number) => <EnquiryStatusTag status={v} />,
    },
    actionsColumn((row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setDetail(row)}>
          详情
        </Button>
        {handleButton(row, 'small')}
      </Space>
    )),
  ];

  return (
    <Card title="合作咨询">
      <FilteredList<Enquiry>
        listFilters={filters}
        search={{
          label: '搜索咨询',
          placeholder: '联系人 / 手机号 / 单位 / 事项',
          maxLength: KEYWORD_MAX,
          style: { width: 300 },
        }}
        filters={
          <Select<EnquiryKind>
            aria-label="咨询类型"
            placeholder="全部类型"
            allowClear={CLEARABLE}
            style={{ width: 150 }}
            options={KIND_OPTIONS}
            value={kind}
            onChange={(v) => {
              setKind(v);
              filters.setPage(1);
            }}
          />
        }
        status={{ label: '处理状态', options: STATUS_OPTIONS }}
        aria-label="合作咨询列表"
        columns={columns}
        query={list}
        empty={
          filtered ? '没有符合条件的咨询' : '暂无合作咨询：访客可在「关于我们」页提交产品规划与投融资咨询'
        }
        rowName={(r) => `咨询 ${r.subject}`}
      />
      <Drawer
        title={detail ? `${ENQUIRY_KINDS[detail.kind]} · ${detail.subject}` : '咨询详情'}
        open={detail !== null}
        onClose={() => setDetail(null)}
        size="min(560px, 100vw)"
        destroyOnHidden
        extra={detail ? <Space>{handleButton(detail)}</Space> : null}
      >
        {detail && <EnquiryDetail e={detail} />}
      </Drawer>
      <HandleModal
        enquiry={handling}
        onClose={() => setHandling(null)}
        onHandled={(e) => setDetail((d) => (d && d.id === e.id ? e : d))}
      />
    </Card>
  );
}
