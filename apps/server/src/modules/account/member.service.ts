import { DEFAULT_COMPANY_ID, MEMBER_ROLE, type SmsPurpose } from '@portal/contract';
import type { Caller } from '../../platform/auth/session-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, companyMissing } from '../../platform/http/errors.ts';
import type { PageParams } from '../../platform/http/reply.ts';
import { nowIso } from '../../platform/time.ts';
import type { CompanyService } from '../company/index.ts';
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
  deps: { account: AccountService; sms: SmsCodes; companies: Pick<CompanyService, 'active'> },
) {
  /** The member's company: a disabled or unknown one takes neither codes nor registrations. */
  async function companyFor(companyId: number | undefined) {
    const company = await deps.companies.active(companyId ?? DEFAULT_COMPANY_ID);
    if (!company) throw companyMissing();
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
      await deps.account.setPassword(row.id, await hashPassword(input.password));
    },

    async updateProfile(caller: Caller, input: { real_name?: string; email?: string }) {
      await repo.updateProfile(db, caller.userId, { ...input, updated_at: nowIso() });
      return deps.account.info(caller);
    },

    outbox: (mobile: string | undefined, p: PageParams) => deps.sms.outbox(mobile, p),
  };
}

export type MemberService = ReturnType<typeof memberService>;
