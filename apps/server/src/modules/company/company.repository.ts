import type { Database } from '../../platform/db/database.ts';

export const companyRepository = {
  tenantOfHost: (db: Database, segment: string) =>
    db
      .selectFrom('host_tenants')
      .select('tenant_code')
      .where('host_segment', '=', segment)
      .executeTakeFirst(),

  byCode: (db: Database, code: string) =>
    db
      .selectFrom('companies')
      .selectAll()
      .where('code', '=', code)
      .where('status', '=', 1)
      .executeTakeFirst(),

  byEnName: (db: Database, enName: string) =>
    db
      .selectFrom('companies')
      .selectAll()
      .where('en_name', '=', enName)
      .where('status', '=', 1)
      .executeTakeFirst(),

  byLoginPath: (db: Database, loginPath: string) =>
    db
      .selectFrom('companies')
      .selectAll()
      .where('login_path', '=', loginPath)
      .where('status', '=', 1)
      .executeTakeFirst(),

  byId: (db: Database, id: number) =>
    db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),

  shops(db: Database, companyId: number, onlyDefault: boolean) {
    let q = db.selectFrom('shops').selectAll().where('company_id', '=', companyId);
    if (onlyDefault) q = q.where('is_default', '=', 1);
    return q.orderBy('is_default', 'desc').orderBy('id').execute();
  },
};
