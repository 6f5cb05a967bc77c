import { defineModule } from '#server/platform/module.ts';
import { paymentRoutes } from './payment.routes.ts';
import { paymentMethods, type ShopContact } from './payment.ts';

export {
  offlineProvider,
  type PaymentMethods,
  type PaymentProvider,
  paymentMethods,
  type ShopContact,
} from './payment.ts';

/** Payment methods and their providers. */
export function paymentModule(deps: { shopOf: (companyId: number) => Promise<ShopContact | undefined> }) {
  const payments = paymentMethods();
  return defineModule({
    name: 'payment',
    payments,
    routes: (app) => paymentRoutes(app, payments, deps.shopOf),
  });
}
