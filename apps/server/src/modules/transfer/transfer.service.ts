import {
  TRANSFER_BARRED_ROLES,
  TRANSFER_KINDS,
  TRANSFER_STATUS,
  type Transfer,
  type TransferTarget,
} from '@portal/contract';
import { moveMessages, notify, type Recipient } from '#server/modules/inbox/index.ts';
import { audit } from '#server/platform/audit/audit.ts';
import { bumpPermissions, type PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { companiesInScope, groupsInScope } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { type ReviewScope, transferRepository as repo, type TransferRow } from './transfer.repository.ts';

type Side = 'from' | 'to';

const kindName = (kind: number) => TRANSFER_KINDS[kind as 1 | 2] ?? '变更';

/** Whether the caller answers for a side (the same rule as the repository's `sideCondition`). */
function answersFor(scope: ReviewScope, kind: number, companyId: number, groupId: number | null) {
  const ofCompany = scope.companies === 'all' || scope.companies.includes(companyId);
  if (kind === 1 || groupId === null) return ofCompany;
  return scope.groups === 'all' || scope.groups.includes(groupId);
}

function sidesOf(scope: ReviewScope | undefined, r: TransferRow): Side[] {
  if (!scope) return [];
  const sides: Side[] = [];
  if (answersFor(scope, r.kind, r.from_company_id, r.from_group_id)) sides.push('from');
  if (answersFor(scope, r.kind, r.to_company_id, r.to_group_id)) sides.push('to');
  return sides;
}

function itemOf(r: TransferRow, scope?: ReviewScope): Transfer {
  const my = sidesOf(scope, r);
  return {
    id: r.id,
    kind: r.kind,
    user_id: r.user_id,
    username: r.username,
    real_name: r.real_name,
    mobile: r.mobile,
    from_company_id: r.from_company_id,
    from_company: r.from_company,
    from_group: r.from_group ?? '',
    to_company_id: r.to_company_id,
    to_company: r.to_company,
    to_group: r.to_group ?? '',
    reason: r.reason,
    from_state: r.from_state,
    to_state: r.to_state,
    status: r.status,
    note: r.note,
    decide_time: r.decided_at ?? '',
    create_time: r.created_at,
    my_sides: my,
    awaiting_me:
      r.status === TRANSFER_STATUS.PENDING &&
      my.some((s) => (s === 'from' ? r.from_state : r.to_state) === 0),
  };
}

/**
 * A person's move to another company (docs/adr/0038 "Moving to another company"): the person asks;
 * both sides agree — the companies' administrators for a move within a group, the groups' staff for
 * a move between groups (a company in no group answers for itself); the second agreement moves the
 * account in its transaction (`movePerson`) and the person's messages with it; a refusal ends the
 * request with its reason. Everyone concerned is told through their messages.
 */
export function transferService(
  db: Database,
  deps: { permissions: PermissionCache; forgetSessions(userId: number): void },
) {
  async function scopeOf(caller: Caller): Promise<ReviewScope> {
    const [companies, groups] = await Promise.all([companiesInScope(db, caller), groupsInScope(db, caller)]);
    return { companies, groups };
  }

  async function mine(caller: Caller, kind: number | undefined) {
    const rows = await repo.mine(db, caller.userId, kind, 20);
    return { results: rows.map((r) => itemOf(r)) };
  }

  async function targets(
    caller: Caller,
    kind: number,
    keyword: string | undefined,
  ): Promise<{ results: TransferTarget[] }> {
    const me = await repo.person(db, caller.companyId, caller.userId);
    if (!me) throw new AppError('NOT_FOUND');
    const rows = await repo.targets(db, kind, { companyId: caller.companyId, groupId: me.group_id }, keyword);
    return {
      results: rows.map((r) => ({
        id: r.id,
        company_name: r.company_name,
        group_id: r.group_id ?? 0,
        group_name: r.group_name ?? '',
      })),
    };
  }

  async function request(
    caller: Caller,
    input: { kind: number; company_id: number; reason?: string | undefined },
  ) {
    const me = await repo.person(db, caller.companyId, caller.userId);
    if (!me) throw new AppError('NOT_FOUND');
    if (me.roles.some((r) => TRANSFER_BARRED_ROLES.includes(r))) throw new AppError('TRANSFER_ROLE_BARRED');
    const target = await repo.company(db, input.company_id);
    const fits =
      target !== undefined &&
      target.id !== caller.companyId &&
      target.status === 1 &&
      (input.kind === 1
        ? target.group_id === me.group_id
        : target.group_id !== null && target.group_id !== me.group_id);
    if (!fits) throw new AppError('TRANSFER_TARGET_INVALID', undefined, 'company_id');
    const pending = await repo.mine(db, caller.userId, undefined, 1);
    if (pending[0]?.status === TRANSFER_STATUS.PENDING) throw new AppError('TRANSFER_PENDING');

    const id = await onUnique(
      () =>
        db.transaction().execute(async (trx) => {
          const { id } = await repo.insert(
            trx,
            caller.companyId,
            {
              user_id: caller.userId,
              kind: input.kind,
              to_company_id: target.id,
              reason: input.reason ?? '',
            },
            nowIso(),
          );
          await audit(trx, caller, {
            action: 'create',
            entity: 'person_transfer',
            entityId: id,
            after: { kind: input.kind, to_company_id: target.id, reason: input.reason ?? '' },
          });
          const reviewers = [
            ...(await repo.reviewersOf(trx, input.kind, caller.companyId, me.group_id)),
            ...(await repo.reviewersOf(trx, input.kind, target.id, target.group_id)),
          ];
          const page = input.kind === 1 ? 'resultCompanyChange' : 'resultGroupChange';
          await notify(trx, reviewers, {
            kind: 'transfer',
            title: `${kindName(input.kind)}申请待审核`,
            content: `${me.real_name || me.username} 申请从 ${me.company_name} 调往 ${target.company_name}${input.reason ? `，原因：${input.reason}` : ''}`,
            link: `/manager/${page}`,
          });
          return id;
        }),
      new AppError('TRANSFER_PENDING'),
    );
    return itemOf(await found(id));
  }

  async function found(id: number) {
    const row = await repo.byId(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function withdraw(caller: Caller, id: number) {
    const row = await repo.byId(db, id);
    if (!row || row.user_id !== caller.userId) throw new AppError('NOT_FOUND');
    if (row.status !== TRANSFER_STATUS.PENDING) throw new AppError('TRANSFER_NOT_PENDING');
    await db.transaction().execute(async (trx) => {
      const done = await repo.update(trx, id, { status: TRANSFER_STATUS.WITHDRAWN, decided_at: nowIso() });
      if (!done) throw new AppError('TRANSFER_NOT_PENDING');
      await audit(trx, caller, {
        action: 'update',
        entity: 'person_transfer',
        entityId: id,
        after: { status: 3 },
      });
    });
    return itemOf(await found(id));
  }

  async function list(
    caller: Caller,
    f: {
      kind: number;
      state?: 'awaiting' | 'all' | undefined;
      keyword?: string | undefined;
      company_id?: number | undefined;
    },
    p: PageParams,
  ) {
    const scope = await scopeOf(caller);
    const page = await repo.review(db, scope, { ...f, awaiting: f.state !== 'all' }, p);
    return paged({ count: page.count, results: page.results.map((r) => itemOf(r, scope)) }, p);
  }

  async function decide(caller: Caller, input: { id: number; agree: 0 | 1; note?: string | undefined }) {
    const scope = await scopeOf(caller);
    const note = input.note?.trim() ?? '';
    if (input.agree === 0 && note === '') throw new AppError('TRANSFER_NOTE_REQUIRED', undefined, 'note');
    let grantsOf: number | undefined;
    let movedUser: number | undefined;
    await db.transaction().execute(async (trx) => {
      if (!(await repo.lock(trx, input.id))) throw new AppError('NOT_FOUND');
      const row = await repo.byId(trx, input.id);
      if (!row) throw new AppError('NOT_FOUND');
      const sides = sidesOf(scope, row);
      if (sides.length === 0) throw new AppError('TRANSFER_NOT_YOURS');
      const open = sides.filter((s) => (s === 'from' ? row.from_state : row.to_state) === 0);
      if (row.status !== TRANSFER_STATUS.PENDING || open.length === 0)
        throw new AppError('TRANSFER_NOT_PENDING');

      const now = nowIso();
      const answer = input.agree === 1 ? 1 : 2;
      const values: Parameters<typeof repo.update>[2] = {};
      for (const s of open) {
        values[s === 'from' ? 'from_state' : 'to_state'] = answer;
        values[s === 'from' ? 'from_reviewer' : 'to_reviewer'] = caller.userId;
      }
      const fromState = values.from_state ?? row.from_state;
      const toState = values.to_state ?? row.to_state;
      const person: Recipient = { user_id: row.user_id, company_id: row.from_company_id };
      const what = `你申请从 ${row.from_company} 调往 ${row.to_company}`;
      if (answer === 2) {
        Object.assign(values, { status: TRANSFER_STATUS.REFUSED, note, decided_at: now });
      } else if (fromState === 1 && toState === 1) {
        Object.assign(values, { status: TRANSFER_STATUS.DONE, decided_at: now });
      }
      if (!(await repo.update(trx, row.id, values))) throw new AppError('TRANSFER_NOT_PENDING');
      await audit(trx, caller, {
        action: 'update',
        entity: 'person_transfer',
        entityId: row.id,
        before: { from_state: row.from_state, to_state: row.to_state, status: row.status },
        after: { ...values, from_reviewer: undefined, to_reviewer: undefined },
      });

      if (values.status === TRANSFER_STATUS.REFUSED) {
        await notify(trx, [person], {
          kind: 'transfer',
          title: `${kindName(row.kind)}申请已驳回`,
          content: `${what}的申请已被驳回，原因：${note}`,
          link: row.kind === 1 ? 'company-change' : 'group-change',
        });
      } else if (values.status === TRANSFER_STATUS.DONE) {
        const moved = await repo.movePerson(trx, row.from_company_id, row.to_company_id, row.user_id, now);
        if (!moved) throw new AppError('NOT_FOUND');
        movedUser = row.user_id;
        if (moved.grantsRemoved) {
          await bumpPermissions(trx, row.from_company_id);
          grantsOf = row.from_company_id;
        }
        await moveMessages(trx, row.from_company_id, row.to_company_id, row.user_id);
        await notify(trx, [{ user_id: row.user_id, company_id: row.to_company_id }], {
          kind: 'transfer',
          title: `${kindName(row.kind)}申请已通过`,
          content: `${what}的申请已通过，你现在属于 ${row.to_company}；部门和职务请由新单位的管理员安排。`,
          link: row.kind === 1 ? 'company-change' : 'group-change',
        });
      }
    });
    if (grantsOf !== undefined) deps.permissions.forget(grantsOf);
    // The move ended the person's sessions: this process forgets them at once, others within
    // the session cache's time (ADR 0005).
    if (movedUser !== undefined) deps.forgetSessions(movedUser);
    return itemOf(await found(input.id), scope);
  }

  return { mine, targets, request, withdraw, list, decide };
}
export type TransferService = ReturnType<typeof transferService>;
