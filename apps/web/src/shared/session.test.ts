import type { LoginResult } from '@portal/contract';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, isLoggedIn, readUserInfo, startSession, USER_COOKIE } from './session.ts';
import { STORAGE_KEYS } from './storage.ts';

const result: LoginResult = {
  token: 'tok-1',
  login_time: '2024-03-04T09:05:07.000Z',
  user: {
    id: 7,
    username: 'shop',
    real_name: '商城管理员',
    role: 12,
    role_name: '商城管理员',
    company_id: 125,
    company_name: '示例公司',
    company_address: '北京市海淀区',
    group_id: 1,
    group_name: '默认分组',
    position_id: null,
    position_name: '',
    avatarUrl: '',
    main_bg: '/bg/1.jpg',
    mobile: '',
    email: '',
    must_change_password: 0,
  },
};

afterEach(() => {
  Cookies.remove(USER_COOKIE, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
});

describe('session', () => {
  it('stores the token, the auth record without the password, and the userInfo cookie', () => {
    startSession(result, { remember: true });
    expect(isLoggedIn()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    const record = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}');
    expect(record).toEqual({
      company_id: 125,
      username: 'shop',
      group_name: '默认分组',
      login_type: -1,
      avatarUrl: '',
      remember: true,
      real_name: '商城管理员',
      id: 7,
      login_time: '2024-03-04T09:05:07.000Z',
    });
    expect(JSON.stringify(localStorage)).not.toMatch(/password/i);
    expect(readUserInfo()).toMatchObject({ id: 7, role: 12, main_bg: '/bg/1.jpg', address: '北京市海淀区' });
  });

  it('ends with no cookie and no per-user storage', () => {
    startSession(result, { remember: false });
    localStorage.setItem(STORAGE_KEYS.rules, '{}');
    sessionStorage.setItem(STORAGE_KEYS.flow_step, '2');
    endSession();
    expect(isLoggedIn()).toBe(false);
    expect(readUserInfo()).toBeNull();
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.rules, STORAGE_KEYS.user]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(sessionStorage.getItem(STORAGE_KEYS.flow_step)).toBeNull();
  });

  it('keys share the portal_ prefix, with rules and token as the spec names them', () => {
    expect(STORAGE_KEYS).toMatchObject({
      user: 'portal_user',
      cart: 'portal_cart',
      address: 'portal_address',
      flow_step: 'portal_flow_step',
      exp_param: 'portal_exp_param',
      current_role: 'portal_current_role',
      rules: 'rules',
      token: 'token',
    });
  });
});
