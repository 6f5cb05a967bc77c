import { FLOW_PUBLISHED } from '@portal/contract';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import { containsLike } from '#server/platform/db/like.ts';
import type { CompanyScope } from '#server/platform/db/scope.ts';

export interface KnowledgeFilter {
  keyword?: string | undefined;
  usage?: number | undefined;
  project_id?: number | undefined;
}

/** The materials of published flows a live project runs on (the knowledge index's rows). */
function materials(s: CompanyScope, f: KnowledgeFilter) {
  let q = s
    .selectFrom('flow_docs', 'd')
    .innerJoin('files as fi', 'fi.id', 'd.file_id')
    .innerJoin('flows as fl', 'fl.id', 'd.flow_id')
    .where('fi.del_flag', '=', 0)
    .where('fl.del_flag', '=', 0)
    .where('fl.status', '=', FLOW_PUBLISHED)
    .where(({ exists, selectFrom }) => {
      let live = selectFrom('flow_projects as pr')
        .select('pr.id')
        .whereRef('pr.flow_id', '=', 'd.flow_id')
        .where('pr.del_flag', '=', 0);
      if (f.project_id !== undefined) live = live.where('pr.id', '=', f.project_id);
      return exists(live);
    });
  if (f.keyword) q = q.where((eb) => containsLike(eb, ['d.name'], f.keyword ?? ''));
  if (f.usage !== undefined) q = q.where('d.usage', '=', f.usage);
  return q;
}

/** 知识库's reads: every statement through the company's scope. */
export const businessKnowledgeRepository = {
  page: (s: CompanyScope, f: KnowledgeFilter, p: PageParams) =>
    pageAndCount(materials(s, f), p, (q) =>
      q
        .select([
          'd.id',
          'd.name',
          'd.usage',
          'd.flow_id',
          'fl.name as flow_name',
          'fi.name as file_name',
          'fi.mime',
          'fi.size',
          'd.updated_at as update_time',
        ])
        .orderBy('d.flow_id', 'desc')
        .orderBy('d.id'),
    ),

  /** The live projects on each of the flows, by name. */
  projects: (s: CompanyScope, flowIds: readonly number[]) =>
    flowIds.length === 0
      ? Promise.resolve([])
      : s
          .selectFrom('flow_projects', 'pr')
          .select(['pr.flow_id', 'pr.name'])
          .where('pr.flow_id', 'in', flowIds)
          .orderBy('pr.id')
          .execute(),

  /** A material of the index by id: its file. */
  fileOf: (s: CompanyScope, id: number) =>
    materials(s, {}).select('d.file_id').where('d.id', '=', id).executeTakeFirst(),
};
