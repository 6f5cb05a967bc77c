import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useFocusReturn } from './useFocusReturn.ts';

/** The first field a user fills in the form `name` (antd gives the form element that id). */
const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';

function firstField(name: string): HTMLElement | null {
  return document.getElementById(name)?.querySelector<HTMLElement>(FIELD) ?? null;
}

/**
 * Once the dialog has opened: focus to its first field, unless the user is in one of its fields
 * already (the opening animation ends late on a busy machine: someone typing into the second
 * field by then had the rest of their typing moved into the first).
 */
function focusFirstField(name: string) {
  const active = document.activeElement;
  if (
    active instanceof HTMLElement &&
    active.matches(FIELD) &&
    document.getElementById(name)?.contains(active)
  )
    return;
  firstField(name)?.focus();
}

/**
 * A dialog that is one form: 取消 closes it, the OK button (`okText`, `ok` for its loading, danger
 * and disabled state) submits it, and the dialog's content is destroyed when hidden. `formProps`
 * says how each opening starts (`initialValues` with `preserve: false`, or `clearOnDestroy`).
 * It opens with focus on its first field (antd focuses the close button); once closed, focus goes
 * back to the button that opened it, unless the user has moved it meanwhile (useFocusReturn).
 */
export function FormModal<V extends object>({
  form,
  name,
  label,
  onFinish,
  formProps,
  title,
  open,
  onCancel,
  okText,
  ok,
  width,
  children,
}: {
  form: FormInstance<V>;
  name: string;
  label: string;
  onFinish: (values: V) => void;
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'layout' | 'aria-label' | 'onFinish'>;
  title: ReactNode;
  open: boolean;
  onCancel: () => void;
  okText: string;
  ok: { loading: boolean; danger?: boolean; disabled?: boolean };
  width?: number;
  children: ReactNode;
}) {
  const focusReturn = useFocusReturn(open);
  return (
    <Modal
      {...focusReturn.props}
      title={title}
      open={open}
      onCancel={onCancel}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', ...ok }}
      destroyOnHidden
      afterOpenChange={(opened) => {
        if (opened) focusFirstField(name);
        else focusReturn.closed();
      }}
      width={width}
      modalRender={(dom) => (
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          aria-label={label}
          onFinish={onFinish}
          {...formProps}
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
