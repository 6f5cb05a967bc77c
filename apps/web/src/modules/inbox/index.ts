/** A person's messages (我的消息, docs/adr/0038 "Messages"): a personal screen of every area and the top bar's bell. */
export { MessageBell } from './MessageBell.tsx';
export { MessageViewPage } from './MessageViewPage.tsx';
/** The inbox queries' keys: another module's live news asks the bell again (order's 新订单). */
export { inboxKeys, useInboxSummary } from './useInbox.ts';
