import { COMPANY_CHANGE_STATUS } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';

/**
 * Whose requests a statement sees: one company's (`inCompany`) or, for the super administrator,
 * every company's (`acrossCompanies`, audited with its reason before it is given).
 */
export type ChangeScope = Pick<CompanyScope, 'selectFrom' | 'updateTable'>;

const joined = (scope: ChangeScope) =>
  scope
    .selectFrom('company_change_requests', 'r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .leftJoin('users as a', 'a.id', 'r.created_by')
    .leftJoin('users as v', 'v.id', 'r.reviewed_by');

/** A request with its company's name, code and identity now, and who applied and reviewed. */
const COLUMNS = [
  'r.id',
  'r.company_id',
  'r.status',
  'r.changes',
  'r.reason',
  'r.review_note',
  'r.created_at',
  'r.closed_at',
  'c.code',
  'c.company_name',
  'c.en_name',
  'c.login_path',
  'c.icp_company',
  'c.icp',
  'c.icp_url',
  'a.real_name as applicant_name',
  'a.username as applicant_username',
  'v.real_name as reviewer_name',
] as const;

export interface ChangeFilter {
  status?: number | undefined;
  keyword?: string | undefined;
}

export const companyChangeRepository = {
  byId: (scope: ChangeScope, id: number) =>
    joined(scope).select(COLUMNS).where('r.id', '=', id).executeTakeFirst(),

  /** A page of requests, newest first, with the count of all that match. */
  async page(scope: ChangeScope, f: ChangeFilter, p: PageParams) {
    let q = joined(scope);
    if (f.status !== undefined) q = q.where('r.status', '=', f.status);
    if (f.keyword) {
      const keyword = f.keyword;
      q = q.where((eb) => containsLike(eb, ['c.company_name', 'c.code'], keyword));
    }
    return pageAndCount(q, p, (q) => q.select(COLUMNS).orderBy('r.id', 'desc'));
  },

  /** The company's pending request, if any. */
  pending: (db: Database, companyId: number) =>
    inCompany(db, companyId)
      .selectFrom('company_change_requests')
      .select('id')
      .where('status', '=', COMPANY_CHANGE_STATUS.PENDING)
      .executeTakeFirst(),

  insert: (
    db: Database,
    companyId: number,
    userId: number,
    v: { changes: string; reason: string; created_at: string },
  ) =>
    inCompany(db, companyId, { userId })
      .insertInto('company_change_requests', { ...v, status: COMPANY_CHANGE_STATUS.PENDING, review_note: '' })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /**
   * Closes a pending request (approved, rejected or withdrawn): only a row still pending changes,
   * so of two closings at once exactly one updates it.
   */
  close: (
    scope: ChangeScope,
    id: number,
    v: { status: number; review_note?: string; reviewed_by?: number; closed_at: string },
  ) =>
    scope
      .updateTable('company_change_requests')
      .set(v)
      .where('id', '=', id)
      .where('status', '=', COMPANY_CHANGE_STATUS.PENDING)
      .executeTakeFirst(),
};
