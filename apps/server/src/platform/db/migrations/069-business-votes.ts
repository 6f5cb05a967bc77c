import type { Kysely } from 'kysely';

/**
 * Votes inside a node (issue 37; spec 001 §4 "Voting"): a seat's vote (0 none, 1 agree, 2 disagree,
 * 9 abstain) and whether the node's vote has been ended (`end_vote`).
 */
export const businessVotes = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('business_seat_states')
      .addColumn('vote_status', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('business_paths')
      .addColumn('end_vote', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
