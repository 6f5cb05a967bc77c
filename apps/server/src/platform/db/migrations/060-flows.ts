import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * Flows of the training area (issue 36, `workflow`): the drawing as BPMN 2.0 XML, kept as the
 * manager saved it, with its status (1 draft, 2 published), the set-up wizard's step reached (null
 * before the first drawing) and why it cannot be published as drawn (`unpublishable`, a JSON list);
 * its nodes (one per flow node of the drawing: kind, node type, `look_on`) and transitions (one per
 * sequence flow), written again on each save of the drawing.
 */
export function flows(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'flows')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type_label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('task_label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('step', 'integer')
        .addColumn('xml', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unpublishable', 'text', (c) => c.notNull().defaultTo('[]'))
        .$call(audit())
        .execute();
      await createIndex(db, 'flows_company', 'flows', ['company_id', 'del_flag', 'id']);

      await companyTable(dialect, db, 'flow_nodes')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('task_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('node_type', 'integer')
        .addColumn('look_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await createIndex(db, 'flow_nodes_flow', 'flow_nodes', ['company_id', 'flow_id', 'task_id'], true);

      await companyTable(dialect, db, 'flow_transitions')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('sequence_flow_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'flow_transitions_flow', 'flow_transitions', ['company_id', 'flow_id']);
    },
  };
}
