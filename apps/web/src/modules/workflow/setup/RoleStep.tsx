import { PlusOutlined } from '@ant-design/icons';
import { SETUP_LIMITS } from '@portal/contract';
import { App, Button, Card, Checkbox, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { useSetupWrites } from '../useFlowSetup.ts';
import { nodeLabel, runNodes, typeName } from './nodes.ts';
import { StepProblems, type StepProps } from './StepProblems.tsx';

interface Seat {
  node_id: number;
  can_terminate: 0 | 1;
  can_brought: 0 | 1;
}
interface RoleDraft {
  /** The stored role's id; a new role has none (`key` tells drafts apart). */
  id?: number;
  key: string;
  name: string;
  capacity: number;
  position_id: number | null;
  can_start: 0 | 1;
  nodes: Seat[];
}

const bit = (v: number): 0 | 1 => (v ? 1 : 0);
let fresh = 0;

/** Why a role cannot be saved as typed (shown beside its field), or ''. */
function nameError(role: RoleDraft, roles: readonly RoleDraft[]): string {
  const name = role.name.trim();
  if (!name) return '请输入角色名称';
  if (name.length > SETUP_LIMITS.roleName) return `角色名称最多 ${SETUP_LIMITS.roleName} 个字`;
  if (roles.some((r) => r !== role && r.name.trim() === name)) return '角色名称重复';
  return '';
}

/**
 * Step 2, 角色设置: who plays the flow — each role's name, how many play it, the 职务 a team member
 * must hold to be given it, and the nodes it takes part in (may it end the node, may it be brought
 * in). One role starts the business. The server checks the whole (every node with a role that may
 * end it, the start role in the first node) and names what is wrong.
 */
export function RoleStep({ setup, readOnly, onDone }: StepProps) {
  const { modal } = App.useApp();
  const nodes = runNodes(setup.nodes);
  const [roles, setRoles] = useState<RoleDraft[]>(() =>
    setup.roles.map((r) => ({
      id: r.id,
      key: `r${r.id}`,
      name: r.name,
      capacity: r.capacity,
      position_id: r.position_id,
      can_start: bit(r.can_start),
      nodes: r.nodes.map((n) => ({
        node_id: n.node_id,
        can_terminate: bit(n.can_terminate),
        can_brought: bit(n.can_brought),
      })),
    })),
  );
  const [touched, setTouched] = useState(false);
  const save = useSetupWrites(setup.flow.id).setRoles;
  const change = (key: string, patch: Partial<RoleDraft>) =>
    setRoles((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const seat = (role: RoleDraft, nodeId: number, patch: Partial<Seat> | null) => {
    const others = role.nodes.filter((s) => s.node_id !== nodeId);
    const now = role.nodes.find((s) => s.node_id === nodeId) ?? {
      node_id: nodeId,
      can_terminate: 0,
      can_brought: 0,
    };
    // Seats follow the drawing's order.
    const order = (s: Seat) => nodes.findIndex((n) => n.id === s.node_id);
    change(role.key, {
      nodes: patch === null ? others : [...others, { ...now, ...patch }].sort((a, b) => order(a) - order(b)),
    });
  };
  const add = () => {
    fresh += 1;
    setRoles((rs) => [
      ...rs,
      {
        key: `new${fresh}`,
        name: '',
        capacity: 1,
        position_id: null,
        can_start: rs.length === 0 ? 1 : 0,
        nodes: [],
      },
    ]);
  };
  const remove = (role: RoleDraft) =>
    confirmDanger(modal, {
      title: `确定删除角色「${role.name || '未命名'}」吗？`,
      content: '保存后该角色及其在各环节的动作设置一并删除。',
      okText: '删除',
      onOk: () => setRoles((rs) => rs.filter((r) => r.key !== role.key)),
    });
  const submit = () => {
    setTouched(true);
    if (roles.some((r) => nameError(r, roles))) return;
    save
      .mutateAsync(
        roles.map((r) => ({
          ...(r.id ? { id: r.id } : {}),
          name: r.name.trim(),
          capacity: r.capacity,
          position_id: r.position_id,
          can_start: r.can_start,
          nodes: r.nodes,
        })),
      )
      .then(onDone)
      .catch(() => {});
  };
  const positions = setup.positions.map((p) => ({ value: p.id, label: p.name }));

  return (
    <>
      <StepProblems error={save.error} />
      <Radio.Group
        className="flow-set-roles"
        aria-label="发起业务的角色"
        value={roles.find((r) => r.can_start === 1)?.key ?? null}
        onChange={(e) =>
          setRoles((rs) => rs.map((r) => ({ ...r, can_start: r.key === e.target.value ? 1 : 0 })))
        }
        disabled={readOnly}
      >
        {roles.map((role, i) => {
          const error = touched ? nameError(role, roles) : '';
          return (
            <Card
              key={role.key}
              size="small"
              className="flow-set-role"
              title={`角色 ${i + 1}${role.name ? `：${role.name}` : ''}`}
              extra={
                !readOnly && (
                  <Button
                    type="link"
                    danger
                    size="small"
                    onClick={() => remove(role)}
                    aria-label={`删除角色 ${role.name || i + 1}`}
                  >
                    删除
                  </Button>
                )
              }
            >
              <Space wrap align="start" className="flow-set-role-fields">
                <div className="flow-set-field">
                  <label htmlFor={`${role.key}-name`}>角色名称</label>
                  <Input
                    id={`${role.key}-name`}
                    value={role.name}
                    disabled={readOnly}
                    maxLength={SETUP_LIMITS.roleName + 5}
                    status={error ? 'error' : undefined}
                    aria-invalid={Boolean(error)}
                    placeholder="如：法官、采购员"
                    onChange={(e) => change(role.key, { name: e.target.value })}
                  />
                  {error && (
                    <span className="ant-form-item-explain-error" role="alert">
                      {error}
                    </span>
                  )}
                </div>
                <div className="flow-set-field">
                  <label htmlFor={`${role.key}-capacity`}>人数</label>
                  <InputNumber
                    controls={false}
                    id={`${role.key}-capacity`}
                    min={1}
                    max={SETUP_LIMITS.capacity}
                    precision={0}
                    disabled={readOnly}
                    value={role.capacity}
                    onChange={(v) => change(role.key, { capacity: v ?? 1 })}
                  />
                </div>
                <div className="flow-set-field">
                  <label htmlFor={`${role.key}-position`}>职务</label>
                  <Select
                    id={`${role.key}-position`}
                    allowClear={CLEARABLE}
                    disabled={readOnly}
                    style={{ width: 180 }}
                    placeholder="不限职务"
                    value={role.position_id ?? undefined}
                    options={positions}
                    onChange={(v?: number) => change(role.key, { position_id: v ?? null })}
                  />
                </div>
                <Radio value={role.key} className="flow-set-start">
                  发起业务
                </Radio>
              </Space>
              <DetailTable
                dataSource={nodes}
                aria-label={`${role.name || `角色 ${i + 1}`} 参与的环节`}
                columns={[
                  { title: '环节', render: (_, n) => `${nodeLabel(n)}（${typeName(n.node_type)}）` },
                  ...(
                    [
                      ['参与', null],
                      ['可结束环节', 'can_terminate'],
                      ['可被带入', 'can_brought'],
                    ] as const
                  ).map(([title, field]) => ({
                    title,
                    width: 100,
                    render: (_: unknown, n: (typeof nodes)[number]) => {
                      const s = role.nodes.find((x) => x.node_id === n.id);
                      return (
                        <Checkbox
                          aria-label={`${role.name || `角色 ${i + 1}`} ${title} ${nodeLabel(n)}`}
                          disabled={readOnly || (field !== null && !s)}
                          checked={field === null ? Boolean(s) : s?.[field] === 1}
                          onChange={(e) =>
                            field === null
                              ? seat(role, n.id, e.target.checked ? {} : null)
                              : seat(role, n.id, { [field]: e.target.checked ? 1 : 0 })
                          }
                        />
                      );
                    },
                  })),
                ]}
              />
            </Card>
          );
        })}
      </Radio.Group>
      {!readOnly && roles.length < SETUP_LIMITS.roles && (
        <Button icon={<PlusOutlined aria-hidden />} onClick={add} className="flow-set-add">
          添加角色
        </Button>
      )}
      <Button
        type="primary"
        className="flow-set-next"
        loading={save.isPending}
        onClick={() => (readOnly ? onDone() : submit())}
      >
        {readOnly ? '下一步' : '保存并下一步'}
      </Button>
    </>
  );
}
