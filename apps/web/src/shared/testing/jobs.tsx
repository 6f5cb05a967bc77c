import type { Job } from '@portal/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { RereadingQueryClient } from '#web/shared/queryClient.ts';

/** A job as `/job/get` answers it (a queued import of brands unless `over` says otherwise), for web tests. */
export const testJob = (id: number, over: Partial<Job> = {}): Job => ({
  id,
  kind: 'import:/goods/brand/import',
  title: '导入品牌',
  state: 'queued',
  progress: 0,
  message: '',
  error: '',
  result: null,
  files: [],
  create_time: '2026-11-28T08:00:00.000Z',
  update_time: '2026-11-28T08:00:00.000Z',
  finish_time: '',
  ...over,
});

/** `node` inside the app's kind of query client (no retries) and antd's App, as the app renders a screen. */
export function withClient(
  node: ReactNode,
  client: QueryClient = new RereadingQueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return (
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>
  );
}
