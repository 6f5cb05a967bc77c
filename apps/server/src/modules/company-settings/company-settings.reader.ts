import {
  type CompanySettings,
  DECLARED_DEFAULTS,
  SETTING_KEYS,
  type SettingKey,
  settingFromText,
} from '@portal/contract';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import { bumpVersion, versionedCache } from '#server/platform/db/versioned-cache.ts';
import { companySettingsRepository as repo } from './company-settings.repository.ts';

/** The cache scope of a company's settings (`cache_versions`). */
export const SETTINGS_SCOPE = 'company-settings';

/** Marks a company's settings as changed: call in the transaction that changes them. */
export const bumpSettings = (trx: Database, companyId: number) => bumpVersion(trx, SETTINGS_SCOPE, companyId);

/**
 * A company's every setting: what it set, else the default. What other modules read. In a
 * transaction, pass it (`conn`): a read through another handle would wait for it (SQLite).
 */
export type SettingsOf = (companyId: number, conn?: Database) => Promise<CompanySettings>;

export interface SettingsReader {
  /** A company's settings (cached; a change by any process shows within the recheck time, by this one at once). */
  of: SettingsOf;
  /** The defaults: the declaration's, with the server's environment over some (config.ts). */
  defaults: CompanySettings;
  /** Call after a transaction that changed the company's settings (`bumpSettings` in it) has committed. */
  forget(companyId: number): void;
}

/**
 * The reader of company settings: the stored texts parsed by the declaration (an unknown key, or
 * a value no longer valid, gives the default), in a `versionedCache` as the permission cache is —
 * a write bumps the company's version in its transaction, so every process reads the new values
 * on the next request after its recheck time.
 */
export function settingsReader(
  db: Database,
  {
    defaults: given = {},
    recheckMs = 1000,
  }: { defaults?: Partial<CompanySettings>; recheckMs?: number } = {},
): SettingsReader {
  const defaults = { ...DECLARED_DEFAULTS, ...given } as CompanySettings;
  const cache = versionedCache(
    SETTINGS_SCOPE,
    async (conn, companyId): Promise<CompanySettings> => {
      const stored = new Map((await repo.rows(inCompany(conn, companyId))).map((r) => [r.key, r.value]));
      const values = { ...defaults };
      for (const key of SETTING_KEYS) set(values, key, settingFromText(key, stored.get(key), defaults[key]));
      return Object.freeze(values);
    },
    { recheckMs },
  );
  return {
    of: (companyId, conn = db) => cache.get(conn, companyId),
    defaults,
    forget: (companyId) => cache.forget(companyId),
  };
}

function set<K extends SettingKey>(values: CompanySettings, key: K, value: CompanySettings[K]) {
  values[key] = value;
}
