import { ALL_CODENAMES, type Codename, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { Database, PlatformDatabase } from '../db/database.ts';
import { inCompany } from '../db/scope.ts';
import { bumpVersion, versionedCache } from '../db/versioned-cache.ts';

export interface PermissionCache {
  /** What `role` may do in `companyId`: its defaults with the company's overrides. */
  codenames(companyId: number, role: number): Promise<ReadonlySet<string>>;
  has(companyId: number, role: number, codename: Codename): Promise<boolean>;
  /** A role's defaults (`role_permissions`), before any company's overrides. */
  defaults(role: number): Promise<ReadonlySet<string>>;
  /** Call after a transaction that changed the company's overrides (`bumpPermissions` in it) has committed. */
  forget(companyId: number): void;
}

/** The cache scope of a company's role → action overrides (`cache_versions`). */
export const PERMISSIONS_SCOPE = 'permissions';

/** Marks a company's overrides as changed: call in the transaction that changes them. */
export const bumpPermissions = (trx: Database, companyId: number) =>
  bumpVersion(trx, PERMISSIONS_SCOPE, companyId);

type Overrides = Map<number, { grant: Set<string>; revoke: Set<string> }>;

/** A company's overrides by role. */
async function loadOverrides(db: Database, companyId: number): Promise<Overrides> {
  const rows = await inCompany(db, companyId)
    .selectFrom('company_role_permissions')
    .select(['role', 'codename', 'granted'])
    .execute();
  const out: Overrides = new Map();
  for (const r of rows) {
    let o = out.get(r.role);
    if (!o) {
      o = { grant: new Set(), revoke: new Set() };
      out.set(r.role, o);
    }
    (r.granted === 1 ? o.grant : o.revoke).add(r.codename);
  }
  return out;
}

/**
 * What a role may do in a company (docs/adr/0038 decision 5): its defaults from `role_permissions`
 * (cached per process; the seed writes them at start) with the company's own grants and
 * revocations (`company_role_permissions`, a `versionedCache`: a change by this process shows at
 * once, by another within its recheck time, about a second). The super administrator holds all.
 * The effective set of a (company, role) is computed once per version of the company's overrides.
 */
export function permissionCache(db: PlatformDatabase, { recheckMs = 1000 } = {}): PermissionCache {
  const defaults = new Map<number, Promise<ReadonlySet<string>>>();
  const overrides = versionedCache(PERMISSIONS_SCOPE, loadOverrides, { recheckMs });
  const effective = new WeakMap<Overrides, Map<number, ReadonlySet<string>>>();
  const all: ReadonlySet<string> = new Set(ALL_CODENAMES);

  const defaultsOf = (role: number) => {
    let hit = defaults.get(role);
    if (!hit) {
      hit = db
        .selectFrom('role_permissions')
        .select('codename')
        .where('role', '=', role)
        .execute()
        .then((rows) => new Set(rows.map((r) => r.codename)));
      hit.catch(() => defaults.delete(role));
      defaults.set(role, hit);
    }
    return hit;
  };

  const cache: PermissionCache = {
    async codenames(companyId, role) {
      if (role === SUPER_ADMIN_ROLE) return all;
      const [base, company] = await Promise.all([
        defaultsOf(role),
        overrides.get(db as unknown as Database, companyId),
      ]);
      const own = company.get(role);
      if (!own) return base;
      let byRole = effective.get(company);
      if (!byRole) {
        byRole = new Map();
        effective.set(company, byRole);
      }
      let set = byRole.get(role);
      if (!set) {
        const made = new Set([...base, ...own.grant]);
        for (const c of own.revoke) made.delete(c);
        set = made;
        byRole.set(role, set);
      }
      return set;
    },
    async has(companyId, role, codename) {
      return (await cache.codenames(companyId, role)).has(codename);
    },
    defaults: (role) => (role === SUPER_ADMIN_ROLE ? Promise.resolve(all) : defaultsOf(role)),
    forget: (companyId) => overrides.forget(companyId),
  };
  return cache;
}
