import type { CallInput } from '@portal/contract';
import { pmcCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stockKeys } from '#web/modules/stock/index.ts';
import { api } from '#web/shared/api/client.ts';
import { useListQuery } from '#web/shared/queryHooks.ts';
import { resourceKeys } from '#web/shared/resource/useResource.ts';

/**
 * The production plans' queries, under the resource's key (`resourceKeys('pmc')`): a write of the
 * resource block (new, save, delete, import) reloads the warnings, lines and home block too.
 */
export const pmcKeys = {
  all: resourceKeys('pmc').all,
  materials: (planId: number) => [...pmcKeys.all, 'materials', planId] as const,
  preview: (productId: number, quantity: number) => [...pmcKeys.all, 'preview', productId, quantity] as const,
  progress: (planId: number, params: object) => [...pmcKeys.all, 'progress', planId, params] as const,
  warnings: (params: object) => [...pmcKeys.all, 'warnings', params] as const,
  plan: (id: number) => [...pmcKeys.all, 'plan', id] as const,
};

/** After a write: the plans, their lines, reports and warnings, and (finishing) the stock are asked again. */
export function usePmcChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: pmcKeys.all }),
      client.invalidateQueries({ queryKey: stockKeys.all }),
    ]);
}

export const usePlan = (id: number | null) =>
  useQuery({
    queryKey: pmcKeys.plan(id ?? 0),
    enabled: id !== null,
    queryFn: () => api.call(pmcCalls.get, { id: id ?? 0 }),
  });

export const useMaterials = (planId: number | null) =>
  useQuery({
    queryKey: pmcKeys.materials(planId ?? 0),
    enabled: planId !== null,
    queryFn: () => api.call(pmcCalls.materials, { plan_id: planId ?? 0 }).then((d) => d.results),
  });

/** What a plan of `quantity` of the product would need (the form's table); nothing until both are given. */
export const usePreview = (productId: number | undefined, quantity: number | undefined) =>
  useQuery({
    queryKey: pmcKeys.preview(productId ?? 0, quantity ?? 0),
    enabled: productId !== undefined && quantity !== undefined && quantity > 0,
    queryFn: () =>
      api
        .call(pmcCalls.preview, { product_id: productId ?? 0, quantity: quantity ?? 1 }, { toast: false })
        .then((d) => d.results),
  });

export const useProgress = (planId: number, params: { page: number; page_size: number }) =>
  useListQuery(pmcKeys.progress(planId, params), () =>
    api.call(pmcCalls.progress, { plan_id: planId, ...params }),
  );

export const useWarnings = (params: CallInput<typeof pmcCalls.warnings>) =>
  useListQuery(pmcKeys.warnings(params), () => api.call(pmcCalls.warnings, params));

/** The plans' writes beside the resource's own: each reloads what it changed. */
export function usePmcWrites() {
  const onSuccess = usePmcChanged();
  return {
    finish: useMutation({ mutationFn: (id: number) => api.call(pmcCalls.finish, { id }), onSuccess }),
    finishMany: useMutation({
      mutationFn: (ids: number[]) => api.call(pmcCalls.finishMany, { ids }),
      onSuccess,
    }),
    addProgress: useMutation({
      mutationFn: (input: CallInput<typeof pmcCalls.progressAdd>) =>
        api.call(pmcCalls.progressAdd, input, { toast: 'unlessField' }),
      onSuccess,
    }),
    removeProgress: useMutation({
      mutationFn: (id: number) => api.call(pmcCalls.progressRemove, { id }),
      onSuccess,
    }),
    saveMaterial: useMutation({
      mutationFn: (input: CallInput<typeof pmcCalls.materialSave>) =>
        api.call(pmcCalls.materialSave, input, { toast: 'unlessField' }),
      onSuccess,
    }),
    removeMaterial: useMutation({
      mutationFn: (id: number) => api.call(pmcCalls.materialRemove, { id }),
      onSuccess,
    }),
    copy: useMutation({
      mutationFn: (input: CallInput<typeof pmcCalls.copy>) =>
        api.call(pmcCalls.copy, input, { toast: 'unlessField' }),
      onSuccess,
    }),
  };
}
