import type { CallInput } from '@portal/contract';
import { businessCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';

/** Businesses' queries (业务, issue 36): one key factory; every write reloads them. */
export const businessKeys = {
  all: ['business'] as const,
  list: (deleted: boolean, params: object) =>
    [...businessKeys.all, deleted ? 'deleted' : 'list', params] as const,
  preview: (projectId: number) => [...businessKeys.all, 'preview', projectId] as const,
  team: (id: number) => [...businessKeys.all, 'team', id] as const,
  teammates: (id: number) => [...businessKeys.all, 'teammates', id] as const,
};

/** A business's roles and who sits in each seat (配备团队). */
export const useBusinessTeam = (id: number) =>
  useQuery({
    queryKey: businessKeys.team(id),
    queryFn: () => api.call(businessCalls.team, { business_id: id }),
    enabled: id > 0,
  });

/** The company's people who may fill the business's seats. */
export const useTeammates = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: businessKeys.teammates(id),
    queryFn: () => api.call(businessCalls.unitUsers, { business_id: id }),
    enabled: enabled && id > 0,
  });

export const useBusinessList = (deleted: boolean, params: CallInput<typeof businessCalls.list>) =>
  useListQuery(businessKeys.list(deleted, params), () =>
    api.call(deleted ? businessCalls.deleted : businessCalls.list, params),
  );

export const useBusinessPreview = (projectId: number) =>
  useQuery({
    queryKey: businessKeys.preview(projectId),
    queryFn: () => api.call(businessCalls.preview, { project_id: projectId }),
    enabled: projectId > 0,
  });

export function useBusinessWrites() {
  const onSuccess = useInvalidate(businessKeys.all);
  const create = useMutation({
    mutationFn: (input: CallInput<typeof businessCalls.create>) =>
      api.call(businessCalls.create, input, { toast: 'unlessField' }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(businessCalls.remove, { business_id: id }),
    onSuccess,
  });
  /** A waiting business withdrawn by its starter (`/business/remove`). */
  const withdraw = useMutation({
    mutationFn: (id: number) => api.call(businessCalls.withdraw, { business_id: id }),
    onSuccess,
  });
  const recover = useMutation({
    mutationFn: (id: number) => api.call(businessCalls.recover, { business_id: id }),
    onSuccess,
  });
  const staff = useMutation({
    mutationFn: (input: CallInput<typeof businessCalls.addMoreTeammates>) =>
      api.call(businessCalls.addMoreTeammates, input),
    onSuccess,
  });
  return { create, remove, withdraw, recover, staff };
}

/** The wizard's two steps (spec 001 §2: `business/create_business_wizard`, `create_business_wizard1`). */
export const wizardPath = '/manager/business/create_business_wizard';

/**
 * Where 启动业务 and 配备团队 lead: for one who manages the company's businesses (view_business),
 * 业务管理; for a 业务人员 starting their own, 业务准备, 进行中的业务 and the business itself.
 */
export function useStartingPaths() {
  const manages = useCanCall(businessCalls.list);
  const home = { to: '/manager/business', name: '返回业务管理' };
  return manages
    ? { choose: wizardPath, home, team: home, started: () => home.to }
    : {
        choose: '/business/prepare',
        home: { to: '/business/prepare', name: '返回业务准备' },
        team: { to: '/business/list/progress', name: '返回进行中的业务' },
        /** A business staffed at once is entered (which starts it). */
        started: runPath,
      };
}
export const wizard1Path = (projectId: number) => `/manager/create_business_wizard1?project_id=${projectId}`;
/** 配备团队 of a business (spec 001 §2: `/moreTeammates`, in the manager area's frame). */
export const teammatesPath = (businessId: number) => `/moreTeammates?business_id=${businessId}`;

/** A business as its member opens it (spec 001 §2: `/business/detail/{bid}`). */
export const runPath = (businessId: number) => `/business/detail/${businessId}`;

/** One current node of a business, its screen by type (spec 001 §2 `progress/{type}/{bid}/{nid}`). */
export const progressPath = (businessId: number, node: { node_id: number; node_type: number | null }) =>
  `/business/progress/${node.node_type ?? 0}/${businessId}/${node.node_id}`;

/** The wait screen of a node the user has no seat in (`progress/wait/{bid}/{nid}`). */
export const waitPath = (businessId: number, nodeId: number) =>
  `/business/progress/wait/${businessId}/${nodeId}`;

/** The parallel branches running now, the user's among them (`progress/parallel/{bid}/decide`). */
export const parallelPath = (businessId: number) => `/business/progress/parallel/${businessId}/decide`;
