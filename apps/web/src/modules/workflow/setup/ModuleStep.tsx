import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FLOW_ACTIONS,
  type FlowAction,
  isNodeType,
  SCENE_NODE_TYPES,
  SELECT_DECIDE_NODE_TYPE,
  SETUP_LIMITS,
  type SelectDecide,
  type SetupNode,
  STANDARD_ACTIONS,
  STANDARD_POSITIONS,
} from '@portal/contract';
import { Button, Card, Checkbox, Empty, Input, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { useSetupWrites } from '../useFlowSetup.ts';
import { nodeLabel, runNodes, typeName } from './nodes.ts';
import { StepProblems, type StepProps } from './StepProblems.tsx';

interface Allocation {
  role_id: number;
  node_id: number;
  actions: FlowAction[];
  position: string;
}
const keyOf = (roleId: number, nodeId: number) => `${roleId}:${nodeId}`;

/**
 * Step 3, 模块设置: per node, what each role taking part is offered — the actions of the node's
 * module (结束环节 only to a role that may end the node), its position in a scene — and a 判断与选择
 * node's question and items. Saving it sets the flow up: it may then be published.
 */
export function ModuleStep({ setup, readOnly, onDone }: StepProps) {
  const nodes = runNodes(setup.nodes);
  const [allocations, setAllocations] = useState<Record<string, Allocation>>(() =>
    Object.fromEntries(
      setup.roles.flatMap((r) =>
        r.nodes.map((n) => [
          keyOf(r.id, n.node_id),
          { role_id: r.id, node_id: n.node_id, actions: n.actions, position: n.position },
        ]),
      ),
    ),
  );
  const [decides, setDecides] = useState<Record<number, SelectDecide>>(() =>
    Object.fromEntries(
      nodes
        .filter((n) => n.node_type === SELECT_DECIDE_NODE_TYPE)
        .map((n) => [
          n.id,
          n.decide ?? {
            title: '',
            description: '',
            mode: 0,
            items: [
              { title: '', description: '' },
              { title: '', description: '' },
            ],
          },
        ]),
    ),
  );
  const save = useSetupWrites(setup.flow.id).setModules;
  const offerOf = (n: SetupNode) => {
    const own = setup.modules.find((m) => m.id === n.module_id);
    const actions = own ? own.actions : isNodeType(n.node_type) ? STANDARD_ACTIONS[n.node_type] : [];
    const scene = SCENE_NODE_TYPES.includes(n.node_type ?? 0);
    const positions = scene
      ? own && own.positions.length > 0
        ? own.positions
        : [...STANDARD_POSITIONS]
      : [];
    return { actions, positions, moduleName: own?.name ?? `标准${typeName(n.node_type)}模块` };
  };
  const patch = (k: string, p: Partial<Allocation>) =>
    setAllocations((a) => ({ ...a, [k]: { ...(a[k] as Allocation), ...p } }));
  const patchDecide = (nodeId: number, p: Partial<SelectDecide>) =>
    setDecides((d) => ({ ...d, [nodeId]: { ...(d[nodeId] as SelectDecide), ...p } }));

  const submit = () =>
    save
      .mutateAsync({
        allocations: Object.values(allocations),
        decides: Object.entries(decides).map(([nodeId, d]) => ({
          node_id: Number(nodeId),
          title: d.title.trim(),
          description: d.description.trim(),
          mode: d.mode,
          items: d.items.map((i) => ({ title: i.title.trim(), description: i.description.trim() })),
        })),
      })
      .then(onDone)
      .catch(() => {});

  return (
    <>
      <StepProblems error={save.error} />
      {nodes.map((n) => {
        const offer = offerOf(n);
        const playing = setup.roles.filter((r) => r.nodes.some((x) => x.node_id === n.id));
        const decide = decides[n.id];
        return (
          <Card
            key={n.id}
            size="small"
            className="flow-set-module"
            title={`${nodeLabel(n)}（${typeName(n.node_type)}）`}
            extra={<span className="flow-set-hint">{offer.moduleName}</span>}
          >
            {playing.length === 0 && <Empty description="没有角色参与该环节：请回到角色设置" />}
            {playing.map((r) => {
              const k = keyOf(r.id, n.id);
              const a = allocations[k];
              const canEnd = r.nodes.find((x) => x.node_id === n.id)?.can_terminate === 1;
              if (!a) return null;
              return (
                <fieldset
                  key={k}
                  className="flow-set-allocation"
                  aria-label={`${r.name} 在 ${nodeLabel(n)} 的设置`}
                >
                  <legend>{r.name}</legend>
                  <Checkbox.Group
                    disabled={readOnly}
                    value={a.actions}
                    onChange={(v) => patch(k, { actions: v as FlowAction[] })}
                    options={offer.actions.map((act) => ({
                      value: act,
                      label: FLOW_ACTIONS[act],
                      disabled: act === 'end' && !canEnd,
                    }))}
                  />

                  {offer.positions.length > 0 && (
                    <div className="flow-set-field flow-set-position">
                      <label htmlFor={`${k}-position`}>站位</label>
                      <Select
                        id={`${k}-position`}
                        allowClear={CLEARABLE}
                        disabled={readOnly}
                        style={{ width: 160 }}
                        placeholder="选择站位"
                        value={a.position || undefined}
                        options={offer.positions.map((p) => ({ value: p, label: p }))}
                        onChange={(v?: string) => patch(k, { position: v ?? '' })}
                      />
                    </div>
                  )}
                </fieldset>
              );
            })}
            {decide && (
              <fieldset className="flow-set-decide">
                <legend>判断与选择</legend>
                <div className="flow-set-field">
                  <label htmlFor={`${n.id}-decide-title`}>题目</label>
                  <Input
                    id={`${n.id}-decide-title`}
                    disabled={readOnly}
                    maxLength={SETUP_LIMITS.decideTitle}
                    value={decide.title}
                    placeholder="如：是否同意采购"
                    onChange={(e) => patchDecide(n.id, { title: e.target.value })}
                  />
                </div>
                <div className="flow-set-field">
                  <label htmlFor={`${n.id}-decide-text`}>说明</label>
                  <Input.TextArea
                    id={`${n.id}-decide-text`}
                    disabled={readOnly}
                    maxLength={SETUP_LIMITS.decideText}
                    autoSize={{ minRows: 1, maxRows: 3 }}
                    value={decide.description}
                    onChange={(e) => patchDecide(n.id, { description: e.target.value })}
                  />
                </div>
                <Radio.Group
                  aria-label="选择方式"
                  disabled={readOnly}
                  value={decide.mode}
                  onChange={(e) => patchDecide(n.id, { mode: e.target.value })}
                  options={[
                    { value: 0, label: '单选' },
                    { value: 1, label: '多选' },
                  ]}
                />
                <ol className="flow-set-items">
                  {decide.items.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place and have no id
                    <li key={i}>
                      <Space.Compact block>
                        <Input
                          aria-label={`选项 ${i + 1}`}
                          disabled={readOnly}
                          maxLength={SETUP_LIMITS.decideTitle}
                          value={item.title}
                          placeholder={`选项 ${i + 1}`}
                          onChange={(e) =>
                            patchDecide(n.id, {
                              items: decide.items.map((x, j) =>
                                j === i ? { ...x, title: e.target.value } : x,
                              ),
                            })
                          }
                        />
                        {!readOnly && decide.items.length > 2 && (
                          <Button
                            aria-label={`删除选项 ${i + 1}`}
                            icon={<MinusCircleOutlined aria-hidden />}
                            onClick={() =>
                              patchDecide(n.id, { items: decide.items.filter((_, j) => j !== i) })
                            }
                          />
                        )}
                      </Space.Compact>
                    </li>
                  ))}
                </ol>
                {!readOnly && decide.items.length < SETUP_LIMITS.decideItems && (
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() =>
                      patchDecide(n.id, { items: [...decide.items, { title: '', description: '' }] })
                    }
                  >
                    添加选项
                  </Button>
                )}
              </fieldset>
            )}
          </Card>
        );
      })}
      <Button
        type="primary"
        className="flow-set-next"
        loading={save.isPending}
        onClick={() => (readOnly ? onDone() : submit())}
      >
        {readOnly ? '完成' : '保存，完成设置'}
      </Button>
    </>
  );
}
