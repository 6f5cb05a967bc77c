import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * A flow's set-up (issue 36, the wizard's four steps): each node's program module, extra exits and
 * 判断与选择 items (`decide`, JSON); the company's program modules (模块管理: a node type's actions
 * and scene positions); a flow's materials (files of the company's store, their usage and nodes);
 * its roles and, per role and node, who may end the node or be brought in, the actions offered and
 * the position taken. Rows that name a node go with it when a drawing removes the node.
 */
export function flowSetup(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('flow_nodes').addColumn('module_id', 'integer').execute();
      await db.schema
        .alterTable('flow_nodes')
        .addColumn('extra_exits', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('flow_nodes').addColumn('decide', 'text').execute();

      await companyTable(dialect, db, 'program_modules')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('node_type', 'integer', (c) => c.notNull())
        .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('positions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('can_switch', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit())
        .execute();
      await createIndex(db, 'program_modules_company', 'program_modules', [
        'company_id',
        'del_flag',
        'node_type',
      ]);

      await companyTable(dialect, db, 'flow_docs')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('usage', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('node_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .$call(audit())
        .execute();
      await createIndex(db, 'flow_docs_flow', 'flow_docs', ['company_id', 'flow_id']);

      await companyTable(dialect, db, 'flow_roles')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
        .addColumn('can_start', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'flow_roles_flow', 'flow_roles', ['company_id', 'flow_id']);

      await companyTable(dialect, db, 'flow_role_nodes')
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('flow_roles.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('can_terminate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_brought', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndex(
        db,
        'flow_role_nodes_role',
        'flow_role_nodes',
        ['company_id', 'flow_id', 'role_id', 'node_id'],
        true,
      );
    },
  };
}
