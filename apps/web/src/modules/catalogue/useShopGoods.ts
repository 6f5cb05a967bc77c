import type { GoodsSort, ShopGoodsDetail } from '@portal/contract';
import { catalogueCalls, goodsCategoryCalls, reviewCalls } from '@portal/contract/calls';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';

/** The list filters as the API takes them (prices in cents). */
export interface ShopGoodsParams {
  page: number;
  page_size: number;
  category_id?: number | undefined;
  keyword?: string | undefined;
  min_price?: number | undefined;
  max_price?: number | undefined;
  sort?: GoodsSort | undefined;
  is_new?: 0 | 1 | undefined;
  is_recommend?: 0 | 1 | undefined;
  in_stock?: 0 | 1 | undefined;
  ids?: number[] | undefined;
}

/**
 * Every shop query lives under `shopKeys.all`. Not under the public key: a logged-in caller works in
 * their own company and the detail carries `loved`, so a login or logout drops them.
 */
export const shopKeys = {
  all: ['shop'] as const,
  goods: (companyId: number | undefined, params: ShopGoodsParams) =>
    [...shopKeys.all, 'goods', companyId, params] as const,
  detail: (companyId: number | undefined, id: number) => [...shopKeys.all, 'detail', companyId, id] as const,
  reviews: (goodsId: number, page: number, pageSize: number) =>
    [...shopKeys.all, 'reviews', goodsId, { page, pageSize }] as const,
  categories: (companyId: number | undefined) => [...shopKeys.all, 'categories', companyId] as const,
};

export function useShopGoods(params: ShopGoodsParams) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: shopKeys.goods(companyId, params),
    queryFn: ({ signal }) =>
      api.call(catalogueCalls.list, { ...params, company_id: companyId }, { toast: false, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/**
 * One goods; a refusal (not found, off sale) is shown by the page, not toasted. `ofCompany` reads
 * another company's catalogue (a goods linked from that company's microsite).
 */
export function useGoodsDetail(id: number | null, ofCompany?: number) {
  const shop = useShopCompany();
  const ready = shop.ready || ofCompany !== undefined;
  return useQuery(goodsDetailQuery(ofCompany ?? shop.companyId, id, ready));
}

/** The query of one goods' detail (shared by `useGoodsDetail` and pages that read several). */
export function goodsDetailQuery(companyId: number | undefined, id: number | null, ready: boolean) {
  return queryOptions({
    queryKey: shopKeys.detail(companyId, id ?? 0),
    queryFn: ({ signal }) =>
      api.call(catalogueCalls.get, { id: id ?? 0, company_id: companyId }, { toast: false, signal }),
    enabled: ready && id !== null,
  });
}

export function useGoodsReviews(goodsId: number | null, page: number, pageSize: number, ofCompany?: number) {
  const shop = useShopCompany();
  const ready = shop.ready || ofCompany !== undefined;
  const companyId = ofCompany ?? shop.companyId;
  return useQuery({
    queryKey: shopKeys.reviews(goodsId ?? 0, page, pageSize),
    queryFn: ({ signal }) =>
      api.call(
        reviewCalls.list,
        { goods_id: goodsId ?? 0, page, page_size: pageSize, company_id: companyId },
        { toast: false, signal },
      ),
    enabled: ready && goodsId !== null,
    placeholderData: keepPreviousData,
  });
}

/** 回复评价 (staff): the reviews of the goods are fetched again and show the reply. */
export function useReplyReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; goods_id: number; reply: string }) =>
      api.call(reviewCalls.reply, { id: input.id, reply: input.reply }, { toast: 'unlessField' }),
    onSuccess: (_d, input) =>
      qc.invalidateQueries({ queryKey: [...shopKeys.all, 'reviews', input.goods_id] }),
  });
}

/** The enabled category tree of the shop (`GET /goods/staff/category/`). */
export function useShopCategories() {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: shopKeys.categories(companyId),
    queryFn: ({ signal }) =>
      api
        .call(goodsCategoryCalls.shopTree, { company_id: companyId }, { toast: false, signal })
        .then((d) => d.results),
    enabled: ready,
    staleTime: 5 * 60_000,
  });
}

/** The member's liked goods (我的收藏). */
export const loveKeys = {
  all: ['love'] as const,
  list: (page: number, pageSize: number) => [...loveKeys.all, 'list', { page, pageSize }] as const,
};

export function useLoves(page: number, pageSize: number) {
  return useQuery({
    queryKey: loveKeys.list(page, pageSize),
    queryFn: () => api.call(catalogueCalls.loved, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Like / unlike (`/goods/love` is a toggle). The detail in the cache takes the answer at once; the
 * list of liked goods is fetched again.
 */
export function useToggleLove() {
  const qc = useQueryClient();
  const { companyId } = useShopCompany();
  return useMutation({
    mutationFn: (goodsId: number) => api.call(catalogueCalls.toggleLove, { goods_id: goodsId }),
    onSuccess: (d, goodsId) => {
      qc.setQueryData<ShopGoodsDetail>(shopKeys.detail(companyId, goodsId), (old) =>
        old ? { ...old, loved: d.loved, love_count: d.love_count } : old,
      );
      void qc.invalidateQueries({ queryKey: loveKeys.all });
    },
  });
}
