import type { Kysely } from 'kysely';

/**
 * A company's own role → action matrix (issue 34, docs/adr/0038 decision 5): where a company's
 * role holds an action its defaults (`role_permissions`) do not (`granted` 1), or lacks one they
 * give (`granted` 0). One row per company, role and codename.
 */
export const companyRolePermissions = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('company_role_permissions')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('role', 'integer', (c) => c.notNull())
      .addColumn('codename', 'text', (c) => c.notNull())
      .addColumn('granted', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_role_permissions_pk', ['company_id', 'role', 'codename'])
      .execute();
  },
};
