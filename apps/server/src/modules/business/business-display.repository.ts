import { sql } from 'kysely';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

/** A display node's step and items, and who has read them: every statement scoped to the company. */
export const businessDisplayRepository = {
  /** The latest visit of a node in the business (the current one while the business is there). */
  visit: (s: CompanyScope, businessId: number, nodeId: number) =>
    s
      .selectFrom('business_paths')
      .select(['id', 'display_step', 'left_at'])
      .where('business_id', '=', businessId)
      .where('node_id', '=', nodeId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  step: async (s: CompanyScope, pathId: number) =>
    (
      await s
        .selectFrom('business_paths')
        .select('display_step')
        .where('id', '=', pathId)
        .executeTakeFirstOrThrow()
    ).display_step,

  setStep: (s: CompanyScope, pathId: number, step: number) =>
    s.updateTable('business_paths').set({ display_step: step }).where('id', '=', pathId).execute(),

  /**
   * The items of a visit (or one item), oldest first: who added them, the document or file each
   * shows (an item whose document or file has since been deleted is left out), and whether `userId`
   * has read it.
   */
  items: (s: CompanyScope, where: { pathId?: number; itemId?: number }, userId: number) => {
    let q = s
      .selectFrom('business_display_items', 'x')
      .innerJoin('business_seats as t', 't.id', 'x.seat_id')
      .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('business_docs as d', (j) => j.onRef('d.id', '=', 'x.doc_id').on('d.del_flag', '=', 0))
      .leftJoin('flow_nodes as dn', 'dn.id', 'd.node_id')
      .leftJoin('files as f', (j) => j.onRef('f.id', '=', 'x.file_id').on('f.del_flag', '=', 0))
      .leftJoin('business_display_reads as rd', (j) =>
        j.onRef('rd.item_id', '=', 'x.id').on('rd.user_id', '=', userId),
      )
      .select([
        'x.id',
        'x.business_id',
        'x.node_id',
        'x.path_id',
        'x.seat_id',
        'x.name',
        'x.source',
        'x.doc_id',
        'x.file_id',
        sql<string>`coalesce(f.mime, '')`.as('mime'),
        sql<string>`coalesce(nullif(dn.name, ''), dn.task_id, f.name, '')`.as('origin'),
        'r.name as role_name',
        personName('u').as('user_name'),
        'x.created_at',
        'rd.id as read_id',
      ])
      .where((eb) => eb.or([eb('d.id', 'is not', null), eb('f.id', 'is not', null)]));
    if (where.pathId !== undefined) q = q.where('x.path_id', '=', where.pathId);
    if (where.itemId !== undefined) q = q.where('x.id', '=', where.itemId);
    return q.orderBy('x.id').execute();
  },

  count: async (s: CompanyScope, pathId: number) =>
    Number(
      (
        await s
          .selectFrom('business_display_items', 'x')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('x.path_id', '=', pathId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Whether the visit already shows this document or material. */
  has: async (s: CompanyScope, pathId: number, what: { doc_id?: number; flow_doc_id?: number }) => {
    let q = s.selectFrom('business_display_items', 'x').select('x.id').where('x.path_id', '=', pathId);
    if (what.doc_id !== undefined) q = q.where('x.doc_id', '=', what.doc_id);
    if (what.flow_doc_id !== undefined) q = q.where('x.flow_doc_id', '=', what.flow_doc_id);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  },

  /** The documents and materials a visit shows (for marking candidates as added). */
  shown: (s: CompanyScope, pathId: number) =>
    s
      .selectFrom('business_display_items', 'x')
      .select(['x.doc_id', 'x.flow_doc_id'])
      .where('x.path_id', '=', pathId)
      .execute(),

  insert: async (
    s: CompanyScope,
    v: {
      business_id: number;
      node_id: number;
      path_id: number;
      seat_id: number;
      name: string;
      source: number;
      doc_id: number | null;
      flow_doc_id: number | null;
      file_id: number | null;
      at: string;
    },
  ) => {
    const { at, ...values } = v;
    return (
      await s
        .insertInto('business_display_items', { ...values, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  async remove(s: CompanyScope, itemId: number) {
    await s.deleteFrom('business_display_reads').where('item_id', '=', itemId).execute();
    await s.deleteFrom('business_display_items').where('id', '=', itemId).execute();
  },

  /** Counts `userId` as having read the item (once). */
  markRead: (s: CompanyScope, itemId: number, userId: number, at: string) =>
    s
      .insertInto('business_display_reads', { item_id: itemId, user_id: userId, read_at: at })
      .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
      .execute(),

  /** Who has read the items of a visit. */
  readers: (s: CompanyScope, pathId: number) =>
    s
      .selectFrom('business_display_reads', 'rd')
      .innerJoin('business_display_items as x', 'x.id', 'rd.item_id')
      .select(['rd.item_id', 'rd.user_id'])
      .where('x.path_id', '=', pathId)
      .execute(),
};
