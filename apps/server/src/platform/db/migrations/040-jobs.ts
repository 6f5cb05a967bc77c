import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { audit, companyTable, createIndex } from './helpers.ts';

/**
 * Long work as jobs (issue 33, docs/adr/0037-long-work.md part 2).
 *
 * `jobs`: one row per job a user started — the truth of its state (queued, running, done, failed,
 * cancelled), progress and words, its failure's reason, its input (`data`, JSON) and kept upload
 * (`input_key`, a key of the file store), its result (JSON, null until done) and the files it made
 * (`files`, JSON `[{name, label, key, mime}]`). Whoever runs it holds a lease (`lease_owner`,
 * `lease_until`, renewed while it runs); a job whose lease lapsed is run again (`attempt`), and
 * `cancel_requested` is how a user's cancel reaches the runner of another process.
 *
 * `job_repeats`: the sweeps of the embedded runner, one row per repeat: the next time it is due,
 * claimed by one process with a conditional update (the BullMQ engines use job schedulers instead).
 */
export function jobs(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await companyTable(dialect, db, 'jobs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('input_key', 'text')
        .addColumn('result', 'text')
        .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .$call(audit('created_at', 'updated_at'))
        .addColumn('finished_at', 'text')
        .execute();
      // The runner's claim: queued jobs, and running ones whose lease lapsed.
      await createIndex(db, 'jobs_claim', 'jobs', ['state', 'lease_until']);
      // A user's jobs, newest first.
      await createIndex(db, 'jobs_user', 'jobs', ['company_id', 'user_id', 'created_at']);
      // The sweep of old jobs' files.
      await createIndex(db, 'jobs_created', 'jobs', ['created_at']);

      await db.schema
        .createTable('job_repeats')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .execute();
    },
  };
}
