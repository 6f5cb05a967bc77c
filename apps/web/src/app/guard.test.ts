import { describe, expect, it } from 'vitest';
import { guardRedirect, landingAfterLogin, safeRedirect } from './guard.ts';

describe('guardRedirect', () => {
  it('sends a visitor without the cookie from a protected path to /login with the full wanted path', () => {
    expect(guardRedirect('/crm/goods_category?page=2&keyword=手机', false)).toBe(
      `/login?redirect=${encodeURIComponent('/crm/goods_category?page=2&keyword=手机')}`,
    );
    expect(guardRedirect('/manager', false)).toBe('/login?redirect=%2Fmanager');
  });

  it.each([
    '/tool',
    '/crm/',
    '/car/car_auto_parts',
    '/manager/workflow',
    '/business/prepare',
    '/student',
    '/instructor/x',
  ])('protects %s', (path) => expect(guardRedirect(path, false)).toMatch(/^\/login\?redirect=/));

  it('lets a logged-in user through', () => {
    expect(guardRedirect('/crm/goods_category', true)).toBeNull();
  });

  it.each(['/', '/home', '/shop', '/login', '/404', '/crmx', '/tools', '/browser-warning'])(
    'leaves public path %s alone',
    (path) => expect(guardRedirect(path, false)).toBeNull(),
  );
});

describe('landingAfterLogin', () => {
  it('follows a same-origin redirect', () => {
    expect(landingAfterLogin('/crm/goods_category?page=2', 12)).toBe('/crm/goods_category?page=2');
    expect(landingAfterLogin('/student/personal-info', 1)).toBe('/student/personal-info');
  });

  it.each([
    [1, '/manager'],
    [8, '/manager'],
    [10, '/car'],
    [11, '/tool'],
    [4, '/instructor'],
    [5, '/business'],
    [12, '/crm'],
    [21, '/crm'],
    [9, '/student'],
    [99, '/student'],
  ])('without a redirect sends role %i to %s', (role, area) => {
    expect(landingAfterLogin(null, role)).toBe(area);
    expect(landingAfterLogin('', role)).toBe(area);
  });

  it.each([
    '//evil.com',
    '//evil.com/crm',
    '/\\evil.com',
    'https://evil.com/crm',
    'javascript:alert(1)',
    'crm/goods_category',
    '/\t/evil.com',
  ])('rejects %s and uses the role landing', (redirect) => {
    expect(landingAfterLogin(redirect, 12)).toBe('/crm');
  });

  it('does not bounce back to the login page', () => {
    expect(landingAfterLogin('/login?redirect=%2Fcrm', 10)).toBe('/car');
  });
});

describe('safeRedirect', () => {
  it('keeps path, query and hash', () => {
    expect(safeRedirect('/crm/goods_category?page=2#top')).toBe('/crm/goods_category?page=2#top');
  });
  it('refuses protocol-relative paths', () => {
    expect(safeRedirect('//evil.com')).toBeNull();
  });
});
