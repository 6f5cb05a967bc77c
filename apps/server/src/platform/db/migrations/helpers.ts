import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/** Adds the integer primary key `id` each dialect generates itself (serial / autoincrement). */
export function withId<T extends string>(dialect: Dialect, t: CreateTableBuilder<T, never>) {
  return dialect === 'pg'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** `create [unique] index name on table (columns)`. */
export function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  unique = false,
) {
  const b = db.schema.createIndex(name).on(table).columns(columns);
  return (unique ? b.unique() : b).execute();
}
