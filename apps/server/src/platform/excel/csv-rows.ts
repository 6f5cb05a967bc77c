import fs from 'node:fs';
import { parse } from 'csv-parse';
import { AppError } from '#server/platform/core/errors.ts';
import { unescapeCell } from './columns.ts';
import { cellTooLong, MAX_CELL_CHARS, own, type RawRow, type ReadProgress, tooLarge } from './sheet.ts';

/**
 * A CSV as Excel and LibreOffice write it (ADR 0017): comma-separated, fields quoted when they hold
 * a comma, a quote or a line break, lines ended by CRLF (or LF, or CR); in UTF-8, with or without a
 * BOM, or — what Excel on Chinese Windows saves as 「CSV (逗号分隔)」 — in GBK, read as GB18030
 * (its superset). Parsed as a stream by csv-parse; the encoding is UTF-8 when every byte of the
 * file is valid UTF-8, else GB18030 (GBK text is almost never valid UTF-8: its two-byte characters
 * break UTF-8's rules at once).
 */

/** Characters one record (one sheet row, all its fields) may hold: 50 columns of long cells, bounded. */
const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/** Whether the whole file is valid UTF-8 (read as a stream; a BOM is valid UTF-8). */
async function isUtf8(file: string) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

const badCsv = (line: number) =>
  new AppError(
    'PARAM_ERROR',
    `CSV文件第${line}行格式不正确（引号不成对或多余）：请用 Excel 打开后另存为「CSV（逗号分隔）」或 .xlsx 后重新上传`,
  );

/** The encoding a CSV is read in: `utf-8` or `gb18030`. */
export async function csvEncoding(file: string) {
  return (await isUtf8(file)) ? 'utf-8' : 'gb18030';
}

/** The records of the CSV at `file` as sheet rows (record n is row n, as Excel shows the file), in batches. */
export async function* csvRows(
  file: string,
  bounds: { maxColumns: number },
  progress?: ReadProgress,
): AsyncGenerator<RawRow[]> {
  const decoder = new TextDecoder(await csvEncoding(file));
  const parser = parse({
    bom: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_RECORD_CHARS,
  });
  const source = fs.createReadStream(file);
  // The decoded text is written as the parser asks for it (its back-pressure), so the file is
  // never held whole.
  const feed = (async () => {
    try {
      for await (const chunk of source) {
        if (progress) progress.read += (chunk as Buffer).length;
        if (!parser.write(decoder.decode(chunk as Buffer, { stream: true })))
          await new Promise((resolve) => {
            parser.once('drain', resolve);
            parser.once('close', resolve);
          });
        if (parser.destroyed) return;
      }
      parser.end(decoder.decode());
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let number = 0;
  let batch: RawRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      number++;
      const cells = new Map<number, string>();
      record.forEach((field, i) => {
        if (field.length > MAX_CELL_CHARS) throw cellTooLong();
        const text = own(unescapeCell(field).trim());
        if (!text) return;
        if (i >= bounds.maxColumns) throw tooLarge(`表格不能超过${bounds.maxColumns}列`);
        cells.set(i + 1, text);
      });
      batch.push({ number, cells });
      if (batch.length >= 200) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') throw cellTooLong();
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw badCsv(((error as { lines?: number }).lines ?? number + 1) as number);
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
    await feed;
  }
  if (batch.length) yield batch;
}
