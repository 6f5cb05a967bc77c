/**
 * Excel import and export for any resource (ADR 0017): streamed .xlsx export with escaped cells,
 * the import template, a bounded streamed reader of .xlsx and CSV matched by Chinese headers, row
 * validation with the API's field schemas, and the file of refused rows. Nothing here knows HTTP.
 */
export { type ExcelColumn, escapeCell, SHEET_UPLOAD_TYPES, TEXT_MIME, XLSX_MIME } from './columns.ts';
export {
  ENCRYPTED_REFUSED,
  type ReadLimits,
  type ReadOptions,
  type ReadProgress,
  readWorkbook,
  type SheetRow,
  XLS_REFUSED,
} from './read.ts';
export { labelsOf, type ValidatedRows, validateRow, validateRows } from './validate.ts';
export {
  CHOICES_SHEET,
  errorWorkbook,
  type RefusedRow,
  templateWorkbook,
  toBuffer,
  writeWorkbook,
} from './write.ts';
