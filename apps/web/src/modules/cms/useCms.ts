import { cmsCalls as calls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { useShopCompany } from '#web/shared/shop/useShopCompany.ts';

export interface NewsListParams {
  page: number;
  page_size: number;
  category?: string | undefined;
  keyword?: string | undefined;
  lang?: 'zh' | 'en' | undefined;
}

/**
 * Content queries, under `cmsKeys.all` (not the public key: a logged-in caller reads their own
 * company's content, so a login or logout drops them).
 */
export const cmsKeys = {
  all: ['cms'] as const,
  categories: (companyId: number | undefined) => [...cmsKeys.all, 'categories', companyId] as const,
  news: (companyId: number | undefined, params: NewsListParams) =>
    [...cmsKeys.all, 'news', companyId, params] as const,
  detail: (companyId: number | undefined, id: number) => [...cmsKeys.all, 'detail', companyId, id] as const,
  advertisings: (companyId: number | undefined, position: string | undefined) =>
    [...cmsKeys.all, 'advertisings', companyId, position ?? ''] as const,
  advertising: (companyId: number | undefined, id: number) =>
    [...cmsKeys.all, 'advertising', companyId, id] as const,
};

export function useNewsCategories() {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: cmsKeys.categories(companyId),
    queryFn: ({ signal }) =>
      api.call(calls.newsCategories, { company_id: companyId }, { toast: false, signal }),
    enabled: ready,
    staleTime: 5 * 60_000,
  });
}

export function useNewsList(params: NewsListParams) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: cmsKeys.news(companyId, params),
    queryFn: ({ signal }) =>
      api.call(calls.newsList, { ...params, company_id: companyId }, { toast: false, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One article. Each fetch counts a reading on the server, so it is fetched once per visit of the page. */
/** One article of the site's company, or of `ofCompany` (an article opened from a microsite). */
export function useNewsDetail(id: number | null, ofCompany?: number) {
  const shop = useShopCompany();
  const ready = shop.ready || ofCompany !== undefined;
  const companyId = ofCompany ?? shop.companyId;
  return useQuery({
    queryKey: cmsKeys.detail(companyId, id ?? 0),
    queryFn: ({ signal }) =>
      api.call(calls.newsDetail, { id: id ?? 0, company_id: companyId }, { toast: false, signal }),
    enabled: ready && id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Current advertisings (`position` 'home' for the home carousel; none for all). */
export function useAdvertisings(position?: string) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: cmsKeys.advertisings(companyId, position),
    queryFn: ({ signal }) =>
      api.call(calls.advertisingList, { position, company_id: companyId }, { toast: false, signal }),
    enabled: ready,
    staleTime: 5 * 60_000,
  });
}

export function useAdvertising(id: number | null) {
  const { ready, companyId } = useShopCompany();
  return useQuery({
    queryKey: cmsKeys.advertising(companyId, id ?? 0),
    queryFn: ({ signal }) =>
      api.call(calls.advertisingDetail, { id: id ?? 0, company_id: companyId }, { toast: false, signal }),
    enabled: ready && id !== null,
  });
}
