import { isNodeType, NODE_TYPES, SETUP_LIMITS, type SetupNode } from '@portal/contract';
import { Button, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { DetailTable } from '#web/shared/ui/DetailTable.tsx';
import { useSetupWrites } from '../useFlowSetup.ts';
import { runNodes, typeName } from './nodes.ts';
import { StepProblems, type StepProps } from './StepProblems.tsx';

interface Row {
  node_id: number;
  module_id: number | null;
  look_on: 0 | 1;
  extra_exits: string[];
}

/**
 * Step 0, 环节设置: each node's program module (the standard one of its type, or one of the
 * company's 模块管理 of that type), whether outsiders may watch it, and free-text exits beside the
 * drawn ones.
 */
export function NodeStep({ setup, readOnly, onDone }: StepProps) {
  const nodes = runNodes(setup.nodes);
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(
      nodes.map((n) => [
        n.id,
        { node_id: n.id, module_id: n.module_id, look_on: n.look_on ? 1 : 0, extra_exits: n.extra_exits },
      ]),
    ),
  );
  const [exitError, setExitError] = useState<Record<number, string>>({});
  const { setNodes } = useSetupWrites(setup.flow.id);
  const change = (id: number, patch: Partial<Row>) =>
    setRows((r) => ({ ...r, [id]: { ...(r[id] as Row), ...patch } }));

  const setExits = (n: SetupNode, exits: string[]) => {
    const cleaned = [...new Set(exits.map((e) => e.trim()).filter(Boolean))];
    const tooLong = cleaned.find((e) => e.length > SETUP_LIMITS.exitName);
    if (tooLong) return setExitError((e) => ({ ...e, [n.id]: `出口名称最多 ${SETUP_LIMITS.exitName} 个字` }));
    if (cleaned.length > SETUP_LIMITS.extraExits)
      return setExitError((e) => ({ ...e, [n.id]: `其他出口最多 ${SETUP_LIMITS.extraExits} 个` }));
    setExitError((e) => ({ ...e, [n.id]: '' }));
    change(n.id, { extra_exits: cleaned });
  };

  return (
    <>
      <StepProblems error={setNodes.error} />
      <DetailTable<SetupNode>
        dataSource={nodes}
        aria-label="环节设置"
        columns={[
          { title: '环节', dataIndex: 'name', render: (name: string, n) => name || n.task_id },
          {
            title: '类型',
            dataIndex: 'node_type',
            width: 130,
            render: (t: number | null) => <Tag>{typeName(t)}</Tag>,
          },
          {
            title: '程序模块',
            width: 200,
            render: (_, n) => {
              const own = setup.modules.filter((m) => m.node_type === n.node_type);
              return (
                <Select
                  aria-label={`${n.name} 的程序模块`}
                  style={{ width: '100%' }}
                  disabled={readOnly}
                  value={rows[n.id]?.module_id ?? 0}
                  onChange={(v: number) => change(n.id, { module_id: v === 0 ? null : v })}
                  options={[
                    { value: 0, label: `标准${isNodeType(n.node_type) ? NODE_TYPES[n.node_type] : ''}模块` },
                    ...own.map((m) => ({ value: m.id, label: m.name })),
                  ]}
                />
              );
            },
          },
          {
            title: '允许旁观',
            width: 100,
            render: (_, n) => (
              <Switch
                aria-label={`${n.name} 允许旁观`}
                disabled={readOnly}
                checked={rows[n.id]?.look_on === 1}
                onChange={(on) => change(n.id, { look_on: on ? 1 : 0 })}
              />
            ),
          },
          {
            title: '其他出口',
            width: 260,
            render: (_, n) => (
              <>
                <Select
                  mode="tags"
                  aria-label={`${n.name} 的其他出口`}
                  style={{ width: '100%' }}
                  disabled={readOnly}
                  placeholder="输入出口名称后回车"
                  value={rows[n.id]?.extra_exits ?? []}
                  onChange={(v: string[]) => setExits(n, v)}
                  open={false}
                  status={exitError[n.id] ? 'error' : undefined}
                />
                {exitError[n.id] && (
                  <div className="ant-form-item-explain-error" role="alert">
                    {exitError[n.id]}
                  </div>
                )}
              </>
            ),
          },
        ]}
      />
      {!readOnly && (
        <Button
          type="primary"
          className="flow-set-next"
          loading={setNodes.isPending}
          onClick={() =>
            setNodes
              .mutateAsync(Object.values(rows))
              .then(onDone)
              .catch(() => {})
          }
        >
          保存并下一步
        </Button>
      )}
      {readOnly && (
        <Button type="primary" className="flow-set-next" onClick={onDone}>
          下一步
        </Button>
      )}
    </>
  );
}
