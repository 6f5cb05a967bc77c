import { useUserInfo } from '#web/shared/session.ts';
import { useCompany } from '#web/shared/useCompany.ts';

/**
 * The company the public calls name (`company_id`). A visitor waits for the site's company to be
 * resolved (or to fail: the server then uses its default); a logged-in caller shops in their own
 * company (the server reads the company a public read names, so it is named here).
 */
export function useShopCompany(): { ready: boolean; companyId: number | undefined } {
  const company = useCompany();
  const user = useUserInfo();
  return {
    ready: user !== null || !company.isPending,
    companyId: user?.company_id ?? company.data?.id ?? undefined,
  };
}
