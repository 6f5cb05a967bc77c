import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { AppError } from '#server/platform/core/errors.ts';
import { type ExcelColumn, headerKey, unescapeCell } from './columns.ts';
import { type ZipEntry, zipEntries, zipEntryStream, zipEntryText } from './zip.ts';

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
}

/** One data row: its number in the sheet (as Excel shows it) and its cells by column key. */
export interface SheetRow {
  rowNumber: number;
  /** Column key → the cell as text; empty cells are absent. */
  values: Record<string, string>;
}

const notWorkbook = () => new AppError('PARAM_ERROR', '文件不是有效的Excel工作簿（.xlsx），请使用下载的模板');
const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

/**
 * A copy of a string that holds only its own characters: a parser's text can be a slice of the
 * chunk it parsed, and V8 keeps the whole 64 kB chunk alive for each slice of 13 or more characters
 * (50,000 kept rows: 34 MB of heap with the copies, 49 MB without).
 */
const own = (s: string) => (s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8'));

/** A number as Excel shows it (15 significant digits: 0.1+0.2 is 0.3). */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/** A date cell: 2026-11-24, or 2026-11-24 08:30:00 when it has a time of day (Excel's clock, no zone). */
function isoDate(d: Date) {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
  value?: string;
}

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

function parseRef(ref: string) {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  return m ? { col: columnNumber(m[1] as string), row: Number(m[2]) } : undefined;
}

const MAX_MERGES = 10_000;
/** Excel's own limit of characters in a cell: a longer text is no spreadsheet's (and no field's). */
const MAX_CELL_CHARS = 32_767;
const cellTooLong = () => tooLarge(`单元格内容不能超过${MAX_CELL_CHARS}个字符`);

/** The sheet's merged ranges (listed after its rows, so found by a quick scan before they are read). */
async function mergesOf(file: string, entry: ZipEntry, maxBytes: number): Promise<Merge[]> {
  const merges: Merge[] = [];
  let carry = '';
  const pattern = /<(?:\w+:)?mergeCell\s+ref="([A-Z$]+\d+):([A-Z$]+\d+)"/g;
  for await (const chunk of await zipEntryStream(file, entry, maxBytes)) {
    const text = carry + (chunk as Buffer).toString('latin1');
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      const a = parseRef((m[1] as string).replaceAll('$', ''));
      const b = parseRef((m[2] as string).replaceAll('$', ''));
      if (a && b) merges.push({ top: a.row, left: a.col, bottom: b.row, right: b.col });
      last = (m.index ?? 0) + m[0].length;
      if (merges.length > MAX_MERGES) throw tooLarge(`合并单元格超过${MAX_MERGES}处`);
    }
    carry = text.slice(Math.max(last, text.length - 200));
  }
  return merges;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const decodeXml = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? '',
  );

/** The first visible sheet: its name and its part in the zip (from workbook.xml and its relationships). */
async function firstVisibleSheet(file: string, entries: ZipEntry[]) {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const book = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!book || !rels) throw notWorkbook();
  const bookXml = await zipEntryText(file, book, 4 * 1024 * 1024);
  const relsXml = await zipEntryText(file, rels, 4 * 1024 * 1024);
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attr(m[0], 'Id');
    const target = attr(m[0], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  for (const m of bookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const state = attr(m[0], 'state');
    if (state === 'hidden' || state === 'veryHidden') continue;
    const rid = /\sr:id="([^"]*)"|\s\w+:id="([^"]*)"/.exec(m[0]);
    const part = targets.get(rid?.[1] ?? rid?.[2] ?? '');
    const entry = part ? byName.get(part) : undefined;
    if (!entry) throw notWorkbook();
    const partOf = (type: string, fallback: string) => {
      const rel = [...relsXml.matchAll(/<Relationship\b[^>]*>/g)].find((r) =>
        attr(r[0], 'Type')?.endsWith(`/${type}`),
      );
      const t = rel && attr(rel[0], 'Target');
      return byName.get(t ? (t.startsWith('/') ? t.slice(1) : `xl/${t}`) : fallback);
    };
    return {
      name: decodeXml(attr(m[0], 'name') ?? ''),
      entry,
      sharedStrings: partOf('sharedStrings', 'xl/sharedStrings.xml'),
      styles: partOf('styles', 'xl/styles.xml'),
      date1904: /<(?:\w+:)?workbookPr\b[^>]*\sdate1904="(1|true)"/.test(bookXml),
    };
  }
  throw new AppError('PARAM_ERROR', '工作簿中没有可见的工作表');
}

/** What the workbook's own parts say about reading its cells. */
interface BookParts {
  sharedStrings: string[];
  /** Style indexes (the `s` of a cell) whose number format is a date. */
  dateStyles: Set<number>;
  date1904: boolean;
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30), and the ids some locales add. */
const BUILTIN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
/** A custom format is a date when, outside quotes, brackets and escapes, it has y, m, d, h or s. */
const isDateFormat = (code: string) =>
  /[ymdhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, '').replace(/General/gi, ''));

async function dateStylesOf(file: string, entry: ZipEntry | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!entry) return dates;
  const xml = await zipEntryText(file, entry, 16 * 1024 * 1024);
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId'));
    custom.set(id, decodeXml(attr(m[0], 'formatCode') ?? ''));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  let index = 0;
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code === undefined ? BUILTIN_DATES.has(id) : isDateFormat(code)) dates.add(index);
    index++;
  }
  return dates;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** OOXML's escape of characters XML cannot hold: _x000D_ for CR. */
const unescapeOoxml = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;

/** Feeds an entry's XML to a SAX parser, handing out what `take` collected after each chunk. */
async function* parseEntry<T>(
  file: string,
  entry: ZipEntry,
  maxBytes: number,
  setup: (parser: SaxesParser, out: T[]) => void,
): AsyncGenerator<T[]> {
  const parser = new SaxesParser();
  const out: T[] = [];
  setup(parser, out);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of await zipEntryStream(file, entry, maxBytes)) {
    parser.write(decoder.write(chunk as Buffer));
    if (out.length) yield out.splice(0);
  }
  parser.write(decoder.end());
  parser.close();
  if (out.length) yield out.splice(0);
}

async function sharedStringsOf(
  file: string,
  entry: ZipEntry | undefined,
  maxBytes: number,
  maxCells: number,
) {
  const strings: string[] = [];
  if (!entry) return strings;
  let text: string[] | undefined;
  let inPhonetic = false;
  let inT = false;
  let length = 0;
  for await (const batch of parseEntry<string>(file, entry, maxBytes, (parser, out) => {
    parser.on('opentag', (node) => {
      const name = localName(node.name);
      if (name === 'si') {
        text = [];
        length = 0;
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inT = !inPhonetic;
    });
    parser.on('text', (t) => {
      if (!inT || !text) return;
      text.push(t);
      length += t.length;
      if (length > MAX_CELL_CHARS) throw cellTooLong();
    });
    parser.on('closetag', (node) => {
      const name = localName(node.name);
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        out.push(own(unescapeOoxml((text ?? []).join(''))));
        text = undefined;
      }
    });
  })) {
    for (const s of batch) strings.push(s);
    if (strings.length > maxCells) throw tooLarge(`表格的单元格不能超过${maxCells}个`);
  }
  return strings;
}

/** Excel's serial day number (1900 or 1904 based) as an ISO date, with the time when it has one. */
function serialDate(serial: number, date1904: boolean) {
  const days = date1904 ? serial + 1462 : serial;
  // 25569 = 1970-01-01; serials before 1900-03-01 carry Lotus's phantom 1900-02-29.
  const ms = Math.round((((days < 61 ? days + 1 : days) - 25569) * 86_400_000) / 1000) * 1000;
  return isoDate(new Date(ms));
}

interface RawRow {
  number: number;
  cells: Map<number, string>;
}

/** The sheet's rows as text cells, streamed. */
function sheetRows(
  file: string,
  entry: ZipEntry,
  parts: BookParts,
  limits: { maxBytes: number; maxColumns: number },
) {
  let row: RawRow | undefined;
  let lastRow = 0;
  let lastCol = 0;
  let cell: { col: number; t: string; s: number; v: string[]; inline: string[] } | undefined;
  let into: string[] | undefined;
  return parseEntry<RawRow>(file, entry, limits.maxBytes, (parser, out) => {
    parser.on('opentag', (node) => {
      const name = localName(node.name);
      const a = node.attributes as Record<string, string>;
      if (name === 'row') {
        lastRow = a.r ? Number(a.r) : lastRow + 1;
        lastCol = 0;
        row = { number: lastRow, cells: new Map() };
      } else if (name === 'c' && row) {
        const ref = a.r ? parseRef(a.r) : undefined;
        lastCol = ref ? ref.col : lastCol + 1;
        if (lastCol > limits.maxColumns) throw tooLarge(`表格不能超过${limits.maxColumns}列`);
        cell = { col: lastCol, t: a.t ?? 'n', s: Number(a.s ?? 0), v: [], inline: [] };
      } else if (cell && name === 'v') into = cell.v;
      else if (cell && name === 't') into = cell.inline;
      else if (name === 'rPh') into = undefined;
    });
    parser.on('text', (t) => {
      if (!into) return;
      into.push(t);
      if (into.length > 1 && into.reduce((n, x) => n + x.length, 0) > MAX_CELL_CHARS) throw cellTooLong();
      if (t.length > MAX_CELL_CHARS) throw cellTooLong();
    });
    parser.on('closetag', (node) => {
      const name = localName(node.name);
      if (name === 'v' || name === 't') into = undefined;
      else if (name === 'c' && cell && row) {
        const text = cellValueText(cell, parts);
        if (text) row.cells.set(cell.col, text);
        cell = undefined;
      } else if (name === 'row' && row) {
        out.push(row);
        row = undefined;
      }
    });
  });
}

function cellValueText(
  cell: { t: string; s: number; v: string[]; inline: string[] },
  parts: BookParts,
): string {
  const v = cell.v.join('');
  switch (cell.t) {
    case 's':
      return unescapeCell(parts.sharedStrings[Number(v)] ?? '').trim();
    case 'inlineStr':
      return own(unescapeCell(unescapeOoxml(cell.inline.join(''))).trim());
    case 'str':
      return own(unescapeCell(unescapeOoxml(v)).trim());
    case 'b':
      return v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : '';
    case 'e':
      return v;
    case 'd':
      return v.endsWith('T00:00:00') || v.endsWith('T00:00:00Z')
        ? v.slice(0, 10)
        : v.replace('T', ' ').slice(0, 19);
    default: {
      if (v.trim() === '') return '';
      const n = Number(v);
      if (!Number.isFinite(n)) return '';
      return parts.dateStyles.has(cell.s) ? serialDate(n, parts.date1904) : numberText(n);
    }
  }
}

/**
 * The data rows of an uploaded .xlsx, read as a stream and matched to the declared columns by the
 * header row (the first non-empty row; headers compared without spaces or a `*`, by label or key;
 * other columns ignored). Reads the first visible sheet; a formula gives its cached value and is
 * never evaluated; merged cells read as their top-left cell; hidden rows are read like the others;
 * empty rows are skipped; dates come as ISO dates. Refuses, before the first row, a file that is not
 * a workbook or lacks a required column, and, when it gets there, one over the limits (10001 /
 * 10007 with a Chinese message).
 */
export async function* readWorkbook(file: string, options: ReadOptions): AsyncGenerator<SheetRow> {
  const { columns, maxRows, maxCells, maxColumns } = options;
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const maxUnpacked = options.maxUnpackedBytes ?? Math.min(1024 ** 3, maxBytes * 30);
  const { size } = await fs.promises.stat(file);
  if (size > maxBytes) throw tooLarge(`文件不能超过${formatBytes(maxBytes)}`);
  const entries = await zipEntries(file);
  if (!entries || entries.some((e) => e.encrypted)) throw notWorkbook();
  const unpacked = entries.reduce((n, e) => n + e.uncompressedSize, 0);
  if (unpacked > maxUnpacked) throw tooLarge('文件解压后过大，请拆分后再导入');

  let header: Map<number, string> | undefined;
  let rows = 0;
  let cells = 0;
  try {
    const target = await firstVisibleSheet(file, entries);
    const merges = await mergesOf(file, target.entry, maxUnpacked);
    const parts: BookParts = {
      sharedStrings: await sharedStringsOf(file, target.sharedStrings, maxUnpacked, maxCells),
      dateStyles: await dateStylesOf(file, target.styles),
      date1904: target.date1904,
    };
    for await (const batch of sheetRows(file, target.entry, parts, { maxBytes: maxUnpacked, maxColumns })) {
      for (const { number, cells: texts } of batch) {
        for (const m of merges) {
          if (number < m.top || number > m.bottom) continue;
          if (number === m.top) m.value = texts.get(m.left);
          for (let col = m.left; col <= m.right; col++) {
            if (m.value === undefined) texts.delete(col);
            else texts.set(col, m.value);
          }
        }
        if (!texts.size) continue;
        cells += texts.size;
        if (cells > maxCells) throw tooLarge(`表格的单元格不能超过${maxCells}个`);
        if (!header) {
          header = matchHeader(texts, columns);
          continue;
        }
        const out: Record<string, string> = {};
        let any = false;
        for (const [col, key] of header) {
          const text = texts.get(col);
          if (text !== undefined) {
            out[key] = text;
            any = true;
          }
        }
        if (!any) continue;
        if (++rows > maxRows) throw tooLarge(`表格不能超过${maxRows}行数据`);
        yield { rowNumber: number, values: out };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notWorkbook();
  }
  if (!header) throw new AppError('PARAM_ERROR', '表格是空的：第一行应是列名');
}

/** Column number → key, from the header row; refuses when a required column is missing. */
function matchHeader(texts: Map<number, string>, columns: readonly ExcelColumn[]) {
  const byHeader = new Map<string, ExcelColumn>();
  for (const c of columns) {
    byHeader.set(headerKey(c.key), c);
  }
  for (const c of columns) byHeader.set(headerKey(c.label), c);
  const header = new Map<number, string>();
  const seen = new Set<string>();
  for (const [col, text] of texts) {
    const c = byHeader.get(headerKey(text));
    if (!c || seen.has(c.key)) continue;
    seen.add(c.key);
    header.set(col, c.key);
  }
  const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => `「${c.label}」`);
  if (missing.length)
    throw new AppError('PARAM_ERROR', `表头缺少必填列${missing.join('、')}，请使用下载的模板`);
  return header;
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;
