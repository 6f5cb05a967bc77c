import {
  DEPARTMENT_LIMITS,
  type Department,
  type Organization,
  type Position,
  TOP_DEPARTMENT,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { type CompanyScope, companyInScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  type DepartmentValues,
  type PositionValues,
  departmentRepository as repo,
} from './department.repository.ts';

interface InCompany {
  company_id?: number | undefined;
}
type DepartmentInput = InCompany & {
  name: string;
  parent_id?: number | undefined;
  sort?: number | undefined;
};
type PositionInput = InCompany & { name: string; department_id: number; sort?: number | undefined };

const departmentGone = () => new AppError('NOT_FOUND', '部门不存在或已被删除');
const positionGone = () => new AppError('NOT_FOUND', '职务不存在或已被删除');

/**
 * Whether moving department `id` under `parentId` keeps the tree a tree no deeper than
 * DEPARTMENT_LIMITS.depth: the parent must not be the department or one of its descendants.
 * `id` 0: a new department (no subtree).
 */
export function placeInTree(
  all: readonly { id: number; parent_id: number }[],
  id: number,
  parentId: number,
): 'ok' | 'cycle' | 'too_deep' {
  const parentOf = new Map(all.map((d) => [d.id, d.parent_id]));
  let parentDepth = 0;
  for (let at = parentId; at !== TOP_DEPARTMENT; at = parentOf.get(at) ?? TOP_DEPARTMENT) {
    if (at === id) return 'cycle';
    parentDepth += 1;
    if (parentDepth > DEPARTMENT_LIMITS.depth) break;
  }
  const height = (node: number): number =>
    1 + Math.max(0, ...all.filter((d) => d.parent_id === node).map((d) => height(d.id)));
  const subtree = id === 0 ? 1 : height(id);
  return parentDepth + subtree > DEPARTMENT_LIMITS.depth ? 'too_deep' : 'ok';
}

/**
 * The rules of a company's departments and positions (docs/adr/0038 decision 4): every call acts
 * in a company of the caller's scope (`companyInScope`: their own, their groups', any for the super
 * administrator); names are unique among live siblings (a partial unique index answers a race the
 * same way); a department with children, positions or people, and a position somebody holds, are
 * not deleted; each write is audited with the company it was made in.
 */
export function departmentService(db: Database) {
  /** The scope of the transaction's connection, acting as the caller. */
  const within = (trx: Database, s: CompanyScope, caller: Caller) =>
    inCompany(trx, s.companyId, { userId: caller.userId });

  async function departmentValues(
    s: CompanyScope,
    id: number,
    input: DepartmentInput,
  ): Promise<DepartmentValues> {
    const parentId = input.parent_id ?? TOP_DEPARTMENT;
    if (parentId !== TOP_DEPARTMENT && !(await repo.department(s, parentId)))
      throw new AppError('NOT_FOUND', '上级部门不存在或已被删除', 'parent_id');
    const placed = placeInTree(await repo.departments(s), id, parentId);
    if (placed === 'cycle') throw new AppError('DEPARTMENT_PARENT_INVALID', undefined, 'parent_id');
    if (placed === 'too_deep')
      throw new AppError('DEPARTMENT_PARENT_INVALID', `部门最多 ${DEPARTMENT_LIMITS.depth} 级`, 'parent_id');
    return { name: input.name, parent_id: parentId, sort: input.sort ?? 0 };
  }

  async function positionValues(s: CompanyScope, input: PositionInput): Promise<PositionValues> {
    if (input.department_id !== TOP_DEPARTMENT && !(await repo.department(s, input.department_id)))
      throw new AppError('NOT_FOUND', '所属部门不存在或已被删除', 'department_id');
    return { name: input.name, department_id: input.department_id, sort: input.sort ?? 0 };
  }

  const departmentNameTaken = () => new AppError('DEPARTMENT_NAME_TAKEN', undefined, 'name');
  const positionNameTaken = () => new AppError('POSITION_NAME_TAKEN', undefined, 'name');

  async function departmentOf(s: CompanyScope, id: number): Promise<Department> {
    const found = (await repo.departments(s)).find((d) => d.id === id);
    if (!found) throw departmentGone();
    return found;
  }
  async function positionOf(s: CompanyScope, id: number): Promise<Position> {
    const found = (await repo.positions(s)).find((p) => p.id === id);
    if (!found) throw positionGone();
    return found;
  }

  return {
    /** The company's departments and positions, whole. */
    async organization(caller: Caller, input: InCompany): Promise<Organization> {
      const s = await companyInScope(db, caller, input.company_id);
      const [departments, positions, companyName] = await Promise.all([
        repo.departments(s),
        repo.positions(s),
        repo.companyName(db, s.companyId),
      ]);
      return { company_id: s.companyId, company_name: companyName, departments, positions };
    },

    async createDepartment(caller: Caller, input: DepartmentInput) {
      const scope = await companyInScope(db, caller, input.company_id);
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = within(trx, scope, caller);
            if ((await repo.count(s, 'departments')) >= DEPARTMENT_LIMITS.departments)
              throw new AppError(
                'ORGANIZATION_LIMIT',
                `每个单位最多 ${DEPARTMENT_LIMITS.departments} 个部门`,
              );
            const values = await departmentValues(s, 0, input);
            const made = await repo.insertDepartment(s, values, nowIso());
            await audit(trx, caller, {
              action: 'create',
              entity: 'departments',
              entityId: made,
              after: { company_id: s.companyId, ...values },
            });
            return made;
          }),
        departmentNameTaken(),
      );
      return departmentOf(scope, id);
    },

    async updateDepartment(caller: Caller, input: DepartmentInput & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = within(trx, scope, caller);
            const before = await repo.department(s, input.id);
            if (!before) throw departmentGone();
            const values = await departmentValues(s, input.id, input);
            await repo.updateDepartment(s, input.id, values, nowIso());
            await audit(trx, caller, {
              action: 'update',
              entity: 'departments',
              entityId: input.id,
              before: { company_id: s.companyId, ...before },
              after: { company_id: s.companyId, ...values },
            });
          }),
        departmentNameTaken(),
      );
      return departmentOf(scope, input.id);
    },

    async removeDepartment(caller: Caller, input: InCompany & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await repo.department(s, input.id);
        if (!before) throw departmentGone();
        if (await repo.dependents(s, input.id)) throw new AppError('DEPARTMENT_NOT_EMPTY');
        await repo.remove(s, 'departments', input.id, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'departments',
          entityId: input.id,
          before: { company_id: s.companyId, ...before },
        });
      });
      return { id: input.id };
    },

    async createPosition(caller: Caller, input: PositionInput) {
      const scope = await companyInScope(db, caller, input.company_id);
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = within(trx, scope, caller);
            if ((await repo.count(s, 'positions')) >= DEPARTMENT_LIMITS.positions)
              throw new AppError('ORGANIZATION_LIMIT', `每个单位最多 ${DEPARTMENT_LIMITS.positions} 个职务`);
            const values = await positionValues(s, input);
            const made = await repo.insertPosition(s, values, nowIso());
            await audit(trx, caller, {
              action: 'create',
              entity: 'positions',
              entityId: made,
              after: { company_id: s.companyId, ...values },
            });
            return made;
          }),
        positionNameTaken(),
      );
      return positionOf(scope, id);
    },

    async updatePosition(caller: Caller, input: PositionInput & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const s = within(trx, scope, caller);
            const before = await repo.position(s, input.id);
            if (!before) throw positionGone();
            const values = await positionValues(s, input);
            await repo.updatePosition(s, input.id, values, nowIso());
            await audit(trx, caller, {
              action: 'update',
              entity: 'positions',
              entityId: input.id,
              before: { company_id: s.companyId, ...before },
              after: { company_id: s.companyId, ...values },
            });
          }),
        positionNameTaken(),
      );
      return positionOf(scope, input.id);
    },

    async removePosition(caller: Caller, input: InCompany & { id: number }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await repo.position(s, input.id);
        if (!before) throw positionGone();
        if (await repo.positionHeld(s, input.id)) throw new AppError('POSITION_IN_USE');
        await repo.remove(s, 'positions', input.id, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'positions',
          entityId: input.id,
          before: { company_id: s.companyId, ...before },
        });
      });
      return { id: input.id };
    },
  };
}
export type DepartmentService = ReturnType<typeof departmentService>;
