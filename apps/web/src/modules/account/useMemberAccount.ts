import type { SmsPurpose } from '@portal/contract';
import { memberCalls as calls } from '@portal/contract/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';
import { accountKeys } from './useAccount.ts';

/** `POST /account/send/code`; a bad mobile lands beside the field, anything else is toasted. */
export function useSendCode() {
  return useMutation({
    mutationFn: (input: { mobile: string; purpose: SmsPurpose; company_id?: number | undefined }) =>
      api.call(calls.sendCode, input, { toast: 'unlessField' }),
  });
}

export interface RegisterInput {
  mobile: string;
  code: string;
  password: string;
  real_name?: string | undefined;
  HigherMobile?: string | undefined;
  company_id?: number | undefined;
  /** The member accepted the 用户协议 and 隐私政策 (the form does not submit otherwise). */
  agreement: 1;
}

/** `POST /account/register`: answers like a login. */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => api.call(calls.register, input, { toast: 'unlessField' }),
  });
}

export function usePasswordFind() {
  return useMutation({
    mutationFn: (input: { mobile: string; code: string; password: string }) =>
      api.call(calls.findPassword, input, { toast: 'unlessField' }),
  });
}

export function useProfileUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { real_name: string; email: string }) =>
      api.call(calls.updateProfile, input, { toast: 'unlessField' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.info() }),
  });
}

/** The member's notice settings (`/account/notice/settings`): texts about their orders on or off. */
export const noticeKeys = { settings: () => ['account', 'notice-settings'] as const };

export function useNoticeSettings() {
  return useQuery({
    queryKey: noticeKeys.settings(),
    queryFn: () => api.call(calls.noticeSettings, {}),
  });
}

export function useSaveNoticeSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (order_sms: 0 | 1) => api.call(calls.saveNoticeSettings, { order_sms }),
    onSuccess: (saved) => qc.setQueryData(noticeKeys.settings(), saved),
  });
}
