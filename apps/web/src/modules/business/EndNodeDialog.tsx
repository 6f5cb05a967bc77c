import {
  DISPLAY_NODE_TYPE,
  END_LEADS,
  type EndLeads,
  JUMP_NODE_TYPE,
  NEST_NODE_TYPE,
  TRANS_SELECT,
  type Trans,
} from '@portal/contract';
import { Alert, Modal, Radio, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useDisplayReads } from './useBusinessDisplay.ts';
import { useEndCommit, useEndNode, useExits } from './useBusinessRun.ts';

/** An exit as the one ending the node reads it: its name, and where it leads (an end: as `endLeads` says). */
export function exitLabel(e: Trans, endLeads: EndLeads): string {
  const to = e.to.map((n) => n.name).join('、');
  if (e.kind === 'end') {
    const what = END_LEADS[endLeads];
    return e.name === '结束' || e.name === '' ? what : `${e.name} → ${what}`;
  }
  if (e.kind === 'split') return `${e.name} → 并行：${to}`;
  if (e.kind === 'merge') return `${e.name} → 汇合后进入：${to || '结束'}`;
  if (e.kind === 'wait') return e.name;
  return e.name === to ? `进入 ${to}` : `${e.name} → ${to}`;
}

/**
 * Ends a current node (结束环节; design/training.md "Moving on"): its exits are read when the
 * dialog opens, one taken as it is, several chosen among (an exclusive choice's ways, a parallel
 * split); an end that would end the business says first who has not submitted their experience.
 * The refusal (another member ended it a moment before, an experience missing) is shown here.
 */
export function EndNodeDialog({
  open,
  businessId,
  node,
  seatId,
  onClose,
}: {
  open: boolean;
  businessId: number;
  node: { node_id: number; name: string; node_type?: number | null };
  seatId: number;
  onClose: () => void;
}) {
  const exits = useExits(businessId, node.node_id, open);
  const [chosen, setChosen] = useState<number | null>(null);
  const end = useEndNode();
  const list = exits.data?.exits ?? [];
  const picked = list.find((e) => e.id === chosen);
  const endLeads = exits.data?.end_leads ?? 'branch';
  const ending = endLeads === 'business' && picked?.kind === 'end';
  const commit = useEndCommit(businessId, node.node_id, open && ending);
  // A display warns while someone of the node has not read an item (it may still be ended).
  const reads = useDisplayReads(businessId, node.node_id, open && node.node_type === DISPLAY_NODE_TYPE);
  const unread = (reads.data ?? []).filter((r) => r.unread_names.length > 0);

  // One exit is taken as it is; the choice starts empty when there are several.
  useEffect(() => {
    if (!open) return;
    end.reset();
    setChosen(null);
  }, [open, end.reset]);
  useEffect(() => {
    const only = exits.data?.exits;
    if (only?.length === 1 && only[0]) setChosen(only[0].id);
  }, [exits.data]);

  const submit = () => {
    if (!picked) return;
    end.mutate(
      { business_id: businessId, node_id: node.node_id, role_alloc_id: seatId, tran_id: picked.id },
      {
        onSuccess: (m) => {
          toastSuccess(m.msg);
          onClose();
        },
      },
    );
  };
  const missing = ending ? (commit.data?.missing ?? []) : [];

  return (
    <Modal
      open={open}
      title={`结束环节“${node.name}”`}
      okText="结束环节"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !picked || missing.length > 0, loading: end.isPending }}
      destroyOnHidden
    >
      {exits.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !exits.data ? (
        <QueryEmpty query={exits} description="读取出口失败" />
      ) : list.length === 0 ? (
        <Alert type="warning" showIcon message="这个环节没有出口，请联系流程的设计者" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {node.node_type === NEST_NODE_TYPE && (
            <Alert
              type="info"
              showIcon
              message="这是嵌套环节：结束后业务进入嵌套的项目，那个项目结束后，从下面的去向继续。"
            />
          )}
          {unread.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message="还有人没有阅读展示材料，仍要结束吗？"
              description={
                <ul className="run-unread">
                  {unread.map((r) => (
                    <li key={r.item_id}>
                      《{r.name}》未阅：{r.unread_names.join('、')}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          {node.node_type === JUMP_NODE_TYPE && (
            <Alert type="info" showIcon message="这是跳转环节：结束后业务跳转到目标项目，不再回到这里。" />
          )}
          <Typography.Paragraph style={{ margin: 0 }}>
            {exits.data.select === TRANS_SELECT.one || exits.data.select === TRANS_SELECT.split
              ? '结束后业务将：'
              : '请选择业务接下来的去向：'}
          </Typography.Paragraph>
          <Radio.Group
            aria-label="出口"
            value={chosen}
            onChange={(e) => setChosen(e.target.value as number)}
            options={list.map((e) => ({ value: e.id, label: exitLabel(e, endLeads) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
          {ending && missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message="还有成员没有提交心得，业务不能结束"
              description={`未提交：${missing.join('、')}`}
            />
          )}
        </Space>
      )}
      {end.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={isApiError(end.error) ? end.error.m : '结束环节失败，请稍后再试'}
        />
      )}
    </Modal>
  );
}
