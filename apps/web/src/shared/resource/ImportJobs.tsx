import type { ImportResult, Job } from '@portal/contract';
import { Alert } from 'antd';
import { type ComponentProps, lazy, Suspense, useCallback } from 'react';
import { JobBanners } from '#web/shared/job/JobBanners.tsx';
import { useOpenedOnce } from '#web/shared/ui/useOpenedOnce.ts';
import type { ImportDialog as Dialog } from './ImportDialog.tsx';

/** An import job's file of refused rows, and what its link says. */
export const REFUSED = 'refused';
const FILE_TEXT = { [REFUSED]: '下载错误行' };

/** What a finished import job answers (`ImportResult`), or null when it answered nothing. */
export const importResultOf = (job: Job) => (job.result as ImportResult | null) ?? null;

/**
 * What a finished import came to, in words: rows written, or (a check, or an import that wrote
 * nothing) the counts of what was checked.
 */
export function importOutcome(result: ImportResult, label: string, unit: string) {
  if (result.created > 0)
    return {
      title: `已导入 ${result.created} ${unit}${label}`,
      detail:
        result.invalid > 0
          ? `有误的 ${result.invalid} 行没有导入：修正后可以再次导入这些行。`
          : `表格中的 ${result.total} 行全部导入。`,
    };
  return {
    title: `校验完成：共 ${result.total} 行，可导入 ${result.valid} 行，有误 ${result.invalid} 行`,
    detail: '没有导入任何一行：请点击「导入」，重新选择文件后导入。',
  };
}

/**
 * A resource's imports found unfinished when its page opens (a reload, a return to the page) and
 * those its dialog was closed on, each above the list (`JobBanner`) until the user closes it: its
 * progress and 取消, then what it came to and 下载错误行; `onImported` when one wrote rows.
 */
export function ImportJobs({
  kind,
  label,
  unit = '个',
  handed,
  onImported,
}: {
  /** The resource's import kind (`jobKinds.import`). */
  kind: string;
  label: string;
  unit?: string;
  /** Jobs the dialog was closed on while they ran. */
  handed: readonly number[];
  onImported: () => void;
}) {
  const finished = useCallback(
    (job: Job) => {
      if (job.state === 'done' && (importResultOf(job)?.created ?? 0) > 0) onImported();
    },
    [onImported],
  );
  return (
    <JobBanners
      kind={kind}
      started={handed}
      onFinished={finished}
      fileText={FILE_TEXT}
      outcome={(job) => {
        const result = importResultOf(job);
        if (job.state !== 'done' || !result) return null;
        const { title, detail } = importOutcome(result, label, unit);
        return <Alert type="success" showIcon title={title} description={detail} />;
      }}
    />
  );
}

/** The dialog (steps, upload, the preview's table) is fetched when first opened, not with the list. */
const LazyImportDialog = lazy(() => import('./ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })));

/**
 * The resource's ImportDialog, loaded the first time it opens and kept after (it closes with its
 * animation, and a job it hands over keeps its place).
 */
export function ImportDialogOnDemand(props: ComponentProps<typeof Dialog>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyImportDialog {...props} />
    </Suspense>
  );
}
