import {
  Codes,
  TRANSFER_BARRED_ROLES,
  TRANSFER_KINDS,
  TRANSFER_REASON_MAX,
  TRANSFER_STATUS,
  type Transfer,
  type TransferKind,
  transferRequestBody,
} from '@portal/contract';
import { Alert, App, Button, Card, Descriptions, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute } from '#web/shared/format.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { placeOf, TransferSides, TransferStatusTag } from './TransferParts.tsx';
import {
  useMyTransfers,
  useRequestTransfer,
  useTransferTargets,
  useWithdrawTransfer,
} from './useTransfer.ts';
import './transfer.css';

interface RequestValues {
  company_id: number;
  reason?: string;
}

const WHO_DECIDES: Record<TransferKind, string> = {
  1: '调往本集群的其他单位：现单位和目标单位的管理员都同意后，你的账号调入目标单位。',
  2: '调往其他集群的单位：现集群和目标集群的管理员都同意后，你的账号调入目标单位。',
};

function RequestForm({ kind }: { kind: TransferKind }) {
  const [form] = Form.useForm<RequestValues>();
  const [keyword, setKeyword] = useState('');
  const targets = useTransferTargets(kind, keyword, true);
  const request = useRequestTransfer();
  // The request's answer reloads the page's requests, which puts the waiting one in this form's
  // place: the toast follows the promise, not `mutate`'s callbacks (dropped once the form is gone).
  const submit = (v: RequestValues) =>
    request
      .mutateAsync({
        kind,
        company_id: v.company_id,
        ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
      })
      .then(() => toastSuccess('申请已提交，请等待审核'))
      .catch((e: unknown) => showFieldError(form, e, ['company_id', 'reason']));
  return (
    <Form<RequestValues>
      form={form}
      name={`transfer-request-${kind}`}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        label="目标单位"
        name="company_id"
        required
        rules={[zodRule(transferRequestBody.shape.company_id)]}
        extra={targets.data?.results.length === 0 && !keyword ? '暂无可申请调往的单位' : undefined}
      >
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder="输入单位名称查找"
          loading={targets.isFetching}
          notFoundContent={targets.isFetching ? '查找中…' : '没有符合条件的单位'}
          options={(targets.data?.results ?? []).map((t) => ({
            value: t.id,
            label: placeOf(t.company_name, t.group_name),
          }))}
        />
      </Form.Item>
      <TextAreaItem
        label="申请原因"
        name="reason"
        rule={transferRequestBody.shape.reason}
        max={TRANSFER_REASON_MAX}
        rows={3}
        placeholder="选填，审核人会看到"
      />
      <Button type="primary" htmlType="submit" loading={request.isPending}>
        提交申请
      </Button>
    </Form>
  );
}

function Pending({ t }: { t: Transfer }) {
  const { modal } = App.useApp();
  const withdraw = useWithdrawTransfer();
  return (
    <section aria-labelledby="transfer-pending-title" className="transfer-pending">
      <Typography.Title level={5} id="transfer-pending-title">
        审核中的申请
      </Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'from', label: '现单位', children: placeOf(t.from_company, t.from_group) },
          { key: 'to', label: '目标单位', children: placeOf(t.to_company, t.to_group) },
          { key: 'reason', label: '申请原因', children: t.reason || '—' },
          { key: 'sides', label: '审核进度', children: <TransferSides t={t} /> },
          { key: 'time', label: '申请时间', children: formatMinute(t.create_time) },
        ]}
      />
      <Button
        danger
        style={{ marginTop: 12 }}
        onClick={() =>
          confirmDanger(modal, {
            title: '撤回这个申请？',
            content: '撤回后审核人不再处理它；需要时可以重新申请。',
            okText: '撤回申请',
            onOk: () => withdraw.mutateAsync(t.id),
          })
        }
      >
        撤回申请
      </Button>
    </section>
  );
}

function History({ rows }: { rows: Transfer[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="transfer-history-title" className="transfer-history">
      <Typography.Title level={5} id="transfer-history-title">
        以往的申请
      </Typography.Title>
      <ul className="transfer-history-list">
        {rows.map((t) => (
          <li key={t.id}>
            <Space wrap size={8}>
              <TransferStatusTag status={t.status} />
              <span>
                {placeOf(t.from_company, t.from_group)} → {placeOf(t.to_company, t.to_group)}
              </span>
              <Typography.Text type="secondary">
                {formatMinute(t.decide_time || t.create_time)}
              </Typography.Text>
            </Space>
            {t.note && <div className="transfer-note">驳回原因：{t.note}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The person's own page of one kind of move: the request waiting, or the form; then the past ones. */
function TransferRequest({ kind }: { kind: TransferKind }) {
  const user = useUserInfo();
  const mine = useMyTransfers(kind);
  const rows = mine.data?.results ?? [];
  const pending = rows.find((t) => t.status === TRANSFER_STATUS.PENDING);
  return (
    <Card title={TRANSFER_KINDS[kind]}>
      <Typography.Paragraph>
        现单位：<strong>{user?.company_name ?? '—'}</strong>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{WHO_DECIDES[kind]}</Typography.Paragraph>
      {mine.isPending ? (
        <PageSpin />
      ) : mine.isError ? (
        <QueryEmpty query={mine} description="暂无申请" />
      ) : pending ? (
        <Pending t={pending} />
      ) : user && TRANSFER_BARRED_ROLES.includes(user.role) ? (
        <Alert type="info" showIcon title={Codes.TRANSFER_ROLE_BARRED.m} />
      ) : (
        <RequestForm kind={kind} />
      )}
      <History rows={rows.filter((t) => t !== pending)} />
    </Card>
  );
}

/** 单位变更 (company-change, every area's 个人中心): move to another company of the group. */
export const CompanyChangeRequestPage = () => <TransferRequest kind={1} />;
/** 集群变更 (group-change, every area's 个人中心): move to a company of another group. */
export const GroupChangeRequestPage = () => <TransferRequest kind={2} />;
