import type { App, ModalFuncProps } from 'antd';

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
