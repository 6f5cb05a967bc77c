import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { THEME } from '#web/shared/ui/theme.ts';

/**
 * What every page renders inside, in the browser (App.tsx) and on the server (entry-server.tsx):
 * antd's configuration and the query client. The two must give the same tree for hydration.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={THEME}
      // Keep button names exactly as written (登录, not 登 录): users and tests read the same text.
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
