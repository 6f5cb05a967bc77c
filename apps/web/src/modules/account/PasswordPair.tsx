import { Form, Input } from 'antd';
import type { z } from 'zod';
import { confirmRule } from '#web/shared/ui/confirmRule.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';

/** 密码 + 确认密码 (or 新密码 + 确认新密码): field `password`, checked by `rule`, and `confirm`. */
export function PasswordPair({
  label,
  placeholder,
  rule,
}: {
  label: string;
  placeholder: string;
  rule: z.ZodType;
}) {
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        required
        rules={[zodRule(rule)]}
        extra="至少 8 位，须同时包含字母和数字"
      >
        <Input.Password placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={`确认${label}`}
        name="confirm"
        required
        dependencies={['password']}
        rules={confirmRule('password', `请再次输入${label}`, `两次输入的${label}不一致`)}
      >
        <Input.Password placeholder={`再次输入${label}`} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
