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

/**
 * The columns of a brand, in a company's table (`goods_brands`) and in the shared one
 * (`public_brands`): name, logo, description, sort, status, soft delete and the audit columns.
 */
export function withBrandColumns<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}
