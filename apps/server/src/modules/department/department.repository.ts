import { countRows } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface DepartmentValues {
  name: string;
  parent_id: number;
  sort: number;
}
export interface PositionValues {
  name: string;
  department_id: number;
  sort: number;
}

/** How many users each department (or position) has, by its id. */
async function userCounts(s: CompanyScope, column: 'department_id' | 'position_id') {
  const rows = await s
    .selectFrom('users')
    .select((eb) => [column, eb.fn.countAll<number>().as('n')])
    .where(column, 'is not', null)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [Number(r[column]), Number(r.n)]));
}

/** A company's departments and positions (docs/adr/0038 decision 4), through its scope. */
export const departmentRepository = {
  /** The company's name (the page says whose organisation it shows). */
  companyName: async (db: Database, companyId: number) =>
    (await db.selectFrom('companies').select('company_name').where('id', '=', companyId).executeTakeFirst())
      ?.company_name ?? '',

  /** Every live department, in tree order's keys (sort, then id). */
  departments: async (s: CompanyScope) => {
    const [rows, counts] = await Promise.all([
      s
        .selectFrom('departments')
        .select(['id', 'name', 'parent_id', 'sort'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      userCounts(s, 'department_id'),
    ]);
    return rows.map((r) => ({ ...r, user_count: counts.get(r.id) ?? 0 }));
  },

  /** Every live position, by sort. */
  positions: async (s: CompanyScope) => {
    const [rows, counts] = await Promise.all([
      s
        .selectFrom('positions')
        .select(['id', 'name', 'department_id', 'sort'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      userCounts(s, 'position_id'),
    ]);
    return rows.map((r) => ({ ...r, user_count: counts.get(r.id) ?? 0 }));
  },

  department: (s: CompanyScope, id: number) =>
    s
      .selectFrom('departments')
      .select(['id', 'name', 'parent_id', 'sort'])
      .where('id', '=', id)
      .executeTakeFirst(),

  position: (s: CompanyScope, id: number) =>
    s
      .selectFrom('positions')
      .select(['id', 'name', 'department_id', 'sort'])
      .where('id', '=', id)
      .executeTakeFirst(),

  /** How many live rows the table has (the company's limits). */
  count: async (s: CompanyScope, table: 'departments' | 'positions') =>
    table === 'departments' ? countRows(s.selectFrom('departments')) : countRows(s.selectFrom('positions')),

  insertDepartment: async (s: CompanyScope, values: DepartmentValues, now: string) =>
    (
      await s
        .insertInto('departments', { ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updateDepartment: (s: CompanyScope, id: number, values: DepartmentValues, now: string) =>
    s
      .updateTable('departments')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute(),

  insertPosition: async (s: CompanyScope, values: PositionValues, now: string) =>
    (
      await s
        .insertInto('positions', { ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  updatePosition: (s: CompanyScope, id: number, values: PositionValues, now: string) =>
    s
      .updateTable('positions')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute(),

  /** Soft-deletes a department or a position. */
  remove: (s: CompanyScope, table: 'departments' | 'positions', id: number, now: string) =>
    s.updateTable(table).set({ del_flag: 1, updated_at: now }).where('id', '=', id).execute(),

  /** What still hangs on a department: live child departments, live positions, users. */
  dependents: async (s: CompanyScope, id: number) => {
    const [children, positions, users] = await Promise.all([
      s.selectFrom('departments').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
      s.selectFrom('positions').select('id').where('department_id', '=', id).limit(1).executeTakeFirst(),
      s.selectFrom('users').select('id').where('department_id', '=', id).limit(1).executeTakeFirst(),
    ]);
    return children !== undefined || positions !== undefined || users !== undefined;
  },

  /** Whether a user holds the position. */
  positionHeld: async (s: CompanyScope, id: number) =>
    (await s.selectFrom('users').select('id').where('position_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined,
};
