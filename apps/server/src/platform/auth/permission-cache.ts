import { ALL_CODENAMES, type Codename, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { PlatformDatabase } from '../db/database.ts';

export interface PermissionCache {
  codenames(role: number): Promise<ReadonlySet<string>>;
  has(role: number, codename: Codename): Promise<boolean>;
}

/** Role → codenames from `role_permissions`, cached per process; the super administrator holds all. */
export function permissionCache(db: PlatformDatabase): PermissionCache {
  const cache = new Map<number, Promise<ReadonlySet<string>>>();
  const load = async (role: number): Promise<ReadonlySet<string>> => {
    if (role === SUPER_ADMIN_ROLE) return new Set(ALL_CODENAMES);
    const rows = await db
      .selectFrom('role_permissions')
      .select('codename')
      .where('role', '=', role)
      .execute();
    return new Set(rows.map((r) => r.codename));
  };
  return {
    codenames(role) {
      let hit = cache.get(role);
      if (!hit) {
        hit = load(role);
        hit.catch(() => cache.delete(role));
        cache.set(role, hit);
      }
      return hit;
    },
    async has(role, codename) {
      return (await this.codenames(role)).has(codename);
    },
  };
}
