import type { Kysely } from 'kysely';

/**
 * Bringing roles in and out (issue 37; design note "brought-in state"): a seat's presence in a node
 * its role may be brought into — 1 waiting outside, 2 brought in, 9 normal; 0, the default, "as
 * the set-up says" (waiting for a role that is brought, normal otherwise).
 */
export const businessBring = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('business_seat_states')
      .addColumn('come_status', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
