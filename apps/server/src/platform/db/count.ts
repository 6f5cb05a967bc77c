import { type SelectQueryBuilder, sql } from 'kysely';

/** How many rows a query (its FROM, joins and WHERE) matches: one `count(*)`, as a number on both dialects. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number | string }).n);
}

/**
 * One page of a list and the count of all it matches, read together: `query` holds the FROM, joins
 * and WHERE both share; `select` adds the page's joins, columns and order (`limit`/`offset` are added
 * here). The `{ count, results }` every list service answers (`paged()` turns it into the reply).
 */
export async function pageAndCount<DB, TB extends keyof DB, O, DB2, TB2 extends keyof DB2, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  p: { pageSize: number; offset: number },
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB2, TB2, R>,
): Promise<{ count: number; results: R[] }> {
  const [results, count] = await Promise.all([
    select(query).limit(p.pageSize).offset(p.offset).execute(),
    countRows(query),
  ]);
  return { count, results };
}
