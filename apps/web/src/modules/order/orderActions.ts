import { type Codename, canDo, ORDER_TRANSITIONS, type OrderAction } from '@portal/contract';
import { orderCalls } from '@portal/contract/calls';

/** What shop staff can do to an order from the order screen, in button order. */
export type StaffAction = Extract<OrderAction, 'pay' | 'ship' | 'cancel' | 'refund'>;

export const STAFF_ACTIONS: readonly StaffAction[] = ['pay', 'ship', 'refund', 'cancel'];

/** The call of each staff action (docs/shop.md). */
export const STAFF_ACTION_CALLS = {
  pay: orderCalls.confirmPayment,
  ship: orderCalls.ship,
  cancel: orderCalls.manageCancel,
  refund: orderCalls.refund,
} as const satisfies Record<StaffAction, unknown>;

/** The permission codename (module `order`) each staff action needs: its call's. */
export const STAFF_ACTION_CODENAMES: Record<StaffAction, Codename> = {
  pay: STAFF_ACTION_CALLS.pay.access.permission,
  ship: STAFF_ACTION_CALLS.ship.access.permission,
  cancel: STAFF_ACTION_CALLS.cancel.access.permission,
  refund: STAFF_ACTION_CALLS.refund.access.permission,
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
