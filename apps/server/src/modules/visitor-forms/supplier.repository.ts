import { REVIEW_STATUS } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { orEmpty } from '#server/platform/db/or-empty.ts';
import { inCompany } from '#server/platform/db/scope.ts';

export interface SupplierFilter {
  status?: number | undefined;
  keyword?: string | undefined;
}

function filtered(db: Database, companyId: number, f: SupplierFilter) {
  let q = inCompany(db, companyId).selectFrom('suppliers', 's');
  if (f.status !== undefined) q = q.where('s.status', '=', f.status);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['s.name', 's.contact', 's.mobile', 's.supply_category'], keyword));
  }
  return q;
}

const columns = [
  's.id',
  's.name',
  's.contact',
  's.mobile',
  's.email',
  's.supply_category',
  's.description',
  's.status',
  's.review_note',
  's.source',
  's.ip',
  's.created_at as create_time',
] as const;

/** An application as the purchasing staff see it (`Supplier`): with the name of who reviewed it. */
const withReviewer = (q: ReturnType<typeof filtered>) =>
  q
    .leftJoin('users as u', 'u.id', 's.reviewed_by')
    .select([
      ...columns,
      orEmpty('s.reviewed_at').as('review_time'),
      orEmpty('u.real_name').as('reviewer_name'),
    ]);

export const supplierRepository = {
  insert: async (
    db: Database,
    v: {
      company_id: number;
      name: string;
      contact: string;
      mobile: string;
      email: string;
      supply_category: string;
      description: string;
      ip: string;
      created_at: string;
    },
  ) => {
    const { company_id, ...row } = v;
    return await inCompany(db, company_id)
      .insertInto('suppliers', row)
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
  },

  page: (db: Database, companyId: number, f: SupplierFilter, p: PageParams) =>
    pageAndCount(filtered(db, companyId, f), p, (q) => withReviewer(q).orderBy('s.id', 'desc')),

  byId: (db: Database, companyId: number, id: number) =>
    withReviewer(filtered(db, companyId, {}))
      .where('s.id', '=', id)
      .executeTakeFirst(),

  /** Only a pending application changes; the caller tells "not found" from "already reviewed". */
  review: (
    db: Database,
    companyId: number,
    id: number,
    v: { status: number; review_note: string; reviewed_by: number; reviewed_at: string },
  ) =>
    inCompany(db, companyId)
      .updateTable('suppliers')
      .set(v)
      .where('id', '=', id)
      .where('status', '=', REVIEW_STATUS.PENDING)
      .executeTakeFirst(),
};
