import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, createIndex, createLiveUnique, withId } from './helpers.ts';

/**
 * Groups of companies (集群) and company types (issue 34, docs/adr/0038 decisions 1 and 2):
 * - `company_types`: the kinds of company (企业, 学校 …), reference data the seed keeps;
 * - `company_groups`: a group's name (unique among live groups), comment, whether it is public and
 *   whether it is the default one (at most one live default), soft delete and audit columns;
 * - `companies.group_id` (none: the company is the super administrator's alone) and
 *   `companies.company_type_id`;
 * - `group_staff`: who works for a group — its managers (role 2) and their assistants (role 6);
 *   one row per group, user and role.
 */
export function companyGroups(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable('company_types'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(dialect, db.schema.createTable('company_groups'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(audit())
        .execute();
      await createLiveUnique(db, 'company_groups_name', 'company_groups', ['name']);
      await createLiveUnique(
        db,
        'company_groups_default',
        'company_groups',
        ['is_default'],
        sql`is_default = 1`,
      );

      await db.schema
        .alterTable('companies')
        .addColumn('group_id', 'integer', (c) => c.references('company_groups.id'))
        .execute();
      await db.schema
        .alterTable('companies')
        .addColumn('company_type_id', 'integer', (c) => c.references('company_types.id'))
        .execute();
      await createIndex(db, 'companies_group', 'companies', ['group_id']);

      await db.schema
        .createTable('group_staff')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('company_groups.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_staff_pk', ['group_id', 'user_id', 'role'])
        .execute();
      // A caller's groups (the scope of every request of a group's staff).
      await createIndex(db, 'group_staff_user', 'group_staff', ['user_id', 'role']);
    },
  };
}
