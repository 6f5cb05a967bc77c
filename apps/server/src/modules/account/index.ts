import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { defineModule } from '#server/platform/module.ts';
import type { CompanyService } from '../company/index.ts';
import type { SmsCodes } from '../sms/index.ts';
import { accountRoutes } from './account.routes.ts';
import { type AccountDeps, accountService } from './account.service.ts';
import { type LoginLimits, loginLimiter } from './login-limiter.ts';
import { memberRoutes } from './member.routes.ts';
import { memberService } from './member.service.ts';

export { hashPassword } from './password.ts';

/** Accounts (login, sessions, passwords) and members (registration, codes, profile). */
export function accountModule(
  db: Database,
  deps: Pick<AccountDeps, 'permissions' | 'sessions' | 'settingsOf' | 'checkPassword'> & {
    counters: Counters;
    login: LoginLimits;
    sms: SmsCodes;
    companies: Pick<CompanyService, 'active'>;
  },
) {
  const account = accountService({
    db,
    limiter: loginLimiter(deps.counters, deps.login),
    counters: deps.counters,
    passwordChecks: { max: deps.login.maxFailuresPerAccount, windowMs: deps.login.windowMs },
    permissions: deps.permissions,
    sessions: deps.sessions,
    settingsOf: deps.settingsOf,
    checkPassword: deps.checkPassword,
  });
  const members = memberService(db, {
    account,
    sms: deps.sms,
    companies: deps.companies,
    counters: deps.counters,
  });
  return defineModule({
    name: 'account',
    account,
    routes(app) {
      accountRoutes(app, account);
      memberRoutes(app, members);
    },
    // Expired sessions are swept at start and hourly; lookups ignore them anyway.
    repeats: [{ name: '清理过期会话', everyMs: 3600_000, run: () => account.sweepExpiredSessions() }],
  });
}
