import * as icons from './menuIconSet.ts';

/**
 * The icons the route table names (`icon: 'ShopOutlined'`). Only the side menu imports this
 * module, so the icons load with the area frame, not with the entry every visitor downloads.
 * Add an icon to `menuIconSet.ts` when a table entry names a new one.
 */
export const MENU_ICONS = icons;

export type MenuIconName = keyof typeof MENU_ICONS;
