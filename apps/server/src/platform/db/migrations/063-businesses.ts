import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * Businesses (issue 36): one run of a project — its status (1 waiting, 2 running, 9 finished) and
 * soft delete; its roles as copied from the flow when it was started, each role's nodes (who may
 * end a node, be brought in, the actions and position), and its seats (one per place of a role's
 * capacity, the user sitting there when staffed).
 */
export function businesses(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'businesses')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('flow_projects.id'))
        .addColumn('flow_id', 'integer', (c) => c.notNull().references('flows.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(audit())
        .execute();
      await createIndex(db, 'businesses_company', 'businesses', ['company_id', 'del_flag', 'id']);

      await companyTable(dialect, db, 'business_roles')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('flow_role_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('position_id', 'integer', (c) => c.references('positions.id'))
        .addColumn('can_start', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'business_roles_business', 'business_roles', ['company_id', 'business_id']);

      await companyTable(dialect, db, 'business_role_nodes')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('business_role_id', 'integer', (c) => c.notNull().references('business_roles.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('can_terminate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_brought', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('actions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndex(db, 'business_role_nodes_business', 'business_role_nodes', [
        'company_id',
        'business_id',
      ]);

      await companyTable(dialect, db, 'business_seats')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('business_role_id', 'integer', (c) => c.notNull().references('business_roles.id'))
        .addColumn('seat_no', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .execute();
      await createIndex(
        db,
        'business_seats_role',
        'business_seats',
        ['company_id', 'business_role_id', 'seat_no'],
        true,
      );
    },
  };
}
