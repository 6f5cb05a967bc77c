import { landingArea } from '@portal/contract';
import { Card } from 'antd';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { findScreen, screensOf, visibleMenu, workAreas } from '#web/app/routes/access.ts';
import { MENU_ICONS } from '#web/app/routes/menuIcons.ts';
import { AREAS } from '#web/app/routes/table.ts';
import type { MenuIcon } from '#web/app/routes/types.ts';
import { GuestHomeBlock } from '#web/modules/guest/index.ts';
import { PmcHomeBlock } from '#web/modules/pmc/index.ts';
import { StockHomeBlock } from '#web/modules/stock/index.ts';
import { useUserInfo } from '#web/shared/session.ts';
import { useCan, usePermission } from '#web/shared/usePermission.ts';
import { CrmDashboard } from './CrmDashboard.tsx';
import './area-home.css';

interface Destination {
  to: string;
  title: string;
  summary?: string;
  icon?: MenuIcon;
}

function iconOf(icon: MenuIcon | undefined): ComponentType | undefined {
  return typeof icon === 'string' ? MENU_ICONS[icon] : icon;
}

/** A titled list of links, each a card with its icon, its title and what it is for. */
function Destinations({ id, heading, items }: { id: string; heading: string; items: Destination[] }) {
  return (
    <Card className="area-home-panel">
      <section aria-labelledby={id}>
        <h2 id={id} className="area-home-heading">
          {heading}
        </h2>
        <ul className="area-home-links">
          {items.map((d) => {
            const Icon = iconOf(d.icon);
            return (
              <li key={d.to}>
                <Link to={d.to} className="area-home-link">
                  {Icon && (
                    <span className="area-home-link-icon" aria-hidden>
                      <Icon />
                    </span>
                  )}
                  <span className="area-home-link-text">
                    <span className="area-home-link-title">{d.title}</span>
                    {d.summary && <span className="area-home-link-summary">{d.summary}</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}

/**
 * An area's home (the route table puts it at the area's first screen, `areas/area.ts`): what the
 * area is for, the screens of its menu the user may open now, the other areas they may work in,
 * and, plainly, that the area's own screens are still being built (until the area is `built`).
 */
export function AreaHomePage() {
  const { pathname } = useLocation();
  const user = useUserInfo();
  const { perm } = usePermission();
  const seesOrders = useCan('order', 'view_order');
  const seesPlans = useCan('pmc', 'view_pmc');
  const seesStock = useCan('stock', 'view_stock');
  const seesGuests = useCan('news', 'view_guest');
  const area = AREAS.find((a) => pathname.startsWith(`${a.path}/`));
  const home = findScreen(AREAS, pathname);
  if (!area || !home?.home) return null;

  const screens = screensOf(visibleMenu(area.children, perm)).filter((s) => s !== home);
  // The personal screens carry no access of their own; anything else is one of the area's own.
  const ownBuilt = screensOf(area.children).some((s) => s.access !== undefined);
  const others = workAreas(AREAS, perm, user ? landingArea(user.role) : area.area).filter((a) => a !== area);

  return (
    <div className="area-home">
      <Card className="area-home-panel">
        <h1 className="area-home-title">{area.title}</h1>
        <p className="area-home-purpose">{home.home.purpose}</p>
        <p className="area-home-note">
          {user &&
            `您好，${user.real_name || user.username}${user.role_name ? `（${user.role_name}）` : ''}。`}
          {home.home.built
            ? '左侧菜单和本页列出您可以使用的功能。'
            : `${area.title}的${ownBuilt ? '其他' : ''}功能正在建设中，建成后会出现在左侧菜单和本页；现在可以使用下面的功能。`}
        </p>
      </Card>
      {area.area === 'crm' && seesOrders && <CrmDashboard />}
      {area.area === 'crm' && seesPlans && <PmcHomeBlock />}
      {area.area === 'crm' && seesStock && <StockHomeBlock />}
      {area.area === 'crm' && seesGuests && <GuestHomeBlock />}
      <Destinations
        id="area-home-now"
        heading="现在可以做的事"
        items={screens.map((s) => ({
          to: `${area.path}/${s.path}`,
          title: s.title,
          summary: s.summary,
          icon: s.icon,
        }))}
      />
      {others.length > 0 && (
        <Destinations
          id="area-home-areas"
          heading="切换工作区域"
          items={others.map((a) => ({ to: a.path, title: a.title, summary: `进入${a.title}`, icon: a.icon }))}
        />
      )}
    </div>
  );
}
