import type { BUSINESS_DISPLAY_EVENTS, BusinessCommand, BusinessMessage, CallInput } from '@portal/contract';
import {
  businessCalls,
  businessMessageCalls,
  businessRunCalls,
  businessSeatCalls,
} from '@portal/contract/calls';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';

/** A running business's queries (业务, issue 37). */
export const runKeys = {
  all: ['business-run'] as const,
  detail: (id: number) => [...runKeys.all, 'detail', id] as const,
  exits: (id: number, nodeId: number) => [...runKeys.all, 'exits', id, nodeId] as const,
  endCommit: (id: number, nodeId: number) => [...runKeys.all, 'end-commit', id, nodeId] as const,
  experiences: (id: number) => [...runKeys.all, 'experiences', id] as const,
  path: (id: number) => [...runKeys.all, 'path', id] as const,
  functions: (id: number, nodeId: number) => [...runKeys.all, 'functions', id, nodeId] as const,
  seats: (id: number, nodeId: number) => [...runKeys.all, 'seats', id, nodeId] as const,
  docs: (id: number, nodeId: number) => [...runKeys.all, 'docs', id, nodeId] as const,
  signRoles: (id: number, nodeId: number) => [...runKeys.all, 'sign-roles', id, nodeId] as const,
  report: (id: number) => [...runKeys.all, 'report', id] as const,
  state: (id: number) => [...runKeys.all, 'state', id] as const,
  display: (id: number, nodeId: number) => [...runKeys.all, 'display', id, nodeId] as const,
  displayReads: (id: number, nodeId: number) => [...runKeys.all, 'display-reads', id, nodeId] as const,
  displayCandidates: (id: number, nodeId: number) =>
    [...runKeys.all, 'display-candidates', id, nodeId] as const,
};

/** The command of a display item opened (business-display.service.ts `read`). */
const DISPLAY_READ: keyof typeof BUSINESS_DISPLAY_EVENTS = 'action_display_read';

/**
 * What commands heard live changed, to be read again: a display item read (every member of a
 * class opening every item, each heard by every page) changes only who has read it; any other
 * command may change the whole business (a node ended, a seat came in): all of it, once.
 */
export function heardKeys(commands: readonly BusinessMessage[]): QueryKey[] {
  if (commands.some((m) => m.cmd !== DISPLAY_READ)) return [runKeys.all];
  const keys = new Map(commands.map((m) => [m.node_id, runKeys.displayReads(m.business_id, m.node_id)]));
  return [...keys.values()];
}

/** Reads again what commands heard live changed (`heardKeys`). */
export function useRereadHeard() {
  const qc = useQueryClient();
  return (commands: readonly BusinessMessage[]) => {
    for (const queryKey of heardKeys(commands)) void qc.invalidateQueries({ queryKey });
  };
}

/** The caller's buttons in a node now (`/business/node/function`). */
export const useNodeFunction = (businessId: number, nodeId: number) =>
  useQuery({
    queryKey: runKeys.functions(businessId, nodeId),
    queryFn: () => api.call(businessSeatCalls.nodeFunction, { business_id: businessId, node_id: nodeId }),
  });

/** Every seat's state in a node (`/business/role/status`). */
export const useRoleStatus = (businessId: number, nodeId: number) =>
  useQuery({
    queryKey: runKeys.seats(businessId, nodeId),
    queryFn: () => api.call(businessSeatCalls.roleStatus, { business_id: businessId, node_id: nodeId }),
  });

/** A seat's command; its refusal is toasted. What it changed comes back as a message every page hears. */
export const useSeatCommand = () =>
  useMutation({
    mutationFn: (v: {
      business_id: number;
      node_id: number;
      role_alloc_id: number;
      cmd: BusinessCommand;
      data?: {
        msg_id?: number;
        result?: number;
        status?: 1 | 2 | 9;
        doc_id?: number;
        role_alloc_id?: number;
        role_alloc_ids?: number[];
        doc_ids?: number[];
      };
    }) => api.call(businessMessageCalls.push, { ...v, type: 'cmd' }),
  });

/** The run on its diagram (`/business/trans/path`). */
export const useTransPath = (businessId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.path(businessId),
    queryFn: () => api.call(businessRunCalls.transPath, { business_id: businessId }),
    enabled,
  });

/** The business as its member opens it; the starter's first opening with the team complete starts it. */
export const useBusinessRun = (id: number) =>
  useQuery({
    queryKey: runKeys.detail(id),
    queryFn: () => api.call(businessCalls.detail, { business_id: id }),
    enabled: id > 0,
  });

export const useSendMessage = () =>
  useMutation({
    mutationFn: (input: CallInput<typeof businessMessageCalls.push>) =>
      api.call(businessMessageCalls.push, input, { toast: 'unlessField' }),
  });

/** A current node's exits (`/workflow/trans/query`), read when the end dialog opens. */
export const useExits = (businessId: number, nodeId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.exits(businessId, nodeId),
    queryFn: () => api.call(businessRunCalls.transQuery, { business_id: businessId, node_id: nodeId }),
    enabled,
    staleTime: 0,
  });

/** Who of the node has not submitted their experience (ending the business needs everyone's). */
export const useEndCommit = (businessId: number, nodeId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.endCommit(businessId, nodeId),
    queryFn: () => api.call(businessRunCalls.endCommit, { business_id: businessId, node_id: nodeId }),
    enabled,
    staleTime: 0,
  });

/** Ends a node through an exit: the command `action_exp_node_end`; the refusal is shown in the dialog. */
export const useEndNode = () =>
  useMutation({
    mutationFn: (v: { business_id: number; node_id: number; role_alloc_id: number; tran_id: number }) =>
      api.call(
        businessMessageCalls.push,
        {
          business_id: v.business_id,
          node_id: v.node_id,
          role_alloc_id: v.role_alloc_id,
          type: 'cmd',
          cmd: 'action_exp_node_end',
          data: { tran_id: v.tran_id },
        },
        { toast: false },
      ),
  });

export const useExperiences = (businessId: number, enabled: boolean) =>
  useQuery({
    queryKey: runKeys.experiences(businessId),
    queryFn: () => api.call(businessRunCalls.experiences, { business_id: businessId }),
    enabled,
  });

export function useSaveExperience(businessId: number) {
  const onSuccess = useInvalidate(runKeys.all);
  return useMutation({
    mutationFn: (v: { content: string; status: number }) =>
      api.call(businessRunCalls.saveExperience, { business_id: businessId, ...v }, { toast: 'unlessField' }),
    onSuccess,
  });
}

/** How often a waiting business is asked whether it has started. */
const WAITING_POLL_MS = 5000;

/**
 * Where a waiting business stands (`/business/deta/status`), asked again every few seconds while it
 * waits: a member's page learns that the starter has started it (a waiting business has no live
 * messages yet) without opening it again and again.
 */
export const useWaitingState = (id: number, waiting: boolean) =>
  useQuery({
    queryKey: runKeys.state(id),
    queryFn: () => api.call(businessCalls.state, { business_id: id }),
    enabled: waiting && id > 0,
    refetchInterval: WAITING_POLL_MS,
  });
