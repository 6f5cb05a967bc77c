import { sql } from 'kysely';

/**
 * A text column that may be null (a left join's user name, a time not reached yet) read as `''`
 * when it is: the empty text a reply field declares (`orEmpty('u.real_name').as('reviewer_name')`).
 */
export const orEmpty = (column: string) => sql<string>`coalesce(${sql.ref(column)}, '')`;
