import type { Page, Problem, PublicMessage, PublicOpinion } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useShopCompany } from '#web/modules/shop/useShopGoods.ts';
import { api } from '#web/shared/api/client.ts';

/** The public side of the visitor forms. Not under the public key: the company follows the login. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  problems: (companyId: number | undefined) => [...feedbackKeys.all, 'problems', companyId] as const,
  opinions: (companyId: number | undefined, page: number, pageSize: number) =>
    [...feedbackKeys.all, 'opinions', companyId, { page, pageSize }] as const,
  messages: (companyId: number | undefined, page: number, pageSize: number) =>
    [...feedbackKeys.all, 'messages', companyId, { page, pageSize }] as const,
};

/** The whole FAQ (at most 100 entries), searched in the page as the visitor types. */
export function useProblems() {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: feedbackKeys.problems(companyId),
    queryFn: () => api.get<Page<Problem>>('/online/problem/list', { company_id: companyId, page_size: 100 }),
    enabled: ready,
  });
}

/** Questions staff answered and made public, newest answer first. */
export function usePublicOpinions(page: number, pageSize: number) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: feedbackKeys.opinions(companyId, page, pageSize),
    queryFn: () =>
      api.get<Page<PublicOpinion>>('/online/opinion/list', {
        company_id: companyId,
        page,
        page_size: pageSize,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/** Approved board messages, newest first. */
export function useBoardMessages(page: number, pageSize: number) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: feedbackKeys.messages(companyId, page, pageSize),
    queryFn: () =>
      api.get<Page<PublicMessage>>('/message/board/list', {
        company_id: companyId,
        page,
        page_size: pageSize,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/** A public form post: field errors stay beside their field, anything else (21002) is toasted. */
function usePublicForm<T extends object, R>(path: string) {
  const { companyId } = useShopCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: T) =>
      api.post<R>(path, { ...values, company_id: companyId }, { toast: 'unlessField' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

export interface SupplierApplyValues {
  name: string;
  contact: string;
  mobile: string;
  email?: string | undefined;
  supply_category: string;
  description?: string | undefined;
}

export const useSupplierApply = () =>
  usePublicForm<SupplierApplyValues, { id: number; status: number }>('/supplier/apply');

export interface OpinionValues {
  name: string;
  contact: string;
  content: string;
}

export const useAskQuestion = () => usePublicForm<OpinionValues, { id: number }>('/online/opinion');

export interface BoardValues {
  nickname?: string | undefined;
  content: string;
}

export const usePostMessage = () =>
  usePublicForm<BoardValues, { id: number; status: number }>('/message/board');
