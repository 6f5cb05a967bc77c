import type { Kysely } from 'kysely';

/**
 * Which version of the 用户协议 and 隐私政策 a member accepted at registration, and when (issue 11):
 * the record a consent needs. Users from before, and staff created by administrators, have none.
 */
export const memberAgreement = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('agreement_version', 'text').execute();
    await db.schema.alterTable('users').addColumn('agreed_at', 'text').execute();
  },
};
