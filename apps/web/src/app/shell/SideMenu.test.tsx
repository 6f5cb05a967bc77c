import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AREAS } from '#web/app/routes/table.ts';
import { stubMatchMedia } from '#web/shared/testing/matchMedia.ts';
import { mount } from '#web/shared/testing/mount.tsx';
import { SideMenu } from './SideMenu.tsx';

stubMatchMedia();

/** Every location the router went to, in order (a double navigation shows twice). */
function Visits({ into }: { into: string[] }) {
  const { pathname, key } = useLocation();
  if (into.at(-1) !== `${pathname}#${key}`) into.push(`${pathname}#${key}`);
  return null;
}

function menu() {
  const crm = AREAS.find((a) => a.area === 'crm');
  if (!crm) throw new Error('no crm area');
  const visits: string[] = [];
  const host = mount(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/crm/home']}>
        <SideMenu area={crm} collapsed={false} />
        <Visits into={visits} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const paths = () => visits.map((v) => v.split('#')[0]);
  return { host, paths };
}

const click = (el: Element, init: MouseEventInit = {}) =>
  act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  });

// One menu for every check: drawing the whole 商城管理 menu is most of the time.
describe('SideMenu', () => {
  it('makes each entry a link: a plain click goes once, a ctrl-click is the browser’s, Enter on the entry goes', () => {
    const { host, paths } = menu();
    const links = [...host.querySelectorAll<HTMLAnchorElement>('[role="menuitem"] a[href]')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/home', '/crm/home', '/crm/goods_manager', '/crm/stock_manager']),
    );
    // Out of the tab order: the menu keeps one tab stop and its arrow keys (which focus the link).
    for (const a of links) expect(a.tabIndex).toBe(-1);

    const stock = host.querySelector('a[href="/crm/stock_manager"]') as Element;
    click(stock, { ctrlKey: true });
    expect(paths()).toEqual(['/crm/home']);
    click(stock);
    expect(paths()).toEqual(['/crm/home', '/crm/stock_manager']);

    const item = host
      .querySelector('a[href="/crm/goods_manager"]')
      ?.closest('[role="menuitem"]') as HTMLElement;
    act(() => {
      item.dispatchEvent(
        new KeyboardEvent('keydown', {
          bubbles: true,
          key: 'Enter',
          keyCode: 13,
          which: 13,
        } as KeyboardEventInit),
      );
    });
    expect(paths()).toEqual(['/crm/home', '/crm/stock_manager', '/crm/goods_manager']);
  });
});
