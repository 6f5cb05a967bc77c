import { sql } from 'kysely';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

function posts(s: CompanyScope) {
  return s
    .selectFrom('business_posts', 'x')
    .innerJoin('businesses as b', 'b.id', 'x.business_id')
    .innerJoin('flow_nodes as n', 'n.id', 'x.node_id')
    .innerJoin('business_seats as t', 't.id', 'x.seat_id')
    .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      'x.id',
      'x.business_id',
      'b.name as business_name',
      'x.node_id',
      sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('node_name'),
      'x.name',
      'x.content',
      'r.name as role_name',
      personName('u').as('user_name'),
      'x.updated_at as update_time',
      'x.path_id',
    ])
    .where('b.del_flag', '=', 0);
}

/** Post nodes' notices: every statement scoped to the company. */
export const businessPostRepository = {
  /** The notice of a path row, or of the latest visit of a node. */
  ofNode: (s: CompanyScope, businessId: number, nodeId: number) =>
    posts(s)
      .where('x.business_id', '=', businessId)
      .where('x.node_id', '=', nodeId)
      .orderBy('x.path_id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The company's newest notices (the notice board). */
  latest: (s: CompanyScope, limit: number) =>
    posts(s).orderBy('x.updated_at', 'desc').orderBy('x.id', 'desc').limit(limit).execute(),

  byId: (s: CompanyScope, id: number) => posts(s).where('x.id', '=', id).executeTakeFirst(),

  /** The notices of a business, by path row (the report). */
  ofBusiness: (s: CompanyScope, businessId: number) =>
    posts(s).where('x.business_id', '=', businessId).execute(),

  /** Writes the path row's notice (its row made on the first save). */
  async save(
    s: CompanyScope,
    v: {
      business_id: number;
      node_id: number;
      path_id: number;
      seat_id: number;
      name: string;
      content: string;
      at: string;
    },
  ) {
    const { at, ...values } = v;
    await s
      .insertInto('business_posts', { ...values, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['company_id', 'path_id']).doNothing())
      .execute();
    await s
      .updateTable('business_posts')
      .set({ name: v.name, content: v.content, seat_id: v.seat_id, updated_at: at })
      .where('path_id', '=', v.path_id)
      .execute();
    return (
      await s
        .selectFrom('business_posts')
        .select('id')
        .where('path_id', '=', v.path_id)
        .executeTakeFirstOrThrow()
    ).id;
  },
};
