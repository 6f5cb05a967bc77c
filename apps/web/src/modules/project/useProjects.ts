import type { CallInput } from '@portal/contract';
import { projectCalls } from '@portal/contract/calls';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

/** Training projects' queries (实训项目, issue 36): one key factory; every write reloads them. */
export const projectKeys = {
  all: ['project'] as const,
  list: (params: object) => [...projectKeys.all, 'list', params] as const,
  project: (id: number) => [...projectKeys.all, 'project', id] as const,
  options: () => [...projectKeys.all, 'options'] as const,
};

export const useProjectList = (params: CallInput<typeof projectCalls.list>) =>
  useListQuery(projectKeys.list(params), () => api.call(projectCalls.list, params));

export const useProject = (id: number) =>
  useQuery({
    queryKey: projectKeys.project(id),
    queryFn: () => api.call(projectCalls.get, { project_id: id }),
    enabled: id > 0,
  });

export const useProjectOptions = () =>
  useQuery({ queryKey: projectKeys.options(), queryFn: () => api.call(projectCalls.options, {}) });

type Input<K extends keyof typeof projectCalls> = CallInput<(typeof projectCalls)[K]>;

export function useProjectWrites() {
  const onSuccess = useInvalidate(projectKeys.all);
  const save = useMutation({
    mutationFn: (input: Input<'create'> | Input<'update'>) =>
      'project_id' in input
        ? api.call(projectCalls.update, input, { toast: 'unlessField' })
        : api.call(projectCalls.create, input, { toast: 'unlessField' }),
    onSuccess,
  });
  const copy = useMutation({
    mutationFn: (input: Input<'copy'>) => api.call(projectCalls.copy, input),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (input: Input<'remove'>) => api.call(projectCalls.remove, input),
    onSuccess,
  });
  return { save, copy, remove };
}
