import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_TTL_MINUTES,
  SMS_PURPOSES,
  SMS_RESEND_SECONDS,
  type SmsNoticePurpose,
  type SmsPurpose,
} from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { Counters } from '#server/platform/limits/counters.ts';
import { type LimitCheck, withinLimits } from '#server/platform/limits/rate-limit.ts';
import { smsRepository as repo } from './sms.repository.ts';

export interface SmsMessage {
  companyId: number;
  mobile: string;
  purpose: string;
  content: string;
  /** The code inside `content`, if any: a sender that keeps a log masks it there. */
  code?: string;
  ip: string;
  now: string;
}

/** Where text messages go. */
export interface SmsSender {
  send(db: Database, message: SmsMessage): Promise<void>;
}

/**
 * The built-in sender for a machine without an SMS gateway: writes the message to `sms_outbox`,
 * which the company's administrators (and tests) read.
 */
export const outboxSender: SmsSender = {
  async send(db, m) {
    await repo.insertOutbox(db, m);
  },
};

/**
 * An HTTP gateway (`SMS_GATEWAY_URL`, README): each message is POSTed as JSON `{mobile, content,
 * purpose}` with `Authorization: Bearer <SMS_GATEWAY_TOKEN>`; any 2xx is delivered. The outbox then
 * keeps only a delivery log with the code masked.
 */
export function gatewaySender(gateway: { url: string; token: string }): SmsSender {
  return {
    async send(db, m) {
      const res = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
        },
        body: JSON.stringify({ mobile: m.mobile, content: m.content, purpose: m.purpose }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => undefined);
      if (!res?.ok) throw new AppError('SMS_SEND_FAILED');
      await repo.insertOutbox(db, {
        ...m,
        content: m.code ? m.content.replaceAll(m.code, '******') : m.content,
      });
    },
  };
}

export const SMS_LIMITS = { perMobilePerDay: 10, perIpPerHour: 30, maxAttempts: 5 };

const hashCode = (mobile: string, purpose: string, code: string) =>
  createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest();

/** Verification codes: six digits, valid 5 minutes, single-use, 5 tries, sending rate-limited. */
export function smsCodes(db: Database, counters: Counters, sender: SmsSender = outboxSender) {
  /**
   * Counts a message to `mobile` asked from `ip` against the limits (one per resend interval and
   * ten a day per mobile, thirty an hour per address), whether it carries a code, a notice or —
   * for a number that gets nothing — no message at all, so the answers never differ.
   */
  async function admit(mobile: string, ip: string) {
    const checks: LimitCheck[] = [
      { key: `sms:resend:${mobile}`, max: 1, windowMs: SMS_RESEND_SECONDS * 1000 },
      { key: `sms:day:${mobile}`, max: SMS_LIMITS.perMobilePerDay, windowMs: 24 * 3600_000 },
    ];
    if (ip) checks.push({ key: `sms:ip:${ip}`, max: SMS_LIMITS.perIpPerHour, windowMs: 3600_000 });
    if (!(await withinLimits(counters, checks))) throw new AppError('SMS_TOO_FREQUENT');
  }
  const answer = { resend_after: SMS_RESEND_SECONDS, expires_in: SMS_CODE_TTL_MINUTES * 60 };

  return {
    admit,
    answer,

    /** Sends a verification code (after `admit`). */
    async issue(m: {
      companyId: number;
      companyName: string;
      mobile: string;
      purpose: SmsPurpose;
      ip: string;
      now: string;
    }) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.insertCode(db, {
        mobile: m.mobile,
        purpose: m.purpose,
        codeHash: hashCode(m.mobile, m.purpose, code).toString('hex'),
        expiresAt: new Date(Date.parse(m.now) + SMS_CODE_TTL_MINUTES * 60_000).toISOString(),
        ip: m.ip,
        now: m.now,
      });
      // Outside a transaction: a gateway may take seconds, and a code nobody received is harmless.
      await sender.send(db, {
        companyId: m.companyId,
        mobile: m.mobile,
        purpose: m.purpose,
        ip: m.ip,
        now: m.now,
        content: `【${m.companyName}】您的${SMS_PURPOSES[m.purpose]}验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露给他人。`,
        code,
      });
      return answer;
    },

    /** Sends a message without a code (after `admit`): what a registered number gets instead of a registration code. */
    async notify(m: {
      companyId: number;
      mobile: string;
      purpose: SmsPurpose;
      content: string;
      ip: string;
      now: string;
    }) {
      await sender.send(db, m);
      return answer;
    },

    /**
     * Sends a notice (issue 35: an order paid, shipped, refunded, cancelled) to a member who allows
     * it. Not counted against the code limits: it is sent by the shop's own actions, not asked
     * for. Call after the commit of what it tells, never inside a transaction (a gateway may take
     * seconds); a failure is the caller's to log.
     */
    async notice(m: {
      companyId: number;
      mobile: string;
      purpose: SmsNoticePurpose;
      content: string;
      now: string;
    }) {
      await sender.send(db, { ...m, ip: '' });
    },

    /**
     * Uses up the latest code of the mobile for the purpose. Runs in its own transaction so a wrong
     * try is counted even when the caller's work fails afterwards.
     */
    async consume(mobile: string, purpose: SmsPurpose, code: string, now: string) {
      await db
        .transaction()
        .execute(async (trx) => {
          const row = await repo.latestCode(trx, mobile, purpose);
          if (
            !row ||
            row.used_at !== null ||
            row.expires_at < now ||
            row.attempts >= SMS_LIMITS.maxAttempts
          ) {
            throw new AppError('SMS_CODE_WRONG', undefined, 'code');
          }
          const ok = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hashCode(mobile, purpose, code));
          return (await repo.markCode(trx, row.id, ok, now)) && ok;
        })
        .then((ok) => {
          if (!ok) throw new AppError('SMS_CODE_WRONG', undefined, 'code');
        });
    },

    /** The company's messages, newest first. */
    async outbox(companyId: number, mobile: string | undefined, p: PageParams) {
      const { count, results } = await repo.outboxPage(db, companyId, mobile, p);
      return {
        count,
        results: results.map(({ created_at, ...r }) => ({ ...r, create_time: created_at })),
      };
    },
  };
}

export type SmsCodes = ReturnType<typeof smsCodes>;
