import { DEFAULT_COMPANY_ID, MEMBER_ROLE, type SmsPurpose } from '@portal/contract';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Caller } from '../../platform/auth/session-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/errors.ts';
import { nowIso } from '../../platform/time.ts';
import type { SmsCodes } from '../sms/index.ts';
import { accountRepository as repo, type UserRow } from './account.repository.ts';
import type { AccountService } from './account.service.ts';
import { hashPassword } from './password.ts';

interface Client {
  ip: string;
  userAgent: string;
}

/** Members of the shop: registration by mobile and SMS code, password recovery, profile. */
export function memberService(
  db: Database,
  deps: { account: AccountService; sms: SmsCodes; sessions: SessionCache },
) {
  async function companyFor(companyId: number | undefined) {
    const company = await repo.company(db, companyId ?? DEFAULT_COMPANY_ID);
    if (!company) throw new AppError('NOT_FOUND', '单位不存在', 'company_id');
    return company;
  }

  return {
    async sendCode(input: { mobile: string; purpose: SmsPurpose; company_id?: number }, client: Client) {
      const known = await repo.findByMobile(db, input.mobile);
      if (input.purpose === 'register' && known) throw new AppError('MOBILE_TAKEN', undefined, 'mobile');
      if (input.purpose === 'password' && !known) throw new AppError('MOBILE_UNKNOWN', undefined, 'mobile');
      const company = await companyFor(known?.company_id ?? input.company_id);
      return deps.sms.issue({
        companyId: company.id,
        companyName: company.company_name,
        mobile: input.mobile,
        purpose: input.purpose,
        ip: client.ip,
        now: nowIso(),
      });
    },

    async register(
      input: {
        mobile: string;
        code: string;
        password: string;
        real_name?: string;
        HigherMobile?: string;
        company_id?: number;
      },
      client: Client,
    ) {
      const company = await companyFor(input.company_id);
      if (await repo.findByMobile(db, input.mobile)) throw new AppError('MOBILE_TAKEN', undefined, 'mobile');
      await deps.sms.consume(input.mobile, 'register', input.code, nowIso());
      const passwordHash = await hashPassword(input.password);
      let row: UserRow | undefined;
      try {
        const id = await repo.insertMember(db, {
          companyId: company.id,
          mobile: input.mobile,
          passwordHash,
          realName: input.real_name ?? '',
          role: MEMBER_ROLE,
          referrerMobile: input.HigherMobile ?? '',
          referrerCompanyId: input.HigherMobile ? company.id : null,
          now: nowIso(),
        });
        row = await repo.findById(db, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('MOBILE_TAKEN', undefined, 'mobile');
        throw error;
      }
      return deps.account.openSession(row as UserRow, client);
    },

    /** Sets a new password with an SMS code and ends every session of the member. */
    async findPassword(input: { mobile: string; code: string; password: string }) {
      const row = await repo.findByMobile(db, input.mobile);
      if (!row) throw new AppError('MOBILE_UNKNOWN', undefined, 'mobile');
      await deps.sms.consume(input.mobile, 'password', input.code, nowIso());
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        await repo.setPasswordHash(trx, row.id, passwordHash, nowIso());
        await repo.deleteSessionsOfUser(trx, row.id);
      });
      deps.sessions.forgetUser(row.id);
    },

    async updateProfile(caller: Caller, input: { real_name?: string; email?: string }) {
      await repo.updateProfile(db, caller.userId, { ...input, updated_at: nowIso() });
      return deps.account.info(caller);
    },

    outbox: (q: { mobile?: string; page: number; pageSize: number }) => deps.sms.outbox(q),
  };
}

export type MemberService = ReturnType<typeof memberService>;
