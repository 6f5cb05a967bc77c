// An import job's handler run in this process with the context a runner would give it (ADR 0037),
// for the benchmarks that measure the import itself rather than the queue: the sheet as its input
// file, progress and cancellation answered at once, kept files read and counted, `completeIn`
// recording the result in the publish's transaction.
import type { Readable } from 'node:stream';
import type { Caller } from '@portal/server/src/platform/auth/session-user.ts';
import type { PlatformDatabase } from '@portal/server/src/platform/db/database.ts';
import type { JobContext } from '@portal/server/src/platform/jobs/types.ts';
import type { ImportJobData } from '@portal/server/src/platform/resource/resource-service.ts';

/**
 * Runs `importSheet` as job `mode` of `file` (its row in `jobs`, which its staged rows refer to):
 * its result and the bytes of each file it kept.
 */
export async function runImportJob<R>(
  db: PlatformDatabase,
  importSheet: (ctx: JobContext<ImportJobData>) => Promise<R>,
  caller: Caller,
  file: string,
  mode: ImportJobData['mode'],
) {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('jobs')
    .values({
      company_id: caller.companyId,
      user_id: caller.userId,
      kind: 'bench:import',
      title: '基准导入',
      state: 'running',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const files = new Map<string, number>();
  const ctx: JobContext<ImportJobData> = {
    id,
    data: { mode },
    caller,
    attempt: 1,
    signal: new AbortController().signal,
    progress: async () => {},
    zone: async () => 'Asia/Shanghai',
    checkCancelled: async () => {},
    inputFile: async () => file,
    async putFile(name: string, _label: string, from: string | Readable) {
      let bytes = 0;
      if (typeof from !== 'string') for await (const chunk of from) bytes += (chunk as Buffer).length;
      files.set(name, bytes);
    },
    completeIn: async () => {},
  };
  return { result: await importSheet(ctx), files };
}
