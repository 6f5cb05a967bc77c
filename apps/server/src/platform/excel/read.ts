import fs from 'node:fs';
import { AppError } from '#server/platform/core/errors.ts';
import { csvRows } from './csv-rows.ts';
import { notWorkbook, type RawRow, type ReadOptions, type SheetRow, sheetOf, tooLarge } from './sheet.ts';
import { xlsxRows } from './xlsx-rows.ts';
import { zipEntries } from './zip.ts';

export type { ReadLimits, ReadOptions, ReadProgress, SheetRow } from './sheet.ts';

/** What an Excel 97–2003 workbook (BIFF in an OLE2 container) is answered: the way forward (ADR 0017). */
export const XLS_REFUSED = '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新上传';
/** An .xlsx saved with a password is an OLE2 container too, holding the encrypted workbook. */
export const ENCRYPTED_REFUSED = '文件设置了打开密码，请在 Excel 中取消密码后重新上传';

/** An OLE2 compound file's signature (.xls, .doc, and an encrypted .xlsx). */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted OOXML file keeps its package in, as its OLE2 directory names it (UTF-16LE). */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const SNIFF = 4096;

/** What a file is by its bytes (never its name): an .xlsx (a zip), an OLE2 container, text, or neither. */
async function kindOf(file: string, size: number) {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, SNIFF));
    await handle.read(head, 0, head.length, 0);
    if (head.subarray(0, 2).toString('latin1') === 'PK') return 'zip';
    if (head.subarray(0, 8).equals(OLE2)) {
      // The directory that names the streams may be anywhere: the whole (bounded) file is looked at.
      const whole = await fs.promises.readFile(file);
      return whole.includes(ENCRYPTED_PACKAGE) ? 'encrypted' : 'ole2';
    }
    if (head.includes(0)) return 'binary';
    // An HTML or XML table saved with an .xls name (what some systems export) is no CSV.
    const start = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start.startsWith('<') ? 'binary' : 'text';
  } finally {
    await handle.close();
  }
}

/**
 * The data rows of an uploaded sheet, read as a stream and matched to the declared columns by the
 * header row (the first non-empty row; headers compared without spaces or a `*`, by label or key;
 * other columns ignored). Takes an .xlsx (its first visible sheet; a formula gives its cached value
 * and is never evaluated; merged cells read as their top-left cell; hidden rows are read like the
 * others; dates come as ISO dates) or a CSV (UTF-8 or GBK/GB18030, detected), told apart by their
 * bytes; refuses an .xls with the way forward. Empty rows are skipped; each cell is read as its
 * column reads it (sheet.ts). Refuses, before the first row, a file that is not a workbook, whose
 * declared size or dimension is over the limits or whose header lacks a required column; and, when
 * it gets there, one over the limits (10001 / 10007 with a Chinese message).
 */
export async function* readWorkbook(file: string, options: ReadOptions): AsyncGenerator<SheetRow> {
  const { maxRows, maxCells, maxColumns } = options;
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const maxUnpacked = options.maxUnpackedBytes ?? Math.min(1024 ** 3, maxBytes * 30);
  const { size } = await fs.promises.stat(file);
  if (size > maxBytes) throw tooLarge(`文件不能超过${formatBytes(maxBytes)}`);
  const kind = await kindOf(file, size);
  if (kind === 'ole2') throw new AppError('PARAM_ERROR', XLS_REFUSED);
  if (kind === 'encrypted') throw new AppError('PARAM_ERROR', ENCRYPTED_REFUSED);
  if (kind === 'binary') throw notWorkbook();
  let rows: AsyncIterable<RawRow[]>;
  if (kind === 'text') {
    if (options.progress) options.progress.total = size;
    rows = csvRows(file, { maxColumns }, options.progress);
  } else {
    const entries = await zipEntries(file);
    if (!entries || entries.some((e) => e.encrypted)) throw notWorkbook();
    // Each part's size as the zip declares it, before anything is inflated (inflating stops there).
    const unpacked = entries.reduce((n, e) => n + e.uncompressedSize, 0);
    if (unpacked > maxUnpacked) throw tooLarge('文件解压后过大，请拆分后再导入');
    rows = xlsxRows(file, entries, { maxRows, maxColumns, maxCells, maxUnpacked }, options.progress);
  }
  try {
    yield* sheetOf(rows, options);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;
