import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { ConsigneeTable } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';

const COLUMNS = [
  'id',
  'name',
  'mobile',
  'province',
  'city',
  'district',
  'province_code',
  'city_code',
  'district_code',
  'address',
  'is_default',
  'created_at',
] as const;

/** What a member writes of an address: these columns of the table. */
export type ConsigneeFields = Pick<
  ConsigneeTable,
  | 'name'
  | 'mobile'
  | 'province'
  | 'city'
  | 'district'
  | 'province_code'
  | 'city_code'
  | 'district_code'
  | 'address'
>;

/** Addresses belong to one member: every statement through the company scope, and to the user. */
export const consigneeRepository = {
  list: (db: Database, companyId: number, userId: number) =>
    inCompany(db, companyId)
      .selectFrom('consignees')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  find: (db: Database, companyId: number, userId: number, id: number) =>
    inCompany(db, companyId)
      .selectFrom('consignees')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst(),

  count: (db: Database, companyId: number, userId: number) =>
    countRows(inCompany(db, companyId).selectFrom('consignees').where('user_id', '=', userId)),

  insert: async (
    db: Database,
    v: ConsigneeFields & { companyId: number; userId: number; isDefault: number; now: string },
  ) =>
    (
      await inCompany(db, v.companyId)
        .insertInto('consignees', {
          user_id: v.userId,
          name: v.name,
          mobile: v.mobile,
          province: v.province,
          city: v.city,
          district: v.district,
          province_code: v.province_code,
          city_code: v.city_code,
          district_code: v.district_code,
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
    companyId: number,
    userId: number,
    id: number,
    set: Partial<ConsigneeFields> & { is_default?: number; updated_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('consignees')
      .set(set)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute(),

  clearDefault: (db: Database, companyId: number, userId: number) =>
    inCompany(db, companyId)
      .updateTable('consignees')
      .set({ is_default: 0 })
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .execute(),

  softDelete: (db: Database, companyId: number, userId: number, id: number, now: string) =>
    inCompany(db, companyId)
      .updateTable('consignees')
      .set({ del_flag: 1, is_default: 0, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst(),
};
