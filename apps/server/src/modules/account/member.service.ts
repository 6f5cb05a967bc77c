import { AGREEMENT_VERSION, DEFAULT_COMPANY_ID, MEMBER_ROLE, type SmsPurpose } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError, companyMissing } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { withinLimits } from '#server/platform/limits/rate-limit.ts';
import { nowIso } from '#server/platform/time.ts';
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
/**
 * Registration and password recovery per address and per mobile, beyond the SMS limits: a code
 * can be tried 5 times, these bound how many codes and numbers one address works through.
 */
export const ACCOUNT_CODE_LIMITS = { perIpPerHour: 20, perMobilePerHour: 10 };

export function memberService(
  db: Database,
  deps: {
    account: AccountService;
    sms: SmsCodes;
    companies: Pick<CompanyService, 'active'>;
    counters: Counters;
  },
) {
  /** The member's company: a disabled or unknown one takes neither codes nor registrations. */
  async function companyFor(companyId: number | undefined) {
    const company = await deps.companies.active(companyId ?? DEFAULT_COMPANY_ID);
    if (!company) throw companyMissing();
    return company;
  }

  /** Counts a registration or recovery call against the per-address and per-mobile limits. */
  async function admitCodeUse(call: 'register' | 'password', mobile: string, ip: string) {
    const admitted = await withinLimits(deps.counters, [
      { key: `account-code:ip:${ip}`, max: ACCOUNT_CODE_LIMITS.perIpPerHour, windowMs: 3600_000 },
      {
        key: `account-code:${call}:${mobile}`,
        max: ACCOUNT_CODE_LIMITS.perMobilePerHour,
        windowMs: 3600_000,
      },
    ]);
    if (!admitted) throw new AppError('TOO_MANY_REQUESTS');
  }

  return {
    /**
     * Answers alike for every number, registered or not, so the call cannot tell which numbers are
     * registered: a registration code goes to a new number, a notice to a registered one; a recovery
     * code goes to a registered number and nothing to an unknown one. The limits count all of them.
     */
    async sendCode(input: { mobile: string; purpose: SmsPurpose; company_id?: number }, client: Client) {
      const known = await repo.findByMobile(db, input.mobile);
      const company = await companyFor(known?.company_id ?? input.company_id);
      await deps.sms.admit(input.mobile, client.ip);
      const message = {
        companyId: company.id,
        mobile: input.mobile,
        purpose: input.purpose,
        ip: client.ip,
        now: nowIso(),
      };
      if (input.purpose === 'register' && known) {
        return deps.sms.notify({
          ...message,
          content: `【${company.company_name}】该手机号已注册会员，可直接登录；忘记密码可在登录页通过“忘记密码”找回。如非本人操作，请忽略。`,
        });
      }
      if (input.purpose === 'password' && !known) return deps.sms.answer;
      return deps.sms.issue({ ...message, companyName: company.company_name });
    },

    async register(
      input: {
        mobile: string;
        code: string;
        password: string;
        real_name?: string;
        HigherMobile?: string;
        company_id?: number;
        /** Validated by the contract: 1, the member accepted the agreement. */
        agreement: 1;
      },
      client: Client,
    ) {
      const company = await companyFor(input.company_id);
      await admitCodeUse('register', input.mobile, client.ip);
      // The code first: only the number's owner learns anything about the number after this.
      await deps.sms.consume(input.mobile, 'register', input.code, nowIso());
      if (await repo.findByMobile(db, input.mobile)) throw new AppError('MOBILE_TAKEN', undefined, 'mobile');
      await deps.account.checkPassword(company.id, input.password, 'password', '密码');
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
          agreementVersion: AGREEMENT_VERSION,
          now: nowIso(),
        });
        row = await repo.findById(db, company.id, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('MOBILE_TAKEN', undefined, 'mobile');
        throw error;
      }
      return deps.account.openSession(row as UserRow, client);
    },

    /**
     * Sets a new password with an SMS code and ends every session of the member. An unknown number
     * never received a code, so it fails on the code like a wrong one.
     */
    async findPassword(input: { mobile: string; code: string; password: string }, client: Client) {
      await admitCodeUse('password', input.mobile, client.ip);
      await deps.sms.consume(input.mobile, 'password', input.code, nowIso());
      const row = await repo.findByMobile(db, input.mobile);
      if (!row) throw new AppError('SMS_CODE_WRONG', undefined, 'code');
      await deps.account.checkPassword(row.company_id, input.password, 'password', '新密码');
      await deps.account.setPassword(row.company_id, row.id, await hashPassword(input.password));
    },

    async updateProfile(caller: Caller, input: { real_name?: string; email?: string }) {
      await repo.updateProfile(db, caller.companyId, caller.userId, { ...input, updated_at: nowIso() });
      return deps.account.info(caller);
    },

    /** Whether the member is texted about their orders (packages/contract `noticeSettingsSchema`). */
    async noticeSettings(caller: Caller) {
      const row = await repo.noticeSettings(db, caller.companyId, caller.userId);
      if (!row) throw new AppError('NOT_FOUND');
      return { order_sms: row.order_sms, mobile: row.mobile };
    },

    async saveNoticeSettings(caller: Caller, input: { order_sms: 0 | 1 }) {
      await repo.setNoticeSettings(db, caller.companyId, caller.userId, input.order_sms, nowIso());
      return this.noticeSettings(caller);
    },

    /** The caller's company's SMS outbox (codes of other companies' members are never shown). */
    outbox: (caller: Caller, mobile: string | undefined, p: PageParams) =>
      deps.sms.outbox(caller.companyId, mobile, p),
  };
}

export type MemberService = ReturnType<typeof memberService>;
