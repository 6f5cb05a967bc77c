import {
  ALL_CODENAMES,
  ASSISTANT_ROLE_OF,
  type Assistant,
  type AssistantOption,
  type Assistants,
  moduleOf,
  PERMISSIONS,
  type PermissionModule,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import { bumpPermissions, type PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { assistantRepository as repo } from './assistant.repository.ts';

const OPTIONS_MAX = 50;
const nameOf = (codename: string) => {
  const module = moduleOf(codename) as PermissionModule;
  return (PERMISSIONS[module] as Record<string, string>)[codename] ?? codename;
};
const ordered = (set: ReadonlySet<string>) => ALL_CODENAMES.filter((c) => set.has(c));

/**
 * Assistants (docs/adr/0038 decision 6): a principal (集群管理员 2, 单位管理员 3, 指导者 4) names
 * people of their company who hold the matching assistant role (6, 7, 8) and gives each the
 * actions they may do on the principal's behalf — only actions the principal holds that the
 * assistant role may do in the company. The assistant then does exactly those (`permissionCache`).
 * An assistant serves one principal in a company (the primary key decides a race). Each change is
 * audited and bumps the company's permission version in its transaction.
 */
export function assistantService(db: Database, deps: { permissions: PermissionCache }) {
  const { permissions } = deps;

  function assistantRole(caller: Caller) {
    const role = ASSISTANT_ROLE_OF[caller.role];
    // A role that may hold set_assistant (the super administrator's, or one a company gave it)
    // but has no assistant role: a rule of the call, not its access.
    if (role === undefined) throw new AppError('NO_ASSISTANTS_FOR_ROLE');
    return role;
  }

  /** What the caller may give: their own actions that the assistant role may do in the company. */
  async function grantable(caller: Caller) {
    const [own, theirs] = await Promise.all([
      permissions.codenames(caller),
      permissions.codenames({ companyId: caller.companyId, role: assistantRole(caller) }),
    ]);
    return ordered(new Set([...own].filter((c) => theirs.has(c))));
  }

  async function list(caller: Caller): Promise<Assistants> {
    assistantRole(caller);
    const s = inCompany(db, caller.companyId);
    const [rows, codenames] = await Promise.all([repo.ofPrincipal(s, caller.userId), grantable(caller)]);
    return {
      results: rows.map((r) => ({
        user_id: r.user_id,
        username: r.username,
        real_name: r.real_name,
        role: r.role,
        codenames: JSON.parse(r.codenames) as string[],
        create_time: r.created_at,
      })),
      grantable: codenames.map((c) => ({ codename: c, name: nameOf(c), module: moduleOf(c) ?? '' })),
    };
  }

  /** Writes in a transaction that also audits and versions the company's permissions. */
  async function write(caller: Caller, work: (trx: Database) => Promise<unknown>) {
    await db.transaction().execute(async (trx) => {
      await work(trx);
      await bumpPermissions(trx, caller.companyId);
    });
    permissions.forget(caller.companyId);
  }

  return {
    list,

    async options(caller: Caller, keyword: string | undefined): Promise<{ results: AssistantOption[] }> {
      const rows = await repo.holders(
        inCompany(db, caller.companyId),
        assistantRole(caller),
        keyword,
        OPTIONS_MAX,
      );
      return {
        results: rows
          .filter((r) => r.user_id !== caller.userId && r.principal_user_id !== caller.userId)
          .map((r) => ({
            user_id: r.user_id,
            username: r.username,
            real_name: r.real_name,
            serving: r.principal_user_id === null ? '' : (r.principal_name ?? ''),
          })),
      };
    },

    async set(caller: Caller, userIds: number[]) {
      const role = assistantRole(caller);
      const ids = [...new Set(userIds)].filter((id) => id !== caller.userId);
      const s = inCompany(db, caller.companyId);
      const holders = new Set((await repo.holders(s, role, undefined, 100_000)).map((r) => r.user_id));
      const outside = ids.filter((id) => !holders.has(id));
      if (outside.length > 0 || ids.length === 0)
        throw new AppError('ASSISTANT_ROLE_NEEDED', undefined, 'user_ids');
      await onUnique(
        () =>
          write(caller, async (trx) => {
            const t = inCompany(trx, caller.companyId);
            const fresh = [];
            for (const id of ids) {
              const grant = await repo.grant(t, id);
              if (grant && grant.principal_user_id !== caller.userId)
                throw new AppError('ASSISTANT_TAKEN', undefined, 'user_ids');
              if (!grant) fresh.push(id);
            }
            if (fresh.length > 0) await repo.insert(t, caller.userId, fresh, nowIso());
            await audit(trx, caller, {
              action: 'create',
              entity: 'assistant_grants',
              entityId: caller.userId,
              after: { assistants: fresh },
            });
          }),
        new AppError('ASSISTANT_TAKEN', undefined, 'user_ids'),
      );
      return list(caller);
    },

    async unset(caller: Caller, userId: number) {
      assistantRole(caller);
      await write(caller, async (trx) => {
        const done = await repo.remove(inCompany(trx, caller.companyId), caller.userId, userId);
        if (Number(done.numDeletedRows) === 0) throw new AppError('NOT_AN_ASSISTANT', undefined, 'user_id');
        await audit(trx, caller, {
          action: 'delete',
          entity: 'assistant_grants',
          entityId: userId,
          before: { principal: caller.userId },
        });
      });
      return list(caller);
    },

    async setActions(caller: Caller, userId: number, codenames: string[]): Promise<Assistant> {
      assistantRole(caller);
      const allowed = new Set<string>(await grantable(caller));
      const refused = codenames.filter((c) => !allowed.has(c));
      if (refused.length > 0)
        throw new AppError(
          'ACTION_NOT_HELD',
          `不能授予你自己没有的操作：${refused.map(nameOf).join('、')}`,
          'codenames',
        );
      const wanted = ordered(new Set(codenames));
      await write(caller, async (trx) => {
        const t = inCompany(trx, caller.companyId);
        const grant = await repo.grant(t, userId);
        if (!grant || grant.principal_user_id !== caller.userId)
          throw new AppError('NOT_AN_ASSISTANT', undefined, 'user_id');
        await repo.setCodenames(t, caller.userId, userId, wanted);
        await audit(trx, caller, {
          action: 'update',
          entity: 'assistant_grants',
          entityId: userId,
          before: { codenames: JSON.parse(grant.codenames) },
          after: { codenames: wanted },
        });
      });
      const mine = (await list(caller)).results.find((a) => a.user_id === userId);
      if (!mine) throw new AppError('NOT_AN_ASSISTANT', undefined, 'user_id');
      return mine;
    },
  };
}
export type AssistantService = ReturnType<typeof assistantService>;
