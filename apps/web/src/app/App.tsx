import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router';
import { setNavigator } from '#web/shared/api/client.ts';
import { dropUserQueries, queryClient } from '#web/shared/queryClient.ts';
import { onSessionChange } from '#web/shared/session.ts';
import { router } from './router.tsx';

setNavigator((to) => void router.navigate(to));
onSessionChange(dropUserQueries);

/** antd's App (message, modal, notification) is inside the router, around every page: shell/AppFrame.tsx. */
export function App() {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff' } }}
      // Keep button names exactly as written (登录, not 登 录): users and tests read the same text.
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
