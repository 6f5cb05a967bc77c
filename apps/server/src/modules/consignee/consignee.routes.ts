import {
  consigneeIdBody,
  consigneeListBody,
  consigneeSchema,
  consigneeUpdateBody,
  envelope,
} from '@portal/contract';
import { z } from 'zod';
import { type App, callerOf, ok } from '#server/platform/http/reply.ts';
import type { ConsigneeService } from './consignee.service.ts';

const tags = ['consignee'];
const list = envelope(z.object({ results: z.array(consigneeSchema) }));
const login = { access: { login: true } } as const;

export function consigneeRoutes(app: App, consignees: ConsigneeService) {
  app.post(
    '/consignee/list',
    {
      config: login,
      schema: { tags, summary: '我的收货地址', body: consigneeListBody, response: { 200: list } },
    },
    async (request) => ok({ results: await consignees.list(callerOf(request)) }),
  );
  app.post(
    '/consignee/update',
    {
      config: login,
      schema: {
        tags,
        summary: '新增（不传 id）或修改收货地址',
        body: consigneeUpdateBody,
        response: { 200: envelope(consigneeSchema) },
      },
    },
    async (request) => ok(await consignees.save(callerOf(request), request.body)),
  );
  app.post(
    '/consignee/delete',
    {
      config: login,
      schema: { tags, summary: '删除收货地址', body: consigneeIdBody, response: { 200: list } },
    },
    async (request) => ok({ results: await consignees.remove(callerOf(request), request.body.id) }),
  );
}
