import { type ExpressionBuilder, type ReferenceExpression, sql } from 'kysely';

/**
 * "Any of `columns` contains `text`", case-insensitive on both dialects: `lower(column) like
 * '%text%' escape '\'` or-ed, with the text lower-cased and its wildcards taken literally.
 */
export function containsLike<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: ReferenceExpression<DB, TB>[],
  text: string,
) {
  const pattern = containsPattern(text);
  return eb.or(columns.map((column) => eb(eb.fn<string>('lower', [column]), 'like', pattern)));
}

/** The `like` pattern (with its `escape`) of "contains `text`", lower-cased, wildcards literal. */
export function containsPattern(text: string) {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`${`%${escaped}%`} escape '\\'`;
}
