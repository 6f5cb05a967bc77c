import type { NewsLang } from '@portal/contract';
import { micrositeCalls as calls, catalogueCalls, cmsCalls } from '@portal/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { PUBLIC_KEY } from '#web/shared/queryClient.ts';

/** Microsite reads are the same for everyone, so they live under the public key. */
export const micrositeKeys = {
  all: [PUBLIC_KEY, 'microsite'] as const,
  site: (path: string) => [...micrositeKeys.all, 'site', path] as const,
  goods: (companyId: number) => [...micrositeKeys.all, 'goods', companyId] as const,
  news: (companyId: number, lang: NewsLang) => [...micrositeKeys.all, 'news', companyId, lang] as const,
  profile: (companyId: number | undefined) => [...micrositeKeys.all, 'profile', companyId] as const,
};

export const FEATURED_GOODS = 8;
export const LATEST_NEWS = 5;

/** The microsite of a path (`/qf`); a refusal (20901) is shown by the page, not toasted. */
export function useMicrosite(path: string) {
  return useQuery({
    queryKey: micrositeKeys.site(path),
    queryFn: ({ signal }) => api.call(calls.get, { path }, { toast: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The microsite company's featured goods: its recommended goods first by sales (the public catalogue). */
export function useMicrositeGoods(companyId: number | undefined) {
  return useQuery({
    queryKey: micrositeKeys.goods(companyId ?? 0),
    queryFn: ({ signal }) =>
      api.call(
        catalogueCalls.list,
        { company_id: companyId, sort: 'sales', page: 1, page_size: FEATURED_GOODS },
        { toast: false, signal },
      ),
    enabled: companyId !== undefined,
  });
}

/** The microsite company's latest news in the site's language (`/cms/news/list`). */
export function useMicrositeNews(companyId: number | undefined, lang: NewsLang) {
  return useQuery({
    queryKey: micrositeKeys.news(companyId ?? 0, lang),
    queryFn: ({ signal }) =>
      api.call(
        cmsCalls.newsList,
        { category: 'news', company_id: companyId, lang, page: 1, page_size: LATEST_NEWS },
        { toast: false, signal },
      ),
    enabled: companyId !== undefined,
  });
}

/** The company page (/aboutUs, /company) of the site's company. */
export function useCompanyProfile(companyId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: micrositeKeys.profile(companyId),
    queryFn: ({ signal }) => api.call(calls.profile, { company_id: companyId }, { toast: false, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
