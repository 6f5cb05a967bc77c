import type { FormInstance } from 'antd';
import { isApiError } from '#web/shared/api/client.ts';
import { toastError } from '#web/shared/api/toast.ts';

/**
 * After a call made with `toast: 'unlessField'`: put a server field error next to its field, or
 * toast it when the form has no such field (the client held the toast back because `field` was set).
 */
export function showFieldError(form: FormInstance, error: unknown, fields: readonly string[]): void {
  if (!isApiError(error) || !error.field) return;
  if (fields.includes(error.field)) form.setFields([{ name: error.field, errors: [error.m] }]);
  else toastError(error.m);
}
