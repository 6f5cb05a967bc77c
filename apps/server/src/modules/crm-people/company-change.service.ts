import {
  COMPANY_CHANGE_STATUS,
  COMPANY_IDENTITY_FIELDS,
  COMPANY_IDENTITY_LABELS,
  type CompanyChangeRequest,
  type CompanyIdentityField,
  type companyChangeSubmitBody,
} from '@portal/contract';
import type { z } from 'zod';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { acrossCompanies, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  type ChangeFilter,
  type ChangeScope,
  companyChangeRepository as repo,
} from './company-change.repository.ts';
import { peopleRepository as people } from './people.repository.ts';

/** The `companies` column each identity field is stored in. */
const COLUMN = {
  company_name: 'company_name',
  en_name: 'en_name',
  login_path: 'login_path',
  icpCompany: 'icp_company',
  ICP: 'icp',
  icpUrl: 'icp_url',
} as const satisfies Record<CompanyIdentityField, string>;

/** One changed field as stored in `changes`: the value when the request was made and the proposed one. */
interface StoredChange {
  field: CompanyIdentityField;
  before: string;
  after: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

function toRequest(r: Row): CompanyChangeRequest {
  const stored = JSON.parse(r.changes) as StoredChange[];
  return {
    id: r.id,
    company_id: r.company_id,
    company_name: r.company_name,
    company_code: r.code,
    status: r.status,
    changes: stored.map((c) => ({
      field: c.field,
      label: COMPANY_IDENTITY_LABELS[c.field],
      before: c.before,
      after: c.after,
      current: r[COLUMN[c.field]],
    })),
    reason: r.reason,
    applicant_name: r.applicant_name || r.applicant_username || '',
    create_time: r.created_at,
    reviewer_name: r.reviewer_name ?? '',
    review_note: r.review_note,
    close_time: r.closed_at ?? '',
  };
}

/** Why the super administrator reads across companies (the audit log's reason). */
const ACROSS = {
  list: '查看各单位的变更申请',
  approve: '通过单位变更申请',
  reject: '驳回单位变更申请',
} as const;

/**
 * The company change request (docs/adr/0029): the company's administrator proposes new identity
 * values (only those that differ), one pending request at a time; the super administrator
 * approves (the values are written to the company in the request's transaction) or rejects with
 * a reason; a pending request can be withdrawn. A login path must be free among the other active
 * companies when the request is made and again when it is approved.
 */
export function companyChangeService(db: Database) {
  async function requestOrThrow(scope: ChangeScope, id: number) {
    const row = await repo.byId(scope, id);
    if (!row) throw new AppError('COMPANY_CHANGE_NOT_FOUND', undefined, 'id');
    if (row.status !== COMPANY_CHANGE_STATUS.PENDING) throw new AppError('COMPANY_CHANGE_CLOSED');
    return row;
  }

  /** Closes a pending request; refused when another closing came first. Audited. */
  async function close(
    trx: Database,
    caller: Caller,
    scope: ChangeScope,
    row: Row,
    v: { status: number; review_note?: string; reviewed_by?: number },
  ) {
    const r = await repo.close(scope, row.id, { ...v, closed_at: nowIso() });
    if (Number(r.numUpdatedRows) !== 1) throw new AppError('COMPANY_CHANGE_CLOSED');
    await audit(trx, caller, {
      action: 'update',
      entity: 'company_change_requests',
      entityId: row.id,
      before: { status: row.status },
      after: { status: v.status, review_note: v.review_note ?? '' },
    });
  }

  /** One request of a company, as it is now. */
  async function one(companyId: number, id: number) {
    const row = await repo.byId(inCompany(db, companyId), id);
    if (!row) throw new AppError('COMPANY_CHANGE_NOT_FOUND', undefined, 'id');
    return toRequest(row);
  }

  async function reviewed(trx: Database, caller: Caller, reason: string, id: number) {
    return requestOrThrow(await acrossCompanies(trx, caller, reason), id);
  }

  return {
    async submit(caller: Caller, input: z.output<typeof companyChangeSubmitBody>) {
      const id = await db.transaction().execute(async (trx) => {
        const company = await people.company(trx, caller.companyId);
        if (!company) throw new AppError('NOT_FOUND', '单位不存在');
        const changes: StoredChange[] = [];
        for (const field of COMPANY_IDENTITY_FIELDS) {
          const after = input[field];
          const before = company[COLUMN[field]];
          if (after !== undefined && after !== before) changes.push({ field, before, after });
        }
        if (changes.length === 0) throw new AppError('COMPANY_CHANGE_NOTHING', undefined, 'company_name');
        const path = changes.find((c) => c.field === 'login_path')?.after;
        if (path && (await people.loginPathTaken(trx, caller.companyId, path)))
          throw new AppError('LOGIN_PATH_TAKEN', undefined, 'login_path');
        if (await repo.pending(trx, caller.companyId)) throw new AppError('COMPANY_CHANGE_PENDING');
        // The partial unique index keeps one pending request per company, also under concurrent submits.
        const { id } = await onUnique(
          () =>
            repo.insert(trx, caller.companyId, caller.userId, {
              changes: JSON.stringify(changes),
              reason: input.reason ?? '',
              created_at: nowIso(),
            }),
          new AppError('COMPANY_CHANGE_PENDING'),
        );
        await audit(trx, caller, {
          action: 'create',
          entity: 'company_change_requests',
          entityId: id,
          after: { changes, reason: input.reason ?? '' },
        });
        return id;
      });
      return one(caller.companyId, id);
    },

    async list(caller: Caller, p: PageParams) {
      const { count, results } = await repo.page(inCompany(db, caller.companyId), {}, p);
      return paged({ count, results: results.map(toRequest) }, p);
    },

    async withdraw(caller: Caller, id: number) {
      await db.transaction().execute(async (trx) => {
        const scope = inCompany(trx, caller.companyId);
        const row = await requestOrThrow(scope, id);
        await close(trx, caller, scope, row, { status: COMPANY_CHANGE_STATUS.WITHDRAWN });
      });
      return one(caller.companyId, id);
    },

    /** Every company's requests (the super administrator's view across companies, audited). */
    async reviewList(caller: Caller, f: ChangeFilter, p: PageParams) {
      const scope = await acrossCompanies(db, caller, ACROSS.list);
      const { count, results } = await repo.page(scope, f, p);
      return paged({ count, results: results.map(toRequest) }, p);
    },

    /**
     * Approves a pending request: closes it first (of an approval and a rejection at once, exactly
     * one closes it), checks the login path again, then writes the proposed values to the company,
     * all in one transaction, the company audited before and after.
     */
    async approve(caller: Caller, id: number, note: string | undefined) {
      const companyId = await db.transaction().execute(async (trx) => {
        const row = await reviewed(trx, caller, ACROSS.approve, id);
        const scope = inCompany(trx, row.company_id);
        await close(trx, caller, scope, row, {
          status: COMPANY_CHANGE_STATUS.APPROVED,
          review_note: note ?? '',
          reviewed_by: caller.userId,
        });
        const before = await people.company(trx, row.company_id);
        if (!before) throw new AppError('NOT_FOUND', '单位不存在');
        const set: Record<string, string> = { updated_at: nowIso() };
        for (const c of JSON.parse(row.changes) as StoredChange[]) set[COLUMN[c.field]] = c.after;
        if (set.login_path && (await people.loginPathTaken(trx, row.company_id, set.login_path)))
          throw new AppError('LOGIN_PATH_TAKEN', undefined, 'login_path');
        const after = await people.updateCompany(trx, row.company_id, set);
        await audit(trx, caller, {
          action: 'update',
          entity: 'companies',
          entityId: row.company_id,
          before,
          after,
        });
        return row.company_id;
      });
      return one(companyId, id);
    },

    /** Rejects a pending request with the reason the applicant sees. */
    async reject(caller: Caller, id: number, note: string) {
      const companyId = await db.transaction().execute(async (trx) => {
        const row = await reviewed(trx, caller, ACROSS.reject, id);
        await close(trx, caller, inCompany(trx, row.company_id), row, {
          status: COMPANY_CHANGE_STATUS.REJECTED,
          review_note: note,
          reviewed_by: caller.userId,
        });
        return row.company_id;
      });
      return one(companyId, id);
    },
  };
}
export type CompanyChangeService = ReturnType<typeof companyChangeService>;
