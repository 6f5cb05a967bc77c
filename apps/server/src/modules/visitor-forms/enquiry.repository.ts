import { ENQUIRY_STATUS, type Enquiry, type EnquiryKind } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { orEmpty } from '#server/platform/db/or-empty.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export interface EnquiryFilter {
  kind?: EnquiryKind | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
}

function filtered(db: Database, companyId: number, f: EnquiryFilter) {
  let q = inCompany(db, companyId).selectFrom('enquiries', 'e');
  if (f.kind !== undefined) q = q.where('e.kind', '=', f.kind);
  if (f.status !== undefined) q = q.where('e.status', '=', f.status);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) =>
      containsLike(eb, ['e.contact', 'e.mobile', 'e.organization', 'e.subject', 'e.content'], keyword),
    );
  }
  return q;
}

/** An enquiry as staff see it (`Enquiry`): with the name of who handled it. */
const withHandler = (q: ReturnType<typeof filtered>) =>
  q
    .leftJoin('users as u', 'u.id', 'e.handled_by')
    .select([
      'e.id',
      'e.kind',
      'e.contact',
      'e.mobile',
      'e.email',
      'e.organization',
      'e.subject',
      'e.amount',
      'e.content',
      'e.status',
      'e.note',
      'e.ip',
      'e.created_at as create_time',
      orEmpty('e.handled_at').as('handle_time'),
      orEmpty('u.real_name').as('handler_name'),
    ])
    .$narrowType<{ kind: EnquiryKind }>();

export const enquiryRepository = {
  insert: async (
    db: Database,
    v: {
      company_id: number;
      kind: EnquiryKind;
      contact: string;
      mobile: string;
      email: string;
      organization: string;
      subject: string;
      amount: number | null;
      content: string;
      ip: string;
      created_at: string;
    },
  ) => {
    const { company_id, ...row } = v;
    return await inCompany(db, company_id)
      .insertInto('enquiries', row)
      .returning(['id'])
      .executeTakeFirstOrThrow();
  },

  page: (db: Database, companyId: number, f: EnquiryFilter, p: PageParams) =>
    pageAndCount(filtered(db, companyId, f), p, (q) => withHandler(q).orderBy('e.id', 'desc')),

  byId: (db: Database, companyId: number, id: number): Promise<Enquiry | undefined> =>
    withHandler(filtered(db, companyId, {}))
      .where('e.id', '=', id)
      .executeTakeFirst(),

  /** Only an open enquiry changes; the caller tells "not found" from "already handled". */
  handle: (
    db: Database,
    companyId: number,
    id: number,
    v: { note: string; handled_by: number; handled_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('enquiries')
      .set({ ...v, status: ENQUIRY_STATUS.HANDLED })
      .where('id', '=', id)
      .where('status', '=', ENQUIRY_STATUS.OPEN)
      .executeTakeFirst(),
};
