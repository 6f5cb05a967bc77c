import { passwordRuleText, USER_LIMITS } from '@portal/contract';
import { Form, Input } from 'antd';
import { type SafeParser, zodRule } from '#web/shared/ui/zodRule.ts';
import { passwordFormRule, usePasswordRule } from '#web/shared/usePasswordRule.ts';

/**
 * The fields of a new account a dialog makes with something else (添加单位's first manager,
 * 新建管理员): its user name, name and first password, under the dialog's own field names and
 * labels, each checked by the declared field; the password also by the rule of the company the
 * account will be in (its 系统设置; `companyId` 'new': a company being made, the defaults).
 */
export function NewAccountFields({
  fields,
  labels,
  companyId,
}: {
  companyId: number | 'new' | undefined;
  /** The form's field name and its declared schema, for each. */
  fields: Record<'username' | 'name' | 'password', readonly [string, SafeParser]>;
  labels: Record<'username' | 'name' | 'password', string>;
}) {
  const rule = usePasswordRule(companyId ?? 'new');
  return (
    <>
      <Form.Item
        label={labels.username}
        name={fields.username[0]}
        required
        rules={[zodRule(fields.username[1])]}
        extra="登录时使用，不能与已有用户重复"
      >
        <Input autoComplete="off" maxLength={USER_LIMITS.username} />
      </Form.Item>
      <Form.Item label={labels.name} name={fields.name[0]} required rules={[zodRule(fields.name[1])]}>
        <Input maxLength={USER_LIMITS.realName} />
      </Form.Item>
      <Form.Item
        label={labels.password}
        name={fields.password[0]}
        required
        validateFirst
        rules={[zodRule(fields.password[1]), passwordFormRule(rule, labels.password)]}
        extra={passwordRuleText(rule)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
