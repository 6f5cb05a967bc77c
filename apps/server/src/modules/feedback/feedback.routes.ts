import {
  boardMessageSchema,
  changedResult,
  envelope,
  messageBoardBody,
  messageDeleteBody,
  messageListQuery,
  messageReviewBody,
  opinionBody,
  opinionListQuery,
  opinionReplyBody,
  opinionSchema,
  pageOf,
  problemListQuery,
  problemSchema,
  publicListQuery,
  publicMessageSchema,
  publicOpinionSchema,
  submittedResult,
  supplierApplyBody,
  supplierApplyResult,
  supplierListQuery,
  supplierReviewBody,
  supplierSchema,
} from '@portal/contract';
import { pageParams } from '#server/platform/core/paging.ts';
import {
  type App,
  callerOf,
  companyOf,
  ok,
  pageReply,
  publicReadCompanyOf,
} from '#server/platform/http/reply.ts';
import type { FeedbackService } from './feedback.service.ts';
import type { SupplierService } from './supplier.service.ts';

/** Supplier applications (/supplierService → /crm/supplier_index). */
export function supplierRoutes(app: App, suppliers: SupplierService) {
  const tags = ['supplier'];
  app.post(
    '/supplier/apply',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '供应商入驻申请',
        body: supplierApplyBody,
        response: { 200: envelope(supplierApplyResult) },
      },
    },
    async (request) => {
      const { company_id, ...input } = request.body;
      return ok(await suppliers.apply(companyOf(request, company_id), input, request.ip));
    },
  );
  app.get(
    '/supplier/list',
    {
      config: { access: { permission: 'view_supplier' } },
      schema: {
        tags,
        summary: '供应商申请列表',
        querystring: supplierListQuery,
        response: { 200: envelope(pageOf(supplierSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await suppliers.list(callerOf(request), q, p), p);
    },
  );
  app.post(
    '/supplier/review',
    {
      config: { access: { permission: 'review_supplier' } },
      schema: {
        tags,
        summary: '审核供应商申请',
        body: supplierReviewBody,
        response: { 200: envelope(supplierSchema) },
      },
    },
    async (request) => ok(await suppliers.review(callerOf(request), request.body)),
  );
}

/** /online (FAQ and questions) and /messages (the moderated board), with their back-office calls. */
export function feedbackRoutes(app: App, feedback: FeedbackService) {
  const tags = ['feedback'];
  app.get(
    '/online/problem/list',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '常见问题',
        querystring: problemListQuery,
        response: { 200: envelope(pageOf(problemSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await feedback.problems(publicReadCompanyOf(request, q.company_id), q.keyword, p), p);
    },
  );
  app.post(
    '/online/opinion',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '提交在线咨询',
        body: opinionBody,
        response: { 200: envelope(submittedResult) },
      },
    },
    async (request) => {
      const { company_id, ...input } = request.body;
      return ok(await feedback.ask(companyOf(request, company_id), input, request.ip));
    },
  );
  app.get(
    '/online/opinion/list',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '已公开回复的咨询',
        querystring: publicListQuery,
        response: { 200: envelope(pageOf(publicOpinionSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await feedback.publicOpinions(publicReadCompanyOf(request, q.company_id), p), p);
    },
  );
  app.post(
    '/message/board',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '匿名留言（审核后显示）',
        body: messageBoardBody,
        response: { 200: envelope(supplierApplyResult) },
      },
    },
    async (request) => {
      const { company_id, ...input } = request.body;
      return ok(await feedback.post(companyOf(request, company_id), input, request.ip));
    },
  );
  app.get(
    '/message/board/list',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '已审核通过的留言',
        querystring: publicListQuery,
        response: { 200: envelope(pageOf(publicMessageSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await feedback.publicMessages(publicReadCompanyOf(request, q.company_id), p), p);
    },
  );

  app.get(
    '/feedback/opinion/list',
    {
      config: { access: { permission: 'view_feedback' } },
      schema: {
        tags,
        summary: '在线咨询列表',
        querystring: opinionListQuery,
        response: { 200: envelope(pageOf(opinionSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await feedback.opinions(callerOf(request), q, p), p);
    },
  );
  app.post(
    '/feedback/opinion/reply',
    {
      config: { access: { permission: 'reply_opinion' } },
      schema: {
        tags,
        summary: '回复在线咨询',
        body: opinionReplyBody,
        response: { 200: envelope(opinionSchema) },
      },
    },
    async (request) => ok(await feedback.reply(callerOf(request), request.body)),
  );
  app.get(
    '/feedback/message/list',
    {
      config: { access: { permission: 'view_feedback' } },
      schema: {
        tags,
        summary: '留言审核列表',
        querystring: messageListQuery,
        response: { 200: envelope(pageOf(boardMessageSchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      const p = pageParams(q);
      return pageReply(await feedback.messages(callerOf(request), q.status, p), p);
    },
  );
  app.post(
    '/feedback/message/review',
    {
      config: { access: { permission: 'review_message' } },
      schema: {
        tags,
        summary: '批量审核留言',
        body: messageReviewBody,
        response: { 200: envelope(changedResult) },
      },
    },
    async (request) => ok(await feedback.review(callerOf(request), request.body.ids, request.body.status)),
  );
  app.post(
    '/feedback/message/delete',
    {
      config: { access: { permission: 'review_message' } },
      schema: {
        tags,
        summary: '删除留言',
        body: messageDeleteBody,
        response: { 200: envelope(changedResult) },
      },
    },
    async (request) => ok(await feedback.remove(callerOf(request), request.body.ids)),
  );
}
