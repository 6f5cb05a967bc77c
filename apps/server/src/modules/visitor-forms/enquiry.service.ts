import {
  ENQUIRY_STATUS,
  type Enquiry,
  type EnquiryKind,
  type ProductPlanInput,
  type VentureCapitalInput,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import { type EnquiryFilter, enquiryRepository as repo } from './enquiry.repository.ts';
import type { FormGate } from './form-limit.ts';

type EnquiryInput = Omit<ProductPlanInput | VentureCapitalInput, 'company_id'> & {
  amount?: number | undefined;
};

/**
 * A visitor's product-planning and investment enquiries from 关于我们: stored for the site's
 * company behind the same gate as every visitor form, then handled once by its staff.
 */
export function enquiryService(db: Database, admit: FormGate) {
  return {
    async submit(kind: EnquiryKind, companyId: number, input: EnquiryInput, ip: string) {
      await admit(kind, ip, companyId);
      return repo.insert(db, {
        company_id: companyId,
        kind,
        contact: input.contact,
        mobile: input.mobile,
        email: input.email ?? '',
        organization: input.organization ?? '',
        subject: input.subject,
        amount: input.amount ?? null,
        content: input.content,
        ip,
        created_at: nowIso(),
      });
    },

    list: (caller: Caller, f: EnquiryFilter, p: PageParams) => repo.page(db, caller.companyId, f, p),

    async handle(caller: Caller, input: { id: number; note?: string | undefined }): Promise<Enquiry> {
      await db.transaction().execute(async (trx) => {
        const before = await repo.byId(trx, caller.companyId, input.id);
        if (!before) throw new AppError('FEEDBACK_NOT_FOUND', undefined, 'id');
        if (before.status !== ENQUIRY_STATUS.OPEN) throw new AppError('FEEDBACK_STATE');
        const note = input.note ?? '';
        const r = await repo.handle(trx, caller.companyId, input.id, {
          note,
          handled_by: caller.userId,
          handled_at: nowIso(),
        });
        if (Number(r.numUpdatedRows) !== 1) throw new AppError('FEEDBACK_STATE');
        await audit(trx, caller, {
          action: 'update',
          entity: 'enquiry',
          entityId: input.id,
          before: { status: before.status },
          after: { status: ENQUIRY_STATUS.HANDLED, note },
        });
      });
      return (await repo.byId(db, caller.companyId, input.id)) as Enquiry;
    },
  };
}

export type EnquiryService = ReturnType<typeof enquiryService>;
