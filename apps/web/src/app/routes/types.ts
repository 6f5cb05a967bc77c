import type { Area, PERMISSIONS, PermissionModule } from '@portal/contract';
import type { ComponentType } from 'react';
import type { LazyPage } from '#web/app/lazy.ts';
import type { MenuIconName } from './menuIcons.ts';

/**
 * Who may see an entry: an action (`module` + `codename`) or a whole module. A union over the
 * contract's modules, so an unknown module or a codename of another module does not compile.
 */
export type Access = {
  [M in PermissionModule]: { module: M; codename?: keyof (typeof PERMISSIONS)[M] };
}[PermissionModule];

/**
 * A menu icon: the name of one in `menuIcons.ts` (keeps the icon out of the entry chunk). A
 * component also works, but then it is loaded by everyone who opens any page.
 */
export type MenuIcon = MenuIconName | ComponentType;

/** Flags a routed page sets for the shell. */
export interface ShellFlags {
  showTopBar?: boolean;
  showSideMenu?: boolean;
}

/** A routed screen inside an area: `/crm/goods_category`. */
export interface ScreenEntry extends ShellFlags {
  kind: 'screen';
  /** Segment under the area, as the spec names it. */
  path: string;
  title: string;
  icon?: MenuIcon;
  access?: Access;
  page: LazyPage;
  /** One line on what the screen is for: an area home shows it beside the screen's link. */
  summary?: string;
  /** Set on an area's home screen (`areas/area.ts`, `modules/area-home`): what it says. */
  home?: AreaHome;
  /**
   * Not in the side menu or on the area home: a screen opened from a link on another screen
   * (`user/:id`, whose `path` may then end in one `:param` segment).
   */
  linkOnly?: true;
}

/**
 * What an area's home says about the area. The rest of the home (what the user can do now, the
 * other areas they may open) comes from the route table and the user's permissions.
 */
export interface AreaHome {
  /** What the area is for, in one or two sentences (spec §1–2, design/training.md). */
  purpose: string;
  /**
   * The home's own path once the spec's first screen is built (`/crm/home`: the goods list took
   * `goods_manager`); without it the home stands at the first screen.
   */
  path?: string;
  /**
   * Every screen the specification names for the area is built (商城管理, issue 12): the home no
   * longer says that the area's functions are being built.
   */
  built?: true;
}

/** A menu level without a route of its own. */
export interface GroupEntry {
  kind: 'group';
  key: string;
  title: string;
  icon?: MenuIcon;
  children: MenuEntry[];
  /** The shared children every protected area carries (个人中心, 单位管理): not an area's own work. */
  shared?: true;
}

export type MenuEntry = ScreenEntry | GroupEntry;

/** A protected area (`requiresAuth`): its index redirects to its first screen. */
export interface AreaEntry {
  kind: 'area';
  area: Area;
  path: `/${Area}`;
  title: string;
  icon: MenuIcon;
  /** The first screen the spec names for the area index. */
  firstScreen: string;
  requiresAuth: true;
  children: MenuEntry[];
}

/** A public page at a fixed path. */
export interface PublicEntry {
  kind: 'public';
  path: string;
  title: string;
  page: LazyPage;
  /** The page always sets the document title itself (useDocumentHead); `title` is not written. */
  ownTitle?: boolean;
  /** The server renders the page's first HTML for a visitor without a session (docs/adr/0009). */
  serverRendered?: boolean;
}

export type RouteEntry = AreaEntry | PublicEntry;
