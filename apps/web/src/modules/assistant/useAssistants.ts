import { assistantCalls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation } from '#web/shared/queryHooks.ts';

/** The queries of 我的助理: one key factory. */
export const assistantKeys = {
  all: ['assistant'] as const,
  list: () => [...assistantKeys.all, 'list'] as const,
  options: (keyword: string) => [...assistantKeys.all, 'options', keyword] as const,
};

/**
 * The caller's assistants and the actions they may give (`/account/get/assistants`); not asked
 * while `enabled` is false (a role without assistants).
 */
export const useAssistants = (enabled = true) =>
  useQuery({ queryKey: assistantKeys.list(), queryFn: () => api.call(assistantCalls.list, {}), enabled });

/** The people of the company who may be named (`/account/assistant/options`), searched by `keyword`. */
export const useAssistantOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: assistantKeys.options(keyword),
    queryFn: () => api.call(assistantCalls.options, { keyword: keyword || undefined }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Names the people as the caller's assistants (`/account/set/assistants`): those named stay. */
export const useAddAssistants = () =>
  useInvalidatingMutation(assistantKeys.all, (userIds: number[]) =>
    api.call(assistantCalls.set, { user_ids: userIds }),
  );

/** Ends one assistant's service (`/account/unset/assistant`). */
export const useRemoveAssistant = () =>
  useInvalidatingMutation(assistantKeys.all, (userId: number) =>
    api.call(assistantCalls.unset, { user_id: userId }),
  );

/**
 * Gives an assistant exactly `codenames` (`/account/set/assistant/actions`: the whole set); a
 * refused action is told beside the checkboxes (`toast: 'unlessField'`).
 */
export const useSetAssistantActions = () =>
  useInvalidatingMutation(assistantKeys.all, (input: { userId: number; codenames: string[] }) =>
    api.call(
      assistantCalls.setActions,
      { user_id: input.userId, codenames: input.codenames },
      { toast: 'unlessField' },
    ),
  );
