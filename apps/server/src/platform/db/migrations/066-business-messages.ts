import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * What happens in a running business (issue 37): every action a member takes is a message, kept
 * before it is sent, numbered without gaps within its business (`seq`, from `businesses.last_seq`
 * under the business row's lock), so a page that missed some asks for them by number.
 */
export function businessMessages(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('businesses')
        .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await companyTable(dialect, db, 'business_messages')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('path_id', 'integer', (c) => c.notNull().references('business_paths.id'))
        .addColumn('node_id', 'integer', (c) => c.notNull().references('flow_nodes.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('cmd', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('msg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'business_messages_seq',
        'business_messages',
        ['company_id', 'business_id', 'seq'],
        true,
      );
    },
  };
}
