import { LOGOUT_PROMPT, landingArea } from '@portal/contract';
import { accountCalls as calls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { api } from '#web/shared/api/client.ts';
import { endSession, readUserInfo, updateUserInfo } from '#web/shared/session.ts';
import { sessionStore, storage } from '#web/shared/storage.ts';

export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  roles: () => [...accountKeys.all, 'roles'] as const,
  loginLog: (page: number, pageSize: number) =>
    [...accountKeys.all, 'login-log', { page, pageSize }] as const,
};

export interface LoginInput {
  username: string;
  password: string;
  company_id?: number | undefined;
}

/**
 * `POST /account/login`. A wrong password answers 10010 用户名或密码错误: toasted by the client
 * (spec §7) and also kept above the form by the login panel until the next edit (login.spec.ts).
 */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.call(calls.login, input, { toast: 'unlessField' }),
  });
}

export function useAccountInfo() {
  return useQuery({
    queryKey: accountKeys.info(),
    queryFn: () => api.call(calls.info),
  });
}

export function useLoginLog(page: number, pageSize: number) {
  return useQuery({
    queryKey: accountKeys.loginLog(page, pageSize),
    queryFn: () => api.call(calls.loginLog, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's roles and the one the session acts in (`GET /account/query`). */
export function useHeldRoles() {
  return useQuery({ queryKey: accountKeys.roles(), queryFn: () => api.call(calls.roles) });
}

/**
 * `POST /account/switch/role`: the session acts in another role. The browser follows: the userInfo
 * cookie's role, `current_role` in session storage (spec §3), and every cached query of the old
 * role is dropped (its permissions among them) before the new role's area opens.
 */
export function useSwitchRole() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (role: number) => api.call(calls.switchRole, { role }, { toast: 'unlessField' }),
    // Here, not in a caller's `mutate` callback: the page that asked is gone once the role changes.
    onSuccess: ({ user }) => {
      navigate(`/${landingArea(user.role)}`, { replace: true });
      storage.remove('rules');
      sessionStore.set('current_role', user.role);
      updateUserInfo({ role: user.role, role_name: user.role_name });
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'account' || q.queryKey[1] === 'permission' });
      void qc.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

export function usePasswordUpdate() {
  return useMutation({
    mutationFn: (input: { old_password: string; new_password: string }) =>
      api.call(calls.updatePassword, input, { toast: 'unlessField' }),
  });
}

/**
 * Logout (spec §4): confirm with 是否要退出系统?, then `POST /account/quit`. On success the session
 * is cleared and the page reloads at /login; a failed call changes nothing and shows nothing.
 */
export function useLogout(): () => void {
  const { modal } = App.useApp();
  return () => {
    modal.confirm({
      title: LOGOUT_PROMPT,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        api
          .call(calls.quit, { company_id: readUserInfo()?.company_id }, { toast: false })
          .then(() => {
            endSession();
            window.location.assign('/login');
          })
          .catch(() => {}),
    });
  };
}
