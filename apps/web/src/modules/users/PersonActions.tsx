import type { Department, Position, UserAdmin } from '@portal/contract';
import { usersCalls } from '@portal/contract/calls';
import { App, Button, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { useUserInfo } from '#web/shared/session.ts';
import { confirmDanger, confirmRun } from '#web/shared/ui/confirmDanger.ts';
import { PasswordResetModal } from './PasswordResetModal.tsx';
import { personName } from './people.ts';
import { UserFormModal, type UserFormTarget } from './UserFormModal.tsx';
import { useSetUserStatus } from './useUsers.ts';

/** 状态 as a tag, and 须改密 while the person has yet to replace a password an administrator set. */
export const StatusTags = ({ u }: { u: UserAdmin }) => (
  <Space size={4} wrap>
    {u.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>}
    {u.must_change_password === 1 && <Tag color="orange">须改密</Tag>}
  </Space>
);

/**
 * What may be done to a person of `companyId` — 编辑, 停用 (after a confirmation naming them: they
 * are logged out at once) or 启用, 重置密码 — as 人员管理's rows and a person's page offer it: the
 * buttons follow the caller's permissions and whether the caller may change that person
 * (`manageable`); `dialogs` holds the form and the password dialog, `add()` opens 新增人员.
 */
export function usePersonActions({
  companyId,
  departments,
  positions,
  roles,
}: {
  companyId: number | undefined;
  departments: readonly Department[];
  positions: readonly Position[];
  roles: { value: number; label: string }[];
}) {
  const { modal } = App.useApp();
  const me = useUserInfo();
  const canChange = useCanCall(usersCalls.update);
  const canReset = useCanCall(usersCalls.resetPassword);
  const setStatus = useSetUserStatus(companyId);
  const [editing, setEditing] = useState<UserFormTarget | null>(null);
  const [resetting, setResetting] = useState<UserAdmin | null>(null);

  const toggle = (u: UserAdmin) => {
    const name = personName(u);
    if (u.status === 1)
      confirmDanger(modal, {
        title: `确定停用「${name}」吗？`,
        content: `停用后「${name}」会立即退出登录，且不能再登录；其资料保留，可随时重新启用。`,
        okText: '停用',
        onOk: () =>
          setStatus
            .mutateAsync({ id: u.id, status: 0 })
            .then(() => toastSuccess(`已停用「${name}」`))
            .catch(() => {}),
      });
    else
      confirmRun(modal, {
        title: `确定启用「${name}」吗？`,
        content: `启用后「${name}」可以重新登录。`,
        okText: '启用',
        run: () => setStatus.mutateAsync({ id: u.id, status: 1 }),
        done: () => `已启用「${name}」`,
      });
  };

  const actions = (u: UserAdmin, size: 'small' | 'middle' = 'small'): ReactNode => {
    const name = personName(u);
    if (!u.manageable)
      return <Typography.Text type="secondary">{u.id === me?.id ? '本人' : '无权管理'}</Typography.Text>;
    const type = size === 'small' ? 'link' : 'default';
    return (
      <Space size={size === 'small' ? 0 : 8} wrap>
        {canChange && (
          <Button
            type={type}
            size={size}
            aria-label={`编辑 ${name}`}
            onClick={() => setEditing({ mode: 'edit', user: u })}
          >
            编辑
          </Button>
        )}
        {canChange && (
          <Button
            type={type}
            size={size}
            danger={u.status === 1}
            aria-label={`${u.status === 1 ? '停用' : '启用'} ${name}`}
            onClick={() => toggle(u)}
          >
            {u.status === 1 ? '停用' : '启用'}
          </Button>
        )}
        {canReset && (
          <Button type={type} size={size} aria-label={`重置密码 ${name}`} onClick={() => setResetting(u)}>
            重置密码
          </Button>
        )}
      </Space>
    );
  };

  const dialogs = (
    <>
      <UserFormModal
        target={editing}
        companyId={companyId}
        departments={departments}
        positions={positions}
        roles={roles}
        onClose={() => setEditing(null)}
      />
      <PasswordResetModal user={resetting} companyId={companyId} onClose={() => setResetting(null)} />
    </>
  );

  return { canChange, canReset, actions, dialogs, add: () => setEditing({ mode: 'add' }) };
}

/** A person's page (/manager/user/{id}, spec §2), with the company when it is not the caller's own. */
export const personPath = (id: number, companyId: number | undefined) =>
  `/manager/user/${id}${companyId === undefined ? '' : `?company_id=${companyId}`}`;
