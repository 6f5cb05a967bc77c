import type { CallRoute } from '@portal/contract';
import {
  DEFAULT_ROLE_PERMISSIONS,
  landingArea,
  MEMBER_ROLE,
  permissionsByModule,
  ROLE_NUMBERS,
  roleName,
} from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { Component, type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '#web/app/AppProviders.tsx';
import { api } from '#web/shared/api/client.ts';
import { ApiError } from '#web/shared/api/errors.ts';
import { USER_COOKIE } from '#web/shared/session.ts';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { until } from '#web/shared/testing/until.ts';
import { permissionKeys } from '#web/shared/usePermission.ts';
import { areaIndexTarget, findScreen } from './access.ts';
import { AREAS } from './table.ts';

/**
 * Every staff role (the demo accounts: apps/server/src/seed/demo-accounts.ts) lands on a screen whose
 * calls it may all make: the login's landing (the role's area index, `areaIndexTarget`) is rendered
 * with the role's default permissions, every call the screen asks on opening is recorded, and a call
 * the role does not hold the permission of — which the server answers 10004 没有权限执行此操作 and
 * the browser toasts in red — fails the test. The server enforces the same table
 * (DEFAULT_ROLE_PERMISSIONS; test/role-permission.test.ts).
 */
stubMatchMedia();
// jsdom measures nothing: antd's table watches its size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** An empty list for every call, and what a call answering another shape answers with nothing in it. */
const EMPTY_PAGE = { results: [], paging: { count: 0, page: 1, page_size: 10, num_pages: 0 } };
const ANSWERS: Record<string, unknown> = {
  '/crm/dashboard': { today: { orders: 0, sales: 0 }, waiting: { payment: 0, shipment: 0 }, days: [] },
  '/guest/recent': { today: 0, week: 0, latest: [] },
};

const STAFF_ROLES = ROLE_NUMBERS.filter((r) => r !== MEMBER_ROLE);

class Caught extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed</p> : this.props.children;
  }
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the session's display cookie, as the login writes it
  document.cookie = `${USER_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('each role’s landing screen asks only what the role may', () => {
  it.each(STAFF_ROLES)('role %i', async (role) => {
    const held = new Set<string>(DEFAULT_ROLE_PERMISSIONS[role] ?? []);
    const perm = permissionsByModule(held);
    const area = AREAS.find((a) => a.area === landingArea(role));
    if (!area) throw new Error(`no area for role ${role}`);
    const path = areaIndexTarget(area, perm, role);
    const screen = findScreen(AREAS, path);
    if (!screen) throw new Error(`no screen at ${path}`);

    const asked: CallRoute[] = [];
    vi.spyOn(api, 'call').mockImplementation(((route: CallRoute) => {
      asked.push(route);
      const { access } = route;
      if ('permission' in access && !held.has(access.permission))
        return Promise.reject(new ApiError(10004, '没有权限执行此操作'));
      return Promise.resolve(ANSWERS[route.path] ?? EMPTY_PAGE);
    }) as never);

    const user = { id: 900 + role, username: `role${role}`, real_name: roleName(role), role };
    // biome-ignore lint/suspicious/noDocumentCookie: the session's display cookie, as the login writes it
    document.cookie = `${USER_COOKIE}=${encodeURIComponent(JSON.stringify(user))}; path=/`;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(permissionKeys.user(user.id, role), perm);
    const Page = screen.page.Component;
    const host = mount(
      <AppProviders client={client}>
        <App>
          <MemoryRouter initialEntries={[path]}>
            <Caught>
              <Suspense fallback={<p>loading</p>}>
                <Page />
              </Suspense>
            </Caught>
          </MemoryRouter>
        </App>
      </AppProviders>,
    );
    // The page is in, and what it asks on opening has been asked.
    await until(() => !host.textContent?.includes('loading') && client.isFetching() === 0);

    expect(host.textContent, `${path} renders`).not.toBe('failed');
    const refused = asked
      .filter((r) => 'permission' in r.access && !held.has(r.access.permission))
      .map((r) => `${r.method} ${r.path}`);
    expect(refused, `${roleName(role)} on ${path}`).toEqual([]);
  });
});
