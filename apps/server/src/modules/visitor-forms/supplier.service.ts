import { REVIEW_STATUS, type Supplier, type SupplierApplyInput } from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import type { FormGate } from './form-limit.ts';
import { supplierRepository as repo, type SupplierFilter } from './supplier.repository.ts';

/** Supplier applications from /supplierService, reviewed once by the company's purchasing staff. */
export function supplierService(db: Database, admit: FormGate) {
  return {
    async apply(companyId: number, input: SupplierApplyInput, ip: string) {
      await admit('supplier', ip, companyId);
      // The partial unique index keeps one pending application per mobile, also under concurrent posts.
      return onUnique(
        () =>
          repo.insert(db, {
            ...input,
            company_id: companyId,
            email: input.email ?? '',
            description: input.description ?? '',
            ip,
            created_at: nowIso(),
          }),
        new AppError('SUPPLIER_PENDING', undefined, 'mobile'),
      );
    },

    list: (caller: Caller, f: SupplierFilter, p: PageParams) => repo.page(db, caller.companyId, f, p),

    async review(caller: Caller, input: { id: number; status: number; review_note?: string | undefined }) {
      await db.transaction().execute(async (trx) => {
        const before = await repo.byId(trx, caller.companyId, input.id);
        if (!before) throw new AppError('FEEDBACK_NOT_FOUND', undefined, 'id');
        if (before.status !== REVIEW_STATUS.PENDING) throw new AppError('FEEDBACK_STATE');
        const after = {
          status: input.status,
          review_note: input.review_note ?? '',
          reviewed_by: caller.userId,
          reviewed_at: nowIso(),
        };
        const r = await repo.review(trx, caller.companyId, input.id, after);
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('FEEDBACK_STATE');
        await audit(trx, caller, {
          action: 'update',
          entity: 'supplier',
          entityId: input.id,
          before: { status: before.status },
          after: { status: after.status, review_note: after.review_note },
        });
      });
      return (await repo.byId(db, caller.companyId, input.id)) as Supplier;
    },
  };
}

export type SupplierService = ReturnType<typeof supplierService>;
