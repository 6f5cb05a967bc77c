import type { ImportColumn, Resource } from '@portal/contract';
import { wallDate } from '../time.ts';

/**
 * An export's cells (ADR 0017 "An export imports again"): each item's value of an export column
 * as the import reads it back — money in yuan as a number, a day or time as a date cell, a picked
 * column's value as its word (the one the list shows: 1 → 启用), text as text (an object as its
 * JSON, as the import takes it). The columns are the import's, then the list's read-only ones.
 */

/** One value as its column's cell; a time on the company's clock (`zone`: a sheet has no zone). */
function cellOf(
  column: ImportColumn,
  value: unknown,
  words: Map<string, string> | undefined,
  zone: string,
): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money':
      return Number(value) / 100;
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'day': {
      const day = new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(day.getTime()) ? String(value) : day;
    }
    case 'time':
      return wallDate(zone, String(value)) ?? String(value);
    case 'choice':
      return words?.get(String(value)) ?? value;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The export's rows of `items` (already holding the import sheet's own values) as cells by column key. */
export async function* exportCells(
  resource: Resource,
  items: AsyncIterable<Record<string, unknown>>,
  zone: string,
) {
  const choices = (resource.excel?.choices ?? {}) as Record<string, Record<string, string | number>>;
  const words = new Map(
    Object.entries(choices).map(([key, map]) => [
      key,
      new Map(Object.entries(map).map(([word, value]) => [String(value), word])),
    ]),
  );
  const columns = resource.exportColumns;
  for await (const item of items) {
    const out: Record<string, unknown> = {};
    for (const c of columns) out[c.key] = cellOf(c, item[c.key], words.get(c.key), zone);
    yield out;
  }
}
