import type { CallInput } from '@portal/contract';
import { companyChangeCalls } from '@portal/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { PUBLIC_KEY } from '#web/shared/queryClient.ts';
import { useInvalidatingMutation, useListQuery } from '#web/shared/queryHooks.ts';
import { peopleKeys } from './usePeople.ts';

/** The company change requests (ADR 0029): the company's own and the super administrator's review. */
export const companyChangeKeys = {
  all: ['company-change'] as const,
  mine: (params: object) => [...companyChangeKeys.all, 'mine', params] as const,
  review: (params: object) => [...companyChangeKeys.all, 'review', params] as const,
};

export const useMyCompanyChanges = (params: CallInput<typeof companyChangeCalls.list>) =>
  useListQuery(companyChangeKeys.mine(params), () => api.call(companyChangeCalls.list, params));

export const useSubmitCompanyChange = () =>
  useInvalidatingMutation(companyChangeKeys.all, (input: CallInput<typeof companyChangeCalls.submit>) =>
    api.call(companyChangeCalls.submit, input, { toast: 'unlessField' }),
  );

export const useWithdrawCompanyChange = () =>
  useInvalidatingMutation(companyChangeKeys.all, (id: number) =>
    api.call(companyChangeCalls.withdraw, { id }),
  );

export const useCompanyChangeReviews = (params: CallInput<typeof companyChangeCalls.reviewList>) =>
  useListQuery(companyChangeKeys.review(params), () => api.call(companyChangeCalls.reviewList, params));

/**
 * 通过 or 驳回: the lists reload, and so do the profile and the public company (an approval may
 * have renamed the reviewer's own company, which the top bar and the public pages show).
 */
export function useDecideCompanyChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { id: number; approve: boolean; review_note?: string | undefined }) =>
      d.approve
        ? api.call(
            companyChangeCalls.approve,
            { id: d.id, review_note: d.review_note },
            { toast: 'unlessField' },
          )
        : api.call(
            companyChangeCalls.reject,
            { id: d.id, review_note: d.review_note ?? '' },
            { toast: 'unlessField' },
          ),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: companyChangeKeys.all }),
        qc.invalidateQueries({ queryKey: peopleKeys.company() }),
        qc.invalidateQueries({ queryKey: [PUBLIC_KEY, 'company'] }),
      ]),
  });
}
