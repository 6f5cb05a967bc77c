import { JOB_FINISHED, type Job } from '@portal/contract';
import { jobCalls } from '@portal/contract/calls';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

/** How often an unfinished job is asked again (the server writes its progress a few times a second). */
export const JOB_POLL_MS = 1000;

/** Every job query lives under `['job']`: one job by id, the lists by their filter. */
export const jobKeys = {
  all: ['job'] as const,
  one: (id: number) => ['job', 'one', id] as const,
  list: (filter: { kind?: string; active?: 0 | 1 }) => ['job', 'list', filter] as const,
};

/** Whether a job is in a state it does not leave (done, failed, cancelled). */
export const isFinished = (job: Pick<Job, 'state'>) => JOB_FINISHED.includes(job.state);

/** The address of a file a job made (the browser downloads it with the session cookie). */
export const jobFileHref = (id: number, name: string) => api.href(jobCalls.file, { id, name });

/** Puts a job the server answered (a start, a cancel, a list) where `useJob` finds it. */
export function rememberJob(qc: QueryClient, job: Job) {
  qc.setQueryData(jobKeys.one(job.id), job);
}

/**
 * One job followed: asked every JOB_POLL_MS while it is unfinished, no more once it is finished
 * (or once asking failed: `refetch` tries again). Nothing is asked while `id` is null. Its
 * refusals are shown where the job is, not toasted.
 */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.one(id ?? 0),
    queryFn: () => api.call(jobCalls.get, { id: id ?? 0 }, { toast: false }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const job = query.state.data;
      if (query.state.status === 'error' || (job && isFinished(job))) return false;
      return JOB_POLL_MS;
    },
  });
}

/**
 * The caller's jobs of one kind (`kind`), only the unfinished ones with `active`: asked when a page
 * opens, so a job started before a reload is found again. Each is remembered for `useJob`.
 */
export function useJobList(kind: string, active: boolean) {
  const qc = useQueryClient();
  const filter = { kind, active: active ? 1 : 0 } as const;
  return useQuery({
    queryKey: jobKeys.list(filter),
    queryFn: async () => {
      const { list } = await api.call(jobCalls.list, filter, { toast: false });
      for (const job of list) rememberJob(qc, job);
      return list;
    },
    staleTime: 0,
  });
}

/** 取消 of a job: the answered job replaces the followed one (a refusal is toasted: 任务已结束…). */
export function useCancelJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(jobCalls.cancel, { id }),
    onSuccess: (job) => rememberJob(qc, job),
    onError: (_error, id) => qc.invalidateQueries({ queryKey: jobKeys.one(id) }),
  });
}
