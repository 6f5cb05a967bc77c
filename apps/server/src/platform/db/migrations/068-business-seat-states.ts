import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { companyTable, createIndex } from './helpers.ts';

/**
 * Inside a node (issue 37; design/training.md "Inside a node"): a seat's state in a node the
 * business is in — seated (1 no, 2 yes), standing (1 standing, 2 sitting), speeches left and a
 * request to speak (0 none, 9 waiting) — written on its first change (a seat without a row is in
 * the defaults); and the node's expression management (`control_status` 1 off, 2 on).
 */
export function businessSeatStates(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('business_paths')
        .addColumn('control_status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await companyTable(dialect, db, 'business_seat_states')
        .addColumn('business_id', 'integer', (c) => c.notNull().references('businesses.id'))
        .addColumn('path_id', 'integer', (c) => c.notNull().references('business_paths.id'))
        .addColumn('seat_id', 'integer', (c) => c.notNull().references('business_seats.id'))
        .addColumn('sitting_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('stand_status', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('speak_times', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('speak_request', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(
        db,
        'business_seat_states_seat',
        'business_seat_states',
        ['company_id', 'path_id', 'seat_id'],
        true,
      );
    },
  };
}
