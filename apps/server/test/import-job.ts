import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { onTestFinished } from 'vitest';
import type { Caller } from '../src/platform/auth/session-user.ts';
import type { Database } from '../src/platform/db/database.ts';
import { toBuffer } from '../src/platform/excel/index.ts';
import { JobCancelled, type JobContext } from '../src/platform/jobs/types.ts';
import type { ImportJobData } from '../src/platform/resource/resource-service.ts';
import type { Harness } from './harness.ts';

/** A job's row (running) for the context's job: its staged rows refer to it. */
async function jobRow(h: Harness, caller: Caller) {
  const at = new Date().toISOString();
  const row = await h.db
    .insertInto('jobs')
    .values({
      company_id: caller.companyId,
      user_id: caller.userId,
      kind: 'test:import',
      title: '测试导入',
      state: 'running',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a test may do at the points where an import job talks to its runner. */
export interface JobHooks {
  attempt?: number;
  /** The job id (a new one unless given: a run again of the same job gives its id). */
  id?: number;
  /** Called at each progress report, after it is recorded. */
  onProgress?(percent: number, message: string): Promise<void> | void;
  /** Called at each `checkCancelled`: throw `JobCancelled`, or never settle (the process "died"). */
  onCheck?(calls: number): Promise<void> | void;
  /** Called by `completeIn` inside the publish's transaction (throw: the job is no longer ours). */
  onComplete?(trx: Database): Promise<void> | void;
}

/**
 * An import job's context as the runner gives it, without a runner: the sheet as its input file,
 * the files it keeps and the result it completes with recorded for the test.
 */
export async function importContext(
  h: Harness,
  caller: Caller,
  mode: ImportJobData['mode'],
  sheet: Buffer,
  hooks: JobHooks = {},
) {
  const id = hooks.id ?? (await jobRow(h, caller));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-job-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'sheet.xlsx');
  fs.writeFileSync(file, sheet);
  const record = {
    progress: [] as [number, string][],
    files: new Map<string, { label: string; body: Buffer }>(),
    completed: undefined as Record<string, unknown> | undefined,
    checks: 0,
  };
  const ctx: JobContext<ImportJobData> = {
    id,
    data: { mode },
    caller,
    attempt: hooks.attempt ?? 1,
    signal: new AbortController().signal,
    async progress(percent, message) {
      record.progress.push([percent, message]);
      await hooks.onProgress?.(percent, message);
    },
    zone: async () => 'Asia/Shanghai',
    async checkCancelled() {
      await hooks.onCheck?.(++record.checks);
    },
    inputFile: async () => file,
    async putFile(name, label, from: string | Readable) {
      const body = typeof from === 'string' ? fs.readFileSync(from) : await toBuffer(from);
      record.files.set(name, { label, body });
    },
    async completeIn(trx, result) {
      await hooks.onComplete?.(trx);
      record.completed = result;
    },
  };
  /** The job's staged rows now (the `import_rows` of its id). */
  const staged = async () =>
    Number(
      (
        await h.db
          .selectFrom('import_rows')
          .select(h.db.fn.countAll().as('n'))
          .where('job_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { id, ctx, record, staged, cancel: () => new JobCancelled() };
}

/** The caller a service sees for a user of the harness. */
export const callerOf = (userId: number, companyId: number, username: string, role = 12): Caller => ({
  userId,
  companyId,
  role,
  username,
  sessionId: '',
  ip: '127.0.0.1',
});
