import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_MINUTES, SMS_PURPOSES, SMS_RESEND_SECONDS, type SmsPurpose } from '@portal/contract';
import { sql } from 'kysely';
import { countRows } from '../../platform/db/count.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { PageParams } from '../../platform/http/reply.ts';

export interface SmsMessage {
  companyId: number;
  mobile: string;
  purpose: string;
  content: string;
  ip: string;
  now: string;
}

/** Where text messages go. A gateway sender would call its provider here. */
export interface SmsSender {
  send(db: Database, message: SmsMessage): Promise<void>;
}

/** The built-in sender: writes the message to `sms_outbox`, which administrators and tests read. */
export const outboxSender: SmsSender = {
  async send(db, m) {
    await db
      .insertInto('sms_outbox')
      .values({
        company_id: m.companyId,
        mobile: m.mobile,
        purpose: m.purpose,
        content: m.content,
        ip: m.ip,
        created_at: m.now,
      })
      .execute();
  },
};

export const SMS_LIMITS = { perMobilePerDay: 10, perIpPerHour: 30, maxAttempts: 5 };

const hashCode = (mobile: string, purpose: string, code: string) =>
  createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest();

const ago = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString();

/** Codes issued since `since`: the limits hold whichever sender delivers the messages. */
const sentSince = (db: Database, column: 'mobile' | 'ip', value: string, since: string) =>
  countRows(db.selectFrom('sms_codes').where(column, '=', value).where('created_at', '>', since));

/** Verification codes: six digits, valid 5 minutes, single-use, 5 tries, sending rate-limited. */
export function smsCodes(db: Database, sender: SmsSender = outboxSender) {
  return {
    async issue(m: {
      companyId: number;
      companyName: string;
      mobile: string;
      purpose: SmsPurpose;
      ip: string;
      now: string;
    }) {
      const [lastMinute, lastDay, ipHour] = await Promise.all([
        sentSince(db, 'mobile', m.mobile, ago(m.now, SMS_RESEND_SECONDS * 1000)),
        sentSince(db, 'mobile', m.mobile, ago(m.now, 24 * 3600_000)),
        m.ip ? sentSince(db, 'ip', m.ip, ago(m.now, 3600_000)) : Promise.resolve(0),
      ]);
      if (lastMinute > 0 || lastDay >= SMS_LIMITS.perMobilePerDay || ipHour >= SMS_LIMITS.perIpPerHour) {
        throw new AppError('SMS_TOO_FREQUENT');
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sms_codes')
          .values({
            mobile: m.mobile,
            purpose: m.purpose,
            code_hash: hashCode(m.mobile, m.purpose, code).toString('hex'),
            expires_at: new Date(Date.parse(m.now) + SMS_CODE_TTL_MINUTES * 60_000).toISOString(),
            used_at: null,
            ip: m.ip,
            created_at: m.now,
          })
          .execute();
        await sender.send(trx, {
          companyId: m.companyId,
          mobile: m.mobile,
          purpose: m.purpose,
          ip: m.ip,
          now: m.now,
          content: `【${m.companyName}】您的${SMS_PURPOSES[m.purpose]}验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露给他人。`,
        });
      });
      return { resend_after: SMS_RESEND_SECONDS, expires_in: SMS_CODE_TTL_MINUTES * 60 };
    },

    /**
     * Uses up the latest code of the mobile for the purpose. Runs in its own transaction so a wrong
     * try is counted even when the caller's work fails afterwards.
     */
    async consume(mobile: string, purpose: SmsPurpose, code: string, now: string) {
      await db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .selectFrom('sms_codes')
            .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
            .where('mobile', '=', mobile)
            .where('purpose', '=', purpose)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (
            !row ||
            row.used_at !== null ||
            row.expires_at < now ||
            row.attempts >= SMS_LIMITS.maxAttempts
          ) {
            throw new AppError('SMS_CODE_WRONG', undefined, 'code');
          }
          const ok = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hashCode(mobile, purpose, code));
          const r = await trx
            .updateTable('sms_codes')
            .set(ok ? { used_at: now } : { attempts: sql`attempts + 1` })
            .where('id', '=', row.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (!ok || Number(r.numUpdatedRows) !== 1) return false;
          return true;
        })
        .then((ok) => {
          if (!ok) throw new AppError('SMS_CODE_WRONG', undefined, 'code');
        });
    },

    async outbox(mobile: string | undefined, p: PageParams) {
      let base = db.selectFrom('sms_outbox');
      if (mobile) base = base.where('mobile', '=', mobile);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'mobile', 'purpose', 'content', 'created_at'])
          .orderBy('id', 'desc')
          .limit(p.pageSize)
          .offset(p.offset)
          .execute(),
        countRows(base),
      ]);
      return {
        count,
        results: rows.map(({ created_at, ...r }) => ({ ...r, create_time: created_at })),
      };
    },
  };
}

export type SmsCodes = ReturnType<typeof smsCodes>;
