import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/** Adds the integer primary key `id` each dialect generates itself (serial / autoincrement). */
export function withId<T extends string>(dialect: Dialect, t: CreateTableBuilder<T, never>) {
  return dialect === 'pg'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A company's table: its `id`, then the company each row belongs to. */
export function companyTable<T extends string>(dialect: Dialect, db: Kysely<unknown>, name: T) {
  return withId(dialect, db.schema.createTable(name)).addColumn('company_id', 'integer', (c) =>
    c.notNull().references('companies.id'),
  );
}

/** The audit columns in the order every table has them (ADR 0002). */
const AUDIT_COLUMNS = ['del_flag', 'created_by', 'updated_by', 'created_at', 'updated_at'] as const;
type AuditColumn = (typeof AUDIT_COLUMNS)[number];

/**
 * The audit columns, for a table builder's `$call`: the soft-delete flag, who created and last
 * changed the row, and when (ISO text). A table that keeps only some of them names them; they are
 * added in the order above whatever the order they are named in.
 */
export function audit(...only: AuditColumn[]) {
  return <T extends string, C extends string>(
    t: CreateTableBuilder<T, C>,
  ): CreateTableBuilder<T, C | AuditColumn> => {
    let b = t as CreateTableBuilder<T, C | AuditColumn>;
    for (const name of AUDIT_COLUMNS) {
      if (only.length > 0 && !only.includes(name)) continue;
      if (name === 'del_flag') b = b.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
      else if (name === 'created_by' || name === 'updated_by')
        b = b.addColumn(name, 'integer', (c) => c.references('users.id'));
      else b = b.addColumn(name, 'text', (c) => c.notNull());
    }
    return b;
  };
}

/** The goods a row is about and its specification (`sku_id`, 0 for a goods without one). */
export function goodsRef<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().defaultTo(0));
}

/** A line's copy of its goods' words as they were when it was written (a later rename leaves it). */
export function goodsWords<T extends string, C extends string>(t: CreateTableBuilder<T, C>) {
  return t
    .addColumn('goods_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('goods_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spec_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''));
}

/**
 * A category tree's columns (ADR 0002: the materialized `path` `/3/17/` and `level`), under
 * `parent_id` in the same table: name, sort, icon and status.
 */
export function categoryTree(table: string) {
  return <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    t
      .addColumn('parent_id', 'integer', (c) => c.references(`${table}.id`))
      .addColumn('path', 'text', (c) => c.notNull().defaultTo('/'))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1));
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
 * A unique index over the live rows (`where del_flag = 0`): a deleted row's name or code can be
 * taken again. `and` narrows the rows further (`code <> ''`: an empty code is not unique).
 */
export function createLiveUnique(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  and?: RawBuilder<unknown>,
) {
  const live = and ? sql<boolean>`del_flag = 0 and ${and}` : sql<boolean>`del_flag = 0`;
  return db.schema.createIndex(name).on(table).columns(columns).unique().where(live).execute();
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
    .$call(audit());
}
