import type { CallInput, CallOutput, CallRoute, Call as ContractCall } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';

/** The zod-free routes of a declared resource (`<name>Calls` of '@portal/contract/calls'). */
export interface ResourceRoutes {
  list: CallRoute;
  get: CallRoute;
  create: CallRoute;
  update: CallRoute;
  remove: CallRoute;
  removeMany: CallRoute;
  select: CallRoute;
  check: CallRoute;
  export: CallRoute;
  exportJob: CallRoute;
  importTemplate: CallRoute;
  import: CallRoute;
}

/** Every query of one resource lives under its key (`['resource', name]`). */
export const resourceKeys = (name: string) => {
  const all = ['resource', name] as const;
  return {
    all,
    list: (params: object) => [...all, 'list', params] as const,
    options: (keyword: string) => [...all, 'options', keyword] as const,
  };
};

/**
 * A resource's list under `params` and its writes, typed by the declaration. A write's refusal that
 * names a field is left to the form (`toast: 'unlessField'`); the lists are reloaded after it.
 */
export function useResource<R extends ResourceRoutes>(name: string, routes: R, params: CallInput<R['list']>) {
  const keys = resourceKeys(name);
  const invalidate = useInvalidate(keys.all);
  type In<K extends keyof ResourceRoutes> = CallInput<R[K]>;
  const call = <K extends keyof ResourceRoutes>(k: K, input: In<K>, toast: 'unlessField' | boolean = true) =>
    api.call(routes[k] as CallRoute<ContractCall>, input as never, { toast }) as Promise<CallOutput<R[K]>>;
  const list = useQuery({
    queryKey: keys.list(params as object),
    queryFn: () => call('list', params),
    placeholderData: keepPreviousData,
  });
  const save = useResourceSave(name, routes);
  const remove = useMutation({
    mutationFn: (ids: number[]) => call('removeMany', { ids } as In<'removeMany'>),
    onSettled: invalidate,
  });
  return { keys, list, save, remove, invalidate };
}

/**
 * A resource's save: create without `id`, update with it; a refusal that names a field is left to
 * the form (`toast: 'unlessField'`); the resource's queries reload after it. A form on a page of
 * its own (新增大宗商品) uses it without the list.
 */
export function useResourceSave<R extends Pick<ResourceRoutes, 'create' | 'update'>>(
  name: string,
  routes: R,
) {
  const invalidate = useInvalidate(resourceKeys(name).all);
  return useMutation({
    mutationFn: (input: CallInput<R['create']> & { id?: number }) =>
      api.call(
        (input.id === undefined ? routes.create : routes.update) as CallRoute<ContractCall>,
        input as never,
        { toast: 'unlessField' },
      ) as Promise<CallOutput<R['create']>>,
    onSuccess: invalidate,
  });
}
