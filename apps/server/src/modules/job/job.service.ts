import type { Caller } from '#server/platform/auth/session-user.ts';
import type { JobQueue } from '#server/platform/jobs/types.ts';

/**
 * A user's jobs (issue 33, ADR 0037): their own, in their company — another user's job, or another
 * company's, is 任务不存在 (the queue reads them through the caller's company and user id).
 */
export function jobService(queue: JobQueue) {
  return {
    list: async (caller: Caller, filter: { kind?: string | undefined; active?: number | undefined }) => ({
      list: await queue.list(caller, {
        ...(filter.kind && { kind: filter.kind }),
        ...(filter.active === 1 && { active: true }),
      }),
    }),
    get: (caller: Caller, id: number) => queue.get(caller, id),
    cancel: (caller: Caller, id: number) => queue.cancel(caller, id),
    file: (caller: Caller, id: number, name: string) => queue.file(caller, id, name),
  };
}
export type JobService = ReturnType<typeof jobService>;
