import type { KnowledgeItem } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { type PageParams, paged } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import {
  type KnowledgeFilter,
  businessKnowledgeRepository as repo,
} from './business-knowledge.repository.ts';

/**
 * 知识库 (issue 37): the materials of the company's published flows that a live project runs on,
 * found by name, usage and project, each with the projects it serves; a material is downloaded
 * only while it is in the index (its flow published, a live project on it).
 */
export function businessKnowledgeService(db: Database) {
  const scopeOf = (caller: Caller) => inCompany(db, caller.companyId, { userId: caller.userId });
  return {
    async list(caller: Caller, f: KnowledgeFilter, p: PageParams) {
      const s = scopeOf(caller);
      const { count, results } = await repo.page(s, f, p);
      const projects = await repo.projects(s, [...new Set(results.map((r) => r.flow_id))]);
      return paged(
        {
          count,
          results: results.map(
            ({ flow_id, ...r }): KnowledgeItem => ({
              ...r,
              size: Number(r.size),
              projects: projects.filter((x) => x.flow_id === flow_id).map((x) => x.name),
            }),
          ),
        },
        p,
      );
    },

    /** The file of a material in the index (NOT_FOUND otherwise). */
    async fileOf(caller: Caller, id: number) {
      const row = await repo.fileOf(scopeOf(caller), id);
      if (!row) throw new AppError('NOT_FOUND', '素材不存在或已不在知识库中', 'id');
      return row.file_id;
    },
  };
}
export type BusinessKnowledgeService = ReturnType<typeof businessKnowledgeService>;
