import {
  type AppPlatform,
  type AppVersion,
  type Experiment,
  type ExperimentSearchQuery,
  PERSON_SEARCH_ROLES,
  type Person,
  PROJECT_CATEGORIES,
  PROJECT_LEVELS,
  roleName,
} from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { CallLimit } from '#server/platform/limits/rate-limit.ts';
import { nowIso } from '#server/platform/time.ts';
import { finderRepository as repo } from './finder.repository.ts';

/**
 * Compares two `x.y.z` versions part by part as numbers (1.10.0 > 1.9.9, 2.3.01 = 2.3.1); a missing
 * part counts as 0. Negative when `a` is older, 0 when equal, positive when `a` is newer.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The public finder: app releases, staff and instructor search, public training projects. */
export function finderService(db: Database, deps: { searchLimit: CallLimit }) {
  return {
    /**
     * The newest release of a platform (by version, then build). `has_update` when `current` is
     * older; `force_update` when any release newer than `current` is marked forced, so skipping a
     * forced release is impossible. Without `current`, `force_update` is the newest release's flag.
     */
    async latestVersion(companyId: number, platform: AppPlatform, current?: string): Promise<AppVersion> {
      const rows = await repo.releases(db, companyId, platform, nowIso());
      if (rows.length === 0) throw new AppError('APP_VERSION_NONE');
      const sorted = [...rows].sort((x, y) => compareVersions(y.version, x.version) || y.build - x.build);
      const latest = sorted[0] as (typeof rows)[number];
      const newer = current ? sorted.filter((r) => compareVersions(r.version, current) > 0) : [];
      return {
        platform,
        version: latest.version,
        build: latest.build,
        notes: latest.notes,
        download_url: latest.download_url,
        released_at: latest.released_at,
        force_update: current ? newer.some((r) => r.force_update === 1) : latest.force_update === 1,
        has_update: newer.length > 0,
      };
    },

    /** Staff and instructors whose name contains `name`; limited per IP (TOO_MANY_REQUESTS). */
    async searchPeople(companyId: number, name: string, p: PageParams, ip: string) {
      if (!(await deps.searchLimit(ip))) throw new AppError('TOO_MANY_REQUESTS');
      const { count, results: rows } = await repo.people(db, companyId, name, PERSON_SEARCH_ROLES, p);
      const results: Person[] = rows.map((r) => ({
        id: r.id,
        real_name: r.real_name,
        role_name: roleName(r.role),
        position: r.position ?? '',
        group: r.group ?? '',
      }));
      return { count, results };
    },

    async searchExperiments(companyId: number, q: ExperimentSearchQuery, p: PageParams) {
      const filter = { keyword: q.keyword, category: q.category };
      const { count, results: rows } = await repo.experiments(db, companyId, filter, p);
      const results: Experiment[] = rows.map((r) => ({
        ...r,
        category_name: PROJECT_CATEGORIES[r.category as keyof typeof PROJECT_CATEGORIES] ?? r.category,
        level_name: PROJECT_LEVELS[r.level] ?? '',
      }));
      return { count, results };
    },
  };
}

export type FinderService = ReturnType<typeof finderService>;
