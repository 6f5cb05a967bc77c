import { ALL_CODENAMES, type Codename, PRINCIPAL_ROLE_OF, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { Database, PlatformDatabase } from '../db/database.ts';
import { inCompany } from '../db/scope.ts';
import { bumpVersion, versionedCache } from '../db/versioned-cache.ts';

/** Who asks: their company, the role they act in and, for an assistant's grants, who they are. */
export interface Holder {
  companyId: number;
  role: number;
  userId?: number;
}

export interface PermissionCache {
  /**
   * What the holder may do: their role's defaults with the company's overrides, and for an
   * assistant (roles 6, 7, 8) named by a principal, only what the principal gave them of it.
   */
  codenames(holder: Holder): Promise<ReadonlySet<string>>;
  has(holder: Holder, codename: Codename): Promise<boolean>;
  /** A role's defaults (`role_permissions`), before any company's overrides. */
  defaults(role: number): Promise<ReadonlySet<string>>;
  /** Call after a transaction that changed the company's overrides or grants (`bumpPermissions` in it) has committed. */
  forget(companyId: number): void;
}

/** The cache scope of a company's role overrides and assistants' grants (`cache_versions`). */
export const PERMISSIONS_SCOPE = 'permissions';

/** Marks a company's overrides or grants as changed: call in the transaction that changes them. */
export const bumpPermissions = (trx: Database, companyId: number) =>
  bumpVersion(trx, PERMISSIONS_SCOPE, companyId);

/** A company's own permission data: each role's overrides, each assistant's grants. */
interface CompanyPermissions {
  roles: Map<number, { grant: Set<string>; revoke: Set<string> }>;
  assistants: Map<number, Set<string>>;
}

async function loadCompany(db: Database, companyId: number): Promise<CompanyPermissions> {
  const scope = inCompany(db, companyId);
  const [rows, grants] = await Promise.all([
    scope.selectFrom('company_role_permissions').select(['role', 'codename', 'granted']).execute(),
    scope.selectFrom('assistant_grants').select(['assistant_user_id', 'codenames']).execute(),
  ]);
  const roles: CompanyPermissions['roles'] = new Map();
  for (const r of rows) {
    let o = roles.get(r.role);
    if (!o) {
      o = { grant: new Set(), revoke: new Set() };
      roles.set(r.role, o);
    }
    (r.granted === 1 ? o.grant : o.revoke).add(r.codename);
  }
  const assistants = new Map(
    grants.map((g) => [g.assistant_user_id, new Set<string>(JSON.parse(g.codenames))]),
  );
  return { roles, assistants };
}

const intersect = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((c) => b.has(c)));

/**
 * What a holder may do in a company (docs/adr/0038 decisions 5 and 6): the role's defaults from
 * `role_permissions` (cached per process; the seed writes them at start) with the company's own
 * grants and revocations (`company_role_permissions`), and for an assistant named by a principal
 * (`assistant_grants`) that ∩ the principal's role's ∩ what was given. The company's data is a
 * `versionedCache`: a change by this process shows at once, by another within its recheck time
 * (about a second). Each effective set is computed once per version. The super administrator
 * holds all.
 */
export function permissionCache(db: PlatformDatabase, { recheckMs = 1000 } = {}): PermissionCache {
  const defaults = new Map<number, Promise<ReadonlySet<string>>>();
  const companies = versionedCache(PERMISSIONS_SCOPE, loadCompany, { recheckMs });
  const effective = new WeakMap<CompanyPermissions, Map<string, ReadonlySet<string>>>();
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

  /** The company's role set: defaults with its overrides. */
  const roleSet = (company: CompanyPermissions, base: ReadonlySet<string>, role: number) => {
    const own = company.roles.get(role);
    if (!own) return base;
    const made = new Set([...base, ...own.grant]);
    for (const c of own.revoke) made.delete(c);
    return made;
  };

  const cache: PermissionCache = {
    async codenames({ companyId, role, userId }) {
      if (role === SUPER_ADMIN_ROLE) return all;
      const principalRole = PRINCIPAL_ROLE_OF[role];
      const [base, company, principalBase] = await Promise.all([
        defaultsOf(role),
        companies.get(db as unknown as Database, companyId),
        principalRole === undefined ? undefined : defaultsOf(principalRole),
      ]);
      const given = userId === undefined ? undefined : company.assistants.get(userId);
      if (!company.roles.has(role) && given === undefined) return base;
      let memo = effective.get(company);
      if (!memo) {
        memo = new Map();
        effective.set(company, memo);
      }
      const key = given === undefined ? `r${role}` : `a${role}:${userId}`;
      let set = memo.get(key);
      if (!set) {
        const own = roleSet(company, base, role);
        set =
          given === undefined || principalRole === undefined || principalBase === undefined
            ? own
            : intersect(intersect(own, roleSet(company, principalBase, principalRole)), given);
        memo.set(key, set);
      }
      return set;
    },
    async has(holder, codename) {
      return (await cache.codenames(holder)).has(codename);
    },
    defaults: (role) => (role === SUPER_ADMIN_ROLE ? Promise.resolve(all) : defaultsOf(role)),
    forget: (companyId) => companies.forget(companyId),
  };
  return cache;
}
