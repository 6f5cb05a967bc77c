import type { InboxKind } from '@portal/contract';
import { inboxCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

export interface InboxParams {
  page: number;
  page_size: number;
  keyword?: string | undefined;
  kind?: InboxKind | undefined;
  state?: 'unread' | 'read' | undefined;
}

/** The queries of 我的消息 and the top bar's bell: one key factory (a write reloads both). */
export const inboxKeys = {
  all: ['inbox'] as const,
  summary: () => [...inboxKeys.all, 'summary'] as const,
  list: (params: InboxParams) => [...inboxKeys.all, 'list', params] as const,
};

/** How often the bell asks again while a page stays open (besides on every route change and focus). */
export const INBOX_POLL_MS = 60_000;

/** The unread count and the newest unread messages (`/system/notice`). */
export const useInboxSummary = (enabled: boolean) =>
  useQuery({
    queryKey: inboxKeys.summary(),
    queryFn: () => api.call(inboxCalls.summary, {}, { toast: false }),
    enabled,
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
  });

/** The caller's messages (`/account/get/getMessageData`). */
export const useInboxList = (params: InboxParams) =>
  useListQuery(inboxKeys.list(params), () => api.call(inboxCalls.list, params));

/** Marks messages read (`/account/message/read`): the given ones, or with none every unread one. */
export const useMarkRead = () =>
  useInvalidatingMutation(inboxKeys.all, (ids: number[]) => api.call(inboxCalls.read, { ids }));

/** Deletes the caller's messages (`/account/result/delMsg`). */
export const useDeleteMessages = () =>
  useInvalidatingMutation(inboxKeys.all, (ids: number[]) => api.call(inboxCalls.remove, { ids }));
