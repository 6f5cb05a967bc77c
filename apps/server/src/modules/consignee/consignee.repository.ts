import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';

const COLUMNS = [
  'id',
  'name',
  'mobile',
  'province',
  'city',
  'district',
  'address',
  'is_default',
  'created_at',
] as const;

export interface ConsigneeFields {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

/** Addresses belong to one member: every query is scoped to the user (and so to the company). */
export const consigneeRepository = {
  list: (db: Database, userId: number) =>
    db
      .selectFrom('consignees')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('del_flag', '=', 0)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  find: (db: Database, userId: number, id: number) =>
    db
      .selectFrom('consignees')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('del_flag', '=', 0)
      .executeTakeFirst(),

  count: (db: Database, userId: number) =>
    countRows(db.selectFrom('consignees').where('user_id', '=', userId).where('del_flag', '=', 0)),

  insert: async (
    db: Database,
    v: ConsigneeFields & { companyId: number; userId: number; isDefault: number; now: string },
  ) =>
    (
      await db
        .insertInto('consignees')
        .values({
          company_id: v.companyId,
          user_id: v.userId,
          name: v.name,
          mobile: v.mobile,
          province: v.province,
          city: v.city,
          district: v.district,
          address: v.address,
          is_default: v.isDefault,
          created_at: v.now,
          updated_at: v.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  update: (
    db: Database,
    userId: number,
    id: number,
    set: Partial<ConsigneeFields> & { is_default?: number; updated_at: string },
  ) => db.updateTable('consignees').set(set).where('user_id', '=', userId).where('id', '=', id).execute(),

  clearDefault: (db: Database, userId: number) =>
    db
      .updateTable('consignees')
      .set({ is_default: 0 })
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute(),

  softDelete: (db: Database, userId: number, id: number, now: string) =>
    db
      .updateTable('consignees')
      .set({ del_flag: 1, is_default: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('del_flag', '=', 0)
      .executeTakeFirst(),
};
