import type { TransferAccount } from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import type { Database } from '#server/platform/db/database.ts';
import { paymentAccountRepository as accounts } from './payment-account.repository.ts';

/** The receiving account: read by checkout and orders, set by the shop (audited: it is where money goes). */
export function paymentAccounts(db: Database) {
  return {
    of: (companyId: number) => accounts.find(db, companyId),
    async save(caller: Caller, account: TransferAccount) {
      const next = { ...account, branch_name: account.branch_name ?? '' };
      return db.transaction().execute(async (trx) => {
        const before = await accounts.find(trx, caller.companyId);
        await accounts.save(trx, caller.companyId, caller.userId, next);
        await audit(trx, caller, {
          action: before ? 'update' : 'create',
          entity: 'payment_accounts',
          entityId: caller.companyId,
          before: before ?? undefined,
          after: next,
        });
        return next;
      });
    },
  };
}

export type PaymentAccounts = ReturnType<typeof paymentAccounts>;
