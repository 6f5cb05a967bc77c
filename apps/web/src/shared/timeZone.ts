import { DEFAULT_TIME_ZONE, isTimeZone } from '@portal/contract/constants';
import { useSyncExternalStore } from 'react';

/**
 * The zone every date on screen is shown in: the company's (its `time_zone` setting; issue 35,
 * docs/adr/0039), never the browser's. One place both renderers read the same way: the server's
 * renderer sets it for the page it renders (entry-server.tsx, from the site's company it fetched
 * first, whose data goes into the page); the browser takes it from that data before hydrating
 * (boot.tsx), and later from the site's company or, logged in, the user's company (TimeZoneSync).
 */
let current = DEFAULT_TIME_ZONE;
let source: (() => string | undefined) | null = null;
const listeners = new Set<() => void>();

/** The company's zone now (the page being rendered on the server). */
export const companyTimeZone = (): string => source?.() ?? current;

/** The server's renderer: the zone of the render under way (renders run at once). */
export function setTimeZoneSource(fn: () => string | undefined): void {
  source = fn;
}

/** The browser: the company's zone is known (an unknown or missing one changes nothing). */
export function setCompanyTimeZone(zone: string | undefined): void {
  if (!zone || zone === current || !isTimeZone(zone)) return;
  current = zone;
  for (const fn of listeners) fn();
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
};

/** The zone, re-rendering when it changes (the app re-mounts its pages: App.tsx). */
export const useCompanyTimeZone = (): string =>
  useSyncExternalStore(subscribe, companyTimeZone, companyTimeZone);
