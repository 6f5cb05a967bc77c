import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { THEME } from '#web/shared/ui/theme.ts';

/** antd's styles come from its prebuilt stylesheet (shared/ui/antdStylesheet.ts), not built as components render. */
const ZERO_RUNTIME_THEME = { ...THEME, zeroRuntime: true };

/**
 * What every page renders inside, in the browser (App.tsx) and on the server (entry-server.tsx):
 * antd's configuration and the query client. The two must give the same tree for hydration.
 * `zeroRuntime`: antd's components build no styles of their own (their CSS variables carry the
 * theme); only for a page the browser rendered, which has antd's stylesheet (boot.tsx). A
 * server-rendered page carries the styles its render used, and keeps building them as before.
 */
export function AppProviders({
  client,
  zeroRuntime = false,
  children,
}: {
  client: QueryClient;
  zeroRuntime?: boolean;
  children: ReactNode;
}) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={zeroRuntime ? ZERO_RUNTIME_THEME : THEME}
      // Keep button names exactly as written (登录, not 登 录): users and tests read the same text.
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
