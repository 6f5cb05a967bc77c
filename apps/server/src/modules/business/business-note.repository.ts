import { sql } from 'kysely';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** A member's notes: every statement scoped to the company and to the writer. */
const notes = (s: CompanyScope, businessId: number, userId: number) =>
  s
    .selectFrom('business_notes', 'x')
    .innerJoin('flow_nodes as n', 'n.id', 'x.node_id')
    .select([
      'x.id',
      'x.business_id',
      'x.node_id',
      sql<string>`coalesce(nullif(n.name, ''), n.task_id)`.as('node_name'),
      'x.content',
      'x.updated_at as update_time',
    ])
    .where('x.business_id', '=', businessId)
    .where('x.user_id', '=', userId);

export const businessNoteRepository = {
  list: (s: CompanyScope, businessId: number, userId: number, nodeId?: number) => {
    let q = notes(s, businessId, userId);
    if (nodeId !== undefined) q = q.where('x.node_id', '=', nodeId);
    return q.orderBy('x.id').execute();
  },

  /** Writes the member's note on the node (its row made on the first save). */
  async save(
    s: CompanyScope,
    v: { business_id: number; node_id: number; user_id: number; content: string; at: string },
  ) {
    const { at, ...keys } = v;
    await s
      .insertInto('business_notes', { ...keys, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['company_id', 'business_id', 'user_id', 'node_id']).doNothing())
      .execute();
    await s
      .updateTable('business_notes')
      .set({ content: v.content, updated_at: at })
      .where('business_id', '=', v.business_id)
      .where('user_id', '=', v.user_id)
      .where('node_id', '=', v.node_id)
      .execute();
    return notes(s, v.business_id, v.user_id).where('x.node_id', '=', v.node_id).executeTakeFirstOrThrow();
  },
};
