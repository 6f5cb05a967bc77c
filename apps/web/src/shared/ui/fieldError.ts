import type { FormInstance } from 'antd';
import { isApiError } from '#web/shared/api/client.ts';
import { toastError, toastSuccess } from '#web/shared/api/toast.ts';

/**
 * After a call made with `toast: 'unlessField'`: put a server field error next to its field, or
 * toast it when the form has no such field (the client held the toast back because `field` was set).
 */
export function showFieldError(form: FormInstance, error: unknown, fields: readonly string[]): void {
  if (!isApiError(error) || !error.field) return;
  if (fields.includes(error.field)) form.setFields([{ name: error.field, errors: [error.m] }]);
  else toastError(error.m);
}

/**
 * `mutate` options for a form posted with `toast: 'unlessField'`: on success toast `text`, then
 * `then(result)` (close the dialog, go on); a server field error goes beside its field.
 */
export function savedWithToast<R = unknown>(
  form: FormInstance,
  fields: readonly string[],
  text: string,
  then: (result: R) => void,
) {
  return {
    onSuccess: (result: R) => {
      toastSuccess(text);
      then(result);
    },
    onError: (e: unknown) => showFieldError(form, e, fields),
  };
}
