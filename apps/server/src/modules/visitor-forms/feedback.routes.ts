import { feedbackCalls as calls, enquiryCalls, supplierCalls } from '@portal/contract';
import { paged, pageParams } from '#server/platform/core/paging.ts';
import { type App, companyOf, publicReadCompanyOf } from '#server/platform/http/reply.ts';
import { serve } from '#server/platform/http/serve.ts';
import type { EnquiryService } from './enquiry.service.ts';
import type { FeedbackService } from './feedback.service.ts';
import type { SupplierService } from './supplier.service.ts';

/** Supplier applications (/supplierService → /crm/supplier_index). */
export function supplierRoutes(app: App, suppliers: SupplierService) {
  serve(app, supplierCalls.apply, ({ input: { company_id, ...input }, caller, request }) =>
    suppliers.apply(companyOf({ caller }, company_id), input, request.ip),
  );
  serve(app, supplierCalls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await suppliers.list(caller, input, p), p);
  });
  serve(app, supplierCalls.review, ({ input, caller }) => suppliers.review(caller, input));
}

/** /online (FAQ and questions) and /messages (the moderated board), with their back-office calls. */
export function feedbackRoutes(app: App, feedback: FeedbackService) {
  serve(app, calls.problems, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(
      await feedback.problems(publicReadCompanyOf({ caller }, input.company_id), input.keyword, p),
      p,
    );
  });
  serve(app, calls.ask, ({ input: { company_id, ...input }, caller, request }) =>
    feedback.ask(companyOf({ caller }, company_id), input, request.ip),
  );
  serve(app, calls.publicOpinions, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await feedback.publicOpinions(publicReadCompanyOf({ caller }, input.company_id), p), p);
  });
  serve(app, calls.post, ({ input: { company_id, ...input }, caller, request }) =>
    feedback.post(companyOf({ caller }, company_id), input, request.ip),
  );
  serve(app, calls.publicMessages, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await feedback.publicMessages(publicReadCompanyOf({ caller }, input.company_id), p), p);
  });
  serve(app, calls.opinions, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await feedback.opinions(caller, input, p), p);
  });
  serve(app, calls.reply, ({ input, caller }) => feedback.reply(caller, input));
  serve(app, calls.messages, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await feedback.messages(caller, input.status, p), p);
  });
  serve(app, calls.reviewMessages, ({ input, caller }) => feedback.review(caller, input.ids, input.status));
  serve(app, calls.removeMessages, ({ input, caller }) => feedback.remove(caller, input.ids));
}

/** Product-planning and investment enquiries (/aboutUs → /crm/enquiry_index). */
export function enquiryRoutes(app: App, enquiries: EnquiryService) {
  serve(app, enquiryCalls.productPlan, ({ input: { company_id, ...input }, caller, request }) =>
    enquiries.submit('product_plan', companyOf({ caller }, company_id), input, request.ip),
  );
  serve(app, enquiryCalls.ventureCapital, ({ input: { company_id, ...input }, caller, request }) =>
    enquiries.submit('venture_capital', companyOf({ caller }, company_id), input, request.ip),
  );
  serve(app, enquiryCalls.list, async ({ input, caller }) => {
    const p = pageParams(input);
    return paged(await enquiries.list(caller, input, p), p);
  });
  serve(app, enquiryCalls.handle, ({ input, caller }) => enquiries.handle(caller, input));
}
