import { DOC_SIGN } from '@portal/contract';
import { personName } from '#server/platform/db/person-name.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

const TEMPLATE_USAGE = 3;

const parseIds = (json: string): number[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
};

/** Which of a business's documents: of a node, one, some, or every one but a node's. */
interface DocsWhere {
  nodeId?: number;
  docId?: number;
  docIds?: readonly number[];
  otherThanNode?: number;
}

/** A business's documents and their signatures: every statement scoped to the company. */
export const businessDocRepository = {
  /** The templates (materials of usage 3) of the node's flow given in the node, or in every node. */
  templates: (s: CompanyScope, nodeId: number) =>
    businessDocRepository.materials(s, nodeId, [TEMPLATE_USAGE]),

  /** The materials of the given usages of the node's flow given in the node, or in every node. */
  materials: async (s: CompanyScope, nodeId: number, usages: readonly number[]) =>
    (
      await s
        .selectFrom('flow_docs', 'd')
        .innerJoin('files as f', 'f.id', 'd.file_id')
        .innerJoin('flow_nodes as n', 'n.flow_id', 'd.flow_id')
        .select([
          'd.id',
          'd.name',
          'd.file_id',
          'd.node_ids',
          'd.usage',
          'f.name as file_name',
          'f.mime',
          'f.storage_key',
        ])
        .where('n.id', '=', nodeId)
        .where('d.usage', 'in', usages)
        .where('f.del_flag', '=', 0)
        .orderBy('d.id')
        .execute()
    ).filter((d) => {
      const ids = parseIds(d.node_ids);
      return ids.length === 0 || ids.includes(nodeId);
    }),

  /** Whether the node is one of the business's (a role of it takes part there). */
  inBusiness: async (s: CompanyScope, businessId: number, nodeId: number) =>
    (await s
      .selectFrom('business_role_nodes', 'a')
      .select('a.id')
      .where('a.business_id', '=', businessId)
      .where('a.node_id', '=', nodeId)
      .limit(1)
      .executeTakeFirst()) !== undefined,

  /** The business's documents (of one node, or of one document), oldest first, with their seat. */
  docs: (s: CompanyScope, businessId: number, where: DocsWhere) => {
    let q = s
      .selectFrom('business_docs', 'x')
      .innerJoin('business_seats as t', 't.id', 'x.seat_id')
      .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
      .innerJoin('flow_nodes as n', 'n.id', 'x.node_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        'x.id',
        'x.name',
        'x.node_id',
        'n.name as node_name',
        'x.path_id',
        'x.seat_id as role_alloc_id',
        'r.name as role_name',
        personName('u').as('user_name'),
        'x.template_id',
        'x.content',
        'x.version',
        'x.updated_at as update_time',
      ])
      .where('x.business_id', '=', businessId);
    if (where.nodeId !== undefined) q = q.where('x.node_id', '=', where.nodeId);
    if (where.docId !== undefined) q = q.where('x.id', '=', where.docId);
    if (where.docIds !== undefined) q = q.where('x.id', 'in', where.docIds.length > 0 ? where.docIds : [0]);
    if (where.otherThanNode !== undefined) q = q.where('x.node_id', '<>', where.otherThanNode);
    return q.orderBy('x.id').execute();
  },

  /** The signatures asked on the documents, by document. */
  signs: async (s: CompanyScope, docIds: readonly number[]) => {
    const bySeat = new Map<
      number,
      {
        role_alloc_id: number;
        role_name: string;
        user_name: string;
        sign_status: number;
        sign: string;
        sign_time: string | null;
      }[]
    >();
    if (docIds.length === 0) return bySeat;
    const rows = await s
      .selectFrom('business_doc_signs', 'g')
      .innerJoin('business_seats as t', 't.id', 'g.seat_id')
      .innerJoin('business_roles as r', 'r.id', 't.business_role_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .select([
        'g.doc_id',
        'g.seat_id as role_alloc_id',
        'r.name as role_name',
        personName('u').as('user_name'),
        'g.status as sign_status',
        'g.sign',
        'g.signed_at as sign_time',
      ])
      .where('g.doc_id', 'in', docIds)
      .orderBy('g.id')
      .execute();
    for (const { doc_id, ...sign } of rows) bySeat.set(doc_id, [...(bySeat.get(doc_id) ?? []), sign]);
    return bySeat;
  },

  /** The business's documents (as `docs` selects them), each with its signatures. */
  async docsWithSigns(s: CompanyScope, businessId: number, where: DocsWhere) {
    const rows = await businessDocRepository.docs(s, businessId, where);
    const ids = rows.map((d) => d.id);
    const [signs, files] = await Promise.all([
      businessDocRepository.signs(s, ids),
      businessDocRepository.attachments(s, ids),
    ]);
    return rows.map((d) => ({ ...d, signs: signs.get(d.id) ?? [], attachments: files.get(d.id) ?? [] }));
  },

  /** The files attached to each document, in the order attached. */
  async attachments(s: CompanyScope, docIds: readonly number[]) {
    const found = new Map<number, { id: number; name: string; mime: string; size: number }[]>();
    if (docIds.length === 0) return found;
    const rows = await s
      .selectFrom('business_doc_files', 'a')
      .innerJoin('files as f', 'f.id', 'a.file_id')
      .select(['a.id', 'a.doc_id', 'a.name', 'f.mime', 'f.size'])
      .where('a.doc_id', 'in', docIds)
      .where('f.del_flag', '=', 0)
      .orderBy('a.id')
      .execute();
    for (const r of rows)
      found.set(r.doc_id, [
        ...(found.get(r.doc_id) ?? []),
        { id: r.id, name: r.name, mime: r.mime, size: Number(r.size) },
      ]);
    return found;
  },

  attachmentCount: async (s: CompanyScope, docId: number) =>
    Number(
      (
        await s
          .selectFrom('business_doc_files', 'a')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('a.doc_id', '=', docId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** An attachment of a live document of the business. */
  attachment: (s: CompanyScope, businessId: number, id: number) =>
    s
      .selectFrom('business_doc_files', 'a')
      .innerJoin('business_docs as x', 'x.id', 'a.doc_id')
      .select(['a.id', 'a.doc_id', 'a.file_id', 'a.name'])
      .where('a.business_id', '=', businessId)
      .where('a.id', '=', id)
      .where('x.del_flag', '=', 0)
      .executeTakeFirst(),

  attach: async (
    s: CompanyScope,
    v: { business_id: number; doc_id: number; file_id: number; name: string; at: string },
  ) =>
    Number(
      (
        await s
          .insertInto('business_doc_files', {
            business_id: v.business_id,
            doc_id: v.doc_id,
            file_id: v.file_id,
            name: v.name,
            created_at: v.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),

  detach: (s: CompanyScope, id: number) => s.deleteFrom('business_doc_files').where('id', '=', id).execute(),

  /** A live document of the business: its node, visit, seat, version and whether anyone has signed it. */
  doc: (s: CompanyScope, businessId: number, docId: number) =>
    s
      .selectFrom('business_docs', 'x')
      .select(['x.id', 'x.name', 'x.node_id', 'x.path_id', 'x.seat_id', 'x.version'])
      .where('x.business_id', '=', businessId)
      .where('x.id', '=', docId)
      .executeTakeFirst(),

  signedCount: async (s: CompanyScope, docId: number) =>
    Number(
      (
        await s
          .selectFrom('business_doc_signs', 'g')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('g.doc_id', '=', docId)
          .where('g.status', '=', DOC_SIGN.signed)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  countInPath: async (s: CompanyScope, pathId: number) =>
    Number(
      (
        await s
          .selectFrom('business_docs', 'x')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('x.path_id', '=', pathId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insert: async (
    s: CompanyScope,
    v: {
      business_id: number;
      node_id: number;
      path_id: number;
      seat_id: number;
      template_id: number | null;
      name: string;
      content: string;
      at: string;
    },
  ) => {
    const { at, ...values } = v;
    const row = await s
      .insertInto('business_docs', { ...values, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Saves a document made on `version`: false when another save came first. */
  save: async (
    s: CompanyScope,
    v: { id: number; version: number; name: string; content: string; at: string },
  ) =>
    Number(
      (
        await s
          .updateTable('business_docs')
          .set({ name: v.name, content: v.content, version: v.version + 1, updated_at: v.at })
          .where('id', '=', v.id)
          .where('version', '=', v.version)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,

  remove: (s: CompanyScope, id: number, at: string) =>
    s.updateTable('business_docs').set({ del_flag: 1, updated_at: at }).where('id', '=', id).execute(),

  /** The signature asked of a seat on a document, if any. */
  sign: (s: CompanyScope, docId: number, seatId: number) =>
    s
      .selectFrom('business_doc_signs', 'g')
      .select(['g.id', 'g.status'])
      .where('g.doc_id', '=', docId)
      .where('g.seat_id', '=', seatId)
      .executeTakeFirst(),

  /** Asks a seat to sign (again, after a refusal). */
  ask: async (s: CompanyScope, v: { business_id: number; doc_id: number; seat_id: number; at: string }) => {
    const { at, ...keys } = v;
    await s
      .insertInto('business_doc_signs', { ...keys, status: DOC_SIGN.waiting, sign: '', asked_at: at })
      .onConflict((oc) => oc.columns(['company_id', 'doc_id', 'seat_id']).doNothing())
      .execute();
    await s
      .updateTable('business_doc_signs')
      .set({ status: DOC_SIGN.waiting, sign: '', asked_at: at, signed_at: null })
      .where('doc_id', '=', v.doc_id)
      .where('seat_id', '=', v.seat_id)
      .execute();
  },

  /** Answers a waiting request: false when it is no longer waiting. */
  answer: async (
    s: CompanyScope,
    v: { doc_id: number; seat_id: number; status: number; sign: string; at: string },
  ) =>
    Number(
      (
        await s
          .updateTable('business_doc_signs')
          .set({ status: v.status, sign: v.sign, signed_at: v.at })
          .where('doc_id', '=', v.doc_id)
          .where('seat_id', '=', v.seat_id)
          .where('status', '=', DOC_SIGN.waiting)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1,
};
