import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '#web/shared/api/client.ts';
import { setToastApi } from '#web/shared/api/toast.ts';
import { dropUserQueries, queryClient } from '#web/shared/queryClient.ts';
import { onSessionChange } from '#web/shared/session.ts';
import { router } from './router.tsx';

setNavigator((to) => void router.navigate(to));
onSessionChange(dropUserQueries);

/** Hands antd's context-aware message instance to the API client. */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => setToastApi(message), [message]);
  return null;
}

export function App() {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff' } }}
      // Keep button names exactly as written (登录, not 登 录): users and tests read the same text.
      button={{ autoInsertSpace: false }}
    >
      <AntdApp>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
