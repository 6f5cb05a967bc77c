import { type SelectQueryBuilder, sql } from 'kysely';

/** How many rows a query (its FROM, joins and WHERE) matches: one `count(*)`, as a number on both dialects. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number | string }).n);
}
