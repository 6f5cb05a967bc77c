import { BUSINESS } from './areas/business.ts';
import { CRM } from './areas/crm.ts';
import { CAR, INSTRUCTOR, STUDENT, TOOL } from './areas/homeOnly.ts';
import { MANAGER } from './areas/manager.ts';
import { NOT_FOUND_PAGE, PUBLIC_PAGES } from './public.ts';
import type { AreaEntry, RouteEntry } from './types.ts';

/**
 * THE route table: the router, the side menu, the guards and the area index redirects are all
 * generated from it. Each entry states its own facts in its area's file (`areas/*.ts`) or in
 * `public.ts`; only screens that exist are listed, later issues add theirs there.
 */
export const AREAS: readonly AreaEntry[] = [CRM, CAR, TOOL, MANAGER, BUSINESS, STUDENT, INSTRUCTOR];

export { NOT_FOUND_PAGE, PUBLIC_PAGES };

export const ROUTES: readonly RouteEntry[] = [...PUBLIC_PAGES, ...AREAS];
