import { sql } from 'kysely';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export interface GuestVisitValues {
  visitor: string;
  path: string;
  referrer: string;
  ip: string;
  user_agent: string;
  created_at: string;
}

/** The company's visitors (`guest_visits`): one row per visitor, kept so by the unique index. */
export const guestRepository = {
  /** Records a visitor unless known; true when this call wrote the row (any process, any race). */
  async record(db: Database, companyId: number, v: GuestVisitValues) {
    const r = await inCompany(db, companyId)
      .insertInto('guest_visits', v)
      .onConflict((oc) => oc.columns(['company_id', 'visitor']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Visitors first seen at or after each instant (ISO), in one statement. */
  async countsSince(db: Database, companyId: number, today: string, week: string) {
    const row = await inCompany(db, companyId)
      .selectFrom('guest_visits')
      .select([
        sql<number>`sum(case when created_at >= ${today} then 1 else 0 end)`.as('today'),
        sql<number>`count(*)`.as('week'),
      ])
      .where('created_at', '>=', week)
      .executeTakeFirst();
    return { today: Number(row?.today ?? 0), week: Number(row?.week ?? 0) };
  },

  latest: (db: Database, companyId: number, limit: number) =>
    inCompany(db, companyId)
      .selectFrom('guest_visits')
      .select(['id', 'path', 'referrer', 'ip', 'user_agent', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
};
