import type { Database } from '#server/platform/db/database.ts';
import { defineModule } from '#server/platform/module.ts';
import { paymentRoutes } from './payment.routes.ts';
import { paymentAccounts } from './payment.service.ts';
import {
  offlineProvider,
  type PayMinutes,
  type PayMinutesOf,
  type PaymentProvider,
  paymentMethods,
  type ShopContact,
} from './payment.ts';
import { sandboxProvider } from './sandbox.ts';

export type { PaymentAccounts } from './payment.service.ts';
export {
  offlineProvider,
  type PaymentMethods,
  type PaymentNotice,
  type PaymentProvider,
  paymentMethods,
  type ShopContact,
  yuan,
} from './payment.ts';

/** Payment methods, their providers (offline, and the test provider when on) and the receiving account. */
export function paymentModule(
  db: Database,
  deps: {
    shopOf: (companyId: number) => Promise<ShopContact | undefined>;
    payMinutes: PayMinutes | PayMinutesOf;
    sandbox: { secret: string } | undefined;
  },
) {
  const providers: PaymentProvider[] = [offlineProvider];
  if (deps.sandbox) providers.push(sandboxProvider(deps.sandbox.secret));
  const payments = paymentMethods(providers, deps.payMinutes);
  const accounts = paymentAccounts(db);
  return defineModule({
    name: 'payment',
    payments,
    accounts,
    routes: (app) => paymentRoutes(app, { payments, accounts, shopOf: deps.shopOf, sandbox: deps.sandbox }),
  });
}
