import { sql } from 'kysely';
import { companyMissing } from '#server/platform/core/errors.ts';
import type { Database } from './database.ts';

/**
 * A per-company read cache that stays right across processes: every write that changes what the
 * cache holds calls `bump` inside its transaction and `forget` after it commits. A read compares
 * the stored version at most every `recheckMs`, so a write by another process shows within that
 * time and a write by this process at once. The version is read before the data, so a cached
 * value is never older than its version.
 *
 * It holds only companies that exist and are active: the version is read together with the
 * company, and an unknown or disabled one is refused (`companyMissing`, 10005 单位不存在) and
 * dropped. So public reads that name any `company_id` cannot fill the cache with made-up ids and
 * push real companies out, and a disabled company is refused within `recheckMs`.
 */
export function versionedCache<T>(
  scope: string,
  load: (db: Database, companyId: number) => Promise<T>,
  { recheckMs = 1000, maxCompanies = 1000, now = Date.now } = {},
) {
  const entries = new Map<number, { version: number; value: T; checkedAt: number }>();
  const loading = new Map<string, Promise<T>>();
  /** Bumped by `forget`: a load that began before it does not keep its (older) value. */
  const forgotten = new Map<number, number>();

  /** The company's version of this scope (0 before the first bump); undefined if the company is not active. */
  async function version(db: Database, companyId: number) {
    const row = await db
      .selectFrom('companies as c')
      .leftJoin('cache_versions as v', (join) =>
        join.onRef('v.company_id', '=', 'c.id').on('v.scope', '=', scope),
      )
      .select('v.version')
      .where('c.id', '=', companyId)
      .where('c.status', '=', 1)
      .executeTakeFirst();
    return row && (row.version ?? 0);
  }

  return {
    async get(db: Database, companyId: number): Promise<T> {
      const hit = entries.get(companyId);
      const t = now();
      if (hit && t - hit.checkedAt < recheckMs) return hit.value;
      const v = await version(db, companyId);
      if (v === undefined) {
        entries.delete(companyId);
        throw companyMissing();
      }
      if (hit && hit.version === v) {
        hit.checkedAt = t;
        return hit.value;
      }
      // Concurrent misses share one load: a big snapshot is read once, not once per request.
      const generation = forgotten.get(companyId) ?? 0;
      const key = `${companyId}:${v}:${generation}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = load(db, companyId).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      const value = await pending;
      // A write committed meanwhile (`forget`): answer this value, keep none of it.
      if ((forgotten.get(companyId) ?? 0) !== generation) return value;
      entries.delete(companyId);
      if (entries.size >= maxCompanies) entries.delete(entries.keys().next().value as number);
      entries.set(companyId, { version: v, value, checkedAt: t });
      return value;
    },
    /** Call after the writing transaction has committed. */
    forget(companyId: number) {
      entries.delete(companyId);
      forgotten.set(companyId, (forgotten.get(companyId) ?? 0) + 1);
    },
  };
}

/** Marks a scope's cached data of a company as changed. Call inside the writing transaction. */
export async function bumpVersion(trx: Database, scope: string, companyId: number) {
  await trx
    .insertInto('cache_versions')
    .values({ scope, company_id: companyId, version: 1 })
    .onConflict((oc) =>
      oc.columns(['scope', 'company_id']).doUpdateSet({ version: sql`cache_versions.version + 1` }),
    )
    .execute();
}
