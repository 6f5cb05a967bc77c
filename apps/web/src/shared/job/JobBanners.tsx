import type { Job } from '@portal/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { JobBanner } from './JobProgress.tsx';
import { useJobList } from './useJob.ts';

/**
 * A page's jobs of one kind above its list: the unfinished ones the caller has when the page opens
 * (started before a reload: `/job/list?kind=…&active=1`) and those the page started or was handed
 * (`started`), each a `JobBanner` until the user closes it. Found once, a job stays: the list of
 * unfinished jobs asked again would drop it the moment it finished, before the user saw its end.
 */
export function JobBanners({
  kind,
  started,
  onFinished,
  outcome,
  fileText,
}: {
  kind: string;
  started: readonly number[];
  onFinished?: (job: Job) => void;
  outcome?: (job: Job) => ReactNode;
  fileText?: Record<string, string>;
}) {
  const active = useJobList(kind, true);
  const [shown, setShown] = useState<number[]>([]);
  const [closed, setClosed] = useState<number[]>([]);
  useEffect(() => {
    const found = [...(active.data ?? []).map((j) => j.id), ...started];
    setShown((ids) => (found.every((id) => ids.includes(id)) ? ids : [...new Set([...ids, ...found])]));
  }, [active.data, started]);
  const ids = shown.filter((id) => !closed.includes(id));
  if (ids.length === 0) return null;
  return (
    <>
      {ids.map((id) => (
        <JobBanner
          key={id}
          id={id}
          onClose={() => setClosed((c) => [...c, id])}
          {...(onFinished && { onFinished })}
          {...(outcome && { outcome })}
          {...(fileText && { fileText })}
        />
      ))}
    </>
  );
}
