import { actionsText, type NodeType, type programModuleResource, STANDARD_ACTIONS } from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/resource-service.ts';

const parseList = (json: unknown): string[] => {
  try {
    const list = JSON.parse(String(json));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
};

/** A node of a live flow that runs one of the modules, if any (with its flow's name). */
const nodeRunning = (trx: Database, companyId: number, ids: readonly number[]) =>
  inCompany(trx, companyId)
    .selectFrom('flow_nodes', 'n')
    .innerJoin('flows as f', 'f.id', 'n.flow_id')
    .select(['n.module_id', 'n.name', 'f.name as flow_name'])
    .where('n.module_id', 'in', ids)
    .where('f.del_flag', '=', 0)
    .executeTakeFirst();

/**
 * The company's program modules (模块管理): the node type kept as its number, actions and positions
 * as JSON lists. A module a node still runs is not deleted, nor given another node type.
 */
export const programModuleStore: ResourceStore<typeof programModuleResource> = {
  table: 'program_modules',
  uniqueCodes: { name: 'PROGRAM_MODULE_NAME_TAKEN' },
  toItem: (row, item) => {
    const actions = parseList(row.actions);
    return {
      ...item,
      node_type: String(row.node_type),
      actions,
      actions_text: actionsText(actions),
      positions: parseList(row.positions),
    } as never;
  },
  // A spreadsheet row has no actions column: an imported module offers its type's standard ones.
  toValues: (f, values) => ({
    ...values,
    node_type: Number(f.node_type),
    actions: JSON.stringify(
      f.actions && f.actions.length > 0
        ? f.actions
        : (STANDARD_ACTIONS[Number(f.node_type) as NodeType] ?? []),
    ),
    positions: JSON.stringify(f.positions ?? []),
  }),
  rules: {
    async beforeSave(trx, values, caller, before) {
      if (!before || Number(values.node_type) === Number(before.node_type)) return;
      const used = await nodeRunning(trx, caller.companyId, [Number(before.id)]);
      if (used)
        throw new AppError(
          'PROGRAM_MODULE_IN_USE',
          `流程“${used.flow_name}”的环节“${used.name}”正在使用该模块，不能改变环节类型`,
          'node_type',
        );
    },
    async beforeRemove(trx, rows, caller) {
      const used = await nodeRunning(
        trx,
        caller.companyId,
        rows.map((r) => Number(r.id)),
      );
      if (!used) return;
      const module = rows.find((r) => Number(r.id) === used.module_id);
      throw new AppError(
        'PROGRAM_MODULE_IN_USE',
        `模块“${String(module?.name)}”正被流程“${used.flow_name}”的环节“${used.name}”使用，不能删除`,
      );
    },
  },
};
