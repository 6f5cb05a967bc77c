import { App as AntdApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { setToastApi } from '#web/shared/api/toast.ts';
import { installFocusRescue } from '#web/shared/ui/focusRescue.ts';

// Dates in Chinese (pickers, weekdays) on every page: set here, before any page renders.
dayjs.locale('zh-cn');

/** Hands antd's context-aware message instance to the API client while the frame is mounted. */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setToastApi(message);
    return () => setToastApi(null);
  }, [message]);
  return null;
}

/**
 * antd's App around every routed page (message, modal and notification through `App.useApp()`),
 * the dayjs locale, and the focus rescue (focusRescue.ts). Its own chunk: starting the app needs
 * none of them, so the entry does not carry them; the router starts loading it together with the
 * first page (router.tsx).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  useEffect(() => installFocusRescue(document), []);
  return (
    <AntdApp>
      <ToastBridge />
      {children}
    </AntdApp>
  );
}
