import type { App, ModalFuncProps } from 'antd';

/** The `modal` of `App.useApp()`. */
export type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * Asks before something that cannot be undone (delete, reject, cancel an order): a red `okText`
 * button and `cancelText` (取消 unless given). `onOk` runs on OK; the dialog waits while its
 * promise is pending.
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
  return modal.confirm({ title, content, okText, okButtonProps: { danger: true }, cancelText, onOk });
}
