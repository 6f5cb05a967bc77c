import { type Kysely, sql } from 'kysely';

/**
 * Jump and nest (issue 37; design/training.md "Moving on"): a business carries the roles of every
 * project it may go on in — each role says its project (`project_id`; the business's own for the
 * rows before) — and each path row says the project it runs in, the row of the jump or nest node
 * it runs under (`parent_id`), and, for a nest node left for its project (state 4), the exit it
 * goes on through when that project has run (`nest_exit`).
 */
export const businessNests = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('business_roles').addColumn('project_id', 'integer').execute();
    await db.schema.alterTable('business_paths').addColumn('project_id', 'integer').execute();
    await db.schema.alterTable('business_paths').addColumn('parent_id', 'integer').execute();
    await db.schema.alterTable('business_paths').addColumn('nest_exit', 'integer').execute();
    for (const table of ['business_roles', 'business_paths'])
      await sql`update ${sql.table(table)} set project_id = (select b.project_id from businesses b where b.id = ${sql.ref(`${table}.business_id`)})`.execute(
        db,
      );
  },
};
