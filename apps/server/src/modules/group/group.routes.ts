import { groupCalls as calls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { GroupService } from './group.service.ts';

/** Routes stay thin: the declaration (packages/contract group.ts) gives path, schemas and access. */
export function groupRoutes(app: App, groups: GroupService) {
  serve(app, calls.defaultGroup, () => groups.defaultGroup());
  serve(app, calls.myGroup, ({ caller }) => groups.myGroups(caller));
  serve(app, calls.companies, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await groups.companies(caller, input, p), p);
  });
  serve(app, calls.companyTypes, () => groups.companyTypes());
  serve(app, calls.createCompany, ({ input, caller }) => groups.createCompany(caller, input));
  serve(app, calls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await groups.list(caller, input, p), p);
  });
  serve(app, calls.create, ({ input, caller }) => groups.create(caller, input));
  serve(app, calls.update, ({ input, caller }) => groups.update(caller, input));
  serve(app, calls.remove, ({ input, caller }) => groups.remove(caller, input.id));
  serve(app, calls.addCompanies, ({ input, caller }) => groups.setCompanies(caller, input, true));
  serve(app, calls.removeCompanies, ({ input, caller }) => groups.setCompanies(caller, input, false));
  serve(app, calls.companyOptions, ({ input }) => groups.companyOptions(input));
  serve(app, calls.staffOptions, ({ input, caller }) => groups.staffOptions(caller, input));
  serve(app, calls.addStaff, ({ input, caller }) => groups.addStaff(caller, input));
  serve(app, calls.createStaff, ({ input, caller }) => groups.createStaff(caller, input));
  serve(app, calls.removeStaff, ({ input, caller }) => groups.removeStaff(caller, input));
}
