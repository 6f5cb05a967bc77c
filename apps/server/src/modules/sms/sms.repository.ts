import type { SmsPurpose } from '@portal/contract';
import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** The only code that touches `sms_codes` and `sms_outbox`. */
export const smsRepository = {
  insertCode: (
    db: Database,
    row: {
      mobile: string;
      purpose: SmsPurpose;
      codeHash: string;
      expiresAt: string;
      ip: string;
      now: string;
    },
  ) =>
    db
      .insertInto('sms_codes')
      .values({
        mobile: row.mobile,
        purpose: row.purpose,
        code_hash: row.codeHash,
        expires_at: row.expiresAt,
        used_at: null,
        ip: row.ip,
        created_at: row.now,
      })
      .execute(),

  /** The newest code of the mobile for the purpose. */
  latestCode: (trx: Database, mobile: string, purpose: SmsPurpose) =>
    trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /** Marks a still unused code used (`ok`) or counts a wrong try; answers whether the row changed. */
  async markCode(trx: Database, id: number, ok: boolean, now: string) {
    const r = await trx
      .updateTable('sms_codes')
      .set(ok ? { used_at: now } : { attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertOutbox: (
    db: Database,
    row: { companyId: number; mobile: string; purpose: string; content: string; ip: string; now: string },
  ) =>
    inCompany(db, row.companyId)
      .insertInto('sms_outbox', {
        mobile: row.mobile,
        purpose: row.purpose,
        content: row.content,
        ip: row.ip,
        created_at: row.now,
      })
      .execute(),

  /** One company's messages, newest first. */
  async outboxPage(db: Database, companyId: number, mobile: string | undefined, p: PageParams) {
    let base = inCompany(db, companyId).selectFrom('sms_outbox');
    if (mobile) base = base.where('mobile', '=', mobile);
    return pageAndCount(base, p, (q) =>
      q.select(['id', 'mobile', 'purpose', 'content', 'created_at']).orderBy('id', 'desc'),
    );
  },
};
