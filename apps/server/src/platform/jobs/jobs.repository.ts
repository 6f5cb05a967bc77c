import type { JobState } from '@portal/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Caller } from '../auth/session-user.ts';
import type { Database } from '../db/database.ts';
import type { JobTable } from '../db/schema.ts';
import { inCompany, unscoped } from '../db/scope.ts';

/**
 * The `jobs` and `job_repeats` tables (migration 040, ADR 0037). A user's calls reach their jobs
 * through `inCompany` and their own user id; the runner, which claims the jobs of every company,
 * through the named exemption.
 */
export type JobRow = Selectable<JobTable>;

/** A file a job made, as the row keeps it (`name` and `label` are what the browser sees). */
export interface KeptFile {
  name: string;
  label: string;
  key: string;
  mime: string;
}

const RUNNER = 'the job runner claims, runs and finishes the jobs of every company by their ids';
const runner = (db: Database) => unscoped(db, RUNNER);

/** States a runner may still take a job from. */
const UNFINISHED: JobState[] = ['queued', 'running'];

/**
 * One job of the caller (their company, their own) in `state` changed by `set` — and, with
 * `lapsedBefore`, only when its lease lapsed before then: 1 when it was so, 0 otherwise.
 */
async function updateMine(
  db: Database,
  caller: Caller,
  id: number,
  state: JobState,
  set: Updateable<JobTable>,
  lapsedBefore?: string,
): Promise<number> {
  let q = inCompany(db, caller.companyId)
    .updateTable('jobs')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('state', '=', state);
  if (lapsedBefore) q = q.where('lease_until', '<', lapsedBefore);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export const jobsRepository = {
  async insert(
    db: Database,
    caller: Caller,
    row: { kind: string; title: string; data: string; input_key: string | null; at: string },
  ): Promise<JobRow> {
    return inCompany(db, caller.companyId)
      .insertInto('jobs', {
        user_id: caller.userId,
        kind: row.kind,
        title: row.title,
        data: row.data,
        input_key: row.input_key,
        created_at: row.at,
        updated_at: row.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** One of the caller's jobs (their own, in their company). */
  mine(db: Database, caller: Caller, id: number): Promise<JobRow | undefined> {
    return inCompany(db, caller.companyId)
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
  },

  /** The caller's latest jobs, newest first. */
  listMine(
    db: Database,
    caller: Caller,
    filter: { kind?: string; active?: boolean },
    limit: number,
  ): Promise<JobRow[]> {
    let q = inCompany(db, caller.companyId)
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', caller.userId);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.active) q = q.where('state', 'in', UNFINISHED);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },

  /** Cancels a queued job of the caller at once; 1 when it was still queued. */
  cancelQueued(db: Database, caller: Caller, id: number, at: string): Promise<number> {
    return updateMine(db, caller, id, 'queued', {
      state: 'cancelled',
      finished_at: at,
      updated_at: at,
      lease_until: null,
    });
  },

  /** Asks the runner of a running job of the caller to stop; 1 when it was running. */
  requestCancel(db: Database, caller: Caller, id: number, at: string): Promise<number> {
    return updateMine(db, caller, id, 'running', { cancel_requested: 1, updated_at: at });
  },

  /** Cancels a running job of the caller whose runner is gone (its lease lapsed); 1 when it was. */
  cancelAbandoned(db: Database, caller: Caller, id: number, at: string): Promise<number> {
    return updateMine(
      db,
      caller,
      id,
      'running',
      { state: 'cancelled', finished_at: at, updated_at: at, lease_until: null },
      at,
    );
  },

  /** A job by its id alone (the runner). */
  byId(db: Database, id: number): Promise<JobRow | undefined> {
    return runner(db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Jobs of these kinds a runner may claim now, oldest first: queued, or running with a lapsed lease. */
  async claimable(db: Database, now: string, kinds: string[], limit: number): Promise<number[]> {
    const rows = await runner(db)
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Claims one job: the one conditional update that decides which runner has it. The state and the
   * lease are in the WHERE, so of two runners (processes) that saw the job claimable only one
   * changes the row; the other gets nothing and moves on.
   */
  claim(
    db: Database,
    id: number,
    lease: { owner: string; now: string; until: string },
  ): Promise<JobRow | undefined> {
    return runner(db)
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        lease_owner: lease.owner,
        lease_until: lease.until,
        attempt: eb('attempt', '+', 1),
        updated_at: lease.now,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', lease.now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  },

  /** Renews the lease of a job this runner holds: its cancel flag, or undefined when it is no longer held. */
  async renew(
    db: Database,
    id: number,
    lease: { owner: string; until: string },
  ): Promise<{ cancel_requested: number } | undefined> {
    return runner(db)
      .updateTable('jobs')
      .set({ lease_until: lease.until })
      .where('id', '=', id)
      .where('lease_owner', '=', lease.owner)
      .where('state', '=', 'running')
      .returning('cancel_requested')
      .executeTakeFirst();
  },

  /** Whether the user asked to cancel, and whether the runner still holds the job. */
  async standing(db: Database, id: number, owner: string) {
    const row = await runner(db)
      .selectFrom('jobs')
      .select(['cancel_requested', 'state', 'lease_owner'])
      .where('id', '=', id)
      .executeTakeFirst();
    return {
      cancelled: row?.cancel_requested === 1,
      held: row?.state === 'running' && row.lease_owner === owner,
    };
  },

  async progress(
    db: Database,
    id: number,
    owner: string,
    value: { progress: number; message: string; at: string },
  ) {
    await runner(db)
      .updateTable('jobs')
      .set({ progress: value.progress, message: value.message, updated_at: value.at })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .execute();
  },

  async setFiles(db: Database, id: number, owner: string, files: KeptFile[], at: string) {
    const r = await runner(db)
      .updateTable('jobs')
      .set({ files: JSON.stringify(files), updated_at: at })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /**
   * Finishes a job this runner holds (`state` running, `lease_owner` this runner's; with
   * `unlessCancelled` also not asked to cancel). 1 when it did; 0 when the job is no longer this
   * runner's to finish (or the user cancelled it).
   */
  async finish(
    db: Database,
    id: number,
    owner: string,
    outcome: {
      state: 'done' | 'failed' | 'cancelled';
      at: string;
      result?: Record<string, unknown>;
      error?: string;
      unlessCancelled?: boolean;
    },
  ): Promise<number> {
    let q = runner(db)
      .updateTable('jobs')
      .set({
        state: outcome.state,
        ...(outcome.state === 'done' && { progress: 100 }),
        ...(outcome.result && { result: JSON.stringify(outcome.result) }),
        ...(outcome.error !== undefined && { error: outcome.error }),
        lease_until: null,
        finished_at: outcome.at,
        updated_at: outcome.at,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'running');
    if (outcome.unlessCancelled) q = q.where('cancel_requested', '=', 0);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Marks a job failed whoever holds it (a job that can no longer be queued, a kind no process runs). */
  async fail(db: Database, id: number, error: string, at: string) {
    await runner(db)
      .updateTable('jobs')
      .set({ state: 'failed', error, lease_until: null, finished_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', UNFINISHED)
      .execute();
  },

  /** Jobs created before `before` that still keep files (the sweep), a batch at a time. */
  withFilesBefore(db: Database, before: string, limit: number) {
    return runner(db)
      .selectFrom('jobs')
      .select(['id', 'input_key', 'files'])
      .where('created_at', '<', before)
      .where((eb) => eb.or([eb('input_key', 'is not', null), eb('files', '<>', '[]')]))
      .where('state', 'not in', UNFINISHED)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * Deletes up to `limit` jobs that finished before `before` and keep no file and no staged import
   * row (the sweeps of those come first): how many it deleted.
   */
  async deleteFinishedBefore(db: Database, before: string, limit: number): Promise<number> {
    const jobs = runner(db);
    const r = await jobs
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        jobs
          .selectFrom('jobs as j')
          .select('j.id')
          .where('j.finished_at', '<', before)
          .where('j.state', 'not in', UNFINISHED)
          .where('j.input_key', 'is', null)
          .where('j.files', '=', '[]')
          .where((eb) =>
            eb.not(
              eb.exists(eb.selectFrom('import_rows as r').select('r.id').whereRef('r.job_id', '=', 'j.id')),
            ),
          )
          .orderBy('j.id')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async forgetFiles(db: Database, id: number, at: string) {
    await runner(db)
      .updateTable('jobs')
      .set({ input_key: null, files: '[]', updated_at: at })
      .where('id', '=', id)
      .execute();
  },
};

/** The repeats' periods (`job_repeats`, a platform table): the embedded runner's schedule, BullMQ's guard. */
export const repeatsRepository = {
  /** The repeat's row, due at once when it is new. */
  async ensure(db: Database, name: string, nextAt: string) {
    await db
      .insertInto('job_repeats')
      .values({ name, next_at: nextAt })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  },

  /** When the repeat is next due, and until when a process that runs it now holds it. */
  schedule(db: Database, name: string) {
    return db
      .selectFrom('job_repeats')
      .select(['next_at', 'lease_until'])
      .where('name', '=', name)
      .executeTakeFirst();
  },

  /**
   * Claims the period due at `dueAt`: the conditional update on `next_at` that one process wins;
   * it moves `next_at` on a period, so the others find nothing due.
   */
  async claim(
    db: Database,
    name: string,
    dueAt: string,
    lease: { owner: string; now: string; until: string; nextAt: string },
  ): Promise<boolean> {
    const r = await db
      .updateTable('job_repeats')
      .set({ next_at: lease.nextAt, lease_owner: lease.owner, lease_until: lease.until })
      .where('name', '=', name)
      .where('next_at', '=', dueAt)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * BullMQ's repeats: the period due at `dueAt` is run when no period was run less than one period
   * before it — the conditional update on `next_at` that one process wins. BullMQ's scheduler gives
   * one job a period, but a process that upserts the scheduler again (each one does at start) may
   * start a new series at once; this keeps the promise of one run a period across processes.
   */
  async claimPeriod(db: Database, name: string, dueAt: string, nextAt: string): Promise<boolean> {
    await repeatsRepository.ensure(db, name, dueAt);
    const r = await db
      .updateTable('job_repeats')
      .set({ next_at: nextAt })
      .where('name', '=', name)
      .where('next_at', '<=', dueAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async release(db: Database, name: string, owner: string) {
    await db
      .updateTable('job_repeats')
      .set({ lease_owner: null, lease_until: null })
      .where('name', '=', name)
      .where('lease_owner', '=', owner)
      .execute();
  },
};
