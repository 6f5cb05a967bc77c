import { FLOW_PUBLISHED, PROJECT_LIMITS, type ProjectDetail } from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { type ProjectFilter, type ProjectValues, projectRepository as repo } from './project.repository.ts';

export interface ProjectInput {
  name: string;
  intro?: string | undefined;
  purpose?: string | undefined;
  requirement?: string | undefined;
  level: number;
  ability_target: number;
  open_mode: number;
  start_day?: string | undefined;
  end_day?: string | undefined;
  graph_view: number;
  can_redo: number;
  reference: number;
  office_item?: string | undefined;
  targets: { node_id: number; target_project_id?: number | null | undefined }[];
  target_user_ids: number[];
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.project>>>;
const item = ({ target_user_ids: _, ...r }: Row) => r;

/**
 * Training projects (issue 36): a published flow made runnable. Every call is the caller's
 * company's; a project whose jump or nest node has no target is refused with the node named.
 */
export function projectService(db: Database) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  async function projectOrThrow(s: CompanyScope, id: number) {
    const row = await repo.project(s, id);
    if (!row) throw new AppError('NOT_FOUND', '项目不存在或已被删除', 'project_id');
    return row;
  }

  async function detail(s: CompanyScope, row: Row): Promise<ProjectDetail> {
    const userIds = JSON.parse(row.target_user_ids) as number[];
    const [nodes, targets, users, roles] = await Promise.all([
      repo.targetNodes(s, [row.flow_id]),
      repo.targets(s, row.id),
      repo.people(s, userIds),
      repo.roles(s, row.flow_id),
    ]);
    return {
      ...item(row),
      targets: nodes.map((n) => {
        const t = targets.find((x) => x.node_id === n.id);
        return {
          node_id: n.id,
          node_name: n.name || n.task_id,
          node_type: n.node_type ?? 0,
          target_project_id: t?.target_project_id ?? null,
          target_project_name: t?.target_project_name ?? '',
        };
      }),
      target_users: users,
      roles,
    };
  }

  /**
   * The input checked against the flow and the company: open days for 限时开放, named users for
   * 指定人员, a live target project (not this one) for every jump and nest node.
   */
  async function checked(s: CompanyScope, flowId: number, input: ProjectInput, self?: number) {
    if (input.open_mode === 2) {
      if (!input.start_day) throw new AppError('PARAM_ERROR', '限时开放须填写开放开始日期', 'start_day');
      if (!input.end_day) throw new AppError('PARAM_ERROR', '限时开放须填写开放结束日期', 'end_day');
      if (input.end_day < input.start_day)
        throw new AppError('PARAM_ERROR', '开放结束日期不能早于开始日期', 'end_day');
    }
    const userIds = [...new Set(input.target_user_ids)];
    if (input.open_mode === 3) {
      if (userIds.length === 0)
        throw new AppError('PARAM_ERROR', '指定人员开放须选择人员', 'target_user_ids');
      if ((await repo.people(s, userIds)).length !== userIds.length)
        throw new AppError('NOT_FOUND', '所选人员不存在或不属于本单位', 'target_user_ids');
    }
    const nodes = await repo.targetNodes(s, [flowId]);
    const known = new Set(nodes.map((n) => n.id));
    if (input.targets.some((t) => !known.has(t.node_id)))
      throw new AppError('NOT_FOUND', '环节不存在，或不是该流程的跳转、嵌套环节', 'targets');
    const given = new Map(input.targets.map((t) => [t.node_id, t.target_project_id ?? null]));
    const missing = nodes.filter((n) => !given.get(n.id));
    if (missing.length > 0)
      throw new AppError(
        'PROJECT_TARGET_MISSING',
        missing
          .map(
            (n) => `环节“${n.name || n.task_id}”还没有选择${n.node_type === 9 ? '嵌套' : '跳转'}的目标项目`,
          )
          .join('；'),
        'targets',
      );
    const targets = nodes.map((n) => ({ node_id: n.id, target_project_id: given.get(n.id) as number }));
    if (self !== undefined && targets.some((t) => t.target_project_id === self))
      throw new AppError('PARAM_ERROR', '项目不能以自己为跳转或嵌套目标', 'targets');
    const live = await repo.existing(s, [...new Set(targets.map((t) => t.target_project_id))]);
    if (targets.some((t) => !live.has(t.target_project_id)))
      throw new AppError('NOT_FOUND', '目标项目不存在或已被删除', 'targets');
    const values: ProjectValues = {
      name: input.name,
      intro: input.intro ?? '',
      purpose: input.purpose ?? '',
      requirement: input.requirement ?? '',
      level: input.level,
      ability_target: input.ability_target,
      open_mode: input.open_mode,
      start_day: input.open_mode === 2 ? (input.start_day ?? null) : null,
      end_day: input.open_mode === 2 ? (input.end_day ?? null) : null,
      graph_view: input.graph_view,
      can_redo: input.can_redo,
      reference: input.reference,
      office_item: input.office_item ?? '',
      target_user_ids: JSON.stringify(input.open_mode === 3 ? userIds : []),
    };
    return { values, targets };
  }

  return {
    async list(caller: Caller, f: ProjectFilter, p: PageParams) {
      const { count, results } = await repo.page(scopeOf(caller), f, p);
      return paged({ count, results: results.map(item) }, p);
    },

    async officeItems(caller: Caller) {
      const rows = await repo.officeItems(scopeOf(caller));
      return { results: rows.map((r) => ({ office_item: r.office_item, count: Number(r.count) })) };
    },

    async get(caller: Caller, projectId: number) {
      const s = scopeOf(caller);
      return detail(s, await projectOrThrow(s, projectId));
    },

    async options(caller: Caller) {
      const s = scopeOf(caller);
      const [flows, projects, users] = await Promise.all([
        repo.publishedFlows(s),
        repo.options(s),
        repo.people(s),
      ]);
      const nodes = await repo.targetNodes(
        s,
        flows.map((f) => f.id),
      );
      return {
        flows: flows.map((f) => ({
          ...f,
          targets: nodes
            .filter((n) => n.flow_id === f.id)
            .map((n) => ({ node_id: n.id, node_name: n.name || n.task_id, node_type: n.node_type ?? 0 })),
        })),
        projects,
        users,
      };
    },

    async create(caller: Caller, input: ProjectInput & { flow_id: number }) {
      const id = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const flow = await repo.flow(s, input.flow_id);
        if (!flow) throw new AppError('NOT_FOUND', '流程不存在或已被删除', 'flow_id');
        if (flow.status !== FLOW_PUBLISHED)
          throw new AppError('PROJECT_FLOW_NOT_PUBLISHED', undefined, 'flow_id');
        const { values, targets } = await checked(s, flow.id, input);
        const made = await repo.insert(s, { ...values, flow_id: flow.id }, nowIso());
        await repo.writeTargets(s, made, targets);
        await audit(trx, caller, {
          action: 'create',
          entity: 'flow_projects',
          entityId: made,
          after: { ...values, flow_id: flow.id, targets },
        });
        return made;
      });
      const s = scopeOf(caller);
      return detail(s, await projectOrThrow(s, id));
    },

    async update(caller: Caller, input: ProjectInput & { project_id: number }) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await projectOrThrow(s, input.project_id);
        const { values, targets } = await checked(s, before.flow_id, input, before.id);
        await repo.update(s, before.id, values, nowIso());
        await repo.writeTargets(s, before.id, targets);
        await audit(trx, caller, {
          action: 'update',
          entity: 'flow_projects',
          entityId: before.id,
          before: item(before),
          after: { ...values, targets },
        });
      });
      const s = scopeOf(caller);
      return detail(s, await projectOrThrow(s, input.project_id));
    },

    /** A copy under the name with （副本）, its settings and targets the same (its flow still published). */
    async copy(caller: Caller, projectId: number) {
      const id = await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const from = await projectOrThrow(s, projectId);
        const flow = await repo.flow(s, from.flow_id);
        if (!flow || flow.status !== FLOW_PUBLISHED) throw new AppError('PROJECT_FLOW_NOT_PUBLISHED');
        const {
          id: _,
          flow_id,
          flow_name: __,
          creator_name: ___,
          create_time: ____,
          update_time: _____,
          ...values
        } = from;
        const name = `${from.name}（副本）`.slice(0, PROJECT_LIMITS.name);
        const made = await repo.insert(s, { ...values, name, flow_id }, nowIso());
        const targets = (await repo.targets(s, from.id)).map((t) => ({
          node_id: t.node_id,
          target_project_id: t.target_project_id,
        }));
        await repo.writeTargets(s, made, targets);
        await audit(trx, caller, {
          action: 'create',
          entity: 'flow_projects',
          entityId: made,
          after: { copy_of: from.id, name },
        });
        return made;
      });
      const s = scopeOf(caller);
      return detail(s, await projectOrThrow(s, id));
    },

    async remove(caller: Caller, projectId: number) {
      await db.transaction().execute(async (trx) => {
        const s = scopeOf(caller, trx);
        const before = await projectOrThrow(s, projectId);
        if (await repo.hasBusinesses(s, projectId))
          throw new AppError('PROJECT_IN_USE', `项目“${before.name}”已有业务，不能删除`);
        const referrers = await repo.referrers(s, projectId);
        if (referrers.length > 0)
          throw new AppError(
            'PROJECT_IN_USE',
            `项目“${before.name}”是${referrers.map((r) => `“${r.name}”`).join('、')}的跳转或嵌套目标，不能删除`,
          );
        const courses = await repo.courseNames(s, projectId);
        if (courses.length > 0)
          throw new AppError(
            'PROJECT_IN_USE',
            `项目“${before.name}”已编入课程${courses.map((c) => `“${c}”`).join('、')}，请先从课程中移除`,
          );
        await repo.remove(s, projectId, nowIso());
        await audit(trx, caller, {
          action: 'delete',
          entity: 'flow_projects',
          entityId: projectId,
          before: item(before),
        });
      });
      return { count: 1 };
    },
  };
}
export type ProjectService = ReturnType<typeof projectService>;
