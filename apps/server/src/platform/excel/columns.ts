import type { SheetKind } from '@portal/contract';

/** A column of an Excel sheet: the field's key, and the Chinese label that is its header. */
export interface ExcelColumn {
  key: string;
  /** The header in the sheet (the field's Chinese label); headers are matched by it on import. */
  label: string;
  /** Width in characters (export and template). */
  width?: number;
  /** An import refuses a sheet whose headers lack it. */
  required?: boolean;
  /**
   * What the column holds (ADR 0017): a `text` or `code` column refuses a number cell that lost
   * or would lose digits (a `code` one every number cell, unless `pad`); a `day` or `time` column
   * reads 2026/11/24 as 2026-11-24; the writer formats each kind's cells (text as text, money
   * 0.00, days and times as dates). Without it, a cell is read and written as it is.
   */
  kind?: SheetKind;
  /** A code column whose number cell is read as its zero-padding number format shows it (00020013). */
  pad?: boolean;
}

/** Characters that make a spreadsheet read a cell as a formula (or that hide one: tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A string as it is written to a cell: one that a spreadsheet could run as a formula (`=`, `+`,
 * `-`, `@`, tab, CR first) is prefixed with `'` (OWASP's advice for CSV and spreadsheet injection).
 */
export const escapeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The reverse of escapeCell on import, so an exported sheet imports back to the same text. */
export const unescapeCell = (value: string) =>
  value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/** A header as typed by a user: spaces and a required-mark `*` do not count. */
export const headerKey = (text: string) => text.replace(/[\s\u3000]+/g, '').replace(/^\*+|\*+$/g, '');

/** The type of an .xlsx, for the Content-Type of a download. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the upload parser (ADR 0010) calls a file with no binary signature whose first bytes are text. */
export const TEXT_MIME = 'text/plain';

/**
 * What an import route declares in `upload.types` (ADR 0010 types a file by its first 4,100 bytes):
 * an .xlsx, or a zip (an .xlsx whose first entry is large — this piece's own exports among them —
 * shows there only as a zip); an OLE2 container (`.xls`, or an .xlsx with a password), which
 * `readWorkbook` refuses with a way forward instead of 文件类型不支持; and text (a CSV). `readWorkbook`
 * is the real check: it refuses a zip that is not a workbook and text that is no CSV.
 */
export const SHEET_UPLOAD_TYPES: readonly string[] = [
  XLSX_MIME,
  'application/zip',
  'application/x-cfb',
  TEXT_MIME,
];
