import { TOAST_MS } from '@portal/contract';
import { message } from 'antd';

interface ToastApi {
  error: (content: string, duration?: number) => unknown;
  success: (content: string, duration?: number) => unknown;
}

/** The static antd message until the app hands over its context-aware instance (App.useApp). */
let toastApi: ToastApi = message;

export function setToastApi(api: ToastApi): void {
  toastApi = api;
}

/** Server messages are shown for 1500 ms (spec §8). */
export function toastError(text: string): void {
  toastApi.error(text, TOAST_MS / 1000);
}

export function toastSuccess(text: string): void {
  toastApi.success(text, TOAST_MS / 1000);
}
