import { Alert, App, Card, Empty, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { AssistantActionsDialog } from './AssistantActionsDialog.tsx';
import { AssistantPicker } from './AssistantPicker.tsx';
import { type AssistantRow, AssistantTable } from './AssistantTable.tsx';
import { assistantRoleName, type Grantable, personName, slotsLeft } from './assistants.ts';
import { useAssistants, useRemoveAssistant } from './useAssistants.ts';
import './assistant.css';

const NONE: Grantable[] = [];

/**
 * 我的助理 (spec §2 personal `assistant-set`, docs/adr/0038 decision 6): a 集群管理员, 单位管理员 or
 * 指导者 names people of their company who hold the matching assistant role as their assistants
 * (添加助理: a search of those who may be named; someone serving another principal cannot be), and
 * gives each the actions they may do on their behalf (设置操作: checkboxes by module, the whole set
 * saved at once). 取消助理 asks first, naming the person. An assistant does only what is ticked,
 * within what the caller and the assistant role may do.
 */
export function AssistantPage() {
  const { modal } = App.useApp();
  const me = useUserInfo();
  const roleName = assistantRoleName(me?.role);
  const list = useAssistants(roleName !== '');
  const remove = useRemoveAssistant();
  const [editing, setEditing] = useState<AssistantRow | null>(null);
  const grantable = list.data?.grantable ?? NONE;
  const rows = useMemo(
    () => (list.data?.results ?? []).map((a) => ({ ...a, id: a.user_id })),
    [list.data?.results],
  );

  const confirmRemove = (r: AssistantRow) => {
    const name = personName(r);
    confirmDanger(modal, {
      title: `确定取消「${name}」的助理身份吗？`,
      content: `取消后「${name}」不能再代你做任何操作；以后可以重新添加。`,
      okText: '取消助理',
      cancelText: '不取消',
      onOk: () =>
        remove
          .mutateAsync(r.user_id)
          .then(() => toastSuccess(`已取消「${name}」的助理身份`))
          .catch(() => {}),
    });
  };

  if (me && roleName === '')
    return (
      <Card title="我的助理">
        <Empty description="你当前的角色没有助理：集群管理员、单位管理员和指导者可以指定助理" />
      </Card>
    );

  return (
    <Card title="我的助理">
      <div className="assistant-page">
        <Typography.Paragraph type="secondary" className="assistant-intro">
          助理可以代你处理工作：每位助理只能做你为其勾选的操作，且不超出你自己和其助理角色
          {roleName ? `（${roleName}）` : ''}
          的权限。只能添加本单位担任{roleName || '相应助理角色'}的人员，一人只能做一位负责人的助理。
        </Typography.Paragraph>
        {list.data && grantable.length === 0 && (
          <Alert
            type="info"
            showIcon
            message="你目前没有可以交给助理的操作：助理只能做你自己和其助理角色都能做的操作。"
          />
        )}
        <AssistantPicker slots={slotsLeft(rows.length)} />
        <AssistantTable
          rows={rows}
          grantable={grantable}
          query={list}
          loading={list.isPending}
          onActions={setEditing}
          onRemove={confirmRemove}
        />
      </div>
      <AssistantActionsDialog assistant={editing} grantable={grantable} onClose={() => setEditing(null)} />
    </Card>
  );
}
