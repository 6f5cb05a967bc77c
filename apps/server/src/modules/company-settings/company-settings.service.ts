import {
  type CompanySettings,
  type GroupKey,
  passwordProblem,
  passwordRuleOf,
  type SettingGroup,
  type SettingKey,
  settingKeysOf,
} from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { companyInScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { bumpSettings, type SettingsReader } from './company-settings.reader.ts';
import { companySettingsRepository as repo } from './company-settings.repository.ts';

type Values<G extends SettingGroup> = { [K in GroupKey<G>]: CompanySettings[K] };

const pick = <G extends SettingGroup>(group: G, all: CompanySettings) =>
  Object.fromEntries(settingKeysOf(group).map((k) => [k, all[k]])) as Values<G>;

/**
 * Getting and setting a group of a company's settings (system-set, crm-set), in a company of the
 * caller's scope (`companyInScope`: their own, or one of their group's). The input was checked by
 * the declaration (limits, choices, unknown keys); a save writes only what changed, audited with
 * the values before and after, and bumps the company's settings version in its transaction.
 */
export function companySettingsService(db: Database, reader: SettingsReader) {
  async function answer<G extends SettingGroup>(group: G, companyId: number) {
    return {
      company_id: companyId,
      values: pick(group, await reader.of(companyId)),
      defaults: pick(group, reader.defaults),
    };
  }

  return {
    async get<G extends SettingGroup>(caller: Caller, group: G, input: { company_id?: number | undefined }) {
      const s = await companyInScope(db, caller, input.company_id);
      return answer(group, s.companyId);
    },

    async set<G extends SettingGroup>(
      caller: Caller,
      group: G,
      input: { company_id?: number | undefined } & Partial<Record<SettingKey, unknown>>,
    ) {
      const scope = await companyInScope(db, caller, input.company_id);
      const companyId = scope.companyId;
      const now = await reader.of(companyId);
      const changed = settingKeysOf(group).filter((k) => input[k] !== undefined && input[k] !== now[k]);
      if (changed.length > 0) {
        await db.transaction().execute(async (trx) => {
          await repo.save(
            inCompany(trx, companyId, { userId: caller.userId }),
            changed.map((k) => ({ key: k, value: String(input[k]) })),
            caller.userId,
            nowIso(),
          );
          await bumpSettings(trx, companyId);
          await audit(trx, caller, {
            action: 'update',
            entity: 'company_settings',
            entityId: companyId,
            before: { company_id: companyId, group, ...Object.fromEntries(changed.map((k) => [k, now[k]])) },
            after: { company_id: companyId, group, ...Object.fromEntries(changed.map((k) => [k, input[k]])) },
          });
        });
        reader.forget(companyId);
      }
      return answer(group, companyId);
    },

    /** The password rule of a company of the caller's scope (the forms that set a password show it). */
    async passwordRule(caller: Caller, input: { company_id?: number | undefined }) {
      const s = await companyInScope(db, caller, input.company_id);
      return passwordRuleOf(await reader.of(s.companyId));
    },
  };
}
export type CompanySettingsService = ReturnType<typeof companySettingsService>;

/**
 * Refuses a password the company's rule does not allow, with the field's Chinese message (10001):
 * every place a password is set calls it before anything is written.
 */
export function passwordChecker(reader: SettingsReader) {
  return async (companyId: number | undefined, password: string, field: string, label: string) => {
    // A company not made yet (a new company's first manager), or gone: the defaults; its other
    // checks refuse a company that is not there.
    const settings =
      companyId === undefined
        ? reader.defaults
        : await reader.of(companyId).catch((e: unknown) => {
            if (e instanceof AppError) return reader.defaults;
            throw e;
          });
    const problem = passwordProblem(passwordRuleOf(settings), password, label);
    if (problem) throw new AppError('PARAM_ERROR', problem, field);
  };
}
export type CheckPassword = ReturnType<typeof passwordChecker>;
