import { hasAction, hasModule, landingScreen, type UserPermission } from '@portal/contract';
import type { Access, AreaEntry, MenuEntry, ScreenEntry } from './types.ts';

/** Where an area index goes when nothing else fits: every area has it. */
export const FALLBACK_SCREEN = 'personal-info';
/** The screen a user whose password an administrator reset is kept on until they change it. */
export const PASSWORD_SCREEN = 'password-reset';

/** The one access check behind routes, menu and buttons (spec §6 via the contract). */
export function canAccess(access: Access | undefined, perm: UserPermission | null | undefined): boolean {
  if (!access) return true;
  return access.codename ? hasAction(perm, access.module, access.codename) : hasModule(perm, access.module);
}

/** Every screen under the entries, in menu order. */
export function screensOf(entries: readonly MenuEntry[]): ScreenEntry[] {
  return entries.flatMap((e) => (e.kind === 'screen' ? [e] : screensOf(e.children)));
}

/** The menu the user sees: no hidden or forbidden screens, no empty groups. */
export function visibleMenu(
  entries: readonly MenuEntry[],
  perm: UserPermission | null | undefined,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const e of entries) {
    if (e.kind === 'screen') {
      if (!e.linkOnly && canAccess(e.access, perm)) out.push(e);
    } else {
      const children = visibleMenu(e.children, perm);
      if (children.length > 0) out.push({ ...e, children });
    }
  }
  return out;
}

/**
 * The area index target: the role's own screen (`landingScreen`, roles.ts) when it is allowed, else
 * the spec's first screen when it exists and is allowed, else the first allowed screen of the area
 * in menu order, else personal-info.
 */
export function areaIndexTarget(
  area: AreaEntry,
  perm: UserPermission | null | undefined,
  role?: number,
): string {
  const screens = screensOf(area.children).filter((s) => !s.linkOnly && canAccess(s.access, perm));
  const own = role === undefined ? undefined : landingScreen(role);
  const first =
    screens.find((s) => s.path === own) ?? screens.find((s) => s.path === area.firstScreen) ?? screens[0];
  return `${area.path}/${first?.path ?? FALLBACK_SCREEN}`;
}

/** Whether a screen's path (`goods_category`, or `user/:id` with one parameter) routes `segments`. */
function routes(path: string, segments: readonly string[]) {
  const parts = path.split('/');
  return (
    parts.length === segments.length &&
    parts.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
  );
}

/**
 * A screen the specification routes outside its area's path (`/workflow/draw/{flow_id}` of the
 * manager area): shown in the area's frame at that path (routeObjects.tsx).
 */
export const isOutsideScreen = (s: ScreenEntry) => s.path.startsWith('/');

/** The area and screen entry routed at `pathname`, if any. */
export function findAreaScreen(
  areas: readonly AreaEntry[],
  pathname: string,
): { area: AreaEntry; screen: ScreenEntry } | undefined {
  const all = pathname.split('/').slice(1);
  const whole = all.length > 1 && all.at(-1) === '' ? all.slice(0, -1) : all;
  for (const area of areas)
    for (const screen of screensOf(area.children))
      if (isOutsideScreen(screen) && routes(screen.path.slice(1), whole)) return { area, screen };
  const [areaSeg, ...rest] = whole;
  const area = areas.find((a) => a.path === `/${areaSeg}`);
  const screen = area
    ? screensOf(area.children).find((s) => !isOutsideScreen(s) && routes(s.path, rest))
    : undefined;
  return area && screen ? { area, screen } : undefined;
}

/** The screen entry routed at `pathname`, if any. */
export function findScreen(areas: readonly AreaEntry[], pathname: string): ScreenEntry | undefined {
  return findAreaScreen(areas, pathname)?.screen;
}

/** An area's own screens: not those of the shared groups every area carries (个人中心, 单位管理). */
const ownScreens = (entries: readonly MenuEntry[]): ScreenEntry[] =>
  entries.flatMap((e) => (e.kind === 'screen' ? [e] : e.shared ? [] : ownScreens(e.children)));

/**
 * The areas a user may work in, in table order: their role's own area, and every area where the
 * loaded permissions open at least one screen of its own (the shared screens every area carries
 * do not count). Before the permissions arrive: the role's area only.
 */
export function workAreas(
  areas: readonly AreaEntry[],
  perm: UserPermission | null | undefined,
  ownArea: string,
): AreaEntry[] {
  return areas.filter(
    (a) =>
      a.area === ownArea ||
      (perm != null &&
        ownScreens(a.children).some((s) => s.access !== undefined && canAccess(s.access, perm))),
  );
}
