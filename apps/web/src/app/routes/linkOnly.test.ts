import type { UserPermission } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { areaIndexTarget, findScreen, screensOf, visibleMenu } from './access.ts';
import { AREAS } from './table.ts';

const crm = AREAS.find((a) => a.area === 'crm');
if (!crm) throw new Error('route table lost an area');

const logins: UserPermission = { company: [{ codename: 'view_login_log', name: '查看登录记录和用户' }] };

describe('a screen opened from a link (user/:id)', () => {
  it('is routed with its parameter, and only with one', () => {
    expect(findScreen(AREAS, '/crm/user/15')?.title).toBe('用户');
    expect(findScreen(AREAS, '/crm/user/15/')?.title).toBe('用户');
    expect(findScreen(AREAS, '/crm/user')).toBeUndefined();
    expect(findScreen(AREAS, '/crm/user/15/more')).toBeUndefined();
    expect(findScreen(AREAS, '/crm/login')?.title).toBe('登录记录');
  });

  it('is not in the side menu, on the area home, or where the area index goes', () => {
    const shown = screensOf(visibleMenu(crm.children, logins)).map((s) => s.path);
    expect(shown).toContain('login');
    expect(shown).not.toContain('user/:id');
    expect(
      areaIndexTarget({ ...crm, children: crm.children.filter((e) => e.kind === 'group') }, logins),
    ).toBe('/crm/login');
  });
});
