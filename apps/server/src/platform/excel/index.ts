/**
 * Excel import and export for any resource (ADR 0017): streamed .xlsx export with escaped cells,
 * the import template, a bounded streamed reader matched by Chinese headers, row validation with the
 * API's field schemas, and the file of refused rows. Nothing here knows HTTP.
 */
export { type ExcelColumn, escapeCell, XLSX_MIME, XLSX_UPLOAD_TYPES } from './columns.ts';
export { type ReadLimits, type ReadOptions, readWorkbook, type SheetRow } from './read.ts';
export { labelsOf, type ValidatedRows, validateRow, validateRows } from './validate.ts';
export {
  CHOICES_SHEET,
  errorWorkbook,
  type RefusedRow,
  templateWorkbook,
  toBuffer,
  writeWorkbook,
} from './write.ts';
