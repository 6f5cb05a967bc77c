import {
  ANONYMOUS_NICKNAME,
  OPINION_STATUS,
  type Opinion,
  type PublicOpinion,
  REVIEW_STATUS,
} from '@portal/contract';
import { audit, auditRows } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { nowIso } from '#server/platform/time.ts';
import {
  messageRepository,
  type OpinionFilter,
  opinionRepository,
  problemRepository,
} from './feedback.repository.ts';
import type { FormGate } from './form-limit.ts';

/** A visitor's 称呼 is shown as 张** on the public page. */
const maskVisitor = (name: string) => `${Array.from(name)[0] ?? '访'}**`;

/** FAQ, visitors' questions (answered by customer service) and the moderated message board. */
export function feedbackService(db: Database, admit: FormGate) {
  /** The live messages among `ids`: all must exist in the company, or nothing happens. */
  async function existing(trx: Database, caller: Caller, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await messageRepository.states(trx, caller.companyId, unique);
    if (rows.length !== unique.length) throw new AppError('FEEDBACK_NOT_FOUND', undefined, 'ids');
    return rows;
  }

  return {
    problems: (companyId: number, keyword: string | undefined, p: PageParams) =>
      problemRepository.page(db, companyId, keyword, p),

    async ask(companyId: number, input: { name: string; contact: string; content: string }, ip: string) {
      await admit('opinion', ip, companyId);
      const id = await opinionRepository.insert(db, {
        company_id: companyId,
        ...input,
        ip,
        created_at: nowIso(),
      });
      return { id };
    },

    async publicOpinions(companyId: number, p: PageParams) {
      const { count, results: rows } = await opinionRepository.publicPage(db, companyId, p);
      const results: PublicOpinion[] = rows.map((r) => ({ ...r, name: maskVisitor(r.name) }));
      return { count, results };
    },

    opinions: (caller: Caller, f: OpinionFilter, p: PageParams) =>
      opinionRepository.page(db, caller.companyId, f, p),

    /** Answers a question; answering again replaces the reply (and may change 公开显示). */
    async reply(caller: Caller, input: { id: number; reply: string; is_public: 0 | 1 }) {
      await db.transaction().execute(async (trx) => {
        const before = await opinionRepository.byId(trx, caller.companyId, input.id);
        if (!before) throw new AppError('FEEDBACK_NOT_FOUND', undefined, 'id');
        const after = {
          reply: input.reply,
          is_public: input.is_public,
          replied_by: caller.userId,
          replied_at: nowIso(),
        };
        await opinionRepository.reply(trx, caller.companyId, input.id, after);
        await audit(trx, caller, {
          action: 'update',
          entity: 'opinion',
          entityId: input.id,
          before: { reply: before.reply, is_public: before.is_public, status: before.status },
          after: { reply: after.reply, is_public: after.is_public, status: OPINION_STATUS.REPLIED },
        });
      });
      return (await opinionRepository.byId(db, caller.companyId, input.id)) as Opinion;
    },

    async post(companyId: number, input: { nickname?: string | undefined; content: string }, ip: string) {
      await admit('message', ip, companyId);
      const id = await messageRepository.insert(db, {
        company_id: companyId,
        nickname: input.nickname || ANONYMOUS_NICKNAME,
        content: input.content,
        ip,
        created_at: nowIso(),
      });
      return { id, status: REVIEW_STATUS.PENDING };
    },

    publicMessages: (companyId: number, p: PageParams) => messageRepository.approvedPage(db, companyId, p),

    messages: (caller: Caller, status: number | undefined, p: PageParams) =>
      messageRepository.page(db, caller.companyId, status, p),

    /** Approves or rejects pending messages, all or none: one already reviewed refuses the batch. */
    async review(caller: Caller, ids: number[], status: number) {
      return db.transaction().execute(async (trx) => {
        const rows = await existing(trx, caller, ids);
        if (rows.some((r) => r.status !== REVIEW_STATUS.PENDING)) throw new AppError('FEEDBACK_STATE');
        const r = await messageRepository.review(
          trx,
          caller.companyId,
          rows.map((m) => m.id),
          { status, reviewed_by: caller.userId, reviewed_at: nowIso() },
        );
        if (Number(r.numUpdatedRows) !== rows.length) throw new AppError('FEEDBACK_STATE');
        await auditRows(trx, caller, 'update', 'anonymous_message', rows, (m) => ({
          entityId: m.id,
          before: { status: m.status },
          after: { status },
        }));
        return { reviewed: rows.length };
      });
    },

    /** Soft-deletes messages in any state (spam, or an approved one taken down). */
    async remove(caller: Caller, ids: number[]) {
      return db.transaction().execute(async (trx) => {
        const rows = await existing(trx, caller, ids);
        await messageRepository.remove(
          trx,
          caller.companyId,
          rows.map((m) => m.id),
        );
        await auditRows(trx, caller, 'delete', 'anonymous_message', rows, (m) => ({
          entityId: m.id,
          before: { status: m.status },
        }));
        return { deleted: rows.length };
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
