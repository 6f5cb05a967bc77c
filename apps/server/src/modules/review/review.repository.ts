import { sql } from 'kysely';
import type { PageParams } from '#server/platform/core/paging.ts';
import { pageAndCount } from '#server/platform/db/count.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { GoodsReviewTable } from '#server/platform/db/schema.ts';
import { inCompany } from '#server/platform/db/scope.ts';

/** Reviews with their author's names (masked by the service before they leave). */
function withAuthor(reviews: ReturnType<typeof goodsReviews>) {
  return reviews
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.goods_id',
      'r.order_item_id',
      'u.username',
      'u.real_name',
      'r.rating',
      'r.content',
      'r.reply',
      'r.reply_time',
      'r.created_at',
    ]);
}

const goodsReviews = (db: Database, companyId: number) =>
  inCompany(db, companyId).selectFrom('goods_reviews', 'r');

export const reviewRepository = {
  page: (db: Database, companyId: number, goodsId: number, p: PageParams) =>
    pageAndCount(goodsReviews(db, companyId).where('r.goods_id', '=', goodsId), p, (q) =>
      withAuthor(q).orderBy('r.id', 'desc'),
    ),

  insert: async (
    db: Database,
    v: Pick<
      GoodsReviewTable,
      'company_id' | 'goods_id' | 'order_item_id' | 'user_id' | 'rating' | 'content' | 'created_at'
    >,
  ) => {
    const { company_id, ...row } = v;
    return (
      await inCompany(db, company_id)
        .insertInto('goods_reviews', row)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  },

  reply: (db: Database, companyId: number, id: number, reply: string, userId: number, now: string) =>
    inCompany(db, companyId)
      .updateTable('goods_reviews')
      .set({ reply, reply_user_id: userId, reply_time: now })
      .where('id', '=', id)
      .executeTakeFirst(),

  /** How many reviews a goods has and their average rating (null without reviews). */
  stats: (db: Database, companyId: number, goodsId: number) =>
    inCompany(db, companyId)
      .selectFrom('goods_reviews')
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`avg(rating)`.as('avg')])
      .where('goods_id', '=', goodsId)
      .executeTakeFirstOrThrow(),

  byId: (db: Database, companyId: number, id: number) =>
    withAuthor(goodsReviews(db, companyId)).where('r.id', '=', id).executeTakeFirst(),
};
