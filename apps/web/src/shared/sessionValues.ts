import { DEFAULT_LOGIN_TYPE, type LoginResult, type User } from '@portal/contract';
import type { AuthRecord } from './storage.ts';

/** What the cookie carries: display data of the user, the login time and the company address. */
export type UserInfo = Pick<
  User,
  'id' | 'username' | 'real_name' | 'role' | 'role_name' | 'company_id' | 'company_name' | 'main_bg'
> & {
  login_time: string;
  address: string;
  /** 1: an administrator reset the password; every screen but 修改密码 waits until it is changed. */
  must_change_password?: number;
};

/**
 * What a login leaves in the browser besides the token (session.ts `startSession`): the auth record
 * in local storage and the userInfo cookie's value. Pure, so the journeys' `signIn` (e2e) writes the
 * same values without the login page.
 */
export function sessionValues(
  result: LoginResult,
  remember: boolean,
): { record: AuthRecord; info: UserInfo } {
  const { user, login_time } = result;
  return {
    record: {
      company_id: user.company_id,
      username: user.username,
      group_name: user.group_name,
      login_type: DEFAULT_LOGIN_TYPE,
      avatarUrl: user.avatarUrl,
      remember,
      real_name: user.real_name,
      id: user.id,
      login_time,
    },
    info: {
      id: user.id,
      username: user.username,
      real_name: user.real_name,
      role: user.role,
      role_name: user.role_name,
      company_id: user.company_id,
      company_name: user.company_name,
      main_bg: user.main_bg,
      login_time,
      address: user.company_address,
      must_change_password: user.must_change_password,
    },
  };
}
