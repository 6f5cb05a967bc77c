import { AppError } from '#server/platform/core/errors.ts';
import { type ExcelColumn, headerKey } from './columns.ts';

/**
 * What an .xlsx and a CSV share once their cells are read (ADR 0017): the header row matched to the
 * declared columns (a banner above it named as such), the sheet's limits, and each cell as its
 * column reads it — a number cell in a text column refused or padded, a date typed as text made ISO.
 */

/** Bounds of one import (the upload's byte limit is the route's; these bound what it unpacks to). */
export interface ReadLimits {
  /** Data rows (not counting the header and empty rows). */
  maxRows: number;
  /** Non-empty cells of the sheet, header included. */
  maxCells: number;
  /** The rightmost column any cell may be in. */
  maxColumns: number;
  /** The file's size (default 20 MB). */
  maxBytes?: number;
  /** What the file's parts unpack to, all together (default 30 × maxBytes, at most 1 GB). */
  maxUnpackedBytes?: number;
}

export interface ReadOptions extends ReadLimits {
  /** The declared columns; the sheet's headers are matched to them by label (or key). */
  columns: readonly ExcelColumn[];
  /** Kept up to date with how much of the file the reader has taken in (`ReadProgress`). */
  progress?: ReadProgress;
}

/**
 * How far a reader is through a file, in bytes of the rows as stored: a CSV's bytes, an .xlsx
 * sheet part's unpacked bytes (its size as the zip declares it). `read / total` is the share read,
 * whatever the number of rows; `total` is 0 until the reader knows it.
 */
export interface ReadProgress {
  read: number;
  total: number;
}

/** One data row: its number in the sheet (as Excel shows it) and its cells by column key. */
export interface SheetRow {
  rowNumber: number;
  /** Column key → the cell as text; empty cells are absent. */
  values: Record<string, string>;
  /** Column key → why its cell is refused as read (a number cell that lost its zeros). */
  errors?: Record<string, string>;
}

/** A number cell of an .xlsx (not a date): its value and its number format's code. */
export interface NumberCell {
  value: number;
  format: string;
}

/** One row as a reader found it: its number, its non-empty cells by column (1 = A). */
export interface RawRow {
  number: number;
  cells: Map<number, string>;
  /** The number cells among them (an .xlsx's; a CSV has none). */
  numbers?: Map<number, NumberCell>;
}

/** Excel's own limit of characters in a cell: a longer text is no spreadsheet's (and no field's). */
export const MAX_CELL_CHARS = 32_767;
export const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const cellTooLong = () => tooLarge(`单元格内容不能超过${MAX_CELL_CHARS}个字符`);
export const notWorkbook = () =>
  new AppError('PARAM_ERROR', '文件不是有效的Excel工作簿（.xlsx），请使用下载的模板');

/**
 * A copy of a string that holds only its own characters: a parser's text can be a slice of the
 * chunk it parsed, and V8 keeps the whole 64 kB chunk alive for each slice of 13 or more characters
 * (50,000 kept rows: 34 MB of heap with the copies, 49 MB without).
 */
export const own = (s: string) => (s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8'));

/** Non-empty rows after a first row that lacks columns, looked at for the real header (a banner above it). */
const BANNER_ROWS = 4;
/** Characters of a banner's text its refusal quotes. */
const BANNER_QUOTED = 20;

/** Column number → key, from a header row, and the required columns it lacks. */
function matchHeader(texts: Map<number, string>, columns: readonly ExcelColumn[]) {
  const byHeader = new Map<string, ExcelColumn>();
  for (const c of columns) byHeader.set(headerKey(c.key), c);
  for (const c of columns) byHeader.set(headerKey(c.label), c);
  const header = new Map<number, ExcelColumn>();
  const seen = new Set<string>();
  for (const [col, text] of texts) {
    const c = byHeader.get(headerKey(text));
    if (!c || seen.has(c.key)) continue;
    seen.add(c.key);
    header.set(col, c);
  }
  const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => `「${c.label}」`);
  return { header, missing };
}

const missingColumns = (missing: string[]) =>
  new AppError('PARAM_ERROR', `表头缺少必填列${missing.join('、')}，请使用下载的模板`);

function bannerRow(row: RawRow) {
  const text = [...row.cells.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, t]) => t)
    .join(' ');
  const quoted = text.length > BANNER_QUOTED ? `${text.slice(0, BANNER_QUOTED)}…` : text;
  return new AppError(
    'PARAM_ERROR',
    `表头须在第 1 行：第 ${row.number} 行「${quoted}」像是标题行，请删除表头上方的行后重新导入`,
  );
}

/** The literal text of a number format's part: "元" and \- as they show. */
const literal = (s: string) =>
  s.replace(/"([^"]*)"|\\(.)/g, (_, quoted?: string, escaped?: string) => quoted ?? escaped ?? '');

/**
 * What a zero-padding number format (00000000, "SP"0000) shows of a whole number — the digits
 * padded, with the format's literal text — or undefined for any other format.
 */
export function shownByPadding(format: string, value: number): string | undefined {
  const first = (format.split(';')[0] ?? '').replace(/\[[^\]]*\]/g, '');
  const m = /^((?:"[^"]*"|\\.)*)(0+)((?:"[^"]*"|\\.)*)$/.exec(first);
  if (!m || !Number.isInteger(value) || value < 0) return undefined;
  return literal(m[1] ?? '') + String(value).padStart((m[2] as string).length, '0') + literal(m[3] ?? '');
}

/** Excel keeps 15 significant digits: a whole number from 10^15 on has lost its last ones. */
const LOSSLESS = 1e15;

/**
 * A number cell in a text or code column: its text, or why it is refused. Excel drops a number's
 * leading zeros when it is typed (00020013 is kept as 20013) and keeps only 15 digits (an 18-digit
 * 身份证号 loses its last three), so such a cell is refused with its row — unless the column pads
 * (`pad`) and the cell's zero-padding format shows the code (20013 under 00000000: 00020013). A
 * code column refuses every other number cell too (its zeros may have gone when it was typed).
 */
function numberCellText(
  column: ExcelColumn,
  cell: NumberCell,
  text: string,
): { text: string } | { error: string } {
  if (column.kind !== 'text' && column.kind !== 'code') return { text };
  const zeros = {
    error: `「${column.label}」是数字单元格（${text}），会丢失开头的 0：请把该列设为文本格式后重新填写`,
  };
  const shown = shownByPadding(cell.format, cell.value);
  if (shown !== undefined && shown !== text) return column.pad ? { text: shown } : zeros;
  if (Number.isInteger(cell.value) && Math.abs(cell.value) >= LOSSLESS)
    return {
      error: `「${column.label}」是数字单元格（${text}），Excel 只保留数字的前 15 位：请把该列设为文本格式后重新填写`,
    };
  if (column.kind === 'code' && !column.pad) return zeros;
  return { text };
}

const DATE_TEXT = /^(\d{4})[/.年-](\d{1,2})[/.月-](\d{1,2})日?(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const two = (s: string | undefined) => (s ?? '0').padStart(2, '0');

/**
 * A day or time typed as text the way a spreadsheet shows it (2026/11/24, 2026年11月24日,
 * 2026/11/24 8:30 — what Excel writes into a CSV) as the fields read it: 2026-11-24, or
 * 2026-11-24 08:30:00 in a time column (a day alone there is its midnight). Anything else as it is.
 */
export function dateText(kind: ExcelColumn['kind'], text: string) {
  if (kind !== 'day' && kind !== 'time') return text;
  const m = DATE_TEXT.exec(text);
  if (!m) return text;
  const day = `${m[1]}-${two(m[2])}-${two(m[3])}`;
  const clock = `${two(m[4])}:${m[5] ?? '00'}:${two(m[6])}`;
  if (kind === 'time') return `${day} ${clock}`;
  return clock === '00:00:00' ? day : text;
}

/**
 * The data rows of a sheet's raw rows, matched to the declared columns by the header row (the
 * first non-empty row; headers compared without spaces or a `*`, by label or key; other columns
 * ignored), empty rows skipped, each cell as its column reads it. Refuses (10001 / 10007, Chinese)
 * a header that lacks a required column — naming a banner row above the header as such — no
 * header at all, and more rows or cells than allowed.
 */
export async function* sheetOf(
  rows: AsyncIterable<RawRow[]>,
  options: ReadOptions,
): AsyncGenerator<SheetRow> {
  const { columns, maxRows, maxCells } = options;
  let header: Map<number, ExcelColumn> | undefined;
  let first: { row: RawRow; missing: string[]; matched: number } | undefined;
  let looked = 0;
  let count = 0;
  let cells = 0;
  for await (const batch of rows) {
    for (const raw of batch) {
      if (!raw.cells.size) continue;
      cells += raw.cells.size;
      if (cells > maxCells) throw tooLarge(`表格的单元格不能超过${maxCells}个`);
      if (!header) {
        const found = matchHeader(raw.cells, columns);
        const complete = found.missing.length === 0 && found.header.size > 0;
        if (!first) {
          if (complete) header = found.header;
          else first = { row: raw, missing: found.missing, matched: found.header.size };
          continue;
        }
        // The first row lacks columns: a row below it that has them is the header under a banner.
        if (complete && found.header.size > first.matched) throw bannerRow(first.row);
        if (++looked < BANNER_ROWS) continue;
        if (first.missing.length) throw missingColumns(first.missing);
        // No required column and none recognised: the first row is the header, as it always was.
        header = matchHeader(first.row.cells, columns).header;
        first = undefined;
      }
      const out: Record<string, string> = {};
      let errors: Record<string, string> | undefined;
      let any = false;
      for (const [col, column] of header) {
        let text = raw.cells.get(col);
        if (text === undefined) continue;
        any = true;
        const number = raw.numbers?.get(col);
        if (number) {
          const read = numberCellText(column, number, text);
          if ('error' in read) {
            errors ??= {};
            errors[column.key] = read.error;
          } else text = read.text;
        }
        out[column.key] = dateText(column.kind, text);
      }
      if (!any) continue;
      if (++count > maxRows) throw tooLarge(`表格不能超过${maxRows}行数据`);
      yield errors ? { rowNumber: raw.number, values: out, errors } : { rowNumber: raw.number, values: out };
    }
  }
  if (!header && first?.missing.length) throw missingColumns(first.missing);
  if (!header && !first) throw new AppError('PARAM_ERROR', '表格是空的：第一行应是列名');
}
