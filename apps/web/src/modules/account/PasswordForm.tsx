import { Codes, passwordRuleText, passwordUpdateBody } from '@portal/contract';
import { Button, Form, Input, Space } from 'antd';
import { useId } from 'react';
import { confirmRule } from '#web/shared/ui/confirmRule.ts';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { passwordFormRule, usePasswordRule } from '#web/shared/usePasswordRule.ts';
import { usePasswordUpdate } from './useAccount.ts';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const FIELDS = ['old_password', 'new_password'] as const;
const { old_password, new_password } = passwordUpdateBody.shape;

/** 修改密码: the same form in the top-bar dialog and on the password-reset screen. */
export function PasswordForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const [form] = Form.useForm<Values>();
  // The dialog and the password-reset screen can both be on the page: field ids must differ.
  const formName = `password-${useId().replace(/:/g, '')}`;
  const update = usePasswordUpdate();
  // The company's rule (系统设置): shown under the field and checked before sending.
  const rule = usePasswordRule();

  const submit = (v: Values) =>
    update.mutate(
      { old_password: v.old_password, new_password: v.new_password },
      savedWithToast(form, FIELDS, '密码修改成功', () => {
        form.resetFields();
        onDone?.();
      }),
    );

  return (
    <Form
      form={form}
      name={formName}
      layout="vertical"
      onFinish={submit}
      autoComplete="off"
      aria-label="修改密码"
      requiredMark
    >
      <Form.Item label="原密码" name="old_password" required rules={[zodRule(old_password)]}>
        <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        required
        dependencies={['old_password']}
        extra={passwordRuleText(rule)}
        validateFirst
        rules={[
          zodRule(new_password),
          passwordFormRule(rule, '新密码'),
          ({ getFieldValue }) => ({
            validator: async (_r, value: string) => {
              if (value && value === getFieldValue('old_password')) throw new Error(Codes.PASSWORD_SAME.m);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm_password"
        required
        dependencies={['new_password']}
        rules={confirmRule('new_password', '请再次输入新密码', '两次输入的新密码不一致')}
      >
        <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space style={{ width: '100%', justifyContent: onCancel ? 'flex-end' : 'flex-start' }}>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            确定
          </Button>
          {!onCancel && <Button onClick={() => form.resetFields()}>重置</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
