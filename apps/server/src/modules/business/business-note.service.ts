import type { BusinessNote } from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { type CompanyScope, inCompany } from '#server/platform/db/scope.ts';
import { nowIso } from '#server/platform/time.ts';
import { businessMessageRepository } from './business-message.repository.ts';
import { businessNoteRepository as repo } from './business-note.repository.ts';

/**
 * A member's private notes (issue 37; design/training.md "Note"): written — one per node, rewritten
 * — while the business is in the node, by a member of the business; read by their writer only.
 */
export function businessNoteService(db: Database) {
  async function member(s: CompanyScope, caller: Caller, businessId: number) {
    const business = await businessMessageRepository.business(s, businessId);
    if (!business) throw new AppError('NOT_FOUND', '业务不存在或已被删除', 'business_id');
    if (!(await businessMessageRepository.isMember(s, business.id, caller.userId)))
      throw new AppError('FORBIDDEN', '你不是这个业务的成员');
    return business;
  }
  return {
    async create(
      caller: Caller,
      input: { business_id: number; node_id: number; content: string },
    ): Promise<BusinessNote> {
      return db.transaction().execute(async (trx) => {
        const s = inCompany(trx, caller.companyId, { userId: caller.userId });
        const business = await member(s, caller, input.business_id);
        if (!(await businessMessageRepository.currentAt(s, business.id, input.node_id)))
          throw new AppError('BUSINESS_NOT_IN_NODE', '业务已不在这个环节，不能再写它的笔记', 'node_id');
        return repo.save(s, {
          business_id: business.id,
          node_id: input.node_id,
          user_id: caller.userId,
          content: input.content,
          at: nowIso(),
        });
      });
    },

    async list(caller: Caller, input: { business_id: number; node_id?: number | undefined }) {
      const s = inCompany(db, caller.companyId, { userId: caller.userId });
      const business = await member(s, caller, input.business_id);
      return repo.list(s, business.id, caller.userId, input.node_id);
    },
  };
}
export type BusinessNoteService = ReturnType<typeof businessNoteService>;
