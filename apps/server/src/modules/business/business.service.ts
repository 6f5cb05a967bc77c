import {
  BUSINESS_CHOICES_MAX,
  BUSINESS_FINISHED,
  BUSINESS_RUNNING,
  BUSINESS_WAITING,
  type BusinessDetail,
  type BusinessPreview,
  FLOW_PUBLISHED,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { dayIn, nowIso, type ZoneOf } from '#server/platform/time.ts';
import { type BusinessFilter, businessRepository as repo } from './business.repository.ts';
import { staffFirst } from './business-team.service.ts';

type ProjectRow = NonNullable<Awaited<ReturnType<typeof repo.project>>>;

/** How deep jumps and nests may lead (a project nested in a nested project in a project). */
const ONWARD_DEPTH = 3;

/**
 * The projects a business on `root` may go on in through its jump and nest nodes, and theirs in
 * turn (design/training.md "Creating and starting a business": refused when one has no target
 * project, or when they lead back into a project they come from).
 */
async function onwardProjects(s: CompanyScope, root: { id: number; flow_id: number; name: string }) {
  const found = new Map<number, { id: number; flow_id: number; name: string }>();
  async function walk(p: { id: number; flow_id: number; name: string }, chain: number[]) {
    for (const { node, project } of await repo.targets(s, p.flow_id, p.id)) {
      if (!project)
        throw new AppError(
          'BUSINESS_TARGET_MISSING',
          `项目“${p.name}”的环节“${node.name}”没有设置目标项目`,
          'project_id',
        );
      if (chain.includes(project.id))
        throw new AppError(
          'BUSINESS_TARGET_MISSING',
          `项目“${p.name}”的环节“${node.name}”又回到了项目“${project.name}”`,
          'project_id',
        );
      if (chain.length >= ONWARD_DEPTH)
        throw new AppError(
          'BUSINESS_TARGET_MISSING',
          `项目的跳转与嵌套不能超过${ONWARD_DEPTH}层`,
          'project_id',
        );
      if (found.has(project.id)) continue;
      found.set(project.id, project);
      await walk(project, [...chain, project.id]);
    }
  }
  await walk(root, [root.id]);
  return [...found.values()];
}

/**
 * Why the caller may not start a business on the project now, or '': its flow no longer published,
 * outside 限时开放's days (the company's calendar day), not among 指定人员.
 */
function closedFor(p: ProjectRow, userId: number, today: string): string {
  if (p.flow_status !== FLOW_PUBLISHED || p.flow_deleted === 1) return '项目的流程已不可用，不能启动业务';
  if (p.open_mode === 2 && (!p.start_day || !p.end_day || today < p.start_day || today > p.end_day))
    return `项目限时开放（${p.start_day ?? ''} 至 ${p.end_day ?? ''}），现在不能启动业务`;
  if (p.open_mode === 3 && !(JSON.parse(p.target_user_ids) as number[]).includes(userId))
    return '项目只对指定人员开放，你不在其中';
  return '';
}

/**
 * Businesses (issue 36): started from a project by the manager's wizard — waiting, with the flow's
 * roles copied and their seats listed, the starter in the start role's first seat — listed,
 * soft-deleted and recovered. Every call is the caller's company's.
 */
export function businessService(db: Database, deps: { zoneOf: ZoneOf; permissions: PermissionCache }) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function projectOrThrow(s: CompanyScope, id: number) {
    const p = await repo.project(s, id);
    if (!p) throw new AppError('NOT_FOUND', '项目不存在或已被删除', 'project_id');
    return p;
  }

  async function page(caller: Caller, f: BusinessFilter, p: PageParams, deleted: boolean) {
    const s = scopeOf(caller);
    const { count, results } = await repo.page(s, f, p, deleted);
    const seats = await repo.seatCounts(
      s,
      results.map((r) => r.id),
    );
    return paged(
      {
        count,
        results: results.map((r) => ({
          ...r,
          seats_taken: seats.get(r.id)?.taken ?? 0,
          seats: seats.get(r.id)?.all ?? 0,
        })),
      },
      p,
    );
  }

  async function detail(s: CompanyScope, id: number): Promise<BusinessDetail> {
    const row = await repo.business(s, id);
    if (!row) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    const roles = await repo.roles(s, id);
    const seats = roles.flatMap((r) => r.seats);
    return {
      ...row,
      roles,
      seats: seats.length,
      seats_taken: seats.filter((x) => x.user_id !== null).length,
    };
  }

  return {
    /** The business with its team, as a write answers it (the team service's too). */
    detailIn: detail,
    /** The team as 配备团队 reads it: for a holder of view_business, or the business's starter. */
    async team(caller: Caller, businessId: number) {
      const s = scopeOf(caller);
      const run = await repo.run(s, businessId);
      if (!run) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
      if (run.created_by !== caller.userId && !(await deps.permissions.has(caller, 'view_business')))
        throw new AppError('FORBIDDEN', '只有发起人或可查看业务者可以查看团队');
      return detail(s, businessId);
    },
    list: (caller: Caller, f: BusinessFilter, p: PageParams) => page(caller, f, p, false),
    /** The newest businesses, shortly, for choosing one. */
    async choices(caller: Caller, f: BusinessFilter) {
      return { results: await repo.choices(scopeOf(caller), f, BUSINESS_CHOICES_MAX) };
    },
    deleted: (caller: Caller, f: BusinessFilter, p: PageParams) => page(caller, f, p, true),
    /** The caller's own businesses: in progress (waiting or running) or done. */
    mine: (caller: Caller, f: { keyword?: string | undefined; state: 'progress' | 'done' }, p: PageParams) =>
      page(
        caller,
        {
          keyword: f.keyword,
          member: {
            userId: caller.userId,
            statuses: f.state === 'done' ? [BUSINESS_FINISHED] : [BUSINESS_WAITING, BUSINESS_RUNNING],
          },
        },
        p,
        false,
      ),

    async preview(caller: Caller, projectId: number): Promise<BusinessPreview> {
      const s = scopeOf(caller);
      const p = await projectOrThrow(s, projectId);
      const [full, own, today] = await Promise.all([
        repo.projectItem(s, projectId),
        repo.flowRoles(s, p.flow_id),
        deps.zoneOf(caller.companyId).then((z) => dayIn(z)),
      ]);
      // The roles of the projects its jumps and nests go on in are staffed too; a missing target closes it.
      let onward: Awaited<ReturnType<typeof onwardProjects>> = [];
      let unreachable = '';
      try {
        onward = await onwardProjects(s, p);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        unreachable = e.message;
      }
      const roles = [
        ...own.map((r) => ({ ...r, project_name: null as string | null })),
        ...(
          await Promise.all(
            onward.map(async (q) =>
              (await repo.flowRoles(s, q.flow_id)).map((r) => ({ ...r, can_start: 0, project_name: q.name })),
            ),
          )
        ).flat(),
      ];
      if (!full) throw new AppError('NOT_FOUND', '项目不存在或已被删除', 'project_id');
      const available = await repo.available(
        s,
        roles.map((r) => r.position_id),
      );
      const { target_user_ids: _, ...project } = full;
      return {
        project,
        roles: roles.map((r, i) => ({
          name: r.name,
          capacity: r.capacity,
          position_name: r.position_name,
          can_start: r.can_start,
          project_name: r.project_name,
          available: available[i] ?? 0,
        })),
        closed: closedFor(p, caller.userId, today) || unreachable,
      };
    },

    async create(caller: Caller, input: { project_id: number; name?: string | undefined }) {
      const today = dayIn(await deps.zoneOf(caller.companyId));
      const id = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const p = await projectOrThrow(s, input.project_id);
        const closed = closedFor(p, caller.userId, today);
        if (closed) throw new AppError('BUSINESS_PROJECT_CLOSED', closed, 'project_id');
        const roles = await repo.flowRoles(s, p.flow_id);
        if (!roles.some((r) => r.can_start === 1))
          throw new AppError(
            'BUSINESS_PROJECT_CLOSED',
            '项目的流程没有发起业务的角色，不能启动业务',
            'project_id',
          );
        const onward = await onwardProjects(s, p);
        const name = input.name || `${p.name} ${today}`;
        const made = await repo.insert(s, { project_id: p.id, flow_id: p.flow_id, name }, nowIso());
        await repo.copyRoles(s, { businessId: made, projectId: p.id }, roles, caller.userId);
        // The roles of every project a jump or nest goes on in: staffed now with the rest of the
        // team (their start is the jump's or nest's, so none of them starts the business).
        for (const q of onward)
          await repo.copyRoles(
            s,
            { businessId: made, projectId: q.id },
            (await repo.flowRoles(s, q.flow_id)).map((r) => ({ ...r, can_start: 0 })),
            caller.userId,
          );
        await staffFirst(s, made);
        await audit(trx, caller, {
          action: 'create',
          entity: 'businesses',
          entityId: made,
          after: { project_id: p.id, name, roles: roles.map((r) => r.name), onward: onward.map((q) => q.id) },
        });
        return made;
      });
      return detail(scopeOf(caller), id);
    },

    /**
     * Withdraws a business still waiting (`/business/remove`): its starter, or a holder of
     * change_business. Soft: 业务管理 can recover it. Under the waiting row's lock, so a start at the
     * same moment either comes first (then this is refused) or finds it gone.
     */
    async withdraw(caller: Caller, businessId: number) {
      const mayChange = await deps.permissions.has(caller, 'change_business');
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const at = nowIso();
        const locked = await repo.lockWaiting(s, businessId, at);
        if (!locked) {
          if (!(await repo.run(s, businessId)))
            throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
          throw new AppError('BUSINESS_NOT_WAITING', '业务已经开始或结束，不能撤回', 'business_id');
        }
        if (locked.created_by !== caller.userId && !mayChange)
          throw new AppError('FORBIDDEN', '只有发起人可以撤回业务');
        await repo.setDeleted(s, businessId, true, at);
        await audit(trx, caller, {
          action: 'delete',
          entity: 'businesses',
          entityId: businessId,
          after: { del_flag: 1, withdrawn: true },
        });
      });
      return { count: 1 };
    },

    /** Soft delete (`deleted`) or recovery; a business already so is not found. */
    async setDeleted(caller: Caller, businessId: number, deleted: boolean) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        if (!(await repo.setDeleted(s, businessId, deleted, nowIso())))
          throw new AppError(
            'NOT_FOUND',
            deleted ? '业务不存在或已被删除' : '业务不存在或没有被删除',
            'business_id',
          );
        await audit(trx, caller, {
          action: deleted ? 'delete' : 'update',
          entity: 'businesses',
          entityId: businessId,
          after: { del_flag: deleted ? 1 : 0 },
        });
      });
      return { count: 1 };
    },
  };
}
export type BusinessService = ReturnType<typeof businessService>;
