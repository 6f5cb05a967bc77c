import { ORDER_STATUS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { STAFF_ACTION_CODENAMES, staffActions } from './orderActions.ts';

const all = () => true;

describe('staffActions', () => {
  it('follows the order state', () => {
    expect(staffActions(ORDER_STATUS.AWAITING_PAYMENT, all)).toEqual(['pay', 'cancel']);
    expect(staffActions(ORDER_STATUS.PAID, all)).toEqual(['ship', 'refund']);
    expect(staffActions(ORDER_STATUS.SHIPPED, all)).toEqual(['refund']);
    expect(staffActions(ORDER_STATUS.COMPLETED, all)).toEqual([]);
    expect(staffActions(ORDER_STATUS.CANCELLED, all)).toEqual([]);
    expect(staffActions(ORDER_STATUS.REFUNDED, all)).toEqual([]);
  });

  it('offers only what the user may do', () => {
    const warehouse = (c: string) => c === 'ship_order';
    expect(staffActions(ORDER_STATUS.AWAITING_PAYMENT, warehouse)).toEqual([]);
    expect(staffActions(ORDER_STATUS.PAID, warehouse)).toEqual(['ship']);
    const finance = (c: string) => ['confirm_order_payment', 'refund_order'].includes(c);
    expect(staffActions(ORDER_STATUS.AWAITING_PAYMENT, finance)).toEqual(['pay']);
    expect(staffActions(ORDER_STATUS.SHIPPED, finance)).toEqual(['refund']);
  });

  it('names a codename of the order module for every action', () => {
    expect(Object.values(STAFF_ACTION_CODENAMES)).toEqual([
      'confirm_order_payment',
      'ship_order',
      'cancel_order',
      'refund_order',
    ]);
  });
});
