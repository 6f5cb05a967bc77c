import type { CallInput } from '@portal/contract';
import { shopGoodsCalls as calls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useDetailQuery, useInvalidate } from '#web/shared/queryHooks.ts';
import { goodsKeys } from './useGoods.ts';

/** The shop's view of a goods lives under the goods' keys: a shop write reloads the goods and its lists too. */
export const shopGoodsKeys = {
  detail: (id: number) => [...goodsKeys.all, 'shop', id] as const,
};

/** A goods in the shop with its specifications as the shop sells them (`/shop/goods/detail/list`). */
export const useShopGoods = (id: number) =>
  useDetailQuery(shopGoodsKeys.detail(id), id, (goods_id) => api.call(calls.detailList, { goods_id }));

type ShopWrite =
  | typeof calls.save
  | typeof calls.galleryCreate
  | typeof calls.galleryDelete
  | typeof calls.detailDelete;

/**
 * One of the shop's writes of a goods (save, a picture added or removed, a specification stopped);
 * the server's refusal is toasted, or with `toast: 'unlessField'` a field error is left to the
 * form (`showFieldError`); the goods, its shop view and the lists reload after it.
 */
export function useShopGoodsWrite<C extends ShopWrite>(call: C, toast: true | 'unlessField' = true) {
  const invalidate = useInvalidate(goodsKeys.all);
  return useMutation({
    mutationFn: (input: CallInput<C>) =>
      api.call(call as typeof calls.save, input as never, { toast }) as Promise<unknown>,
    onSettled: invalidate,
  });
}
