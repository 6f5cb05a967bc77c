import type { z } from 'zod';
import type { ExcelColumn } from './columns.ts';
import type { SheetRow } from './read.ts';
import type { RefusedRow } from './write.ts';

export interface ValidatedRows<T> {
  /** The rows that pass: parsed, and their cells as read (a preview shows them). */
  valid: { rowNumber: number; data: T; values: Record<string, string> }[];
  invalid: RefusedRow[];
}

/**
 * One row checked by the zod object the API uses: its parsed data, or its errors keyed by the
 * column's label (the first per column — a cell the reader refused first; a refusal of the whole
 * row by 「整行」).
 */
export function validateRow<S extends z.ZodType>(
  row: SheetRow,
  schema: S,
  labels: ReadonlyMap<string, string>,
): { data: z.output<S> } | { errors: Record<string, string> } {
  const parsed = schema.safeParse(row.values);
  if (parsed.success && !row.errors) return { data: parsed.data };
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(row.errors ?? {})) errors[labels.get(key) ?? key] = message;
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0];
    const label = (typeof key === 'string' && labels.get(key)) || (key === undefined ? '整行' : String(key));
    errors[label] ??= issue.message;
  }
  return { errors };
}

/** The labels of the columns by key, for validateRow. */
export const labelsOf = (columns: readonly ExcelColumn[]) => new Map(columns.map((c) => [c.key, c.label]));

/**
 * Every row checked by the same zod object the API uses (built from `fields.ts`), so the messages
 * are the fields' Chinese messages; errors are keyed by the column's label (the first per column),
 * a refusal of the whole row by 「整行」.
 */
export async function validateRows<S extends z.ZodType>(
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  schema: S,
  columns: readonly ExcelColumn[],
): Promise<ValidatedRows<z.output<S>>> {
  const labels = labelsOf(columns);
  const result: ValidatedRows<z.output<S>> = { valid: [], invalid: [] };
  for await (const row of rows) {
    const checked = validateRow(row, schema, labels);
    if ('data' in checked)
      result.valid.push({ rowNumber: row.rowNumber, data: checked.data, values: row.values });
    else result.invalid.push({ rowNumber: row.rowNumber, values: row.values, errors: checked.errors });
  }
  return result;
}
