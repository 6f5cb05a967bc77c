import { APP_VERSION_STATUS, PROJECT_STATUS } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import { containsLike } from '#server/platform/db/like.ts';
import { inCompany } from '#server/platform/db/scope.ts';

function people(db: Database, companyId: number, name: string, roles: readonly number[]) {
  return inCompany(db, companyId)
    .selectFrom('users', 'u')
    .where('u.status', '=', 1)
    .where('u.role', 'in', [...roles])
    .where((eb) => containsLike(eb, ['u.real_name'], name));
}

export interface ExperimentFilter {
  keyword?: string | undefined;
  category?: string | undefined;
}

function publicProjects(db: Database, companyId: number, f: ExperimentFilter) {
  let q = inCompany(db, companyId)
    .selectFrom('projects', 'p')
    .where('p.is_public', '=', 1)
    .where('p.status', '=', PROJECT_STATUS.ACTIVE);
  if (f.category) q = q.where('p.category', '=', f.category);
  if (f.keyword) {
    const keyword = f.keyword;
    q = q.where((eb) => containsLike(eb, ['p.name', 'p.intro'], keyword));
  }
  return q;
}

export const finderRepository = {
  /** Published releases of a platform whose release time has come (a few rows per platform). */
  releases: (db: Database, companyId: number, platform: string, now: string) =>
    inCompany(db, companyId)
      .selectFrom('app_versions')
      .select(['platform', 'version', 'build', 'notes', 'download_url', 'force_update', 'released_at'])
      .where('platform', '=', platform)
      .where('status', '=', APP_VERSION_STATUS.PUBLISHED)
      .where('released_at', '<=', now)
      .execute(),

  /** Only the public side of a person is selected, so nothing else can leave by mistake. */
  people: (db: Database, companyId: number, name: string, roles: readonly number[], p: PageParams) =>
    pageAndCount(people(db, companyId, name, roles), p, (q) =>
      q
        .leftJoin('positions as pos', 'pos.id', 'u.position_id')
        .leftJoin('departments as g', 'g.id', 'u.department_id')
        .select(['u.id', 'u.real_name', 'u.role', 'pos.name as position', 'g.name as group'])
        .orderBy('u.id'),
    ),

  experiments: (db: Database, companyId: number, f: ExperimentFilter, p: PageParams) =>
    pageAndCount(publicProjects(db, companyId, f), p, (q) =>
      q
        .select(['p.id', 'p.name', 'p.intro', 'p.category', 'p.level', 'p.cover', 'p.created_at'])
        .orderBy('p.id', 'desc'),
    ),
};
