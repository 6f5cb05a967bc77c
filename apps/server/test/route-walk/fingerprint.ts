import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '#server/platform/db/database.ts';
import { tableOfField } from './values.ts';

/**
 * Tables that only log or count what callers did (a refused call may and should write to them):
 * sessions, login and audit logs, SMS codes and their outbox, cache versions, migrations, the
 * sweeps' schedule — and any later table whose name says it logs, limits or counts.
 */
const LOG_TABLES = new Set([
  'sessions',
  'login_logs',
  'audit_logs',
  'sms_outbox',
  'sms_codes',
  'cache_versions',
  'kysely_migration',
  'kysely_migration_lock',
  // The job runner's bookkeeping: when each sweep is next due (it moves while the walk runs).
  'job_repeats',
]);
const LOG_PATTERN = /(^|_)(logs?|limits?|counters?|attempts?|lockouts?|rate|throttles?)(_|$)/;

export const isBusinessTable = (name: string) => !LOG_TABLES.has(name) && !LOG_PATTERN.test(name);

type Row = Record<string, unknown>;

export async function allTables(handle: DatabaseHandle): Promise<string[]> {
  const q =
    handle.dialect === 'pg'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{
          name: string;
          sql: string | null;
        }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const rows = (await q.execute(handle.db)).rows as { name: string; sql?: string | null }[];
  // A full-text index (FTS5: a virtual table and its shadow tables, all companies' goods in one) is
  // derived from rows that are fingerprinted themselves (goods); it is left out.
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
    .sort();
}

async function rowsOf(handle: DatabaseHandle, table: string): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)}`.execute(handle.db)).rows;
}

/** Tables that have both `id` and `company_id`, with the ids each company owns. */
export async function idsByCompany(handle: DatabaseHandle, companyId: number) {
  const ids: Record<string, number[]> = {};
  for (const t of await allTables(handle)) {
    if (!isBusinessTable(t) || t === 'companies') continue;
    const rows = await rowsOf(handle, t);
    if (!rows[0] || !('company_id' in rows[0]) || !('id' in rows[0])) continue;
    const mine = rows.filter((r) => Number(r.company_id) === companyId).map((r) => Number(r.id));
    if (mine.length) ids[t] = mine.sort((a, b) => a - b);
  }
  return ids;
}

const normal = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString() : v);
const rowText = (r: Row) =>
  JSON.stringify(
    Object.keys(r)
      .sort()
      .map((k) => [k, normal(r[k])]),
  );

/** Every row of every business table, read once for `fingerprint` and `crossCompanyRefs`. */
export type Snapshot = Map<string, Row[]>;

export async function snapshot(handle: DatabaseHandle): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const t of await allTables(handle)) if (isBusinessTable(t)) out.set(t, await rowsOf(handle, t));
  return out;
}

/**
 * A hash per business table of every row not owned by `except` (the wrong caller's own company,
 * whose rows it may legitimately change): company A's rows and every row of shared tables.
 */
export function fingerprint(
  snap: Snapshot,
  except: number,
  ignore: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [t, all] of snap) {
    if (ignore.has(t)) continue;
    const rows = all.filter((r) =>
      t === 'companies' ? Number(r.id) !== except : Number(r.company_id) !== except,
    );
    const hash = createHash('sha256');
    for (const line of rows.map(rowText).sort()) hash.update(line).update('\n');
    out[t] = `${rows.length} rows ${hash.digest('hex').slice(0, 12)}`;
  }
  return out;
}

export function fingerprintDiff(before: Record<string, string>, after: Record<string, string>) {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables].filter((t) => before[t] !== after[t]).map((t) => `${t} ${before[t]} → ${after[t]}`);
}

const plural = (w: string) => (w.endsWith('y') ? `${w.slice(0, -1)}ies` : `${w}s`);

/** The table a `<thing>_id` column of `table` points at: `news.category_id` → news_categories first. */
function referencedTable(table: string, column: string, tables: readonly string[]) {
  const stem = column.replace(/_id$/, '');
  // A tree's `parent_id` is its own table's (goods_categories, bulk_categories).
  if (stem === 'parent' && tables.includes(table)) return table;
  const own = [table, table.replace(/s$/, '')]
    .map((t) => `${t}_${plural(stem)}`)
    .find((t) => tables.includes(t));
  // A catalogue of its own names its own categories: bulk_goods.category_id → bulk_categories.
  const prefix = /^([a-z]+)_/.exec(table)?.[1];
  const sibling = prefix ? `${prefix}_${plural(stem)}` : undefined;
  return own ?? (sibling && tables.includes(sibling) ? sibling : tableOfField(column, tables));
}

/**
 * Rows of one company that point (through a `<thing>_id` column) at a row of another company:
 * what a wrong caller could create without changing any of the other company's rows.
 */
export function crossCompanyRefs(snap: Snapshot): string[] {
  const tables = [...snap.keys()];
  const owner = new Map<string, Map<number, number>>();
  for (const [t, rows] of snap) {
    if (rows[0] && 'company_id' in rows[0] && 'id' in rows[0]) {
      owner.set(t, new Map(rows.map((r) => [Number(r.id), Number(r.company_id)])));
    }
  }
  const found: string[] = [];
  for (const [t, rows] of snap) {
    for (const r of rows) {
      if (!('company_id' in r) || r.company_id === null) continue;
      for (const [col, v] of Object.entries(r)) {
        if (col === 'company_id' || v === null || !/_id$/.test(col)) continue;
        const target = referencedTable(t, col, tables);
        const theirs = target ? owner.get(target)?.get(Number(v)) : undefined;
        if (theirs !== undefined && theirs !== Number(r.company_id)) {
          found.push(
            `${t}#${String(r.id)} (company ${String(r.company_id)}).${col} → ${target}#${String(v)} (company ${theirs})`,
          );
        }
      }
    }
  }
  return found;
}
