import { jobCalls as calls } from '@portal/contract';
import { type App, sendDownload } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { JobService } from './job.service.ts';

/** `/job/list|get|cancel|file`: the caller's jobs, their progress, cancelling one, what one made. */
export function jobRoutes(app: App, jobs: JobService) {
  serve(app, calls.list, ({ input, caller }) => jobs.list(caller, input));
  serve(app, calls.get, ({ input, caller }) => jobs.get(caller, input.id));
  serve(app, calls.cancel, ({ input, caller }) => jobs.cancel(caller, input.id));
  serve(app, calls.file, async ({ input, caller, reply }) => {
    const file = await jobs.file(caller, input.id, input.name);
    return sendDownload(reply, file.label, file.mime, file.body);
  });
}
