import { memberCalls } from '@portal/contract/calls';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/api/client.ts';

export const smsOutboxKeys = {
  all: ['sms-outbox'] as const,
  list: (mobile: string, page: number, pageSize: number) =>
    [...smsOutboxKeys.all, mobile, page, pageSize] as const,
};

/** `GET /sms/outbox/`: the messages the built-in SMS sender wrote, newest first. */
export function useSmsOutbox(mobile: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: smsOutboxKeys.list(mobile, page, pageSize),
    queryFn: () =>
      api.call(memberCalls.smsOutbox, {
        page,
        page_size: pageSize,
        ...(mobile ? { mobile } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}
