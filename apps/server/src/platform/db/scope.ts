import { GROUP_STAFF_ROLES, SUPER_ADMIN_ROLE } from '@portal/contract';
import {
  type AliasedRawBuilder,
  type Expression,
  type Insertable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Caller } from '../auth/session-user.ts';
import { AppError } from '../core/errors.ts';
import { nowIso } from '../time.ts';
import type { Database, PlatformDatabase } from './database.ts';
import { dialectOf } from './dialect-of.ts';
import type { DB } from './schema.ts';

/**
 * How a table marks a deleted row: `del_flag` (0 live, 1 deleted; the resource block's and most
 * tables') or `deleted_at` (null live, the time of deletion; promotions and advertisings, migrations
 * 005 and 009).
 */
type SoftDelete = 'del_flag' | 'deleted_at';

/**
 * Who owns the rows of each table (issue 20, docs/ARCHITECTURE.md "Company scope"):
 * - `company`: rows of one company (`company_id`); modules reach them only through `inCompany`
 *   (or the super administrator's `acrossCompanies`), which adds the company, and for
 *   `softDelete` tables the live-rows condition (`del_flag = 0` or `deleted_at is null`), to every
 *   statement, and fills
 *   the audit columns a table has (`createdBy`, `updatedBy`) with the acting user;
 * - `shared`: reference data every company reads (companies, the host map, role permissions);
 * - `platform`: the platform's own bookkeeping (sessions, limits, codes, cache versions).
 * Every table is listed (`satisfies` fails `tsc` otherwise); checks/company-scope.test.ts fails
 * when a module queries a company table without the helper.
 */
export const TABLES = {
  companies: { owner: 'shared' },
  company_types: { owner: 'shared' },
  company_groups: { owner: 'shared', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  group_staff: { owner: 'shared' },
  host_tenants: { owner: 'shared' },
  role_permissions: { owner: 'shared' },
  cache_versions: { owner: 'platform' },
  sessions: { owner: 'platform' },
  rate_counters: { owner: 'platform' },
  login_devices: { owner: 'platform' },
  sms_codes: { owner: 'platform' },
  shops: { owner: 'company' },
  departments: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  positions: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  users: { owner: 'company' },
  user_roles: { owner: 'company' },
  company_role_permissions: { owner: 'company' },
  assistant_grants: { owner: 'company' },
  inbox_messages: { owner: 'company', softDelete: 'del_flag' },
  person_transfers: { owner: 'company' },
  work_plans: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  work_plan_tasks: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  work_logs: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  company_settings: { owner: 'company', createdBy: true, updatedBy: true },
  flows: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  flow_nodes: { owner: 'company' },
  flow_transitions: { owner: 'company' },
  program_modules: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  flow_docs: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  flow_roles: { owner: 'company' },
  flow_role_nodes: { owner: 'company' },
  flow_projects: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  flow_project_targets: { owner: 'company' },
  businesses: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  business_roles: { owner: 'company' },
  business_role_nodes: { owner: 'company' },
  business_seats: { owner: 'company' },
  business_paths: { owner: 'company' },
  business_messages: { owner: 'company' },
  business_experiences: { owner: 'company' },
  business_seat_states: { owner: 'company' },
  business_docs: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  business_doc_signs: { owner: 'company' },
  business_posts: { owner: 'company', createdBy: true, updatedBy: true },
  business_notes: { owner: 'company' },
  business_display_items: { owner: 'company', createdBy: true },
  business_display_reads: { owner: 'company' },
  business_doc_files: { owner: 'company', createdBy: true },
  courses: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  course_people: { owner: 'company' },
  course_projects: { owner: 'company' },
  login_logs: { owner: 'company' },
  audit_logs: { owner: 'company' },
  goods_categories: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  bulk_categories: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  bulk_goods: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  goods: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  goods_skus: { owner: 'company', softDelete: 'del_flag' },
  promotions: { owner: 'company', softDelete: 'deleted_at' },
  promotion_items: { owner: 'company' },
  goods_loves: { owner: 'company' },
  cart_items: { owner: 'company' },
  cart_merges: { owner: 'company' },
  consignees: { owner: 'company', softDelete: 'del_flag' },
  coupons: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  member_coupons: { owner: 'company' },
  orders: { owner: 'company' },
  order_items: { owner: 'company' },
  order_events: { owner: 'company' },
  goods_reviews: { owner: 'company' },
  sms_outbox: { owner: 'company' },
  suppliers: { owner: 'company' },
  problems: { owner: 'company' },
  opinions: { owner: 'company' },
  enquiries: { owner: 'company' },
  anonymous_messages: { owner: 'company', softDelete: 'del_flag' },
  app_versions: { owner: 'company' },
  projects: { owner: 'company', softDelete: 'del_flag', createdBy: true },
  microsites: { owner: 'company' },
  news_categories: { owner: 'company' },
  news: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  advertisings: { owner: 'company', softDelete: 'deleted_at' },
  payment_accounts: { owner: 'company', updatedBy: true },
  stored_files: { owner: 'company', createdBy: true },
  files: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  order_receipts: { owner: 'company' },
  payment_trades: { owner: 'company' },
  goods_brands: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  public_brands: { owner: 'shared', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  customers: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  warehouses: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  production_plans: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  production_plan_materials: { owner: 'company', softDelete: 'del_flag' },
  production_plan_progress: { owner: 'company', softDelete: 'del_flag', createdBy: true },
  purchases: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  purchase_lines: { owner: 'company' },
  purchase_receipts: { owner: 'company' },
  purchase_returns: { owner: 'company' },
  purchase_return_lines: { owner: 'company' },
  purchase_history: { owner: 'company' },
  purchase_numbers: { owner: 'company' },
  stock_levels: { owner: 'company' },
  stock_moves: { owner: 'company' },
  stock_inputs: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  products: { owner: 'company', softDelete: 'del_flag', createdBy: true, updatedBy: true },
  product_materials: { owner: 'company' },
  guest_visits: { owner: 'company' },
  company_change_requests: { owner: 'company', createdBy: true },
  jobs: { owner: 'company' },
  job_repeats: { owner: 'platform' },
  import_rows: { owner: 'company' },
} as const satisfies Record<
  keyof DB,
  {
    owner: 'company' | 'shared' | 'platform';
    softDelete?: SoftDelete;
    createdBy?: true;
    updatedBy?: true;
  }
>;

type Tables = typeof TABLES;
/** The tables whose rows belong to one company. */
export type CompanyTable = {
  [K in keyof Tables]: Tables[K]['owner'] extends 'company' ? K : never;
}[keyof Tables];

export const COMPANY_TABLES = (Object.keys(TABLES) as (keyof Tables)[]).filter(
  (t): t is CompanyTable => TABLES[t].owner === 'company',
);

/** The live-rows condition of a soft-deleted table under `ref` (its name or alias); none for others. */
function live(table: keyof Tables, ref: string): Expression<SqlBool> | undefined {
  const mark = (TABLES[table] as { softDelete?: SoftDelete }).softDelete;
  if (mark === 'del_flag') return sql<boolean>`${sql.ref(`${ref}.del_flag`)} = 0` as Expression<SqlBool>;
  if (mark === 'deleted_at')
    return sql<boolean>`${sql.ref(`${ref}.deleted_at`)} is null` as Expression<SqlBool>;
  return undefined;
}

/** Every table, for the helpers below: the module's handle is the same connection (database.ts). */
const full = (db: Database) => db as unknown as PlatformDatabase;

/** Adds a condition to a builder of a table named by a type parameter; `where` keeps the builder's type. */
const where = <Q>(qb: Q, condition: Expression<SqlBool> | undefined): Q =>
  condition ? (qb as unknown as { where(e: Expression<SqlBool>): Q }).where(condition) : qb;

const and = (parts: Expression<SqlBool>[]) =>
  parts.length === 0 ? undefined : (sql<boolean>`${sql.join(parts, sql` and `)}` as Expression<SqlBool>);

export interface ScopeOptions {
  /** Also the soft-deleted rows (an order line's goods, a restore). */
  withDeleted?: boolean;
  /**
   * SQLite: the index the statement must walk (`indexed by`), where the planner, which has no
   * statistics (nothing runs `analyze`), would choose another that ties with it — the catalogue's
   * list and count (ADR 0014). Ignored on PostgreSQL, whose planner has them.
   */
  indexedBy?: string;
}

/** The statements of one scope: every company table statement gets `condition(table alias)`. */
function scopeOf(handle: Database, companyId: number | undefined, userId?: number) {
  const db = full(handle);
  const condition = (table: CompanyTable, ref: string, opts: ScopeOptions) => {
    const alive = opts.withDeleted ? undefined : live(table, ref);
    return and([
      ...(companyId === undefined ? [] : [sql<boolean>`${sql.ref(`${ref}.company_id`)} = ${companyId}`]),
      ...(alive ? [alive] : []),
    ]);
  };
  return {
    /** `select … from table [as alias]` of the scope's rows (live ones unless `withDeleted`). */
    selectFrom<T extends CompanyTable, A extends string = T>(table: T, alias?: A, opts: ScopeOptions = {}) {
      const as = alias ?? table;
      const from =
        opts.indexedBy && dialectOf(handle) === 'sqlite'
          ? // `table as alias indexed by index` (a raw alias carries the clause; same row type)
            (db.selectFrom(
              sql`${sql.table(table)}`.as(sql`${sql.id(as)} indexed by ${sql.id(opts.indexedBy)}`),
            ) as unknown as ReturnType<typeof db.selectFrom<`${T} as ${A}`>>)
          : db.selectFrom(`${table} as ${as}` as `${T} as ${A}`);
      return where(from, condition(table, as, opts));
    },
    /** `update table` of the scope's rows (live ones unless `withDeleted`); `updated_by` is set. */
    updateTable<T extends CompanyTable>(table: T, opts: ScopeOptions = {}) {
      const qb = where(db.updateTable(table), condition(table, table, opts));
      if (userId === undefined || !('updatedBy' in TABLES[table])) return qb;
      return (qb as unknown as { set(v: object): typeof qb }).set({ updated_by: userId });
    },
    /**
     * `select … from <source> cross join table as alias` of the scope's rows: a query that starts
     * from an index of its own (SQLite's FTS5 token index, whose rows are goods ids) and then reads
     * the scope's rows of `table`, in that join order (the planner keeps a cross join's order).
     */
    fromIndex<S extends string, I, T extends CompanyTable, A extends string>(
      source: AliasedRawBuilder<I, S>,
      table: T,
      alias: A,
      opts: ScopeOptions = {},
    ) {
      const joined = db
        .selectFrom(source)
        .crossJoin(`${table} as ${alias}` as `${T} as ${A}`) as unknown as SelectQueryBuilder<
        DB & { [K in S]: I } & { [K in A]: DB[T] },
        S | A,
        object
      >;
      return where(joined, condition(table, alias, opts));
    },
    /** `delete from table` of the scope's rows: only for tables that are not soft-deleted. */
    deleteFrom<T extends Exclude<CompanyTable, SoftDeleteTable>>(table: T) {
      return where(db.deleteFrom(table), condition(table, table, {}));
    },
  };
}

type SoftDeleteTable = {
  [K in CompanyTable]: Tables[K] extends { softDelete: SoftDelete } ? K : never;
}[CompanyTable];

/**
 * The one way a module reads or writes a company table: every statement is limited to the
 * company's rows (and live rows of soft-deleted tables), and rows inserted carry the company.
 * Given the acting user (`{ userId }`, an administrator's write), inserts fill `created_by` and
 * `updated_by` and updates `updated_by` where the table has them.
 * Joins from a scoped row to the rows it references (an order's lines, its user) need no
 * condition of their own.
 */
export function inCompany(handle: Database, companyId: number, by?: { userId: number }) {
  const userId = by?.userId;
  const db = full(handle);
  return {
    companyId,
    ...scopeOf(handle, companyId, userId),
    /** `insert into table`: the company, and the acting user in the table's audit columns, on every row. */
    insertInto<T extends CompanyTable>(
      table: T,
      values: Omit<Insertable<DB[T]>, 'company_id'> | readonly Omit<Insertable<DB[T]>, 'company_id'>[],
    ) {
      const rule = TABLES[table];
      const createdBy = userId !== undefined && 'createdBy' in rule;
      const updatedBy = userId !== undefined && 'updatedBy' in rule;
      // Each row cloned first, then the few columns added (a given created_by/updated_by stays):
      // `{ ...audit, ...row }` made every row of many columns a slow dictionary object (an import's
      // 50,000 goods: 5× the time and 2.4× the memory; ADR 0017).
      const rows = (Array.isArray(values) ? values : [values]).map((v) => {
        const row: Record<string, unknown> = { ...v };
        if (createdBy && !('created_by' in v)) row.created_by = userId;
        if (updatedBy && !('updated_by' in v)) row.updated_by = userId;
        row.company_id = companyId;
        return row;
      });
      return db.insertInto(table).values(rows as unknown as Insertable<DB[T]>[]);
    },
  };
}
export type CompanyScope = ReturnType<typeof inCompany>;

/** The tables every company reads (`shared` above). */
export type SharedTable = {
  [K in keyof Tables]: Tables[K]['owner'] extends 'shared' ? K : never;
}[keyof Tables];

/**
 * What `inCompany` is to a company table, for a shared one (public brands): its live rows (no
 * company condition; `del_flag = 0` where it is soft-deleted), and, given the acting user, its
 * audit columns filled on insert and update. Who may write is the route's permission.
 */
export function inShared(handle: Database, by?: { userId: number }) {
  const userId = by?.userId;
  const db = full(handle);
  const rule = (t: SharedTable) => TABLES[t] as { createdBy?: true; updatedBy?: true };
  return {
    selectFrom<T extends SharedTable>(table: T) {
      return where(db.selectFrom(table as T), live(table, table));
    },
    updateTable<T extends SharedTable>(table: T) {
      const qb = where(db.updateTable(table as T), live(table, table));
      if (userId === undefined || !rule(table).updatedBy) return qb;
      return (qb as unknown as { set(v: object): typeof qb }).set({ updated_by: userId });
    },
    insertInto<T extends SharedTable>(table: T, values: Insertable<DB[T]>) {
      const audit = {
        ...(userId !== undefined && rule(table).createdBy && { created_by: userId }),
        ...(userId !== undefined && rule(table).updatedBy && { updated_by: userId }),
      };
      return db.insertInto(table).values({ ...audit, ...values } as unknown as Insertable<DB[T]>);
    },
  };
}

/**
 * The super administrator's view across companies (design/architecture.md): only for role 1
 * (others get 10004), and recorded in the audit log with the reason before any row is read.
 * Soft-deleted rows stay hidden unless asked for.
 */
export async function acrossCompanies(db: Database, caller: Caller, reason: string) {
  if (caller.role !== SUPER_ADMIN_ROLE) throw new AppError('FORBIDDEN');
  await inCompany(db, caller.companyId)
    .insertInto('audit_logs', {
      user_id: caller.userId,
      action: 'across_companies',
      entity: 'companies',
      entity_id: null,
      before_json: null,
      after_json: JSON.stringify({ reason }),
      ip: caller.ip,
      created_at: nowIso(),
    })
    .execute();
  return scopeOf(db, undefined);
}

/**
 * The groups of companies a caller works for (docs/adr/0038, decision 7): every group for the super
 * administrator; for a group's staff (集群管理员 2, 集群管理员助理 6) the groups their `group_staff`
 * rows give them in the role they act in; none for anyone else. The one place that decides which
 * groups — and so which companies beside their own — a caller may see: every group call asks it.
 */
export async function groupsInScope(db: Database, caller: Caller): Promise<'all' | readonly number[]> {
  if (caller.role === SUPER_ADMIN_ROLE) return 'all';
  if (!(GROUP_STAFF_ROLES as readonly number[]).includes(caller.role)) return [];
  const rows = await full(db)
    .selectFrom('group_staff')
    .select('group_id')
    .where('user_id', '=', caller.userId)
    .where('role', '=', caller.role)
    .orderBy('group_id')
    .execute();
  return rows.map((r) => r.group_id);
}

/** Whether `groupId` is one of the caller's groups (`groupsInScope`). */
export async function groupInScope(db: Database, caller: Caller, groupId: number): Promise<boolean> {
  const groups = await groupsInScope(db, caller);
  return groups === 'all' || groups.includes(groupId);
}

/**
 * The named exemption: every table, for the few statements that by their nature are not one
 * company's (login by a user name unique across companies, a job sweeping every company, a key
 * unique across them). `reason` is a literal that says why; it is the reviewed list of exemptions
 * (`grep -rn "unscoped(" apps/server/src/modules`), and checks/company-scope.test.ts fails on a
 * call without one. Rows read through it carry no scope: join nothing to them unchecked.
 */
export function unscoped(db: Database, reason: string): PlatformDatabase {
  if (reason.trim() === '') throw new Error('unscoped: a reason is required');
  return full(db);
}

/**
 * The companies a caller may administer (docs/adr/0038 decision 7): every one for the super
 * administrator (`'all'`); for a group's staff (2, 6) their own and the companies of their groups
 * (`groupsInScope`); for anyone else their own company alone. The one place that decides which
 * companies an administration call reaches beside the caller's own.
 */
export async function companiesInScope(db: Database, caller: Caller): Promise<'all' | readonly number[]> {
  const groups = await groupsInScope(db, caller);
  if (groups === 'all') return 'all';
  if (groups.length === 0) return [caller.companyId];
  const rows = await full(db)
    .selectFrom('companies')
    .select('id')
    .where('group_id', 'in', groups)
    .orderBy('id')
    .execute();
  return [...new Set([caller.companyId, ...rows.map((r) => r.id)])];
}

/**
 * The company an administration call acts on (`company_id` of its input; without it, the caller's
 * own) and its statements (`inCompany`, the caller the acting user), when it is one of the caller's
 * (`companiesInScope`); any other — another group's, one that does not exist — is refused with 10004,
 * so a call never tells a company outside the scope from a missing one. The super administrator
 * acting in one named company is no sweep across companies (`acrossCompanies`): their writes are
 * audited as anyone's.
 */
export async function companyInScope(db: Database, caller: Caller, companyId: number | undefined) {
  const id = companyId ?? caller.companyId;
  if (id !== caller.companyId && !(await reaches(db, caller, id))) throw new AppError('FORBIDDEN');
  return inCompany(db, id, { userId: caller.userId });
}

/**
 * Whether `companyId` is in the caller's scope (`companiesInScope`), in one statement: any company
 * that exists for the super administrator, a company of one of their groups for a group's staff.
 */
async function reaches(db: Database, caller: Caller, companyId: number): Promise<boolean> {
  if (caller.role === SUPER_ADMIN_ROLE)
    return (
      (await full(db).selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !==
      undefined
    );
  if (!(GROUP_STAFF_ROLES as readonly number[]).includes(caller.role)) return false;
  const row = await full(db)
    .selectFrom('companies as c')
    .innerJoin('group_staff as s', 's.group_id', 'c.group_id')
    .select('c.id')
    .where('c.id', '=', companyId)
    .where('s.user_id', '=', caller.userId)
    .where('s.role', '=', caller.role)
    .executeTakeFirst();
  return row !== undefined;
}
