import type { Caller } from '../apps/server/src/platform/auth/session-user.ts';
import type { Database } from '../apps/server/src/platform/db/database.ts';
import { acrossCompanies, inCompany, inShared, unscoped } from '../apps/server/src/platform/db/scope.ts';

/**
 * Company scope, the first net (issue 32, ADR 0012): what a module may write against its handle,
 * proved by `tsc -p checks` (`npm run typecheck`). Each `@ts-expect-error` is a statement that must
 * not compile: should it ever compile, the directive is unused and tsc fails. The rest must compile.
 * The second net, for SQL text the type cannot see, is company-scope.test.ts.
 */
export async function moduleStatements(db: Database, companyId: number, superAdmin: Caller) {
  // A bare statement on a company table does not compile: read, write, insert, delete …
  // @ts-expect-error goods is a company table, not on the module's handle
  db.selectFrom('goods');
  // @ts-expect-error orders too
  db.updateTable('orders');
  // @ts-expect-error
  db.insertInto('cart_items');
  // @ts-expect-error
  db.deleteFrom('goods_loves');
  // … nor a join from a platform table to a company table …
  // @ts-expect-error
  db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id');
  // … nor any of it inside a transaction on the handle.
  await db.transaction().execute(async (trx) => {
    // @ts-expect-error
    trx.selectFrom('goods');
    // Through the scope in the transaction: compiles.
    await inCompany(trx, companyId).selectFrom('goods', 'g').select('g.id').execute();
  });

  // Through the scope, with joins to the company tables a scoped row references: compiles.
  await inCompany(db, companyId)
    .selectFrom('orders', 'o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .leftJoin('goods as g', 'g.id', 'i.goods_id')
    .select(['o.id', 'i.quantity', 'g.name'])
    .execute();
  await inCompany(db, companyId, { userId: 1 })
    .updateTable('promotions')
    .set({ status: 0 })
    .where('id', '=', 1)
    .execute();
  // The shared and platform tables are on the handle; shared ones also through `inShared`.
  await db.selectFrom('sessions').select('id').execute();
  await db.selectFrom('companies').select('company_name').execute();
  await inShared(db).selectFrom('public_brands').select('name').execute();
  // The super administrator's view and the named exemption give company tables, as they say.
  await (await acrossCompanies(db, superAdmin, '核对两家单位的商品'))
    .selectFrom('goods')
    .select('id')
    .execute();
  await unscoped(db, 'the expiry job sweeps every company').selectFrom('orders').select('id').execute();
}
