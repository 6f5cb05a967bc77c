import {
  KEYWORD_MAX,
  TRANSFER_KINDS,
  TRANSFER_NOTE_MAX,
  TRANSFER_REVIEW_STATES,
  type Transfer,
  type TransferKind,
  transferDecideBody,
} from '@portal/contract';
import { transferCalls } from '@portal/contract/calls';
import { App, Button, Card, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatMinute } from '#web/shared/format.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { actionsColumn } from '#web/shared/ui/actionsColumn.tsx';
import { confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { FilteredList } from '#web/shared/ui/FilteredList.tsx';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { useListFilters } from '#web/shared/ui/pagination.ts';
import { TextAreaItem } from '#web/shared/ui/TextAreaItem.tsx';
import { placeOf, TransferSides, TransferStatusTag } from './TransferParts.tsx';
import { useDecideTransfer, useTransferReviews } from './useTransfer.ts';
import './transfer.css';

type State = keyof typeof TRANSFER_REVIEW_STATES;
const STATE_OPTIONS = (Object.entries(TRANSFER_REVIEW_STATES) as [State, string][]).map(([value, label]) => ({
  value,
  label,
}));
const noteRule = transferDecideBody.shape.note;

function RefuseModal({ t, onClose }: { t: Transfer | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const decide = useDecideTransfer();
  return (
    <FormModal<{ note: string }>
      form={form}
      name="transfer-refuse"
      label="驳回申请"
      title={t ? `驳回 ${t.real_name || t.username} 的申请` : '驳回申请'}
      open={t !== null}
      onCancel={onClose}
      okText="驳回"
      ok={{ loading: decide.isPending, danger: true }}
      formProps={{ preserve: false }}
      onFinish={(v) =>
        t &&
        decide.mutate(
          { id: t.id, agree: 0, note: v.note.trim() },
          savedWithToast(form, ['note'], '已驳回，申请人会收到消息', onClose),
        )
      }
    >
      <TextAreaItem
        label="驳回原因"
        name="note"
        required
        rule={noteRule}
        max={TRANSFER_NOTE_MAX}
        rows={3}
        placeholder="申请人会看到"
      />
    </FormModal>
  );
}

/**
 * The review of people's moves of one kind (/manager/resultCompanyChange, /manager/resultGroupChange;
 * docs/adr/0038 "Moving to another company"): the requests into or out of the companies (or groups)
 * the caller administers — waiting for them first — each agreed after a confirmation or refused with
 * a reason. The second side's agreement moves the person.
 */
function TransferReview({ kind }: { kind: TransferKind }) {
  const { modal } = App.useApp();
  const filters = useListFilters<State>();
  const state = filters.status ?? 'awaiting';
  const { page, page_size, keyword } = filters.params;
  const list = useTransferReviews({ page, page_size, keyword, kind, state });
  const decide = useDecideTransfer();
  const canDecide = useCanCall(transferCalls.decide);
  const [refusing, setRefusing] = useState<Transfer | null>(null);
  const name = (t: Transfer) => t.real_name || t.username;

  const agree = (t: Transfer) =>
    confirmRun(modal, {
      title: `同意 ${name(t)} 的申请？`,
      content:
        t.from_state === 1 || t.to_state === 1 || t.my_sides.length === 2
          ? `同意后 ${name(t)} 将调入 ${t.to_company}（原部门和职务不再保留）。`
          : '另一方也同意后，申请人才会调入目标单位。',
      okText: '同意',
      run: () => decide.mutateAsync({ id: t.id, agree: 1 }),
      done: (r) => (r.status === 1 ? `${name(t)} 已调入 ${t.to_company}` : '已同意，等待另一方审核'),
    });

  const columns: ListColumns<Transfer> = [
    {
      title: '申请人',
      key: 'who',
      phone: 'title',
      render: (_: unknown, t) => (
        <div>
          <div>{name(t)}</div>
          <Typography.Text type="secondary">
            {t.username}
            {t.mobile ? ` · ${t.mobile}` : ''}
          </Typography.Text>
        </div>
      ),
    },
    { title: '调出', key: 'from', render: (_: unknown, t) => placeOf(t.from_company, t.from_group) },
    { title: '调入', key: 'to', render: (_: unknown, t) => placeOf(t.to_company, t.to_group) },
    { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
    { title: '审核进度', key: 'sides', render: (_: unknown, t) => <TransferSides t={t} /> },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: number, t) => (
        <div>
          <TransferStatusTag status={v} />
          {t.note && <div className="transfer-note">{t.note}</div>}
        </div>
      ),
    },
    { title: '申请时间', dataIndex: 'create_time', render: (v: string) => formatMinute(v) },
    ...(canDecide
      ? [
          actionsColumn<Transfer>((t) =>
            t.awaiting_me ? (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => agree(t)}>
                  同意
                </Button>
                <Button type="link" size="small" danger onClick={() => setRefusing(t)}>
                  驳回
                </Button>
              </Space>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            ),
          ),
        ]
      : []),
  ];

  return (
    <Card title={`${TRANSFER_KINDS[kind]}审核`}>
      <FilteredList<Transfer, State>
        listFilters={filters}
        search={{
          label: '搜索申请人',
          placeholder: '姓名 / 用户名 / 手机号',
          maxLength: KEYWORD_MAX,
          style: { width: 260 },
        }}
        status={{ label: '申请范围', options: STATE_OPTIONS, placeholder: '待我审核' }}
        aria-label={`${TRANSFER_KINDS[kind]}申请列表`}
        columns={columns}
        query={list}
        empty={state === 'awaiting' ? '没有待你审核的申请' : '暂无申请'}
      />
      <RefuseModal t={refusing} onClose={() => setRefusing(null)} />
    </Card>
  );
}

/** 单位变更审核 (/manager/resultCompanyChange). */
export const ResultCompanyChangePage = () => <TransferReview kind={1} />;
/** 集群变更审核 (/manager/resultGroupChange). */
export const ResultGroupChangePage = () => <TransferReview kind={2} />;
