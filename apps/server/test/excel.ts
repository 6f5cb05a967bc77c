import type { ImportResult, Job } from '@portal/contract';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/** The content type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx of one sheet `title`: `headers`, then `rows` (written by ExcelJS, as a spreadsheet saves it). */
export async function xlsx(title: string, headers: readonly unknown[], rows: readonly unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An .xlsx read back: the workbook, and its first sheet's rows (each from its column A on). */
export async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { wb, rows };
}

/** The header row of the template an import call answers at `${url}/template`, as the holder of `headers`. */
export async function templateHeaders(h: Harness, url: string, headers: Record<string, string>) {
  const template = await h.app.inject({ method: 'GET', url: `${url}/template`, headers });
  expect(template.statusCode).toBe(200);
  return (await readXlsx(template.rawPayload)).rows[0] as string[];
}

/** Posts an .xlsx to an import call in `mode` (preview, valid, all) as the holder of `headers`: the response (the job). */
export const sendImport = (
  h: Harness,
  url: string,
  mode: string,
  content: Buffer,
  headers: Record<string, string>,
  name = 'a.xlsx',
) => h.multipart(url, { mode }, { name, content, type: XLSX_TYPE }, headers);

/**
 * An import as the browser runs it: the call (a refusal answered as it is: `{c, m}`), then its job
 * followed to its end: `{c: 0, job, d: job.result, m: job.error}` — `d` the `ImportResult` of a job
 * done, `m` the reason of a failed one.
 */
export async function runImport(
  h: Harness,
  url: string,
  mode: string,
  content: Buffer,
  headers: Record<string, string>,
  name = 'a.xlsx',
): Promise<{ c: number; m: string; d: ImportResult; job: Job | undefined }> {
  const started = (await sendImport(h, url, mode, content, headers, name)).json();
  if (started.c !== 0) return { ...started, job: undefined };
  const job = await h.jobEnded((started.d as Job).id, headers);
  return { c: 0, job, d: job.result as ImportResult, m: job.error };
}

/** A file a job made (`refused`: an import's refused rows), downloaded as its starter: the response. */
export const jobFile = (h: Harness, job: Job, name: string, headers: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: `/api/job/file?id=${job.id}&name=${name}`, headers });
