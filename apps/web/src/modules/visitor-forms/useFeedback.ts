import { feedbackCalls as calls, enquiryCalls, supplierCalls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';

/**
 * The public side of the visitor forms. Not under the public key: the company follows the login.
 * A read that fails shows its failure in the page's empty state (QueryEmpty), not as a toast.
 */
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
    queryFn: ({ signal }) =>
      api.call(calls.problems, { company_id: companyId, page_size: 100 }, { toast: false, signal }),
    enabled: ready,
  });
}

/** Questions staff answered and made public, newest answer first. */
export function usePublicOpinions(page: number, pageSize: number) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: feedbackKeys.opinions(companyId, page, pageSize),
    queryFn: ({ signal }) =>
      api.call(
        calls.publicOpinions,
        { company_id: companyId, page, page_size: pageSize },
        { toast: false, signal },
      ),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/** Approved board messages, newest first. */
export function useBoardMessages(page: number, pageSize: number) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: feedbackKeys.messages(companyId, page, pageSize),
    queryFn: ({ signal }) =>
      api.call(
        calls.publicMessages,
        { company_id: companyId, page, page_size: pageSize },
        { toast: false, signal },
      ),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/**
 * A public form post: field errors stay beside their field, anything else (21002) is toasted. A post
 * changes no public list (questions and messages show only after staff answer or approve them), so
 * nothing is reloaded.
 */
function usePublicForm<T extends object, R>(send: (values: T, companyId: number | undefined) => Promise<R>) {
  const { companyId } = useShopCompany();
  return useMutation({ mutationFn: (values: T) => send(values, companyId) });
}

const unlessField = { toast: 'unlessField' } as const;

export interface SupplierApplyValues {
  name: string;
  contact: string;
  mobile: string;
  email?: string | undefined;
  supply_category: string;
  description?: string | undefined;
}

export const useSupplierApply = () =>
  usePublicForm((values: SupplierApplyValues, company_id) =>
    api.call(supplierCalls.apply, { ...values, company_id }, unlessField),
  );

export interface OpinionValues {
  name: string;
  contact: string;
  content: string;
}

export const useAskQuestion = () =>
  usePublicForm((values: OpinionValues, company_id) =>
    api.call(calls.ask, { ...values, company_id }, unlessField),
  );

export interface BoardValues {
  nickname?: string | undefined;
  content: string;
}

export const usePostMessage = () =>
  usePublicForm((values: BoardValues, company_id) =>
    api.call(calls.post, { ...values, company_id }, unlessField),
  );

export interface ProductPlanValues {
  contact: string;
  mobile: string;
  email?: string | undefined;
  organization?: string | undefined;
  subject: string;
  content: string;
}

export const useProductPlan = () =>
  usePublicForm((values: ProductPlanValues, company_id) =>
    api.call(enquiryCalls.productPlan, { ...values, company_id }, unlessField),
  );

export interface VentureCapitalValues {
  contact: string;
  mobile: string;
  email?: string | undefined;
  organization: string;
  subject: string;
  amount?: number | undefined;
  content: string;
}

export const useVentureCapital = () =>
  usePublicForm((values: VentureCapitalValues, company_id) =>
    api.call(enquiryCalls.ventureCapital, { ...values, company_id }, unlessField),
  );
