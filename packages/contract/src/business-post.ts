import { z } from 'zod';
import { getCalls, loginCalls } from './call.ts';
import { form, id, optionalId, text } from './fields.ts';
import { RICH_TEXT_WRITE_BYTES } from './rich-text.ts';

/**
 * A post node's public notice (issue 37, node screen 7 "公示"; design/training.md "The node
 * screens"): a seat of the node offered 刷新文档 posts it — a name and rich text the server's
 * sanitiser keeps —, a later save rewrites it; every member hears it as a message, and a watcher of a
 * node that allows watching reads it too. `/business/post/detail` opens one by id (the 公示 page,
 * `/business/post/{id}`). Served by modules/business (business-post.service.ts).
 */

/** The node type whose screen posts a notice. */
export const POST_NODE_TYPE = 7;
export const BUSINESS_POST_LIMITS = { name: 32, content: 20_000 } as const;

export const businessPostSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  node_id: z.number().int(),
  node_name: z.string(),
  name: z.string(),
  content: z.string(),
  /** Who posted it: the seat's role (and member, but for a watcher). */
  role_name: z.string(),
  user_name: z.string(),
  update_time: z.string(),
});
export type BusinessPost = z.infer<typeof businessPostSchema>;

/** A notice as the company's notice board (公示栏) lists it. */
export const postRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  business_name: z.string(),
  node_name: z.string(),
  update_time: z.string(),
});
export type PostRef = z.infer<typeof postRefSchema>;
/** Notices the board shows (the newest). */
export const POST_BOARD_MAX = 20;

export const businessPostCreateBody = form({
  business_id: id('业务'),
  node_id: id('环节'),
  role_alloc_id: id('席位'),
  post_name: text('公示名称', { max: BUSINESS_POST_LIMITS.name }),
  post_content: text('公示内容', { max: RICH_TEXT_WRITE_BYTES }),
});
export const businessPostBody = form({
  business_id: id('业务'),
  node_id: id('环节'),
  /** A visitor without an account: the company whose business it is (as every public read). */
  company_id: optionalId('单位'),
});

const get = getCalls(['business']);
const post = loginCalls(['business']);

export const businessPostCalls = {
  create: post(
    '/business/post/create',
    '在公示环节发布（或改写）公示：名称与内容，所有成员实时看到',
    businessPostCreateBody,
    businessPostSchema,
  ),
  current: get(
    '/business/post',
    '环节当前的公示（没有时为 null；可观摩的环节任何人可看）',
    { public: true },
    businessPostBody,
    businessPostSchema.nullable(),
  ),
  list: get(
    '/business/post/list',
    `本单位业务的最新公示（公示栏，最多${POST_BOARD_MAX}条）`,
    { login: true },
    form({}),
    z.array(postRefSchema),
  ),
  detail: get(
    '/business/post/detail',
    '按编号查看一条公示（本单位员工；成员姓名只有能打开业务者可见）',
    { login: true },
    form({ id: id('公示') }),
    businessPostSchema,
  ),
} as const;
