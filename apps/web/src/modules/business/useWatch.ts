import { businessRunCalls, businessWatchCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/**
 * What a watcher reads (观摩, issue 37): the observable nodes, and one node — read again every few
 * seconds, since a watcher without an account has no live socket (ADR 0043).
 */
export const WATCH_REFRESH_MS = 3000;

export const watchKeys = {
  all: ['business-watch'] as const,
  list: (companyId: number | undefined, size: number) =>
    [...watchKeys.all, 'list', companyId ?? 0, size] as const,
  node: (companyId: number | undefined, businessId: number, nodeId: number) =>
    [...watchKeys.all, 'node', companyId ?? 0, businessId, nodeId] as const,
  messages: (companyId: number | undefined, businessId: number, nodeId: number) =>
    [...watchKeys.all, 'messages', companyId ?? 0, businessId, nodeId] as const,
  path: (companyId: number | undefined, businessId: number) =>
    [...watchKeys.all, 'path', companyId ?? 0, businessId] as const,
};

const company = (companyId: number | undefined) => (companyId ? { company_id: companyId } : {});

export const useObservables = (size: number, companyId?: number) =>
  useQuery({
    queryKey: watchKeys.list(companyId, size),
    queryFn: () => api.call(businessWatchCalls.observables, { size, ...company(companyId) }),
  });

export const useWatchedNode = (companyId: number | undefined, businessId: number, nodeId: number) =>
  useQuery({
    queryKey: watchKeys.node(companyId, businessId, nodeId),
    queryFn: () =>
      api.call(
        businessWatchCalls.nodeDetail,
        { business_id: businessId, node_id: nodeId, ...company(companyId) },
        // The page says why (the business moved on): no toast every few seconds.
        { toast: false },
      ),
    refetchInterval: (q) => (q.state.status === 'error' ? false : WATCH_REFRESH_MS),
    enabled: businessId > 0 && nodeId > 0,
  });

export const useWatchedMessages = (
  companyId: number | undefined,
  businessId: number,
  nodeId: number,
  enabled: boolean,
) =>
  useQuery({
    queryKey: watchKeys.messages(companyId, businessId, nodeId),
    queryFn: () =>
      api.call(
        businessWatchCalls.nodeMessages,
        { business_id: businessId, node_id: nodeId, ...company(companyId) },
        // The page says why (the business moved on): no toast every few seconds.
        { toast: false },
      ),
    refetchInterval: (q) => (q.state.status === 'error' ? false : WATCH_REFRESH_MS),
    enabled,
  });

export const useWatchedPath = (companyId: number | undefined, businessId: number, enabled: boolean) =>
  useQuery({
    queryKey: watchKeys.path(companyId, businessId),
    queryFn: () =>
      api.call(
        businessRunCalls.transPath,
        { business_id: businessId, ...company(companyId) },
        { toast: false },
      ),
    enabled,
  });
