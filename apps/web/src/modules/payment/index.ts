// What other modules use of payment: the only way in from another module (checks/boundaries.test.ts).
export { PayOnlineButton, ReceiptGallery, TransferAccountView } from './PaymentParts.tsx';
export { deadlineText, payErrorText } from './paymentRules.ts';
export { usePaymentMethods } from './usePayment.ts';
