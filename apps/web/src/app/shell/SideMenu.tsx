import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { visibleMenu } from '#web/app/routes/access.ts';
import { MENU_ICONS } from '#web/app/routes/menuIcons.ts';
import type { AreaEntry, MenuEntry, MenuIcon } from '#web/app/routes/types.ts';
import { usePermission } from '#web/shared/usePermission.ts';

type Item = NonNullable<MenuProps['items']>[number];

const groupKey = (key: string) => `group:${key}`;

function iconOf(icon: MenuIcon | undefined) {
  const Icon = typeof icon === 'string' ? MENU_ICONS[icon] : icon;
  return Icon ? <Icon /> : undefined;
}

/**
 * A screen's entry is a real link (antd stretches it over the whole item): a plain click stays in
 * the app (react-router's Link), a middle-click or ctrl-click opens a new tab. Out of the tab order
 * (tabIndex -1): the menu keeps one tab stop and its arrow keys, which focus the link.
 */
const linkTo = (to: string, title: string) => (
  <Link to={to} tabIndex={-1}>
    {title}
  </Link>
);

function toItems(entries: readonly MenuEntry[], base: string): Item[] {
  return entries.map((e) => {
    const icon = iconOf(e.icon);
    return e.kind === 'screen'
      ? { key: `${base}/${e.path}`, icon, label: linkTo(`${base}/${e.path}`, e.title) }
      : { key: groupKey(e.key), icon, label: e.title, children: toItems(e.children, base) };
  });
}

/** Whether a click came through an entry's link, which navigates by itself (or opens a new tab). */
export const throughLink = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a[href]') !== null;

function groupKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === 'group' ? [groupKey(e.key), ...groupKeys(e.children)] : []));
}

/**
 * The area menu (up to three levels) from the route table, without forbidden screens. Open, every
 * group starts expanded; folded to icons, none (each group opens as a flyout on hover).
 */
export function SideMenu({ area, collapsed }: { area: AreaEntry; collapsed: boolean }) {
  const { perm } = usePermission();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => visibleMenu(area.children, perm), [area, perm]);
  const items = useMemo<Item[]>(
    () => [
      { key: '/home', icon: <HomeOutlined aria-hidden />, label: linkTo('/home', '门户首页') },
      ...toItems(menu, area.path),
    ],
    [menu, area.path],
  );
  const selected = pathname.split('/').slice(0, 3).join('/');

  return (
    <Menu
      // A new menu when folding or opening: the expanded groups are a starting state, not a choice to keep.
      key={collapsed ? 'folded' : 'open'}
      mode="inline"
      aria-label="侧边菜单"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? [] : groupKeys(menu)}
      // Enter on an entry focused without its link; a click on the link is the link's.
      onClick={({ key, domEvent }) => {
        if (!throughLink(domEvent.target)) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
