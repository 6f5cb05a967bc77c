import { workPlanCalls as calls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { WorkPlanService } from './work-plan.service.ts';

/** Routes stay thin: the declaration (packages/contract work-plan.ts) gives path, schemas and access. */
export function workPlanRoutes(app: App, work: WorkPlanService) {
  serve(app, calls.list, ({ input, caller }) => work.list(caller, input, pageParams(input)));
  serve(app, calls.get, ({ input, caller }) => work.get(caller, input));
  serve(app, calls.create, ({ input, caller }) => work.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => work.update(caller, input));
  serve(app, calls.remove, ({ input, caller }) => work.remove(caller, input));
  serve(app, calls.createTask, ({ input, caller }) => work.createTask(caller, input));
  serve(app, calls.updateTask, ({ input, caller }) => work.updateTask(caller, input));
  serve(app, calls.removeTask, ({ input, caller }) => work.removeTask(caller, input));
  serve(app, calls.progress, ({ input, caller }) => work.progress(caller, input));
  serve(app, calls.myTasks, ({ caller }) => work.myTasks(caller));
  serve(app, calls.people, ({ input, caller }) => work.people(caller, input));
  serve(app, calls.logs, ({ input, caller }) => work.logs(caller, input, pageParams(input)));
  serve(app, calls.createLog, ({ input, caller }) => work.createLog(caller, input));
  serve(app, calls.updateLog, ({ input, caller }) => work.updateLog(caller, input));
  serve(app, calls.removeLog, ({ input, caller }) => work.removeLog(caller, input));
  serve(app, calls.review, ({ input, caller }) => work.review(caller, input));
  serve(app, calls.statistic, ({ input, caller }) => work.statistic(caller, input));
}
