import { ORDER_TRANSITIONS } from '@portal/contract';

/** The Chinese name of an order event's action (`create`, `pay`, …); an unknown one as it is. */
export function eventActionName(action: string): string {
  if (action === 'create') return '提交订单';
  if (action === 'receipt') return '上传转账凭证';
  if (action === 'receipt_delete') return '删除转账凭证';
  return (ORDER_TRANSITIONS as Record<string, { name: string } | undefined>)[action]?.name ?? action;
}
