import { LOGOUT_PROMPT } from '@portal/contract';
import { accountCalls as calls } from '@portal/contract/calls';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { api } from '#web/shared/api/client.ts';
import { endSession, readUserInfo } from '#web/shared/session.ts';

export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
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
