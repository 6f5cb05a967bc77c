import type { CallInput } from '@portal/contract';
import { courseCalls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useInvalidate, useListQuery } from '#web/shared/queryHooks.ts';

/** Courses' queries (课程, issue 36): one key factory; every write reloads them. */
export const courseKeys = {
  all: ['course'] as const,
  list: (params: object) => [...courseKeys.all, 'list', params] as const,
  course: (id: number) => [...courseKeys.all, 'course', id] as const,
  options: () => [...courseKeys.all, 'options'] as const,
  students: (id: number, params: object) => [...courseKeys.all, 'students', id, params] as const,
  candidates: (id: number, keyword: string) => [...courseKeys.all, 'candidates', id, keyword] as const,
};

export const useCourseList = (params: CallInput<typeof courseCalls.list>) =>
  useListQuery(courseKeys.list(params), () => api.call(courseCalls.list, params));

export const useCourse = (id: number | undefined) =>
  useQuery({
    queryKey: courseKeys.course(id ?? 0),
    queryFn: () => api.call(courseCalls.get, { course_id: id ?? 0 }),
    enabled: id !== undefined,
  });

export const useCourseOptions = (enabled: boolean) =>
  useQuery({ queryKey: courseKeys.options(), queryFn: () => api.call(courseCalls.options, {}), enabled });

export const useCourseStudents = (
  id: number | undefined,
  params: { keyword?: string | undefined; page: number; page_size: number },
) =>
  useQuery({
    queryKey: courseKeys.students(id ?? 0, params),
    queryFn: () => api.call(courseCalls.students, { course_id: id ?? 0, ...params }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });

export const useStudentCandidates = (id: number | undefined, keyword: string) =>
  useQuery({
    queryKey: courseKeys.candidates(id ?? 0, keyword),
    queryFn: () => api.call(courseCalls.candidates, { course_id: id ?? 0, keyword: keyword || undefined }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });

type Input<K extends keyof typeof courseCalls> = CallInput<(typeof courseCalls)[K]>;

export function useCourseWrites() {
  const onSuccess = useInvalidate(courseKeys.all);
  const save = useMutation({
    mutationFn: (input: Input<'create'> | Input<'update'>) =>
      'course_id' in input
        ? api.call(courseCalls.update, input, { toast: 'unlessField' })
        : api.call(courseCalls.create, input, { toast: 'unlessField' }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (input: Input<'remove'>) => api.call(courseCalls.remove, input),
    onSuccess,
  });
  const addStudents = useMutation({
    mutationFn: (input: Input<'addStudents'>) => api.call(courseCalls.addStudents, input),
    onSuccess,
  });
  const removeStudents = useMutation({
    mutationFn: (input: Input<'removeStudents'>) => api.call(courseCalls.removeStudents, input),
    onSuccess,
  });
  return { save, remove, addStudents, removeStudents };
}
