/**
 * The resource block's limits and the import's modes, in a file without zod (a page that reads one
 * loads no schema); the declarations are in resource.ts, which re-exports these.
 */

/** Most rows one picker (`select`) answers. */
export const RESOURCE_SELECT_MAX = 50;
/** Most ids one batch action takes. */
export const RESOURCE_BATCH_MAX = 200;
/** Most rows one export writes (narrow the list with its filters for more). */
export const RESOURCE_EXPORT_MAX = 50_000;
/**
 * Most rows an export downloads at once (the GET `export`); a longer list is exported as a job
 * (`exportJob`: progress, cancel, the file to download when done; ADR 0037), which the list page's
 * 导出 starts by itself when the list's count is above this.
 */
export const RESOURCE_EXPORT_DIRECT_MAX = 5_000;
/** The kind of a list's export job (job.ts): `export:` and the GET export's path. */
export const exportJobKind = (exportPath: string) => `export:${exportPath}`;

/** The largest .xlsx an import takes (the upload's limit; the browser checks it first). */
export const RESOURCE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most data rows one import reads. */
export const RESOURCE_IMPORT_MAX_ROWS = 50_000;
/** Most rows of each kind (refused, valid) a preview lists; the counts cover every row. */
export const RESOURCE_IMPORT_PREVIEW_ROWS = 1000;

/**
 * What an import job does with the file (it keeps the upload as its input, ADR 0037): `preview`
 * checks every row and saves nothing; `all` saves every row or, if any is refused, none; `valid`
 * saves the rows that pass. Each answers the job; the refused rows (原行号 … 错误原因) are the
 * job's file `refused`.
 */
export const IMPORT_MODES = {
  preview: '预览',
  all: '全部导入',
  valid: '仅导入有效行',
} as const;
export type ImportMode = keyof typeof IMPORT_MODES;

/**
 * What a sheet's column holds, from the declared column's kind (ADR 0017): how its cells are read
 * (a text or code column refuses a number cell that lost or would lose digits; a day or time column
 * takes 2026/11/24 as 2026-11-24) and written (money in yuan, days and times as date cells, words).
 */
export type SheetKind = 'text' | 'code' | 'number' | 'money' | 'day' | 'time' | 'choice';

/** A column of the import sheet (the server reads by it, the web shows the preview by it). */
export interface ImportColumn {
  key: string;
  label: string;
  required: boolean;
  kind: SheetKind;
  /** A code column whose number cell is read as its number format shows it (00020013), not refused. */
  pad?: boolean;
}
