import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type ExcelColumn, escapeCell } from './columns.ts';

/** What a cell receives: strings escaped, numbers and dates as such, anything else as text. */
function cellValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return escapeCell(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  return escapeCell(String(value));
}

const rowOf = (columns: readonly ExcelColumn[], record: Record<string, unknown>) =>
  columns.map((c) => cellValue(record[c.key]));

/** A sheet name Excel accepts: at most 31 characters, none of \ / ? * [ ] :. */
const sheetNameOf = (name: string) =>
  name
    .replace(/[\\/?*[\]:]/g, ' ')
    .slice(0, 31)
    .trim() || '数据';

const widthOf = (c: ExcelColumn) => c.width ?? Math.min(40, Math.max(10, c.label.length * 2 + 4));

/**
 * Each kind's number format, on the whole column (so a cell typed in later has it too): text and
 * codes as text (「@」: what is typed stays as typed, 00020013 keeps its zeros), money with two
 * decimals, days and times as dates (a time at midnight keeps its clock, so it reads back whole).
 */
const FORMATS: Partial<Record<NonNullable<ExcelColumn['kind']>, string>> = {
  text: '@',
  code: '@',
  money: '0.00',
  day: 'yyyy-mm-dd',
  time: 'yyyy-mm-dd hh:mm:ss',
};

/** A column of ExcelJS's sheet: its key, width and, by its kind, its cells' number format. */
const sheetColumnOf = (c: ExcelColumn) => {
  const numFmt = c.kind && FORMATS[c.kind];
  return { key: c.key, width: widthOf(c), ...(numFmt ? { style: { numFmt } } : {}) };
};

/** How many rows are written between looks at the reader's pace. */
const PACE_EVERY = 100;
/** 64 kB blocks of sheet XML the writer lets wait for the zip (about 1 MB). */
const MAX_PENDING_BLOCKS = 16;
/** The part of ExcelJS's sheet writer the pace is read from (not in its types). */
interface SheetInternals {
  _stream?: { buffers?: unknown[] };
}

/**
 * An .xlsx of `rows` under the columns' Chinese labels, written as it is read: rows are taken from
 * the (async) iterable one at a time and written while the caller reads the returned stream, which
 * waits whenever the reader falls behind, so a large export never holds every row. A failure (of
 * the rows' source too) destroys the stream with that error.
 */
export function writeWorkbook(
  columns: readonly ExcelColumn[],
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  sheetName = '数据',
): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(sheetColumnOf);
    const header = sheet.addRow(columns.map((c) => c.label));
    header.font = { bold: true };
    header.commit();
    // ExcelJS buffers a sheet's XML in 64 kB blocks until the zip takes them, and the zip takes
    // them only as fast as `out` is read: every few rows the writer lets the zip work and waits
    // while blocks pile up (its StreamBuf's `buffers`) or `out` is full.
    const pending = () =>
      ((sheet as unknown as SheetInternals)._stream?.buffers?.length ?? 0) > MAX_PENDING_BLOCKS;
    let n = 0;
    for await (const record of rows) {
      addRow(sheet, columns, rowOf(columns, record)).commit();
      if (++n % PACE_EVERY === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        while (!out.destroyed && (out.writableNeedDrain || pending())) {
          // The reader is behind: wait for it; else the zip is still compressing: look again soon.
          if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
          else await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
      if (out.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * Adds a row; a date of a column without a date kind is shown as a date, with the time of day
 * when it has one (a day or time column's format is its own).
 */
function addRow(sheet: ExcelJS.Worksheet, columns: readonly ExcelColumn[], values: ExcelJS.CellValue[]) {
  const row = sheet.addRow(values);
  values.forEach((v, i) => {
    const kind = columns[i]?.kind;
    if (v instanceof Date && kind !== 'day' && kind !== 'time') {
      row.getCell(i + 1).numFmt = v.getTime() % 86_400_000 === 0 ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
    }
  });
  return row;
}

/** Reads a stream whole (a template, an error file, a test's export). */
export async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The name of the template's sheet of allowed values. */
export const CHOICES_SHEET = '可选值';
/** Rows of the template that offer the drop-down of allowed values. */
const TEMPLATE_ROWS = 5000;

/**
 * The import template: the header row (Chinese labels, required ones marked with `*` — the import
 * ignores the mark), one example row, each column formatted by its kind (text columns as text, so
 * a code typed as 00020013 keeps its zeros), and for columns that pick from a list a hidden second
 * sheet 「可选值」 with the allowed values, which the first sheet's cells offer as a drop-down.
 */
export async function templateWorkbook(
  columns: readonly ExcelColumn[],
  example: Record<string, unknown>,
  choices: Record<string, readonly string[]> = {},
  sheetName = '导入模板',
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(sheetColumnOf);
  const header = sheet.addRow(columns.map((c) => (c.required ? `${c.label}*` : c.label)));
  header.font = { bold: true };
  addRow(sheet, columns, rowOf(columns, example));
  const picked = columns.filter((c) => choices[c.key]?.length);
  if (picked.length) {
    // Hidden: the drop-downs read it, a user fills the first sheet (and the import reads that one).
    const list = workbook.addWorksheet(CHOICES_SHEET, { state: 'hidden' });
    picked.forEach((c, i) => {
      const values = choices[c.key] ?? [];
      const col = list.getColumn(i + 1);
      col.width = widthOf(c);
      col.values = [c.label, ...values.map(escapeCell)];
      list.getRow(1).getCell(i + 1).font = { bold: true };
      const letter = col.letter;
      const target = sheet.getColumn(columns.indexOf(c) + 1).letter;
      (
        sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
      ).dataValidations.add(`${target}2:${target}${TEMPLATE_ROWS}`, {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`'${CHOICES_SHEET}'!$${letter}$2:$${letter}$${values.length + 1}`],
        showErrorMessage: true,
        errorTitle: c.label,
        error: `请从「${CHOICES_SHEET}」表中选择${c.label}`,
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A row an import refused: its values as read and a message per column label. */
export interface RefusedRow {
  rowNumber: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * The refused rows' file: 原行号, the columns, and last 错误原因 (every message of the row); the rows
 * may come from an async source (an import job's staged rows, read a page at a time).
 */
export function errorWorkbook(
  columns: readonly ExcelColumn[],
  invalid: Iterable<RefusedRow> | AsyncIterable<RefusedRow>,
  sheetName = '错误数据',
) {
  const withReason: ExcelColumn[] = [
    { key: '__row', label: '原行号', width: 8 },
    ...columns,
    { key: '__reason', label: '错误原因', width: 60 },
  ];
  async function* rows() {
    for await (const row of invalid) {
      const reason = Object.entries(row.errors)
        .map(([label, message]) => (message.includes(label) ? message : `${label}：${message}`))
        .join('；');
      yield { ...row.values, __row: row.rowNumber, __reason: reason };
    }
  }
  return writeWorkbook(withReason, rows(), sheetName);
}
