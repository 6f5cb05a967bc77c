import { MEMBER_ROLE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { guardRedirect, landingAfterLogin, safeRedirect, WORKBENCH_PATH } from './guard.ts';

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

describe('landingAfterLogin (login pages)', () => {
  it('sends a member to the workbench', () => {
    expect(landingAfterLogin(null, MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLogin('', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
  });

  it('keeps a safe redirect for everyone', () => {
    expect(landingAfterLogin('/settle?goods_id=3&quantity=1', MEMBER_ROLE)).toBe(
      '/settle?goods_id=3&quantity=1',
    );
    expect(landingAfterLogin('/crm/order_manager', 12)).toBe('/crm/order_manager');
    expect(landingAfterLogin('/manager', 14)).toBe('/manager');
  });

  it('ignores redirects that leave the site or lead back to a login page', () => {
    expect(landingAfterLogin('https://evil.example/', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLogin('//evil.example/x', 12)).toBe('/crm');
    expect(landingAfterLogin('/login?redirect=/x', 1)).toBe('/manager');
    expect(landingAfterLogin('/loginOut', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLogin('/register?company_id=125', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
  });

  it("sends staff to their role's area", () => {
    expect(landingAfterLogin(null, 1)).toBe('/manager');
    expect(landingAfterLogin(null, 12)).toBe('/crm');
    expect(landingAfterLogin(null, 9)).toBe('/student');
    expect(landingAfterLogin(null, 10)).toBe('/car');
  });

  it('sends a purchaser to the shop back office, others as usual', () => {
    expect(landingAfterLogin(null, 14)).toBe('/crm');
    expect(landingAfterLogin(null, 5)).toBe('/business');
  });
});

describe('safeRedirect', () => {
  it('keeps path, query and hash', () => {
    expect(safeRedirect('/crm/goods_category?page=2#top')).toBe('/crm/goods_category?page=2#top');
  });
  it.each([
    '//evil.com',
    '/\\evil.com',
    '/.//evil.com',
    '/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/./\\evil.com',
    '/%5c%5cevil.com',
    '/%2F%2Fevil.com',
    'https://evil.com/',
    'javascript:alert(1)',
    '',
  ])('refuses %s, which normalises to another host or is not a path', (raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });
  it('keeps a harmless dot segment, normalised', () => {
    expect(safeRedirect('/crm/./goods_category')).toBe('/crm/goods_category');
  });
  it('falls back to the role landing for a path that would leave the site', () => {
    expect(landingAfterLogin('/.//evil.com', 12)).toBe('/crm');
  });
});
