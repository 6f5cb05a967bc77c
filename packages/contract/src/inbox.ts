import { z } from 'zod';
import { defineCall, getCalls, loginCalls } from './call.ts';
import { pageOf } from './envelope.ts';
import { form, id, idList, keyword, optionalChoice, optionalList, paging } from './fields.ts';
import { createTime } from './item-fields.ts';

/**
 * A person's messages (spec §2 personal `message-view`; issue 34, docs/adr/0038 "Messages"): what
 * the portal tells one person — a request of theirs decided, a request waiting for them — with an
 * unread count in the top bar. Spec 001 §7: `/account/get/getMessageData` (the list),
 * `/account/result/delMsg` (delete, a GET in the specification: it needs the token header like a
 * write), `/system/notice` (what the top bar shows: the unread count and the newest unread).
 * Marking read is ours. Messages are written by other modules through the inbox module's
 * `notify` in their own transaction; served by modules/inbox.
 */

/** What a message is about (its icon and filter); a module adds its kind here. */
export const INBOX_KINDS = {
  transfer: '单位变更',
  order: '订单通知',
  system: '系统通知',
} as const;
export type InboxKind = keyof typeof INBOX_KINDS;

export const INBOX_TITLE_MAX = 60;
export const INBOX_CONTENT_MAX = 500;
/** Messages a person keeps: the oldest read ones beyond this are removed when a new one comes. */
export const INBOX_KEEP = 500;
/** The newest unread messages the top bar lists. */
export const INBOX_LATEST = 5;

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  /** A path in the portal the message is about ('' when none), opened from the message. */
  link: z.string(),
  /** 0 unread, 1 read. */
  is_read: z.number().int(),
  ...createTime,
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const INBOX_READ_STATES = { unread: '未读', read: '已读' } as const;

export const inboxListInput = form({
  keyword: keyword('标题或内容'),
  kind: optionalChoice('类别', INBOX_KINDS),
  state: optionalChoice('状态', INBOX_READ_STATES),
  ...paging,
});

export const inboxSummarySchema = z.object({
  unread: z.number().int(),
  latest: z.array(inboxMessageSchema),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

const get = getCalls(['inbox']);
const post = loginCalls(['inbox']);

export const inboxCalls = {
  list: get(
    '/account/get/getMessageData',
    '我的消息（分页，可按类别、已读未读查找）',
    { login: true },
    inboxListInput,
    pageOf(inboxMessageSchema).extend({ unread: z.number().int() }),
  ),
  summary: get(
    '/system/notice',
    '消息提醒：未读条数和最新的未读消息',
    { login: true },
    form({}),
    inboxSummarySchema,
  ),
  remove: defineCall({
    method: 'GET',
    path: '/account/result/delMsg',
    summary: '删除我的消息（可多条）',
    tags: ['inbox'],
    access: { login: true, changes: true },
    input: form({ ids: idList('消息', 100) }),
    output: z.object({ count: z.number().int() }),
  }),
  read: post(
    '/account/message/read',
    '标为已读（指定消息，或不指定即全部）',
    form({ ids: optionalList('消息', id('消息'), 100) }),
    z.object({ count: z.number().int(), unread: z.number().int() }),
  ),
};
