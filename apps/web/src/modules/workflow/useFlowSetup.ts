import type { CallInput, FlowSetup } from '@portal/contract';
import { workflowSetupCalls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { flowKeys } from './useFlows.ts';

/** A flow's set-up (流程设置): read once for the four steps; each save answers it whole. */
export const setupKey = (id: number) => [...flowKeys.all, 'setup', id] as const;

export const useFlowSetup = (id: number) =>
  useQuery({
    queryKey: setupKey(id),
    queryFn: () => api.call(workflowSetupCalls.get, { flow_id: id }),
    enabled: id > 0,
  });

type Input<K extends keyof typeof workflowSetupCalls> = CallInput<(typeof workflowSetupCalls)[K]>;
/** A form post carries no nesting: the lists go as their JSON text (the contract reads it). */
const json = (v: unknown) => JSON.stringify(v) as never;

/**
 * The wizard's saves. A step's refusal (FLOW_SETUP_ERROR, its problems named) is shown beside the
 * step, not as a toast; every save puts the answered set-up in the cache and reloads the flow lists.
 */
export function useSetupWrites(id: number) {
  const client = useQueryClient();
  const reloadFlows = useInvalidate(flowKeys.all);
  const settle = (setup: FlowSetup) => {
    client.setQueryData(setupKey(id), setup);
    void reloadFlows();
    return setup;
  };
  const quiet = { toast: false } as const;
  const setNodes = useMutation({
    mutationFn: (nodes: Input<'setNodes'>['nodes']) =>
      api.call(workflowSetupCalls.setNodes, { flow_id: id, nodes: json(nodes) }, quiet).then(settle),
  });
  const setDocs = useMutation({
    mutationFn: () => api.call(workflowSetupCalls.setDocs, { flow_id: id }, quiet).then(settle),
  });
  const setRoles = useMutation({
    mutationFn: (roles: Input<'setRoles'>['roles']) =>
      api.call(workflowSetupCalls.setRoles, { flow_id: id, roles: json(roles) }, quiet).then(settle),
  });
  const setModules = useMutation({
    mutationFn: (v: {
      allocations: Input<'setModules'>['allocations'];
      decides: Input<'setModules'>['decides'];
    }) =>
      api
        .call(
          workflowSetupCalls.setModules,
          { flow_id: id, allocations: json(v.allocations), decides: json(v.decides) },
          quiet,
        )
        .then(settle),
  });
  const reload = () => client.invalidateQueries({ queryKey: setupKey(id) });
  const updateDoc = useMutation({
    mutationFn: (v: Input<'updateDoc'>) =>
      api.call(workflowSetupCalls.updateDoc, { ...v, node_ids: json(v.node_ids ?? []) }).then(reload),
  });
  const removeDoc = useMutation({
    mutationFn: (docId: number) => api.call(workflowSetupCalls.removeDoc, { doc_id: docId }).then(reload),
  });
  return { setNodes, setDocs, setRoles, setModules, updateDoc, removeDoc, reload };
}

/** A step's refusal as the list of what is wrong (the server joins its problems with ；). */
export function problemsOf(message: string): string[] {
  const body = message.replace(/^流程设置有误：/, '');
  return body.split('；').filter(Boolean);
}
