import { TOAST_MS } from '@portal/contract';

interface ToastApi {
  error: (content: string, duration?: number) => unknown;
  success: (content: string, duration?: number) => unknown;
}

/** The context-aware instance of the mounted app frame (App.useApp), or null before it is there. */
let toastApi: ToastApi | null = null;

export function setToastApi(api: ToastApi | null): void {
  toastApi = api;
}

/** Until the frame is mounted, the static antd message, loaded on first use (not in the entry). */
function show(kind: keyof ToastApi, text: string): void {
  const seconds = TOAST_MS / 1000;
  if (toastApi) toastApi[kind](text, seconds);
  else
    void import('./staticToast.ts').then(
      ({ message }) => (toastApi ?? message)[kind](text, seconds),
      () => {},
    );
}

/** Server messages are shown for 1500 ms (spec §8). */
export function toastError(text: string): void {
  show('error', text);
}

export function toastSuccess(text: string): void {
  show('success', text);
}
