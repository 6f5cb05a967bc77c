import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export const companyRepository = {
  tenantOfHost: (db: Database, segment: string) =>
    db
      .selectFrom('host_tenants')
      .select('tenant_code')
      .where('host_segment', '=', segment)
      .executeTakeFirst(),

  /** An active company by one of its identifying columns. */
  activeBy: (db: Database, column: 'code' | 'en_name' | 'login_path', value: string) =>
    db
      .selectFrom('companies')
      .selectAll()
      .where(column, '=', value)
      .where('status', '=', 1)
      .executeTakeFirst(),

  byId: (db: Database, id: number) =>
    db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),

  activeById: (db: Database, id: number) =>
    db.selectFrom('companies').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst(),

  defaultShop: (db: Database, companyId: number) =>
    inCompany(db, companyId)
      .selectFrom('shops')
      .selectAll()
      .where('is_default', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),

  shops(db: Database, companyId: number, onlyDefault: boolean) {
    let q = inCompany(db, companyId).selectFrom('shops').selectAll();
    if (onlyDefault) q = q.where('is_default', '=', 1);
    return q.orderBy('is_default', 'desc').orderBy('id').execute();
  },
};
