import type { RolePermissionMatrix, RolePermissionRole } from '@portal/contract';
import { App, Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useNarrow } from '#web/shared/ui/useNarrow.ts';
import { ModuleActions } from './ModuleActions.tsx';
import {
  allCodenames,
  type Codenames,
  canGrant,
  differences,
  orderedCodenames,
  sameSet,
} from './rolePermission.ts';
import { useRoleMatrix, useSaveRoleActions } from './useRolePermission.ts';
import './role-permission.css';

const NONE: never[] = [];

/** Whether a role's saved set differs from its defaults. */
const adjusted = (r: RolePermissionRole) => !sameSet(new Set(r.codenames), new Set(r.defaults));

/**
 * 角色权限 (/<area>/inner-permission, spec §2 admin): what each role of the company may do. The
 * roles the caller may set are listed (a select on a phone); for the one chosen, its actions by
 * module — a box per action and a 全选 per module — with what differs from the role's defaults
 * (已调整) and 恢复默认. An action the role lacks, that the caller does not hold and that is not one
 * of the role's defaults cannot be ticked (the server would refuse it); any may be unticked. 保存
 * sends the role's whole set: its people have it at their next request. Switching the role or the
 * company with changes unsaved asks first. A group's staff and the super administrator choose the
 * company (单位); everyone else sets their own company's.
 */
export function RolePermissionPage() {
  const { modal } = App.useApp();
  const canSwitch = useCanChooseCompany();
  const [companyId, setCompanyId] = useState<number>();
  const matrix = useRoleMatrix(companyId);
  // Here rather than beside the boxes: a save still says so once the user moved to another role.
  const save = useSaveRoleActions();
  const [roleId, setRoleId] = useState<number>();
  /** The user's changes, for the role of the company they were made in (`key`). */
  const [draft, setDraft] = useState<{ key: string; set: Codenames } | null>(null);

  const roles = matrix.data?.roles ?? NONE;
  const role = roles.find((r) => r.role === roleId) ?? roles[0];
  const key = `${companyId ?? 'own'}-${role?.role}`;
  const saved = useMemo(() => new Set(role?.codenames ?? NONE), [role]);
  const selected = draft?.key === key ? draft.set : saved;
  const dirty = !sameSet(selected, saved);

  /** Runs `go` at once, or once the user agreed to drop the changes not saved. */
  const leaving = (go: () => void) => {
    if (!dirty || !role) {
      go();
      return;
    }
    confirmDanger(modal, {
      title: `放弃对「${role.role_name}」的修改吗？`,
      content: '你修改的权限还没有保存，切换后这些修改将丢失。',
      okText: '放弃修改',
      cancelText: '继续编辑',
      onOk: go,
    });
  };
  const chooseRole = (id: number) => {
    if (id === role?.role) return;
    leaving(() => {
      setRoleId(id);
      setDraft(null);
    });
  };
  const chooseCompany = (id: number | undefined) =>
    leaving(() => {
      setCompanyId(id);
      setRoleId(undefined);
      setDraft(null);
    });

  const edit = (set: Codenames | null) => setDraft(set && { key, set });
  const submit = () => {
    if (!role || !matrix.data) return;
    const name = role.role_name;
    const sent = selected;
    save.mutate(
      { companyId, role: role.role, codenames: orderedCodenames(matrix.data.modules, sent) },
      {
        onSuccess: () => {
          // What was saved is the role's now; a box changed meanwhile stays a change.
          setDraft((d) => (d?.key === key && sameSet(d.set, sent) ? null : d));
          toastSuccess(`已保存「${name}」的权限，对其人员立即生效`);
        },
      },
    );
  };
  const saving =
    save.isPending && save.variables?.companyId === companyId && save.variables.role === role?.role;

  return (
    <div className="rp-page">
      {canSwitch && <ScopeCompanySelect value={companyId} onChange={chooseCompany} />}
      {matrix.data && role ? (
        <div className="rp-panes">
          <RoleChooser roles={roles} chosen={role.role} onChoose={chooseRole} />
          <RoleActions
            matrix={matrix.data}
            role={role}
            saved={saved}
            selected={selected}
            saving={saving}
            onEdit={edit}
            onSave={submit}
          />
        </div>
      ) : (
        <Card title="角色权限">
          {matrix.isPending ? (
            <PageSpin description="正在加载角色权限…" />
          ) : matrix.data ? (
            <Empty description="没有可以设置权限的角色" />
          ) : (
            <QueryEmpty query={matrix} description="没有可以设置权限的角色" />
          )}
        </Card>
      )}
    </div>
  );
}

/** The roles: a list beside the actions (each with its count and 已调整), or a select on a phone. */
function RoleChooser({
  roles,
  chosen,
  onChoose,
}: {
  roles: readonly RolePermissionRole[];
  chosen: number;
  onChoose: (role: number) => void;
}) {
  const narrow = useNarrow();
  const labelId = `rp-role-${useId().replace(/:/g, '')}`;
  if (narrow)
    return (
      <div className="rp-role-select">
        <Typography.Text id={labelId} strong>
          角色
        </Typography.Text>
        <Select<number>
          aria-labelledby={labelId}
          value={chosen}
          options={roles.map((r) => ({
            value: r.role,
            label: `${r.role_name}（${r.codenames.length} 项${adjusted(r) ? '，已调整' : ''}）`,
          }))}
          onChange={onChoose}
          className="rp-role-select-box"
        />
      </div>
    );
  return (
    <Card title={<span id={labelId}>角色</span>} size="small" className="rp-roles-card">
      <ul className="rp-roles" aria-labelledby={labelId}>
        {roles.map((r) => (
          <li key={r.role}>
            <button
              type="button"
              className="rp-role"
              aria-current={r.role === chosen ? 'true' : undefined}
              onClick={() => onChoose(r.role)}
            >
              <span className="rp-role-name">{r.role_name}</span>
              <span className="rp-role-meta">
                {r.codenames.length} 项操作{adjusted(r) ? ' · 已调整' : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The chosen role's actions by module, with 恢复默认, 放弃修改 and 保存 above them. */
function RoleActions({
  matrix,
  role,
  saved,
  selected,
  saving,
  onEdit,
  onSave,
}: {
  matrix: RolePermissionMatrix;
  role: RolePermissionRole;
  /** What the role has now. */
  saved: Codenames;
  /** What the boxes show: `saved` with the user's changes. */
  selected: Codenames;
  saving: boolean;
  /** The boxes changed (`null`: back to what is saved). */
  onEdit: (next: Codenames | null) => void;
  onSave: () => void;
}) {
  const defaults = useMemo(() => new Set(role.defaults), [role]);
  const grantable = useMemo(() => new Set(matrix.grantable), [matrix.grantable]);
  const canTick = (codename: string) => canGrant(codename, role, grantable);
  const total = allCodenames(matrix.modules).length;
  const fromDefaults = differences(matrix.modules, selected, defaults).length;
  const unsaved = differences(matrix.modules, selected, saved).length;
  const dirty = unsaved > 0;
  const name = role.role_name;

  return (
    <Card title={`「${name}」可做的操作`} className="rp-actions-card">
      <div className="rp-toolbar">
        <Typography.Text className="rp-summary">
          <span className="rp-summary-part">
            已选 {selected.size}/{total} 项
          </span>
          {' · '}
          <span className="rp-summary-part">
            {fromDefaults === 0 ? '与默认相同' : `与默认不同 ${fromDefaults} 项`}
          </span>
          {dirty && (
            <>
              {' · '}
              <Typography.Text strong className="rp-summary-part">
                {unsaved} 项修改未保存
              </Typography.Text>
            </>
          )}
        </Typography.Text>
        <Space wrap>
          <Button disabled={sameSet(selected, defaults) || saving} onClick={() => onEdit(defaults)}>
            恢复默认
          </Button>
          <Button disabled={!dirty || saving} onClick={() => onEdit(null)}>
            放弃修改
          </Button>
          <Button type="primary" disabled={!dirty} loading={saving} onClick={onSave}>
            保存
          </Button>
        </Space>
      </div>
      <div className="rp-modules">
        {matrix.modules.map((m) => (
          <ModuleActions
            key={m.module}
            module={m}
            role={role}
            selected={selected}
            saved={saved}
            defaults={defaults}
            canTick={canTick}
            grantable={grantable}
            onChange={onEdit}
          />
        ))}
      </div>
    </Card>
  );
}
