import { canDo, ORDER_TRANSITIONS, type OrderAction } from '@portal/contract';

/** What shop staff can do to an order from the order screen, in button order. */
export type StaffAction = Extract<OrderAction, 'pay' | 'ship' | 'cancel' | 'refund'>;

export const STAFF_ACTIONS: readonly StaffAction[] = ['pay', 'ship', 'refund', 'cancel'];

/** The permission codename (module `order`) each staff action needs. */
export const STAFF_ACTION_CODENAMES: Record<StaffAction, string> = {
  pay: 'confirm_order_payment',
  ship: 'ship_order',
  cancel: 'cancel_order',
  refund: 'refund_order',
};

/** The API path of each staff action (docs/shop.md). */
export const STAFF_ACTION_PATHS: Record<StaffAction, string> = {
  pay: '/order/pay/confirm',
  ship: '/order/ship',
  cancel: '/order/manage/cancel',
  refund: '/order/refund',
};

/** The button text: the contract's names, with 取消 shortened for a table row. */
export function staffActionName(action: StaffAction): string {
  return action === 'cancel' ? '取消订单' : ORDER_TRANSITIONS[action].name;
}

/**
 * The actions offered for an order: the ones the state allows (ORDER_TRANSITIONS) and the user
 * holds the permission for. The server checks both again.
 */
export function staffActions(status: number, can: (codename: string) => boolean): StaffAction[] {
  return STAFF_ACTIONS.filter((a) => canDo(a, status) && can(STAFF_ACTION_CODENAMES[a]));
}
