import { z } from 'zod';
import { businessMessageSchema } from './business-message.ts';
import { seatStatusSchema } from './business-seat.ts';
import { getCalls } from './call.ts';
import { form, id, optionalId, optionalInt } from './fields.ts';

/**
 * Watching (观摩; issue 37, ADR 0043; design/training.md "Around the runs"): a running business's
 * current node that allows outsiders (`look_on`, set in the wizard's step 0) may be watched
 * read-only by anyone, logged in or not — listed by `/business/node/observable_list` (the public
 * `/observables` page and the home page's 业务观摩 card), opened at
 * `/observable/progress/{type}/{bid}/{nid}`: the node, its seats, its messages and the run's
 * diagram. A watcher who is not of the business sees roles, not members' names. The business's
 * company is named by `company_id` (the default company when absent), as every public read is.
 */

export const WATCH_LIMITS = { list: 50, messages: 200 } as const;

export const observableSchema = z.object({
  business: z.object({
    id: z.number().int(),
    name: z.string(),
    project_name: z.string(),
    company_id: z.number().int(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
  }),
  node: z.object({ id: z.number().int(), name: z.string(), node_type: z.number().int().nullable() }),
});
export type Observable = z.infer<typeof observableSchema>;

export const nodeDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_name: z.string(),
  status: z.number().int(),
  node: z.object({ id: z.number().int(), name: z.string(), node_type: z.number().int().nullable() }),
  control_status: z.number().int(),
  end_vote: z.number().int(),
  /** The caller is not of the business: a watcher, read-only, without members' names. */
  observable: z.number().int(),
  role_alloc_status: z.array(seatStatusSchema),
});
export type NodeDetail = z.infer<typeof nodeDetailSchema>;

const company = { company_id: optionalId('单位') };
export const observableListBody = form({
  ...company,
  size: optionalInt('数量', { min: 1, max: WATCH_LIMITS.list }),
});
export const watchNodeBody = form({ ...company, business_id: id('业务'), node_id: id('环节') });
export const watchMessagesBody = form({
  ...company,
  business_id: id('业务'),
  node_id: id('环节'),
  after_seq: optionalInt('消息序号', { min: 0, max: 2_147_483_647 }),
});

const get = getCalls(['business']);
const access = { public: true } as const;

export const businessWatchCalls = {
  observables: get(
    '/business/node/observable_list',
    `可观摩的业务环节（进行中、当前环节允许旁观；最多${WATCH_LIMITS.list}个）`,
    access,
    observableListBody,
    z.object({ nodes: z.array(observableSchema) }),
  ),
  nodeDetail: get(
    '/business/node/detail',
    '业务环节的详情与各席位状态（业务成员；或任何人观摩允许旁观的当前环节）',
    access,
    watchNodeBody,
    nodeDetailSchema,
  ),
  nodeMessages: get(
    '/business/node/messages',
    `环节的消息（after_seq 之后的，最多${WATCH_LIMITS.messages}条；观摩者同上）`,
    access,
    watchMessagesBody,
    z.object({ results: z.array(businessMessageSchema), last_seq: z.number().int() }),
  ),
} as const;
