import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { type SafeParser, zodRule } from './zodRule.ts';

/**
 * A form's longer text (留言, 回复, 简介, 说明): a counted text area checked by the contract's field
 * schema, as the server checks it; `required` marks the label, the schema says what is missing.
 */
export function TextAreaItem({
  label,
  name,
  rule,
  max,
  rows = 4,
  required,
  placeholder,
  extra,
  autoFocus,
}: {
  label: string;
  name: string;
  rule: SafeParser;
  max: number;
  rows?: number;
  required?: boolean;
  placeholder?: string;
  extra?: ReactNode;
  autoFocus?: boolean;
}) {
  return (
    <Form.Item label={label} name={name} required={required} rules={[zodRule(rule)]} extra={extra}>
      <Input.TextArea rows={rows} maxLength={max} showCount placeholder={placeholder} autoFocus={autoFocus} />
    </Form.Item>
  );
}
