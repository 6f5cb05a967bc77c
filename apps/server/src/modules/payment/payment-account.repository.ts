import type { TransferAccount } from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';

const COLUMNS = ['bank_name', 'branch_name', 'account_name', 'account_no'] as const;

/** A company's receiving bank account (one per company). */
export const paymentAccountRepository = {
  async find(db: Database, companyId: number): Promise<TransferAccount | null> {
    return (
      (await inCompany(db, companyId).selectFrom('payment_accounts').select(COLUMNS).executeTakeFirst()) ??
      null
    );
  },

  /** Sets the account: one statement, so two saves at once leave one row. */
  async save(db: Database, companyId: number, userId: number, account: TransferAccount) {
    const updated_at = nowIso();
    await inCompany(db, companyId, { userId })
      .insertInto('payment_accounts', { ...account, updated_at })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...account, updated_by: userId, updated_at }))
      .execute();
  },
};
