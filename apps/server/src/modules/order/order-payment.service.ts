import { ORDER_STATUS, ORDER_STATUS_NAMES, PAYMENT_METHODS, type PaymentMethod } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import {
  type IncomingFile,
  readStoredFile,
  removeStoredFiles,
  storeFile,
} from '#server/platform/files/stored-files.ts';
import { nowIso } from '#server/platform/time.ts';
import type { PaymentMethods } from '../payment/index.ts';
import { type OrderRow, type OrderScope, orderRepository as repo } from './order.repository.ts';
import type { OrderService } from './order.service.ts';
import { nothingAfter } from './order-notices.ts';
import { orderPaymentRepository as paid } from './order-payment.repository.ts';

/** Where the shopper comes back to after paying online: the order in their workbench. */
export const orderReturnPath = (id: number) => `/Workbench?tab=orders&order=${id}`;

/**
 * Paying an order (ADR 0015): transfer receipts the shopper uploads for the shop to see, and online
 * payment — the provider's pay page, then its signed notification, which pays the order once.
 */
export function orderPaymentService(
  db: Database,
  deps: { payments: PaymentMethods; goodsChanged: (companyId: number) => void },
  orders: OrderService,
) {
  const mine = (caller: Caller): OrderScope => ({ companyId: caller.companyId, userId: caller.userId });

  const stateError = (order: OrderRow, what: string) =>
    new AppError('ORDER_STATE', `订单${ORDER_STATUS_NAMES[order.status]}，不能${what}`);

  /** The member's bank-transfer order that still awaits payment. */
  async function transferOrder(trx: Database, caller: Caller, id: number, what: string) {
    const order = await repo.find(trx, mine(caller), id);
    if (!order) throw new AppError('NOT_FOUND', '订单不存在');
    if (order.payment_method !== 'bank_transfer')
      throw new AppError('PAY_METHOD', '只有银行转账的订单需要转账凭证');
    if (order.status !== ORDER_STATUS.AWAITING_PAYMENT) throw stateError(order, what);
    return order;
  }

  async function event(trx: Database, caller: Caller, orderId: number, action: string, note: string) {
    await repo.insertEvent(trx, caller.companyId, {
      order_id: orderId,
      from_status: ORDER_STATUS.AWAITING_PAYMENT,
      to_status: ORDER_STATUS.AWAITING_PAYMENT,
      action,
      actor_id: caller.userId,
      actor_name: caller.username,
      note,
      created_at: nowIso(),
    });
  }

  /**
   * When the last waiting receipt is deleted the payment timer runs again: the deadline moves on
   * by the time it was stopped, so the member keeps the time they had left at the first upload.
   */
  async function resumeTimer(trx: Database, companyId: number, id: number) {
    const t = await paid.timer(trx, companyId, id);
    if (!t || t.receipt_count > 0 || t.receipt_at === null) return;
    const stopped = Math.max(0, Date.now() - Date.parse(t.receipt_at));
    await paid.resumeTimer(trx, companyId, id, new Date(Date.parse(t.expires_at) + stopped).toISOString());
  }

  return {
    /** Adds a transfer receipt (the file was bounded and typed by the upload route). */
    async uploadReceipt(caller: Caller, id: number, file: IncomingFile) {
      // Who confirms payments hears of the receipt: read before the transaction.
      const staff = await orders.notices.staffHolding(db, caller.companyId, 'confirm_order_payment');
      const after = await db.transaction().execute(async (trx) => {
        const order = await transferOrder(trx, caller, id, '上传转账凭证');
        const now = nowIso();
        // The first receipt of a wait stops the payment timer until the shop decides (docs/shop.md).
        if (!(await paid.takeReceiptSlot(trx, caller.companyId, id, ORDER_STATUS.AWAITING_PAYMENT, now))) {
          const now = await repo.find(trx, mine(caller), id);
          throw now && now.status !== ORDER_STATUS.AWAITING_PAYMENT
            ? stateError(now, '上传转账凭证')
            : new AppError('RECEIPT_LIMIT');
        }
        const fileId = await storeFile(trx, caller.companyId, file, {
          purpose: 'order_receipt',
          userId: caller.userId,
        });
        await paid.insertReceipt(trx, caller.companyId, {
          order_id: order.id,
          file_id: fileId,
          created_at: nowIso(),
        });
        await event(trx, caller, id, 'receipt', file.filename);
        const told = nothingAfter();
        // Staff are told when a wait begins, not of every further picture of the same transfer.
        if (order.receipt_count === 0) await orders.notices.toStaff(trx, staff, 'receipt', order, told);
        return told;
      });
      orders.notices.afterCommit(after);
      return orders.show(db, mine(caller), id);
    },

    async deleteReceipt(caller: Caller, id: number, receiptId: number) {
      await db.transaction().execute(async (trx) => {
        await transferOrder(trx, caller, id, '删除转账凭证');
        const receipt = await paid.receipt(trx, caller.companyId, id, receiptId);
        if (!receipt) throw new AppError('NOT_FOUND', '转账凭证不存在');
        const file = await readStoredFile(trx, caller.companyId, receipt.file_id);
        await paid.deleteReceipt(trx, caller.companyId, receipt.id);
        await removeStoredFiles(trx, caller.companyId, [receipt.file_id]);
        await paid.releaseReceiptSlot(trx, caller.companyId, id);
        await resumeTimer(trx, caller.companyId, id);
        await event(trx, caller, id, 'receipt_delete', file?.filename ?? '');
      });
      return orders.show(db, mine(caller), id);
    },

    /** A receipt's file: the member's own order (`userId`), or any order of the company for staff. */
    async receiptFile(scope: OrderScope, id: number, receiptId: number) {
      const order = await repo.find(db, scope, id);
      const receipt = order ? await paid.receipt(db, scope.companyId, id, receiptId) : undefined;
      const file = receipt ? await readStoredFile(db, scope.companyId, receipt.file_id) : undefined;
      if (!file) throw new AppError('NOT_FOUND', '转账凭证不存在');
      return file;
    },

    /** Where the member pays an order online (the provider's pay page). */
    async payOnline(caller: Caller, id: number) {
      const order = await repo.find(db, mine(caller), id);
      if (!order) throw new AppError('NOT_FOUND', '订单不存在');
      const provider = deps.payments.provider(order.payment_method);
      if (!provider?.online)
        throw new AppError(
          'PAY_METHOD',
          // An online order from when the provider was on (the server restarted without it).
          deps.payments.isOnline(order.payment_method)
            ? '在线支付暂不可用，请联系商家或取消订单后重新下单'
            : '该订单的支付方式不是在线支付',
        );
      if (order.status !== ORDER_STATUS.AWAITING_PAYMENT) throw stateError(order, '付款');
      return { url: provider.online.payUrl(order, orderReturnPath(order.id)) };
    },

    /**
     * A provider's notification: signature checked, then in one transaction the trade recorded
     * (a repeated one changes nothing), the amount checked against the order, and the order paid.
     */
    async notify(providerName: string, body: Record<string, string>) {
      const provider = deps.payments.online(providerName);
      if (!provider) throw new AppError('NOT_FOUND', '支付方式未启用');
      const notice = provider.verify(body);
      const { companyId } = notice;
      const result = await db.transaction().execute(async (trx) => {
        // Notifications name orders by number; the pay move reads the order again under its guard.
        const order = await repo.findByNo(trx, { companyId }, notice.orderNo);
        if (!order) throw new AppError('NOT_FOUND', '订单不存在');
        const fresh = await paid.recordTrade(trx, companyId, {
          order_id: order.id,
          provider: provider.name,
          trade_no: notice.tradeNo,
          amount: notice.amount,
          created_at: nowIso(),
        });
        if (!fresh) return { repeated: true, goodsChanged: false, after: nothingAfter() };
        if (deps.payments.provider(order.payment_method)?.name !== provider.name)
          throw new AppError('PAY_METHOD');
        if (order.pay_amount !== notice.amount) throw new AppError('PAY_AMOUNT');
        const moved = await orders.moveIn(
          trx,
          { system: true, name: PAYMENT_METHODS[order.payment_method as PaymentMethod] ?? provider.name },
          { companyId },
          order.id,
          'pay',
          { note: `交易号 ${notice.tradeNo}` },
        );
        return { repeated: false, goodsChanged: moved.goodsChanged, after: moved.after };
      });
      if (result.goodsChanged) deps.goodsChanged(companyId);
      orders.notices.afterCommit(result.after);
      return { order_no: notice.orderNo, repeated: result.repeated };
    },
  };
}

export type OrderPaymentService = ReturnType<typeof orderPaymentService>;
