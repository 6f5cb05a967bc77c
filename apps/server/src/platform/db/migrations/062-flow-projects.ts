import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * Projects of the training area (issue 36, `project`): a published flow made runnable — its texts,
 * level and ability target, how it opens (`open_mode`, days, named users as a JSON list), how much
 * of the graph students see, redo, result references — and, per jump or nest node, the project it
 * goes on in. Named `flow_projects`: `projects` is the finder's.
 */
export function flowProjects(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'flow_projects')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('requirement', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ability_target', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('open_mode', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('start_day', 'text')
        .addColumn('end_day', 'text')
        .addColumn('graph_view', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('can_redo', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('reference', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('office_item', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('target_user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .$call(audit())
        .execute();
      await createIndex(db, 'flow_projects_company', 'flow_projects', ['company_id', 'del_flag', 'id']);

      await companyTable(dialect, db, 'flow_project_targets')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('flow_projects.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('target_project_id', 'integer', (c) => c.notNull().references('flow_projects.id'))
        .execute();
      await createIndex(
        db,
        'flow_project_targets_project',
        'flow_project_targets',
        ['company_id', 'project_id', 'node_id'],
        true,
      );
      await createIndex(db, 'flow_project_targets_target', 'flow_project_targets', [
        'company_id',
        'target_project_id',
      ]);
    },
  };
}
