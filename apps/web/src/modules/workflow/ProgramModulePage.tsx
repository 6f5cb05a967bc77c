import {
  FLOW_ACTIONS,
  PROGRAM_MODULE_LIMITS,
  type ProgramModuleItem,
  programModuleResource,
} from '@portal/contract';
import { programModuleCalls } from '@portal/contract/calls';
import { Checkbox, Select } from 'antd';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';

const ACTION_OPTIONS = Object.entries(FLOW_ACTIONS).map(([value, label]) => ({ value, label }));

interface Values {
  actions: string[];
  positions: string[];
  [key: string]: unknown;
}

/**
 * 模块管理 (/manager/module_manage): the company's program modules — per node type, the actions its
 * nodes offer and, in a scene, the positions roles take — from their declaration (contract
 * program-module.ts). The set-up wizard's step 0 offers them beside each type's standard module.
 */
export function ProgramModulePage() {
  return (
    <ResourcePage<ProgramModuleItem, Values>
      name="program-module"
      resource={programModuleResource}
      routes={programModuleCalls}
      title="模块管理"
      rowName={(m) => m.name}
      formSpecial={{
        initial: { actions: ['docs', 'end', 'exit'], positions: [] },
        controls: {
          actions: () => <Checkbox.Group options={ACTION_OPTIONS} />,
          positions: () => (
            <Select
              mode="tags"
              open={false}
              maxCount={PROGRAM_MODULE_LIMITS.positions}
              placeholder="输入站位名称后回车（动画环节用）"
            />
          ),
        },
        fromItem: (m, values) => ({ ...values, actions: m.actions, positions: m.positions }),
        toInput: (v, input) => ({
          ...input,
          actions: JSON.stringify(v.actions ?? []),
          positions: JSON.stringify((v.positions ?? []).map((p) => p.trim()).filter(Boolean)),
        }),
      }}
    />
  );
}
