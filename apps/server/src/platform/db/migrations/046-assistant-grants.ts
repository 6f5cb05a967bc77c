import type { Kysely } from 'kysely';

/**
 * Assistants (issue 34, docs/adr/0038 decision 6): who in a company is whose assistant, and the
 * actions given to them (`codenames`, JSON text). One principal per assistant and company (the
 * primary key: two principals naming one person at once cannot both win).
 */
export const assistantGrants = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('assistant_grants')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('assistant_user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('principal_user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('codenames', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('assistant_grants_pk', ['company_id', 'assistant_user_id'])
      .execute();
    await db.schema
      .createIndex('assistant_grants_principal')
      .on('assistant_grants')
      .columns(['company_id', 'principal_user_id'])
      .execute();
  },
};
