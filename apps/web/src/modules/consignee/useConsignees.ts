import type { Consignee, ConsigneeInput } from '@portal/contract';
import { consigneeCalls as calls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidatingMutation } from '#web/shared/queryHooks.ts';

export const consigneeKeys = {
  all: ['consignee'] as const,
  list: () => [...consigneeKeys.all, 'list'] as const,
};

/** `POST /consignee/list`: the member's addresses, the default one first. */
export function useConsignees() {
  return useQuery({
    queryKey: consigneeKeys.list(),
    queryFn: () =>
      api.call(calls.list).then((d) => [...d.results].sort((a, b) => b.is_default - a.is_default)),
  });
}

export type ConsigneeSave = Omit<ConsigneeInput, 'id'> & { id?: number | undefined };

/** Adds (no `id`) or changes an address; field errors are left to the form. */
export function useSaveConsignee() {
  return useInvalidatingMutation(consigneeKeys.all, (input: ConsigneeSave) =>
    api.call(calls.save, input, { toast: 'unlessField' }),
  );
}

export function useDeleteConsignee() {
  return useInvalidatingMutation(consigneeKeys.all, (id: number) => api.call(calls.remove, { id }));
}

/**
 * 设为默认: the same update call with the address's own values and `is_default=1` — its county's
 * code, or for an address saved before codes were kept its typed names (saved unchanged).
 */
export function useSetDefaultConsignee() {
  return useInvalidatingMutation(consigneeKeys.all, (c: Consignee) =>
    api.call(calls.save, {
      id: c.id,
      name: c.name,
      mobile: c.mobile,
      ...(c.district_code
        ? { district_code: c.district_code }
        : { province: c.province, city: c.city, district: c.district }),
      address: c.address,
      is_default: 1,
    }),
  );
}
