import type { CallInput } from '@portal/contract';
import { workflowCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

/** Flows' queries (流程设计, issue 36): one key factory; every write reloads the list and the flow. */
export const flowKeys = {
  all: ['workflow'] as const,
  list: (params: object) => [...flowKeys.all, 'list', params] as const,
  flow: (id: number) => [...flowKeys.all, 'flow', id] as const,
};

export const useFlowList = (params: CallInput<typeof workflowCalls.list>) =>
  useListQuery(flowKeys.list(params), () => api.call(workflowCalls.list, params));

export const useFlow = (id: number) =>
  useQuery({
    queryKey: flowKeys.flow(id),
    queryFn: () => api.call(workflowCalls.get, { flow_id: id }),
    enabled: id > 0,
  });

type Input<K extends keyof typeof workflowCalls> = CallInput<(typeof workflowCalls)[K]>;
const field = { toast: 'unlessField' } as const;

/** The writes, each reloading every flow query; a form's field errors are left to the form. */
export function useFlowWrites() {
  const onSuccess = useInvalidate(flowKeys.all);
  const save = useMutation({
    mutationFn: (input: Input<'create'> | Input<'update'>) =>
      'flow_id' in input
        ? api.call(workflowCalls.update, input, field)
        : api.call(workflowCalls.create, input, field),
    onSuccess,
  });
  /** Saving a drawing: its refusals are shown beside the diagram (no toast). */
  const draw = useMutation({
    mutationFn: (input: Input<'draw'>) => api.call(workflowCalls.draw, input, { toast: false }),
    onSuccess,
  });
  const copy = useMutation({
    mutationFn: (input: Input<'copy'>) => api.call(workflowCalls.copy, input),
    onSuccess,
  });
  const publish = useMutation({
    mutationFn: (input: Input<'publish'>) => api.call(workflowCalls.publish, input),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (input: Input<'remove'>) => api.call(workflowCalls.remove, input),
    onSuccess,
  });
  return { save, draw, copy, publish, remove };
}
