import { companyLoginCalls, companyProfileCalls, memberAdminCalls, salespersonCalls } from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { PeopleService } from './people.service.ts';

/** Routes stay thin: the declarations (packages/contract crm-people.ts) give paths, schemas and access. */
export function peopleRoutes(app: App, people: PeopleService) {
  serve(app, memberAdminCalls.list, ({ input, caller }) => people.members(caller, input, pageParams(input)));
  serve(app, memberAdminCalls.get, ({ input, caller }) => people.member(caller, input.id));
  serve(app, memberAdminCalls.setStatus, ({ input, caller }) =>
    people.setMemberStatus(caller, input.id, input.status),
  );
  serve(app, companyProfileCalls.get, ({ caller }) => people.company(caller));
  serve(app, companyProfileCalls.update, ({ input, caller }) => people.updateCompany(caller, input));
  serve(app, companyLoginCalls.list, ({ input, caller }) => people.logins(caller, input, pageParams(input)));
  serve(app, companyLoginCalls.user, ({ input, caller }) => people.user(caller, input.id));
  serve(app, salespersonCalls.list, ({ input, caller }) => people.salespeople(caller, input.keyword));
}
