import type { CompanyType, Group, GroupCompany } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { groupInScope, groupsInScope } from '#server/platform/db/scope.ts';
import { groupRepository as repo } from './group.repository.ts';

type CompanyRow = Awaited<ReturnType<typeof repo.companyPage>>[number];

const toCompany = (r: CompanyRow): GroupCompany => ({
  id: r.id,
  code: r.code,
  company_name: r.company_name,
  company_type: r.company_type ?? '',
  status: r.status,
  create_time: r.created_at,
});

/** A group's staff see only their groups (platform/db/scope.ts groupsInScope): the rules of the group calls. */
export function groupService(db: Database) {
  return {
    /** The default group and its active companies (registration), or null when there is none. */
    async defaultGroup() {
      const group = await repo.defaultGroup(db);
      if (!group) return null;
      return { id: group.id, name: group.name, companies: await repo.activeCompanyNames(db, group.id) };
    },

    /** The caller's groups with every company of each (none for a caller who works for no group). */
    async myGroups(caller: Caller): Promise<{ results: Group[] }> {
      const ids = await groupsInScope(db, caller);
      // The super administrator's "own" groups would be every group: the group list is theirs to page.
      if (ids === 'all') return { results: [] };
      const groups = await repo.groups(db, ids);
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
          id: g.id,
          name: g.name,
          comment: g.comment,
          is_public: g.is_public,
          is_default: g.is_default,
          create_time: g.created_at,
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

    async companyTypes(): Promise<{ results: CompanyType[] }> {
      return { results: await repo.companyTypes(db) };
    },
  };
}
export type GroupService = ReturnType<typeof groupService>;
