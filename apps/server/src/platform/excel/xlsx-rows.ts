import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { AppError } from '#server/platform/core/errors.ts';
import { unescapeCell } from './columns.ts';
import {
  cellTooLong,
  MAX_CELL_CHARS,
  type NumberCell,
  notWorkbook,
  own,
  type RawRow,
  type ReadProgress,
  tooLarge,
} from './sheet.ts';
import { type ZipEntry, zipEntryStream, zipEntryText } from './zip.ts';

/** The bounds the .xlsx reader keeps while it parses (the rows' and cells' are the sheet's, sheet.ts). */
export interface XlsxBounds {
  maxRows: number;
  maxColumns: number;
  maxCells: number;
  /** What one part may unpack to (the zip's declared sizes were checked against it before). */
  maxUnpacked: number;
}

/** A number as Excel shows it (15 significant digits: 0.1+0.2 is 0.3). */
export const numberText = (n: number) => String(Number(n.toPrecision(15)));

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
  number?: NumberCell;
}

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

function parseRef(ref: string) {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(ref);
  return m ? { col: columnNumber(m[1] as string), row: Number(m[2]) } : undefined;
}

const MAX_MERGES = 10_000;

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

/** Bytes of a sheet's start read for its `<dimension>` (it precedes `<sheetData>`, after a few views). */
const DIMENSION_WITHIN = 64 * 1024;

/**
 * The range the sheet declares it uses (`<dimension ref="A1:E1048576"/>`), read from the part's
 * first bytes only: refused at once when it spans more rows or columns than the limits (a bomb
 * declares a million rows; Excel writes the real range). A sheet without one is bounded as it is read.
 */
async function checkDimension(file: string, entry: ZipEntry, bounds: XlsxBounds) {
  const stream = await zipEntryStream(file, entry, bounds.maxUnpacked);
  let head = '';
  try {
    for await (const chunk of stream) {
      head += (chunk as Buffer).toString('latin1');
      if (/<(?:\w+:)?sheetData\b/.test(head) || head.length >= DIMENSION_WITHIN) break;
    }
  } finally {
    stream.destroy();
  }
  const ref = /<(?:\w+:)?dimension\s+ref="([A-Z$]+\d+)(?::([A-Z$]+\d+))?"/.exec(head);
  if (!ref) return;
  const from = parseRef((ref[1] as string).replaceAll('$', ''));
  const to = parseRef(((ref[2] ?? ref[1]) as string).replaceAll('$', ''));
  if (!from || !to) return;
  const range = ref[2] ? `${ref[1]}:${ref[2]}` : (ref[1] as string);
  // One row is the header's.
  if (to.row - from.row > bounds.maxRows)
    throw tooLarge(
      `表格的数据区域（${range}）超过${bounds.maxRows}行：请删除多余的行（包括空白但设过格式的行），或拆分后再导入`,
    );
  if (to.col > bounds.maxColumns)
    throw tooLarge(
      `表格的数据区域（${range}）超过${bounds.maxColumns}列：请删除多余的列（包括空白但设过格式的列）后再导入`,
    );
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
  /** Each cell style's (the `s` of a cell) number format: whether it is a date, and its code. */
  styles: { date: boolean; format: string }[];
  date1904: boolean;
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30), and the ids some locales add. */
const BUILTIN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
/** Built-in number formats a number cell of a text column is judged by (ECMA-376 18.8.30). */
const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  48: '##0.0E+0',
  49: '@',
};
/** A custom format is a date when, outside quotes, brackets and escapes, it has y, m, d, h or s. */
const isDateFormat = (code: string) =>
  /[ymdhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, '').replace(/General/gi, ''));

async function stylesOf(file: string, entry: ZipEntry | undefined): Promise<BookParts['styles']> {
  const styles: BookParts['styles'] = [];
  if (!entry) return styles;
  const xml = await zipEntryText(file, entry, 16 * 1024 * 1024);
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId'));
    custom.set(id, decodeXml(attr(m[0], 'formatCode') ?? ''));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  for (const m of xfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)) {
    const id = Number(attr(m[0], 'numFmtId') ?? 0);
    const code = custom.get(id);
    styles.push(
      code === undefined
        ? { date: BUILTIN_DATES.has(id), format: BUILTIN_FORMATS[id] ?? `#${id}` }
        : { date: isDateFormat(code), format: code },
    );
  }
  return styles;
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
  progress?: ReadProgress,
): AsyncGenerator<T[]> {
  const parser = new SaxesParser();
  const out: T[] = [];
  setup(parser, out);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of await zipEntryStream(file, entry, maxBytes)) {
    if (progress) progress.read += (chunk as Buffer).length;
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

interface Cell {
  col: number;
  t: string;
  s: number;
  v: string[];
  inline: string[];
}

/** The sheet's rows as text cells (a number cell's value and format beside), streamed. */
function sheetRows(
  file: string,
  entry: ZipEntry,
  parts: BookParts,
  bounds: XlsxBounds,
  progress?: ReadProgress,
) {
  let row: RawRow | undefined;
  let lastRow = 0;
  let lastCol = 0;
  let cell: Cell | undefined;
  let into: string[] | undefined;
  return parseEntry<RawRow>(
    file,
    entry,
    bounds.maxUnpacked,
    (parser, out) => {
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
          if (lastCol > bounds.maxColumns) throw tooLarge(`表格不能超过${bounds.maxColumns}列`);
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
          if (text) {
            row.cells.set(cell.col, text);
            if (cell.t === 'n' && !parts.styles[cell.s]?.date) {
              row.numbers ??= new Map();
              row.numbers.set(cell.col, {
                value: Number(cell.v.join('')),
                format: parts.styles[cell.s]?.format ?? 'General',
              });
            }
          }
          cell = undefined;
        } else if (name === 'row' && row) {
          out.push(row);
          row = undefined;
        }
      });
    },
    progress,
  );
}

function cellValueText(cell: Cell, parts: BookParts): string {
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
      return parts.styles[cell.s]?.date ? serialDate(n, parts.date1904) : numberText(n);
    }
  }
}

/**
 * The rows of an .xlsx's first visible sheet, streamed in batches: refused first by its declared
 * dimension, merged cells filled with their top-left value; formulas as their cached values.
 */
export async function* xlsxRows(
  file: string,
  entries: ZipEntry[],
  bounds: XlsxBounds,
  progress?: ReadProgress,
) {
  const target = await firstVisibleSheet(file, entries);
  if (progress) progress.total = target.entry.uncompressedSize;
  await checkDimension(file, target.entry, bounds);
  const merges = await mergesOf(file, target.entry, bounds.maxUnpacked);
  const parts: BookParts = {
    sharedStrings: await sharedStringsOf(file, target.sharedStrings, bounds.maxUnpacked, bounds.maxCells),
    styles: await stylesOf(file, target.styles),
    date1904: target.date1904,
  };
  for await (const batch of sheetRows(file, target.entry, parts, bounds, progress)) {
    if (merges.length)
      for (const row of batch)
        for (const m of merges) {
          if (row.number < m.top || row.number > m.bottom) continue;
          if (row.number === m.top) {
            m.value = row.cells.get(m.left);
            m.number = row.numbers?.get(m.left);
          }
          for (let col = m.left; col <= m.right; col++) {
            if (m.value === undefined) row.cells.delete(col);
            else row.cells.set(col, m.value);
            if (m.number) {
              row.numbers ??= new Map();
              row.numbers.set(col, m.number);
            } else row.numbers?.delete(col);
          }
        }
    yield batch;
  }
}
