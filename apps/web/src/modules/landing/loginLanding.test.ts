import { MEMBER_ROLE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { landingAfterLoginFor, WORKBENCH_PATH } from './loginLanding.ts';

describe('landingAfterLoginFor', () => {
  it('sends a member to the workbench from the general login', () => {
    expect(landingAfterLoginFor('general', null, MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLoginFor('general', '', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
  });

  it('keeps a safe redirect for everyone', () => {
    expect(landingAfterLoginFor('general', '/settle?goods_id=3&quantity=1', MEMBER_ROLE)).toBe(
      '/settle?goods_id=3&quantity=1',
    );
    expect(landingAfterLoginFor('oa', '/crm/order_manager', 12)).toBe('/crm/order_manager');
    expect(landingAfterLoginFor('purchase', '/manager', 14)).toBe('/manager');
  });

  it('ignores redirects that leave the site or lead back to a login page', () => {
    expect(landingAfterLoginFor('general', 'https://evil.example/', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLoginFor('general', '//evil.example/x', 12)).toBe('/crm');
    expect(landingAfterLoginFor('general', '/login?redirect=/x', 1)).toBe('/manager');
    expect(landingAfterLoginFor('general', '/loginOut', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
    expect(landingAfterLoginFor('general', '/register?company_id=125', MEMBER_ROLE)).toBe(WORKBENCH_PATH);
  });

  it("sends staff to their role's area from the general and the staff login", () => {
    expect(landingAfterLoginFor('general', null, 1)).toBe('/manager');
    expect(landingAfterLoginFor('oa', null, 1)).toBe('/manager');
    expect(landingAfterLoginFor('oa', null, 12)).toBe('/crm');
    expect(landingAfterLoginFor('oa', null, 9)).toBe('/student');
    expect(landingAfterLoginFor('oa', null, 10)).toBe('/car');
  });

  it('sends a purchaser to the shop back office from 采购登录, others as usual', () => {
    expect(landingAfterLoginFor('purchase', null, 14)).toBe('/crm');
    expect(landingAfterLoginFor('purchase', null, 5)).toBe('/business');
    expect(landingAfterLoginFor('purchase', null, MEMBER_ROLE)).toBe(WORKBENCH_PATH);
  });
});
