import type { Kysely } from 'kysely';

/**
 * Several roles per person (issue 34, docs/adr/0038 decision 3):
 * - `user_roles`: the roles a user holds beyond `users.role` (the role a login starts in), one row
 *   per user and role;
 * - `sessions.role`: the role the session acts in, set by switching (`/account/switch/role`);
 *   none: `users.role`.
 */
export const userRoles = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_roles')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('role', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
      .execute();
    await db.schema
      .createIndex('user_roles_company_role')
      .on('user_roles')
      .columns(['company_id', 'role'])
      .execute();
    await db.schema.alterTable('sessions').addColumn('role', 'integer').execute();
  },
};
