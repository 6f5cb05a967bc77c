import type { Kysely } from 'kysely';
import { audit } from './helpers.ts';

/**
 * A company's settings (issue 34, system-set and crm-set; packages/contract company-settings.ts):
 * one row per company and key that the company has set, the value as text (the declaration gives
 * its type and default). No row: the default.
 */
export const companySettings = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('company_settings')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .$call(audit('created_by', 'updated_by', 'created_at', 'updated_at'))
      .addPrimaryKeyConstraint('company_settings_pk', ['company_id', 'key'])
      .execute();
  },
};
