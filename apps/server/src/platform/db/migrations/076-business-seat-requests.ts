import type { Kysely } from 'kysely';

/**
 * A seat's requests to show and to submit a document (design note: 1 allowed, 2 refused, 9 pending;
 * 0 none asked) and its place at the podium (0 none, 1 scheduled, 2 reporting, 3 done), per node
 * visit (issue 37).
 */
export const businessSeatRequests = {
  async up(db: Kysely<unknown>) {
    for (const column of ['show_status', 'submit_status', 'report_status'])
      await db.schema
        .alterTable('business_seat_states')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
  },
};
