import type { App, ModalFuncProps } from 'antd';
import { toastSuccess } from '#web/shared/api/toast.ts';

/** The `modal` of `App.useApp()`. */
export type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * Asks before something that cannot be undone (delete, reject, cancel an order): a red `okText`
 * button and `cancelText` (取消 unless given, and focused when it opens). `onOk` runs on OK; the
 * dialog waits while its promise is pending. When it closes, focus goes back to what opened it, or
 * to the list if that left with the deleted row (focusRescue.ts).
 */
export function confirmDanger(
  modal: ModalApi,
  {
    title,
    content,
    okText,
    cancelText = '取消',
    onOk,
  }: {
    title: string;
    content: string;
    okText: string;
    cancelText?: string;
    onOk: ModalFuncProps['onOk'];
  },
) {
  // Focus starts on the harmless answer: Enter pressed by habit does not delete.
  return modal.confirm({
    title,
    content,
    okText,
    okButtonProps: { danger: true },
    cancelText,
    autoFocusButton: 'cancel',
    onOk,
  });
}

/**
 * Asks before a change of the shop's or a list's rows that can be undone (推送到商城, 上架, 下架): its
 * `okText` and 取消. On OK it runs `run` — the dialog waits while it is pending — and says
 * `done(result)`; a refusal is the call's own message.
 */
export function confirmRun<R>(
  modal: ModalApi,
  {
    title,
    content,
    okText,
    run,
    done,
  }: { title: string; content: string; okText: string; run: () => Promise<R>; done: (result: R) => string },
) {
  return modal.confirm({
    title,
    content,
    okText,
    cancelText: '取消',
    onOk: () =>
      run()
        .then((r) => toastSuccess(done(r)))
        .catch(() => {}),
  });
}
