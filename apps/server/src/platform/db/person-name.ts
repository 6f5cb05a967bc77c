import { sql } from 'kysely';

/** A person's name as lists show it: the real name, else the user name ('' with no user). `ref`: the users table's alias. */
export const personName = (ref = 'u') =>
  sql<string>`coalesce(nullif(${sql.ref(`${ref}.real_name`)}, ''), ${sql.ref(`${ref}.username`)}, '')`;
