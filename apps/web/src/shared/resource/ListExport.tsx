import {
  type CallRoute,
  type ExportResult,
  exportJobKind,
  type Job,
  RESOURCE_EXPORT_DIRECT_MAX,
  RESOURCE_EXPORT_MAX,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { JobBanners } from '#web/shared/job/JobBanners.tsx';
import { rememberJob } from '#web/shared/job/useJob.ts';

/**
 * A list's 导出 Excel (ADR 0037 "Exports as jobs"): the file at once while the list holds at most
 * RESOURCE_EXPORT_DIRECT_MAX rows (the server refuses a longer GET), else an export job, shown
 * above the list (`ExportJobs`) with its progress and, once done, its file to download.
 */

/** Whether the list's export runs as a job: the list's count (under its filters) is above the limit. */
export const exportsAsJob = (total: number | undefined) =>
  total !== undefined && total > RESOURCE_EXPORT_DIRECT_MAX;

/** The export's calls: the GET of the file, and the job (`exportJob`). */
export interface ExportRoutes {
  export: CallRoute;
  exportJob: CallRoute;
}

/**
 * 导出 Excel of the list under `query` (its filters): a download link while `total` is at most
 * RESOURCE_EXPORT_DIRECT_MAX (the browser downloads it with the session cookie), else a button
 * that starts the export job and hands it to the page (`onStarted`).
 */
export function ExportButton({
  routes,
  query,
  total,
  onStarted,
}: {
  routes: ExportRoutes;
  query: object;
  /** The list's count under the same filters (undefined until the list has answered). */
  total: number | undefined;
  onStarted: (job: Job) => void;
}) {
  const qc = useQueryClient();
  const start = useMutation({
    mutationFn: () => api.call(routes.exportJob as CallRoute<never>, query as never) as Promise<Job>,
    onSuccess: (job) => {
      rememberJob(qc, job);
      onStarted(job);
    },
  });
  if (!exportsAsJob(total))
    return (
      <Button href={api.href(routes.export, query as never)} download>
        导出 Excel
      </Button>
    );
  return (
    <Button
      loading={start.isPending}
      onClick={() => start.mutate()}
      title={`共 ${total?.toLocaleString('en')} 条，超过 ${RESOURCE_EXPORT_DIRECT_MAX.toLocaleString('en')} 条：在后台导出，完成后下载`}
    >
      导出 Excel
    </Button>
  );
}

const FILE_TEXT = { export: '下载导出的表格' };

/**
 * The list's exports running as jobs, above it: those started here (`started`) and those found
 * again after a reload (by their kind, `exportJobKind` of the export's path), each with its
 * progress and 取消, then how many rows it wrote (and how many the list held, when it was over
 * RESOURCE_EXPORT_MAX) and 下载导出的表格.
 */
export function ExportJobs({ routes, started }: { routes: ExportRoutes; started: readonly number[] }) {
  return (
    <JobBanners
      kind={exportJobKind(routes.export.path)}
      started={started}
      fileText={FILE_TEXT}
      outcome={(job) => {
        const result = job.result as ExportResult | null;
        if (job.state !== 'done' || !result) return null;
        const rows = `已导出 ${result.rows.toLocaleString('en')} 行`;
        if (result.total <= result.rows) return <Alert type="success" showIcon title={rows} />;
        return (
          <Alert
            type="warning"
            showIcon
            title={rows}
            description={`列表共 ${result.total.toLocaleString('en')} 行，一次最多导出 ${RESOURCE_EXPORT_MAX.toLocaleString('en')} 行，请用筛选条件分批导出`}
          />
        );
      }}
    />
  );
}
