import { ORDER_STATUS, type Review } from '@portal/contract';
import { audit } from '#server/platform/audit/audit.ts';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import type { PageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso } from '#server/platform/time.ts';
import { orderRepository } from '../order/index.ts';
import { reviewRepository as repo } from './review.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

/** Shown as 张** or 138****0000: reviews are public, members' names are not. */
export function maskName(username: string, realName: string) {
  if (realName) return `${realName.slice(0, 1)}**`;
  if (/^1\d{10}$/.test(username)) return `${username.slice(0, 3)}****${username.slice(7)}`;
  return `${username.slice(0, 1)}***`;
}

const toReview = (r: Row): Review => ({
  id: r.id,
  goods_id: r.goods_id,
  order_item_id: r.order_item_id,
  user_name: maskName(r.username, r.real_name),
  rating: r.rating,
  content: r.content,
  reply: r.reply,
  reply_time: r.reply_time ?? '',
  create_time: r.created_at,
});

/** Reviews: only the buyer of a completed order line, once per line; the shop replies. */
export function reviewService(db: Database) {
  return {
    async list(companyId: number, goodsId: number, p: PageParams) {
      const { count, results } = await repo.page(db, companyId, goodsId, p);
      return { count, results: results.map(toReview) };
    },

    async create(caller: Caller, input: { order_item_id: number; rating?: number; content: string }) {
      const id = await onUnique(
        () =>
          db.transaction().execute(async (trx) => {
            const line = await orderRepository.line(
              trx,
              caller.companyId,
              caller.userId,
              input.order_item_id,
            );
            if (!line) throw new AppError('NOT_FOUND', '订单商品不存在', 'order_item_id');
            if (line.status !== ORDER_STATUS.COMPLETED) throw new AppError('REVIEW_NOT_ALLOWED');
            if (!(await orderRepository.markReviewed(trx, caller.companyId, line.id)))
              throw new AppError('REVIEW_EXISTS');
            return repo.insert(trx, {
              company_id: line.company_id,
              goods_id: line.goods_id,
              order_item_id: line.id,
              user_id: caller.userId,
              rating: input.rating ?? 5,
              content: input.content,
              created_at: nowIso(),
            });
          }),
        new AppError('REVIEW_EXISTS'),
      );
      return toReview((await repo.byId(db, caller.companyId, id)) as Row);
    },

    /** The shop's answer to a review; answering again replaces it. */
    async reply(caller: Caller, id: number, reply: string) {
      await db.transaction().execute(async (trx) => {
        const before = await repo.byId(trx, caller.companyId, id);
        if (!before) throw new AppError('NOT_FOUND');
        await repo.reply(trx, caller.companyId, id, reply, caller.userId, nowIso());
        await audit(trx, caller, {
          action: 'update',
          entity: 'goods_review',
          entityId: id,
          before: { reply: before.reply },
          after: { reply },
        });
      });
      return toReview((await repo.byId(db, caller.companyId, id)) as Row);
    },
  };
}

export type ReviewService = ReturnType<typeof reviewService>;
