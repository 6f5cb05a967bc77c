import {
  BUSINESS_WAITING,
  type BusinessDetail,
  type BusinessRun,
  type BusinessState,
  beginNodes,
  type Teammate,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { businessRepository as repo } from './business.repository.ts';
import { refuseStranger } from './business-access.ts';

type Seat = Awaited<ReturnType<typeof repo.seats>>[number];
type Person = Awaited<ReturnType<typeof repo.staff>>[number];

/** The seat the starter sits in: the start role's first one. */
const isStarterSeat = (seat: Seat) => seat.can_start === 1 && seat.seat_no === 1;

/** Empty seats by role, as a sentence ('' when every seat is filled). */
export function missingSeats(seats: readonly Seat[]): string {
  const empty = new Map<string, number>();
  for (const t of seats) if (t.user_id === null) empty.set(t.role_name, (empty.get(t.role_name) ?? 0) + 1);
  return [...empty].map(([role, n]) => `“${role}”缺${n}人`).join('，');
}

/** Why `person` may not sit in `seat` ('' when they may): the role's 职务. */
function refusal(seat: Seat, person: Person): string {
  if (seat.position_id !== null && person.position_id !== seat.position_id)
    return `${person.name}的职务不是“${seat.position_name}”，不能坐“${seat.role_name}”的席位`;
  return '';
}

/**
 * Fills the empty seats of a new business's roles that name a 职务 with members holding it, one
 * seat each, in the order they joined the company (in the creating transaction).
 */
export async function staffFirst(s: CompanyScope, businessId: number) {
  const seats = await repo.seats(s, businessId);
  const positions = [...new Set(seats.flatMap((t) => (t.position_id === null ? [] : [t.position_id])))];
  // One seat per person in each project: the keys taken are `project:user`.
  const taken = new Set(seats.flatMap((t) => (t.user_id === null ? [] : [`${t.project_id}:${t.user_id}`])));
  const people = await repo.staff(s, { positions });
  for (const t of seats) {
    if (t.user_id !== null || t.position_id === null) continue;
    const p = people.find((x) => x.position_id === t.position_id && !taken.has(`${t.project_id}:${x.id}`));
    if (!p) continue;
    taken.add(`${t.project_id}:${p.id}`);
    await repo.setSeat(s, t.id, p.id);
  }
}

/**
 * Seats `assignments` (seat id → user id or null), all checked first — the role's 职务, the
 * company's active staff, one seat per person in each project; the starter's seat stays — under
 * the business's lock, which the caller holds. `rule`: only empty seats (`only`), only the seats of
 * one project (`project`: a jump's or nest's, re-staffed while the business runs), none left empty
 * (`filled`).
 */
export async function assignSeats(
  s: CompanyScope,
  businessId: number,
  assignments: readonly { seat_id: number; user_id?: number | null | undefined }[],
  rule: { only?: 'empty' | undefined; project?: { id: number; name: string }; filled?: true } = {},
) {
  const seats = await repo.seats(s, businessId);
  const byId = new Map(seats.map((t) => [t.id, t]));
  const wanted = new Map<number, number | null>();
  for (const a of assignments) {
    const seat = byId.get(a.seat_id);
    if (!seat) throw new AppError('NOT_FOUND', '席位不存在或不属于这个业务', 'data');
    if (isStarterSeat(seat) && (a.user_id ?? null) !== seat.user_id)
      throw new AppError('BUSINESS_SEAT_REFUSED', '发起人的席位不能调整', 'data');
    if (rule.project && seat.project_id !== rule.project.id)
      throw new AppError('BUSINESS_SEAT_REFUSED', `只能调整项目“${rule.project.name}”的席位`, 'data');
    if (rule.filled && (a.user_id ?? null) === null)
      throw new AppError('BUSINESS_SEAT_REFUSED', `“${seat.role_name}”的席位不能空着`, 'data');
    if (rule.only === 'empty' && seat.user_id !== null)
      throw new AppError('BUSINESS_SEAT_REFUSED', `“${seat.role_name}”的这个席位已有人`, 'data');
    wanted.set(seat.id, a.user_id ?? null);
  }
  const ids = [...new Set([...wanted.values()].filter((v): v is number => v !== null))];
  const people = new Map((await repo.staff(s, { ids })).map((p) => [p.id, p]));
  const after = seats.map((t) => ({
    ...t,
    user_id: wanted.has(t.id) ? (wanted.get(t.id) ?? null) : t.user_id,
  }));
  // One seat per person in each project the business plays (its own, and each a jump or nest goes on in).
  const holder = new Map<string, Seat>();
  for (const t of after) {
    if (t.user_id === null) continue;
    if (wanted.has(t.id)) {
      const person = people.get(t.user_id);
      if (!person) throw new AppError('NOT_FOUND', '所选人员不存在，或不是本单位的在职人员', 'data');
      const why = refusal(t, person);
      if (why) throw new AppError('BUSINESS_SEAT_REFUSED', why, 'data');
    }
    const key = `${t.project_id}:${t.user_id}`;
    const other = holder.get(key);
    if (other) {
      const name = people.get(t.user_id)?.name ?? '该人员';
      throw new AppError(
        'BUSINESS_SEAT_REFUSED',
        `${name}已在“${other.role_name}”的席位上，一人只坐一个席位`,
        'data',
      );
    }
    holder.set(key, t);
  }
  const changed = after.filter((t) => wanted.has(t.id) && t.user_id !== byId.get(t.id)?.user_id);
  for (const t of changed) await repo.setSeat(s, t.id, t.user_id);
  return changed;
}

/**
 * A business's team and its start (issue 37, design/training.md "Creating and starting a
 * business"): the seats are filled with members of the company holding each role's 职务 — by
 * `staffFirst` when the business is made, by the manager on /moreTeammates for the rest — and the
 * starter's first opening with every seat filled starts the run in the flow's first nodes. Staffing
 * and starting lock the business row, so two calls never both take a seat or both start it.
 */
export function businessTeamService(
  db: Database,
  deps: { permissions: PermissionCache; detail: (s: CompanyScope, id: number) => Promise<BusinessDetail> },
) {
  const scopeOf = (caller: Caller, handle: Database = db) =>
    inCompany(handle, caller.companyId, { userId: caller.userId });

  /**
   * The business whose team the caller staffs: any of the company's for a holder of
   * change_business, else only one they started (a 业务人员 staffs their own, start_business).
   */
  async function staffedBy(caller: Caller, s: CompanyScope, businessId: number) {
    const run = await repo.run(s, businessId);
    if (!run) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    if (run.created_by !== caller.userId && !(await deps.permissions.has(caller, 'change_business')))
      throw new AppError('FORBIDDEN', '只能为自己发起的业务配备团队');
    return run;
  }

  async function staff(
    caller: Caller,
    businessId: number,
    data: readonly { seat_id: number; user_id?: number | null | undefined }[],
    only?: 'empty',
  ) {
    await staffedBy(caller, scopeOf(caller), businessId);
    await db.transaction().execute(async (trx) => {
      const s = scopeOf(caller, trx);
      if (!(await repo.lockWaiting(s, businessId, nowIso()))) {
        if (!(await repo.run(s, businessId)))
          throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
        throw new AppError('BUSINESS_NOT_WAITING');
      }
      const changed = await assignSeats(s, businessId, data, { only });
      if (changed.length > 0)
        await audit(trx, caller, {
          action: 'update',
          entity: 'businesses',
          entityId: businessId,
          after: { seats: changed.map((t) => ({ seat_id: t.id, user_id: t.user_id })) },
        });
    });
    return deps.detail(scopeOf(caller), businessId);
  }

  return {
    /** Who may fill the business's seats: the company's staff holding its roles' 职务 (all, when a role names none). */
    async unitUsers(caller: Caller, businessId: number): Promise<{ results: Teammate[] }> {
      const s = scopeOf(caller);
      await staffedBy(caller, s, businessId);
      const seats = await repo.seats(s, businessId);
      const positions = seats.some((t) => t.position_id === null)
        ? ('all' as const)
        : [...new Set(seats.flatMap((t) => (t.position_id === null ? [] : [t.position_id])))];
      return { results: await repo.staff(s, { positions }) };
    },

    addMoreTeammates: (
      caller: Caller,
      businessId: number,
      data: readonly { seat_id: number; user_id?: number | null | undefined }[],
    ) => staff(caller, businessId, data),

    async setNoneUser(caller: Caller, seatId: number, userId: number) {
      const found = await repo.seat(scopeOf(caller), seatId);
      if (!found) throw new AppError('NOT_FOUND', '席位不存在', 'role_alloc_id');
      return staff(caller, found.business_id, [{ seat_id: seatId, user_id: userId }], 'empty');
    },

    /** Where the business stands, for one who may open it, without opening (or starting) it. */
    async state(caller: Caller, businessId: number): Promise<BusinessState> {
      const s = scopeOf(caller);
      const row = await repo.business(s, businessId);
      if (!row) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
      const [run, seats, nodes] = await Promise.all([
        repo.run(s, businessId),
        repo.seats(s, businessId),
        repo.current(s, businessId),
      ]);
      await refuseStranger(
        deps.permissions,
        s,
        caller,
        businessId,
        seats.some((t) => t.user_id === caller.userId),
      );
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        started_at: run?.started_at ?? null,
        ended_at: run?.ended_at ?? null,
        nodes: nodes.map((n) => ({ node_id: n.node_id, name: n.name, node_type: n.node_type })),
        missing: missingSeats(seats),
      };
    },

    /**
     * The business as a member (or a holder of view_business) opens it. The starter's first opening
     * with every seat filled starts it: running from now, in each of the flow's first nodes.
     */
    async open(caller: Caller, businessId: number): Promise<BusinessRun> {
      const s = scopeOf(caller);
      let run = await repo.run(s, businessId);
      if (!run) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
      let seats = await repo.seats(s, businessId);
      await refuseStranger(
        deps.permissions,
        s,
        caller,
        businessId,
        seats.some((t) => t.user_id === caller.userId),
      );
      const missing = missingSeats(seats);
      if (run.status === BUSINESS_WAITING && run.created_by === caller.userId && !missing) {
        await db.transaction().execute(async (trx) => {
          const t = scopeOf(caller, trx);
          const at = nowIso();
          const locked = await repo.lockWaiting(t, businessId, at);
          if (!locked) return; // started by a call a moment before
          // The team as it is now, under the lock: a seat emptied meanwhile keeps it waiting.
          if (missingSeats(await repo.seats(t, businessId))) return;
          const graph = await repo.graph(t, locked.flow_id);
          const first = beginNodes(graph.nodes, graph.transitions);
          if (first.length === 0) throw new AppError('NOT_FOUND', '流程没有可以开始的环节');
          await repo.start(t, businessId, at);
          await repo.enter(
            t,
            first.map((n) => ({
              business_id: businessId,
              node_id: n.id,
              step: 1,
              project_id: locked.project_id,
            })),
            at,
          );
          await audit(trx, caller, {
            action: 'update',
            entity: 'businesses',
            entityId: businessId,
            after: { status: 2, nodes: first.map((n) => n.id) },
          });
        });
        run = (await repo.run(s, businessId)) ?? run;
        seats = await repo.seats(s, businessId);
      }
      const [detail, nodes, userNodes, endable] = await Promise.all([
        deps.detail(s, businessId),
        repo.current(s, businessId),
        repo.userNodes(s, businessId, caller.userId),
        repo.endable(s, businessId, caller.userId),
      ]);
      return {
        ...detail,
        flow_id: run.flow_id,
        started_at: run.started_at,
        ended_at: run.ended_at,
        nodes: nodes.map((n) => ({ ...n, end_seat_id: endable.get(n.node_id) ?? null })),
        role_allocs: seats
          .filter((t) => t.user_id === caller.userId)
          .map((t) => ({ id: t.id, role_id: t.role_id, role_name: t.role_name, seat_no: t.seat_no })),
        // Each node once, with the caller's seat there (the first, when a person plays two parts).
        with_user_nodes: userNodes
          .filter((n, i) => userNodes.findIndex((x) => x.node_id === n.node_id) === i)
          .map(({ node_id, name, role_alloc_id }) => ({ node_id, name, role_alloc_id })),
        missing: missingSeats(seats),
      };
    },
  };
}
export type BusinessTeamService = ReturnType<typeof businessTeamService>;
