export {
  offlineProvider,
  type PaymentMethods,
  type PaymentProvider,
  paymentMethods,
  type ShopContact,
} from './payment.ts';
