import type { FormInstance } from 'antd';
import { useEffect } from 'react';

/**
 * A server-rendered form takes input before the app runs (typing, a password manager's autofill),
 * and hydration does not read it: antd's form store would stay empty while the fields show text,
 * and submitting would say 请输入. Once mounted, this takes what the form's fields hold into the
 * store — text the store does not have yet, and a checkbox the visitor changed. Fields are found by
 * antd's ids (`<form name>_<field>`), so only flat field names.
 */
export function useEarlyInput(form: FormInstance, name: string): void {
  useEffect(() => {
    const values: Record<string, string | boolean> = {};
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      `form#${name} input, form#${name} textarea`,
    )) {
      if (!el.id.startsWith(`${name}_`)) continue;
      const field = el.id.slice(name.length + 1);
      const stored: unknown = form.getFieldValue(field);
      if (el instanceof HTMLInputElement && el.type === 'checkbox') {
        if (el.checked !== Boolean(stored)) values[field] = el.checked;
      } else if (el.value && !stored) values[field] = el.value;
    }
    if (Object.keys(values).length > 0) form.setFieldsValue(values);
  }, [form, name]);
}
