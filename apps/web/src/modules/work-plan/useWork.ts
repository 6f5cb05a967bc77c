import type { CallInput } from '@portal/contract';
import { workPlanCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { inCompany } from '#web/modules/group/index.ts';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

/**
 * 工作计划 and 工作日志's queries: one key factory; every write reloads all of them (a task's log
 * count, a plan's progress and the statistic follow a log).
 */
export const workKeys = {
  all: ['work-plan'] as const,
  plans: (params: object) => [...workKeys.all, 'plans', params] as const,
  plan: (id: number | null, companyId: number | undefined) =>
    [...workKeys.all, 'plan', id, companyId] as const,
  logs: (params: object) => [...workKeys.all, 'logs', params] as const,
  myTasks: () => [...workKeys.all, 'my-tasks'] as const,
  people: (companyId: number | undefined, keyword: string) =>
    [...workKeys.all, 'people', companyId, keyword] as const,
  statistic: (params: object) => [...workKeys.all, 'statistic', params] as const,
};

export const usePlanList = (params: CallInput<typeof workPlanCalls.list>) =>
  useListQuery(workKeys.plans(params), () => api.call(workPlanCalls.list, params));

export const usePlan = (id: number | null, companyId: number | undefined) =>
  useQuery({
    queryKey: workKeys.plan(id, companyId),
    queryFn: () => api.call(workPlanCalls.get, { id: id ?? 0, ...inCompany(companyId) }),
    enabled: id !== null,
  });

export const useLogList = (params: CallInput<typeof workPlanCalls.logs>) =>
  useListQuery(workKeys.logs(params), () => api.call(workPlanCalls.logs, params));

export const useMyTasks = (enabled: boolean) =>
  useQuery({ queryKey: workKeys.myTasks(), queryFn: () => api.call(workPlanCalls.myTasks, {}), enabled });

export const usePeople = (companyId: number | undefined, keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: workKeys.people(companyId, keyword),
    queryFn: () => api.call(workPlanCalls.people, { keyword: keyword || undefined, ...inCompany(companyId) }),
    enabled,
  });

export const useStatistic = (params: CallInput<typeof workPlanCalls.statistic> | null) =>
  useQuery({
    queryKey: workKeys.statistic(params ?? {}),
    queryFn: () => api.call(workPlanCalls.statistic, params ?? { start_date: '', end_date: '' }),
    enabled: params !== null,
  });

type Input<K extends keyof typeof workPlanCalls> = CallInput<(typeof workPlanCalls)[K]>;
const field = { toast: 'unlessField' } as const;

/** The writes, each reloading every work query; a form's field errors are left to the form. */
export function useWorkWrites() {
  const onSuccess = useInvalidate(workKeys.all);
  const savePlan = useMutation({
    mutationFn: (input: Input<'create'> | Input<'update'>) =>
      'id' in input
        ? api.call(workPlanCalls.update, input, field)
        : api.call(workPlanCalls.create, input, field),
    onSuccess,
  });
  const removePlan = useMutation({
    mutationFn: (input: Input<'remove'>) => api.call(workPlanCalls.remove, input),
    onSuccess,
  });
  const saveTask = useMutation({
    mutationFn: (input: Input<'createTask'> | Input<'updateTask'>) =>
      'id' in input
        ? api.call(workPlanCalls.updateTask, input, field)
        : api.call(workPlanCalls.createTask, input, field),
    onSuccess,
  });
  const removeTask = useMutation({
    mutationFn: (input: Input<'removeTask'>) => api.call(workPlanCalls.removeTask, input),
    onSuccess,
  });
  const progress = useMutation({
    mutationFn: (input: Input<'progress'>) => api.call(workPlanCalls.progress, input, field),
    onSuccess,
  });
  const saveLog = useMutation({
    mutationFn: (input: Input<'createLog'> | Input<'updateLog'>) =>
      'id' in input
        ? api.call(workPlanCalls.updateLog, input, field)
        : api.call(workPlanCalls.createLog, input, field),
    onSuccess,
  });
  const removeLog = useMutation({
    mutationFn: (input: Input<'removeLog'>) => api.call(workPlanCalls.removeLog, input),
    onSuccess,
  });
  const review = useMutation({
    mutationFn: (input: Input<'review'>) => api.call(workPlanCalls.review, input, field),
    onSuccess,
  });
  return { savePlan, removePlan, saveTask, removeTask, progress, saveLog, removeLog, review };
}
