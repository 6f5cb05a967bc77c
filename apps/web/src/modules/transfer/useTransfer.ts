import type { TransferKind } from '@portal/contract';
import { transferCalls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';

export interface ReviewParams {
  kind: TransferKind;
  page: number;
  page_size: number;
  keyword?: string | undefined;
  state?: 'awaiting' | 'all' | undefined;
}

/** The queries of 单位变更 / 集群变更 and their review screens: one key factory. */
export const transferKeys = {
  all: ['transfer'] as const,
  mine: (kind: TransferKind) => [...transferKeys.all, 'mine', kind] as const,
  targets: (kind: TransferKind, keyword: string) => [...transferKeys.all, 'targets', kind, keyword] as const,
  reviews: (params: ReviewParams) => [...transferKeys.all, 'reviews', params] as const,
};
/** What a write changes: the lists of this module. */
const TOUCHED = ['transfer'] as const;

const kindOf = (kind: TransferKind) => String(kind) as '1' | '2';

export const useMyTransfers = (kind: TransferKind) =>
  useQuery({
    queryKey: transferKeys.mine(kind),
    queryFn: () => api.call(transferCalls.mine, { kind: kindOf(kind) }),
  });

export const useTransferTargets = (kind: TransferKind, keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: transferKeys.targets(kind, keyword),
    queryFn: () => api.call(transferCalls.targets, { kind: kindOf(kind), keyword: keyword || undefined }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useRequestTransfer = () =>
  useInvalidatingMutation(TOUCHED, (input: { kind: TransferKind; company_id: number; reason?: string }) =>
    api.call(transferCalls.request, { ...input, kind: kindOf(input.kind) }, { toast: 'unlessField' }),
  );

export const useWithdrawTransfer = () =>
  useInvalidatingMutation(TOUCHED, (id: number) => api.call(transferCalls.withdraw, { id }));

export const useTransferReviews = (params: ReviewParams) =>
  useListQuery(transferKeys.reviews(params), () =>
    api.call(transferCalls.list, { ...params, kind: kindOf(params.kind) }),
  );

export const useDecideTransfer = () =>
  useInvalidatingMutation(TOUCHED, (input: { id: number; agree: 0 | 1; note?: string }) =>
    api.call(transferCalls.decide, input, { toast: 'unlessField' }),
  );
