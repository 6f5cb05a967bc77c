import { ORDER_TRANSITIONS } from '@portal/contract';

/** The Chinese name of an order event's action (`create`, `pay`, …); an unknown one as it is. */
export function eventActionName(action: string): string {
  if (action === 'create') return '提交订单';
  return (ORDER_TRANSITIONS as Record<string, { name: string } | undefined>)[action]?.name ?? action;
}
