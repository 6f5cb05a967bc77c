import { orderCalls as calls, paymentCalls, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { paged } from '#server/platform/core/paging.ts';
import type { StoredFile } from '#server/platform/files/stored-files.ts';
import { eventStreams } from '#server/platform/http/event-stream.ts';
import type { App } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { OrderService } from './order.service.ts';
import type { OrderPaymentService } from './order-payment.service.ts';

/**
 * A stored file as its own response: pictures shown inline, anything else (PDF) downloaded; never
 * sniffed, never cached by a shared cache, and unable to run script if opened directly.
 */
function sendFile(reply: FastifyReply, file: StoredFile) {
  const inline = file.mimetype.startsWith('image/');
  return reply
    .header('content-type', file.mimetype)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .send(file.content);
}

/** Routes stay thin: the declaration (packages/contract) gives path, schemas and access. */
export function orderRoutes(
  app: App,
  orders: OrderService,
  payments: OrderPaymentService,
  streamMaxMs?: number,
) {
  serve(app, calls.create, ({ input, caller }) => orders.place(caller, input));
  serve(app, calls.list, async ({ input, caller }) => {
    const r = await orders.list(caller, input);
    return paged(r, r);
  });
  serve(app, calls.counts, ({ caller }) => orders.counts(caller));
  serve(app, calls.get, ({ input, caller }) => orders.detail(caller, input.id));
  serve(app, calls.cancel, ({ input, caller }) => orders.cancel(caller, input.id));
  serve(app, calls.receive, ({ input, caller }) => orders.receive(caller, input.id));

  serve(
    app,
    calls.uploadReceipt,
    ({ input, caller }) =>
      payments.uploadReceipt(caller, input.id, input.file as Exclude<typeof input.file, Blob>),
    { upload: { maxFileBytes: RECEIPT_MAX_BYTES, maxFiles: 1, types: RECEIPT_TYPES } },
  );
  serve(app, calls.deleteReceipt, ({ input, caller }) =>
    payments.deleteReceipt(caller, input.id, input.receipt_id),
  );
  serve(app, calls.receiptFile, async ({ input, caller, reply }) =>
    sendFile(
      reply,
      await payments.receiptFile(
        { companyId: caller.companyId, userId: caller.userId },
        input.id,
        input.receipt_id,
      ),
    ),
  );
  serve(app, calls.manageReceiptFile, async ({ input, caller, reply }) =>
    sendFile(reply, await payments.receiptFile({ companyId: caller.companyId }, input.id, input.receipt_id)),
  );
  serve(app, calls.payOnline, ({ input, caller }) => payments.payOnline(caller, input.id));
  serve(app, paymentCalls.notify, ({ input }) =>
    payments.notify('sandbox', input as unknown as Record<string, string>),
  );

  serve(app, calls.manageList, async ({ input, caller }) => {
    const r = await orders.manageList(caller, input);
    return paged(r, r);
  });
  serve(app, calls.manageGet, ({ input, caller }) => orders.manageDetail(caller, input.id));
  // The back office's live signal: the caller's company only (the permission was checked before).
  const stream = eventStreams(app, streamMaxMs === undefined ? {} : { maxMs: streamMaxMs });
  serve(app, calls.manageStream, async ({ caller, reply }) =>
    stream(reply, (send) => orders.signals(caller.companyId, send)),
  );
  serve(app, calls.confirmPayment, ({ input, caller }) =>
    orders.staff(caller, input.id, 'pay', { note: input.note }),
  );
  serve(app, calls.ship, ({ input: { id, shipping_company, tracking_no }, caller }) =>
    orders.staff(caller, id, 'ship', { shipping_company, tracking_no }),
  );
  serve(app, calls.manageCancel, ({ input, caller }) =>
    orders.staff(caller, input.id, 'cancel', { note: input.note }),
  );
  serve(app, calls.refund, ({ input, caller }) =>
    orders.staff(caller, input.id, 'refund', { note: input.note }),
  );
}
