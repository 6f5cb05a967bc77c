import type { JobQueue } from '#server/platform/jobs/types.ts';
import { defineModule } from '#server/platform/module.ts';
import { jobRoutes } from './job.routes.ts';
import { jobService } from './job.service.ts';

/** A user's long work (issue 33, ADR 0037): the calls over the platform's job queue. */
export function jobModule(queue: JobQueue) {
  const jobs = jobService(queue);
  return defineModule({ name: 'job', routes: (app) => jobRoutes(app, jobs) });
}
