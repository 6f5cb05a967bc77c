import {
  assignableRoles,
  roleName,
  TOP_DEPARTMENT,
  USER_OPTIONS_MAX,
  type UserAdmin,
  type UserOption,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { isUniqueViolation } from '#server/platform/db/errors.ts';
import { type CompanyScope, companyInScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { hashPassword } from '../account/index.ts';
import type { CheckPassword } from '../company-settings/index.ts';
import { type PersonValues, usersRepository as repo, type UserFilter } from './users.repository.ts';

interface InCompany {
  company_id?: number | undefined;
}
interface PersonInput extends InCompany {
  real_name: string;
  other_roles: number[];
  gender?: number | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
  role: number;
  department_id?: number | undefined;
  position_id?: number | undefined;
}
type Row = NonNullable<Awaited<ReturnType<typeof repo.one>>>;

/**
 * Whether `caller` may change `target`: not themselves, and every role the target holds one they
 * may give (ASSIGNABLE_ROLES).
 */
export const mayManage = (
  caller: Pick<Caller, 'userId' | 'role'>,
  target: { id: number; roles: readonly number[] },
) => target.id !== caller.userId && target.roles.every((r) => assignableRoles(caller.role).includes(r));

/** A stored user with every role they hold (`users.role` first). */
type Held = Row & { roles: number[] };

function toItem(caller: Caller, r: Held): UserAdmin {
  return {
    id: r.id,
    company_id: r.company_id,
    username: r.username,
    real_name: r.real_name,
    gender: r.gender,
    mobile: r.mobile,
    email: r.email,
    role: r.role,
    role_name: roleName(r.role),
    roles: r.roles,
    department_id: r.department_id,
    department_name: r.department_name ?? '',
    position_id: r.position_id,
    position_name: r.position_name ?? '',
    status: r.status,
    must_change_password: r.must_change_password,
    last_login_time: r.last_login_at ?? '',
    manageable: mayManage(caller, r),
    create_time: r.created_at,
    update_time: r.updated_at,
  };
}

/** A department with every department below it (the list's filter). */
export function withDescendants(all: readonly { id: number; parent_id: number }[], root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i += 1) for (const d of all) if (d.parent_id === out[i]) out.push(d.id);
  return out;
}

/** What a stored user was, for the audit log (never the password's hash). */
const audited = (r: Held) => ({
  company_id: r.company_id,
  username: r.username,
  real_name: r.real_name,
  gender: r.gender,
  mobile: r.mobile,
  email: r.email,
  role: r.role,
  roles: r.roles,
  department_id: r.department_id,
  position_id: r.position_id,
  status: r.status,
});

/**
 * The rules of a company's people (issue 34, docs/adr/0038): every call acts in a company of the
 * caller's scope (`companyInScope`); a role is given only by someone who may give it
 * (`assignableRoles`: nobody makes a super administrator, a company's administrators give the roles
 * below theirs) and a user is changed only by such a one, never by themselves here; user names and
 * mobile numbers are unique across companies (both log in; unique indexes answer a race the same
 * way); a user's position is of their department or of the whole company. Stopping a user or
 * resetting their password ends their sessions (`forgetSessions`: this process's cache at once,
 * other processes within its time, ADR 0005). Each write is audited.
 */
export function usersService(
  db: Database,
  deps: { forgetSessions(userId: number): void; checkPassword: CheckPassword },
) {
  const within = (trx: Database, s: CompanyScope, caller: Caller) =>
    inCompany(trx, s.companyId, { userId: caller.userId });

  /** Stored users with every role they hold. */
  async function withRoles(s: CompanyScope, rows: Row[]): Promise<Held[]> {
    const others = await repo.otherRoles(
      s,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      ...r,
      roles: [r.role, ...(others.get(r.id) ?? []).filter((x) => x !== r.role)],
    }));
  }
  async function oneOrThrow(s: CompanyScope, id: number): Promise<Held> {
    const row = await repo.one(s, id);
    if (!row) throw new AppError('NOT_FOUND', '用户不存在');
    const [held] = await withRoles(s, [row]);
    return held as Held;
  }
  async function manageable(s: CompanyScope, caller: Caller, id: number) {
    const row = await oneOrThrow(s, id);
    if (!mayManage(caller, row)) throw new AppError('USER_NOT_MANAGEABLE');
    return row;
  }

  /**
   * The person's values, checked: every role one the caller gives, department and position of the
   * company; `others` the roles beside the main one (without it, no repeats).
   */
  async function personValues(
    s: CompanyScope,
    caller: Caller,
    input: PersonInput,
  ): Promise<PersonValues & { others: number[] }> {
    const others = [...new Set(input.other_roles)].filter((r) => r !== input.role);
    const asked: [number, string][] = [
      [input.role, 'role'],
      ...others.map((r): [number, string] => [r, 'other_roles']),
    ];
    for (const [role, field] of asked)
      if (!assignableRoles(caller.role).includes(role))
        throw new AppError('USER_ROLE_NOT_ALLOWED', `不能授予「${roleName(role)}」角色`, field);
    let departmentId = input.department_id ?? null;
    if (departmentId !== null && !(await repo.department(s, departmentId)))
      throw new AppError('NOT_FOUND', '部门不存在或已被删除', 'department_id');
    const positionId = input.position_id ?? null;
    if (positionId !== null) {
      const position = await repo.position(s, positionId);
      if (!position) throw new AppError('NOT_FOUND', '职务不存在或已被删除', 'position_id');
      if (position.department_id !== TOP_DEPARTMENT) {
        if (departmentId === null) departmentId = position.department_id;
        else if (departmentId !== position.department_id)
          throw new AppError('POSITION_NOT_IN_DEPARTMENT', undefined, 'position_id');
      }
    }
    return {
      others,
      real_name: input.real_name,
      gender: input.gender ?? 0,
      mobile: input.mobile ?? '',
      email: input.email ?? '',
      role: input.role,
      department_id: departmentId,
      position_id: positionId,
    };
  }

  /** Refuses a user name or mobile number that is somebody else's. */
  async function unique(conn: Database, values: { username?: string; mobile: string }, id = 0) {
    if (values.username !== undefined && (await repo.taken(conn, 'username', values.username, id)))
      throw new AppError('USERNAME_TAKEN', undefined, 'username');
    if (values.mobile !== '' && (await repo.taken(conn, 'mobile', values.mobile, id)))
      throw new AppError('USER_MOBILE_TAKEN', undefined, 'mobile');
  }
  /** A unique index refused the write (a race lost): the same answer as the check before it. */
  async function raced<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (/mobile/i.test(String((error as Error).message)))
        throw new AppError('USER_MOBILE_TAKEN', undefined, 'mobile');
      throw new AppError('USERNAME_TAKEN', undefined, 'username');
    }
  }

  /** Writes a change of one user, audited, and answers the user as the list shows them. */
  async function change(
    caller: Caller,
    input: InCompany & { id: number },
    write: (trx: Database, s: CompanyScope, before: Held) => Promise<void>,
  ) {
    const scope = await companyInScope(db, caller, input.company_id);
    await raced(() =>
      db.transaction().execute(async (trx) => {
        const s = within(trx, scope, caller);
        const before = await manageable(s, caller, input.id);
        await write(trx, s, before);
        const after = await oneOrThrow(s, input.id);
        await audit(trx, caller, {
          action: 'update',
          entity: 'users',
          entityId: input.id,
          before: audited(before),
          after: audited(after),
        });
      }),
    );
    return toItem(caller, await oneOrThrow(scope, input.id));
  }

  return {
    async list(
      caller: Caller,
      input: InCompany & Omit<UserFilter, 'departmentIds'> & { department_id?: number | undefined },
      p: PageParams,
    ) {
      const s = await companyInScope(db, caller, input.company_id);
      const departmentIds =
        input.department_id === undefined
          ? undefined
          : input.department_id === TOP_DEPARTMENT
            ? null
            : withDescendants(await repo.departments(s), input.department_id);
      const { count, results } = await repo.page(s, { ...input, departmentIds }, p);
      return paged({ count, results: (await withRoles(s, results)).map((r) => toItem(caller, r)) }, p);
    },

    async options(
      caller: Caller,
      input: InCompany & { keyword?: string | undefined },
    ): Promise<{
      results: UserOption[];
    }> {
      const s = await companyInScope(db, caller, input.company_id);
      const rows = await repo.options(s, input.keyword, USER_OPTIONS_MAX);
      return {
        results: rows.map((r) => ({
          ...r,
          department_name: r.department_name ?? '',
          position_name: r.position_name ?? '',
        })),
      };
    },

    async get(caller: Caller, input: InCompany & { id: number }) {
      const s = await companyInScope(db, caller, input.company_id);
      return toItem(caller, await oneOrThrow(s, input.id));
    },

    /** A user of the caller's scope by user name; one outside it is as unknown as one that is not. */
    async byName(caller: Caller, username: string) {
      const found = await repo.whereIs(db, username);
      if (!found) throw new AppError('NOT_FOUND', '用户不存在');
      const s = await companyInScope(db, caller, found.company_id).catch(() => {
        throw new AppError('NOT_FOUND', '用户不存在');
      });
      return toItem(caller, await oneOrThrow(s, found.id));
    },

    async create(caller: Caller, input: PersonInput & { username: string; password: string }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await deps.checkPassword(scope.companyId, input.password, 'password', '初始密码');
      const values = await personValues(scope, caller, input);
      await unique(db, { username: input.username, mobile: values.mobile });
      const passwordHash = await hashPassword(input.password);
      const id = await raced(() =>
        db.transaction().execute(async (trx) => {
          const s = within(trx, scope, caller);
          // Checked again in the transaction: the department or position may have gone meanwhile.
          const { others, ...checked } = await personValues(s, caller, input);
          const made = await repo.insert(
            s,
            { ...checked, username: input.username, password_hash: passwordHash },
            nowIso(),
          );
          await repo.setOtherRoles(s, made, others);
          await audit(trx, caller, {
            action: 'create',
            entity: 'users',
            entityId: made,
            after: {
              company_id: s.companyId,
              username: input.username,
              ...checked,
              roles: [checked.role, ...others],
            },
          });
          return made;
        }),
      );
      return toItem(caller, await oneOrThrow(scope, id));
    },

    /**
     * Changes a person; a role taken from them ends their sessions (one may act in it), so a
     * session never keeps a role its user no longer holds.
     */
    async update(caller: Caller, input: PersonInput & { id: number }) {
      let ended = false;
      const item = await change(caller, input, async (trx, s, before) => {
        const { others, ...values } = await personValues(s, caller, input);
        await unique(trx, { mobile: values.mobile }, before.id);
        await repo.update(s, before.id, values, nowIso());
        await repo.setOtherRoles(s, before.id, others);
        const kept = new Set([values.role, ...others]);
        if (before.roles.some((r) => !kept.has(r))) {
          await repo.endSessions(trx, before.id);
          ended = true;
        }
      });
      if (ended) deps.forgetSessions(input.id);
      return item;
    },

    /** Stops (0) or restarts (1) a user; stopping ends their sessions. */
    async setStatus(caller: Caller, input: InCompany & { id: number; status: 0 | 1 }) {
      let ended = false;
      const item = await change(caller, input, async (trx, s, before) => {
        if (before.status === input.status) return;
        await repo.update(s, before.id, { status: input.status }, nowIso());
        if (input.status === 0) {
          await repo.endSessions(trx, before.id);
          ended = true;
        }
      });
      if (ended) deps.forgetSessions(input.id);
      return item;
    },

    /** Sets a password the user must change at the next login, and ends their sessions. */
    async resetPassword(caller: Caller, input: InCompany & { id: number; password: string }) {
      const scope = await companyInScope(db, caller, input.company_id);
      await deps.checkPassword(scope.companyId, input.password, 'password', '新密码');
      const passwordHash = await hashPassword(input.password);
      const item = await change(caller, input, async (trx, s, before) => {
        await repo.resetPassword(s, before.id, passwordHash, nowIso());
        await repo.endSessions(trx, before.id);
      });
      deps.forgetSessions(input.id);
      return item;
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
