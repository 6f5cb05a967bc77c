import {
  type CompanyType,
  GROUP_COMPANY_OPTIONS_MAX,
  GROUP_STAFF_ROLES,
  type Group,
  type GroupAdmin,
  type GroupCompany,
  type GroupCompanyOption,
  type GroupStaffOption,
  groupCompanyShape,
  groupShape,
  itemFromRow,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { groupInScope, groupsInScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { hashPassword } from '../account/index.ts';
import type { CheckPassword } from '../company-settings/index.ts';
import type { insertUser } from '../users/index.ts';
import { type GroupValues, groupRepository as repo } from './group.repository.ts';

/** A company row as the group's lists show it (the declared shape's reader, group.ts). */
const toCompany = (row: Record<string, unknown>) => itemFromRow(groupCompanyShape, row) as GroupCompany;
/** A group row's own columns as its item holds them. */
const groupItem = (row: Record<string, unknown>) => itemFromRow(groupShape, row) as Omit<Group, 'companies'>;

interface GroupInput {
  name: string;
  comment?: string | undefined;
  is_public: 0 | 1;
  is_default: 0 | 1;
}

const valuesOf = (input: GroupInput): GroupValues => ({
  name: input.name,
  comment: input.comment ?? '',
  is_public: input.is_public,
  is_default: input.is_default,
});

const nameTaken = () => new AppError('GROUP_NAME_TAKEN', undefined, 'name');

/** A group's staff see only their groups (platform/db/scope.ts groupsInScope): the rules of the group calls. */
export function groupService(
  db: Database,
  deps: {
    users: {
      usernameTaken(db: Database, username: string): Promise<boolean>;
      insert: typeof insertUser;
    };
    /** The company's password rule (company-settings). */
    checkPassword: CheckPassword;
  },
) {
  /**
   * Groups as the super administrator's list shows them; their staff's names are users of any
   * company, read through `acrossCompanies` (role 1 only, recorded with the reason).
   */
  async function adminView(
    caller: Caller,
    rows: Awaited<ReturnType<typeof repo.groupPage>>,
  ): Promise<GroupAdmin[]> {
    const staff = await repo.staffOf(
      db,
      rows.map((r) => r.id),
    );
    const userIds = [...new Set(staff.map((s) => s.user_id))];
    const names = new Map<number, string>();
    if (userIds.length > 0) {
      for (const u of await repo.staffNames(db, caller, userIds)) names.set(u.id, u.real_name || u.username);
    }
    return rows.map((r) => ({
      ...groupItem(r),
      company_count: Number(r.company_count ?? 0),
      staff: staff
        .filter((s) => s.group_id === r.id)
        .map((s) => ({ user_id: s.user_id, name: names.get(s.user_id) ?? '', role: s.role })),
    }));
  }

  /** One live group as the list shows it; an unknown or deleted one is 10005. */
  async function adminOne(caller: Caller, id: number): Promise<GroupAdmin> {
    const [one] = await adminView(caller, await repo.groupPage(db, undefined, 1, 0, id));
    if (!one) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
    return one;
  }

  /** Saves a group's fields in the transaction: one default at most, names unique among live groups. */
  async function save(trx: Database, caller: Caller, id: number, values: GroupValues, now: string) {
    if (await repo.nameTaken(trx, values.name, id)) throw nameTaken();
    if (values.is_default === 1) await repo.clearDefault(trx, caller.userId, id, now);
  }

  return {
    /** The super administrator's list of every live group. */
    async list(
      caller: Caller,
      input: { keyword?: string | undefined },
      page: { pageSize: number; offset: number },
    ) {
      const [rows, count] = await Promise.all([
        repo.groupPage(db, input.keyword, page.pageSize, page.offset),
        repo.groupCount(db, input.keyword),
      ]);
      return { count, results: await adminView(caller, rows) };
    },

    async create(caller: Caller, input: GroupInput) {
      const values = valuesOf(input);
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const now = nowIso();
            await save(trx, caller, 0, values, now);
            const made = await repo.insertGroup(trx, caller.userId, values, now);
            await audit(trx, caller, {
              action: 'create',
              entity: 'company_groups',
              entityId: made,
              after: values,
            });
            return made;
          }),
        nameTaken(),
      );
      return adminOne(caller, id);
    },

    async update(caller: Caller, input: GroupInput & { id: number }) {
      const values = valuesOf(input);
      await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const before = await repo.groupRow(trx, input.id);
            if (!before) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
            const now = nowIso();
            await save(trx, caller, input.id, values, now);
            await repo.updateGroup(trx, caller.userId, input.id, { ...values, updated_at: now });
            await audit(trx, caller, {
              action: 'update',
              entity: 'company_groups',
              entityId: input.id,
              before,
              after: values,
            });
          }),
        nameTaken(),
      );
      return adminOne(caller, input.id);
    },

    /** Deletes a group that has no company left (its staff are let go with it). */
    async remove(caller: Caller, id: number) {
      await db.transaction().execute(async (trx) => {
        const before = await repo.groupRow(trx, id);
        if (!before) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
        if ((await repo.companyCount(trx, [id], undefined)) > 0) throw new AppError('GROUP_NOT_EMPTY');
        await repo.deleteGroup(trx, caller.userId, id, nowIso());
        await audit(trx, caller, { action: 'delete', entity: 'company_groups', entityId: id, before });
      });
      return { id };
    },

    /** Puts companies into the group, or takes those of them that are in it out. */
    async setCompanies(caller: Caller, input: { id: number; company_ids: number[] }, into: boolean) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.groupRow(trx, input.id))) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
        const found = await repo.existingCompanies(trx, input.company_ids);
        const missing = input.company_ids.filter((c) => !found.includes(c));
        if (missing.length > 0)
          throw new AppError('NOT_FOUND', `单位不存在：${missing.join('、')}`, 'company_ids');
        const now = nowIso();
        if (into) await repo.moveCompanies(trx, found, input.id, now);
        else await repo.releaseCompanies(trx, found, input.id, now);
        await audit(trx, caller, {
          action: 'update',
          entity: 'company_groups',
          entityId: input.id,
          after: { [into ? 'added_companies' : 'removed_companies']: found },
        });
      });
      return adminOne(caller, input.id);
    },

    /** The companies the super administrator may put into the group (not in it already). */
    async companyOptions(input: { id: number; keyword?: string | undefined }): Promise<{
      results: GroupCompanyOption[];
    }> {
      const rows = await repo.companyOptions(db, input.id, input.keyword, GROUP_COMPANY_OPTIONS_MAX);
      return { results: rows.map((r) => ({ ...r, group_name: r.group_name ?? '' })) };
    },

    /** The users the super administrator may name to the group's staff (not on it already). */
    async staffOptions(
      caller: Caller,
      input: { id: number; keyword?: string | undefined },
    ): Promise<{ results: GroupStaffOption[] }> {
      const rows = await repo.staffOptions(db, caller, input.id, input.keyword, GROUP_COMPANY_OPTIONS_MAX);
      return {
        results: rows.map((r) => ({
          user_id: r.user_id,
          name: r.real_name || r.username,
          username: r.username,
          role: r.role,
          company_name: r.company_name,
        })),
      };
    },

    /**
     * Names a user to the group's staff in their role: a 集群管理员 (2) or 集群管理员助理 (6) of any
     * company, active; anyone else is refused beside the field.
     */
    async addStaff(caller: Caller, input: { id: number; user_id: number }) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.groupRow(trx, input.id))) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
        const user = await repo.userById(trx, caller, input.user_id);
        if (!user) throw new AppError('NOT_FOUND', '用户不存在', 'user_id');
        if (!(GROUP_STAFF_ROLES as readonly number[]).includes(user.role) || user.status !== 1)
          throw new AppError('PARAM_ERROR', '只能指定启用中的集群管理员或集群管理员助理', 'user_id');
        await repo.addStaff(trx, input.id, user.id, user.role, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'company_groups',
          entityId: input.id,
          after: { added_staff: { user_id: user.id, role: user.role } },
        });
      });
      return adminOne(caller, input.id);
    },

    /**
     * Makes a 集群管理员 (2) or assistant (6) in a company of the group and names them to its
     * staff, in one transaction (`/account/user/create`): neither happens without the other.
     */
    async createStaff(
      caller: Caller,
      input: {
        id: number;
        company_id: number;
        role: number;
        username: string;
        real_name: string;
        password: string;
      },
    ) {
      const usernameTaken = () => new AppError('USERNAME_TAKEN', undefined, 'username');
      if (await deps.users.usernameTaken(db, input.username)) throw usernameTaken();
      await deps.checkPassword(input.company_id, input.password, 'password', '初始密码');
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.groupRow(trx, input.id))) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
        const company = await repo.company(trx, input.company_id).catch(() => undefined);
        if (!company || company.group_id !== input.id)
          throw new AppError('PARAM_ERROR', '所在单位须是该集群的单位', 'company_id');
        const now = nowIso();
        const userId = await onUnique(
          () =>
            deps.users.insert(
              inCompany(trx, input.company_id, { userId: caller.userId }),
              {
                username: input.username,
                password_hash: passwordHash,
                real_name: input.real_name,
                gender: 0,
                mobile: '',
                email: '',
                role: input.role,
                department_id: null,
                position_id: null,
              },
              now,
            ),
          usernameTaken(),
        );
        await repo.addStaff(trx, input.id, userId, input.role, now);
        await audit(trx, caller, {
          action: 'update',
          entity: 'company_groups',
          entityId: input.id,
          after: {
            created_staff: {
              user_id: userId,
              username: input.username,
              role: input.role,
              company_id: input.company_id,
            },
          },
        });
      });
      return adminOne(caller, input.id);
    },

    /** Takes a user off the group's staff. */
    async removeStaff(caller: Caller, input: { id: number; user_id: number }) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.groupRow(trx, input.id))) throw new AppError('NOT_FOUND', '集群不存在或已被删除');
        if ((await repo.removeStaff(trx, input.id, input.user_id)) === 0)
          throw new AppError('NOT_FOUND', '该用户不是这个集群的管理员或助理', 'user_id');
        await audit(trx, caller, {
          action: 'update',
          entity: 'company_groups',
          entityId: input.id,
          after: { removed_staff: { user_id: input.user_id } },
        });
      });
      return adminOne(caller, input.id);
    },

    /** The default group and its active companies (registration), or null when there is none. */
    async defaultGroup() {
      const group = await repo.defaultGroup(db);
      if (!group) return null;
      return { id: group.id, name: group.name, companies: await repo.activeCompanyNames(db, group.id) };
    },

    /**
     * The caller's groups with every company of each: a group's staff their groups, the super
     * administrator every group, anyone else none.
     */
    async myGroups(caller: Caller): Promise<{ results: Group[] }> {
      const groups = await repo.groups(db, await groupsInScope(db, caller));
      const companies = groups.length
        ? await repo.companyPage(
            db,
            groups.map((g) => g.id),
            undefined,
            10_000,
            0,
          )
        : [];
      return {
        results: groups.map((g) => ({
          ...groupItem(g),
          companies: companies.filter((c) => c.group_id === g.id).map(toCompany),
        })),
      };
    },

    /**
     * A page of a group's companies. A group outside the caller's scope is refused (10004) whether
     * it exists or not, so its existence is not told; the super administrator is told an unknown one.
     */
    async companies(
      caller: Caller,
      input: { group_id: number; keyword?: string | undefined },
      page: { pageSize: number; offset: number },
    ) {
      if (!(await groupInScope(db, caller, input.group_id))) throw new AppError('FORBIDDEN');
      if (!(await repo.groupExists(db, input.group_id)))
        throw new AppError('NOT_FOUND', '集群不存在或已被删除');
      const ids = [input.group_id];
      const [rows, count] = await Promise.all([
        repo.companyPage(db, ids, input.keyword, page.pageSize, page.offset),
        repo.companyCount(db, ids, input.keyword),
      ]);
      return { count, results: rows.map(toCompany) };
    },

    /**
     * A new company of one of the caller's groups with its first 单位管理员 (role 3), in one
     * transaction: neither exists without the other. Codes, user names and mobile numbers are
     * unique (a unique index answers a race the same way as the check before it).
     */
    async createCompany(
      caller: Caller,
      input: {
        group_id: number;
        company_name: string;
        code: string;
        company_type_id?: number | undefined;
        manager_username: string;
        manager_name: string;
        manager_password: string;
      },
    ): Promise<GroupCompany> {
      if (!(await groupInScope(db, caller, input.group_id))) throw new AppError('FORBIDDEN');
      if (!(await repo.groupExists(db, input.group_id)))
        throw new AppError('NOT_FOUND', '集群不存在或已被删除', 'group_id');
      if (input.company_type_id !== undefined && !(await repo.companyTypeExists(db, input.company_type_id)))
        throw new AppError('NOT_FOUND', '单位类别不存在', 'company_type_id');
      const codeTaken = () => new AppError('COMPANY_CODE_TAKEN', undefined, 'code');
      const usernameTaken = () => new AppError('USERNAME_TAKEN', undefined, 'manager_username');
      if (await repo.codeTaken(db, input.code)) throw codeTaken();
      if (await deps.users.usernameTaken(db, input.manager_username)) throw usernameTaken();
      // A new company has the default settings.
      await deps.checkPassword(undefined, input.manager_password, 'manager_password', '管理员密码');
      const passwordHash = await hashPassword(input.manager_password);
      const id = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const made = await onUnique(
          () =>
            repo.insertCompany(
              trx,
              {
                group_id: input.group_id,
                company_name: input.company_name,
                code: input.code,
                company_type_id: input.company_type_id ?? null,
              },
              now,
            ),
          codeTaken(),
        );
        const managerId = await onUnique(
          () =>
            deps.users.insert(
              inCompany(trx, made, { userId: caller.userId }),
              {
                username: input.manager_username,
                password_hash: passwordHash,
                real_name: input.manager_name,
                gender: 0,
                mobile: '',
                email: '',
                role: 3,
                department_id: null,
                position_id: null,
              },
              now,
            ),
          usernameTaken(),
        );
        await audit(trx, caller, {
          action: 'create',
          entity: 'companies',
          entityId: made,
          after: {
            group_id: input.group_id,
            company_name: input.company_name,
            code: input.code,
            company_type_id: input.company_type_id ?? null,
            manager: { id: managerId, username: input.manager_username },
          },
        });
        return made;
      });
      return toCompany(await repo.company(db, id));
    },

    async companyTypes(): Promise<{ results: CompanyType[] }> {
      return { results: await repo.companyTypes(db) };
    },
  };
}
export type GroupService = ReturnType<typeof groupService>;
