import type { Readable } from 'node:stream';
import {
  type ExportResult,
  type Job,
  RESOURCE_EXPORT_DIRECT_MAX,
  RESOURCE_EXPORT_MAX,
  type Resource,
} from '@portal/contract';
import type { z } from 'zod';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import { type ExcelColumn, writeWorkbook } from '../excel/index.ts';
import type { JobHandler, JobQueue } from '../jobs/types.ts';
import { dayIn } from '../time.ts';
import { exportCells } from './export-sheet.ts';
import type { ResourceService } from './resource-service.ts';

/**
 * A list's export (ADR 0017, ADR 0037 "Exports as jobs"): downloaded at once while the list holds
 * at most RESOURCE_EXPORT_DIRECT_MAX rows, else written by a job — the same sheet, to a file the job
 * keeps (`export`), with its progress, cancellable between pages. The resource block's lists export
 * through it (`exportJob`, served by `serveResource`), and so does a module's own list (purchases).
 */
export interface ListExport<I> {
  /** The export job's kind: `export:<the GET export's path>`. */
  kind: string;
  /** What a row is (品牌): the sheet's and the file's name, the job's title 导出品牌. */
  label: string;
  columns: readonly ExcelColumn[];
  /** How many rows the list holds under the export's filters (the list's own count). */
  count(caller: Caller, input: I): Promise<number>;
  /**
   * The sheet's rows under the filters, read a page at a time (at most RESOURCE_EXPORT_MAX); a
   * time as the company's clock reads it (`zone`: its `time_zone`).
   */
  rows(caller: Caller, input: I, zone: string): AsyncIterable<Record<string, unknown>>;
}

/** Rows between an export job's progress reports and cancel checks: a page of the export's reads. */
const EXPORT_JOB_PAGE = 500;

const counted = (n: number) => n.toLocaleString('en');

/** An export's file name: what it holds and the day (the company's) it was made, `采购单-20261124.xlsx`. */
export const exportFilename = (label: string, zone: string) =>
  `${label}-${dayIn(zone).replaceAll('-', '')}.xlsx`;

const sheetOf = <I>(list: ListExport<I>, rows: AsyncIterable<Record<string, unknown>>) =>
  writeWorkbook(list.columns, rows, list.label);

/**
 * The export to download at once (the GET export): its file name and bytes, written as they are
 * read, its dates on the company's clock (`zone`). A list over RESOURCE_EXPORT_DIRECT_MAX rows is
 * refused with the way forward (the list page's 导出 starts the job by itself).
 */
export async function directExport<I>(
  list: ListExport<I>,
  caller: Caller,
  input: I,
  zone: string,
): Promise<{ filename: string; body: Readable }> {
  const count = await list.count(caller, input);
  if (count > RESOURCE_EXPORT_DIRECT_MAX)
    throw new AppError(
      'EXPORT_TOO_LONG',
      `共 ${counted(count)} 条${list.label}，超过 ${counted(RESOURCE_EXPORT_DIRECT_MAX)} 条，不能直接下载：请在列表页点击「导出」，以任务方式导出`,
    );
  return { filename: exportFilename(list.label, zone), body: sheetOf(list, list.rows(caller, input, zone)) };
}

/** Starts the list's export as a job of the caller's (its input: the export's filters). */
export const startExport = <I>(
  queue: JobQueue,
  list: ListExport<I>,
  caller: Caller,
  input: I,
): Promise<Job> => queue.add(caller, { kind: list.kind, title: `导出${list.label}`, data: input });

/**
 * The export as a kind of job (for its module's `jobs`): the sheet the GET export writes, to the
 * job's file `export` (named as the GET export's); progress in rows written of the list's count,
 * and a cancel check, every EXPORT_JOB_PAGE rows — before the next page is read. A cancel, or a
 * failed read, keeps no file. A list over RESOURCE_EXPORT_MAX rows is written up to it, and its
 * result and last words say so (`total` above `rows`).
 */
export function listExportJob<I>(list: ListExport<I>): JobHandler<I> {
  return {
    kind: list.kind,
    async run(ctx) {
      const listed = await list.count(ctx.caller, ctx.data);
      const total = Math.min(listed, RESOURCE_EXPORT_MAX);
      let written = 0;
      const report = () =>
        ctx.progress(
          total === 0 ? 100 : (written * 100) / total,
          `已写入 ${counted(written)} / ${counted(Math.max(total, written))} 行`,
        );
      await report();
      const zone = await ctx.zone();
      async function* paced(rows: AsyncIterable<Record<string, unknown>>) {
        for await (const row of rows) {
          yield row;
          written++;
          if (written % EXPORT_JOB_PAGE !== 0) continue;
          await ctx.checkCancelled();
          await report();
        }
      }
      await ctx.putFile(
        'export',
        exportFilename(list.label, zone),
        sheetOf(list, paced(list.rows(ctx.caller, ctx.data, zone))),
      );
      if (listed > written)
        await ctx.progress(
          100,
          `已写入 ${counted(written)} 行：列表共 ${counted(listed)} 行，一次最多导出 ${counted(RESOURCE_EXPORT_MAX)} 行，请用筛选条件分批导出`,
        );
      else await report();
      return { rows: written, total: listed } satisfies ExportResult;
    },
  };
}

/** What a resource's export reads of its service (the block's, or a module's own list). */
type ExportingService<R extends Resource> = Pick<ResourceService<R>, 'list' | 'rows' | 'sheetRows'>;
type ExportInput<R extends Resource> = z.output<R['schemas']['exportQuery']>;

/**
 * A resource's list as it exports (ADR 0017 "An export imports again"): the import's columns then
 * the list's read-only ones, each item's cells as the import reads them back, the count the list's.
 */
export function resourceExport<R extends Resource>(
  resource: R,
  service: ExportingService<R>,
): ListExport<ExportInput<R>> {
  return {
    kind: resource.jobKinds.export,
    label: resource.label,
    columns: resource.exportColumns,
    // The list's own count under the same filters: its first page of the smallest size.
    count: async (caller, input) =>
      (await service.list(caller, { ...input, page: 1, page_size: 5 } as never)).paging.count,
    rows: (caller, input, zone) =>
      exportCells(resource, service.sheetRows(caller, service.rows(caller, input)), zone),
  };
}

/**
 * The resource's export as a kind of job (`resource.jobKinds.export`), for its module's `jobs`:
 * started by the resource's `exportJob` call (`serveResource`).
 */
export const exportJob = <R extends Resource>(resource: R, service: ExportingService<R>) =>
  listExportJob(resourceExport(resource, service));
