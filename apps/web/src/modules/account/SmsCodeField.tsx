import { type SmsPurpose, smsCode } from '@portal/contract';
import { Button, Form, type FormInstance, Input, type InputRef, Space } from 'antd';
import { useRef } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCountdown } from '#web/shared/countdown.ts';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useSendCode } from './useMemberAccount.ts';

/**
 * 验证码 with 获取验证码: checks the form's `mobile` field first, sends the code, then counts down
 * the server's `resend_after` before another can be asked for. Once sent, focus moves to the code
 * field (the button is disabled while it counts, and a disabled button keeps no focus). The answer never says whether the
 * number is registered (a registered number gets a notice instead of a registration code, an
 * unknown one no recovery code), so the toast says what each gets.
 */
export function SmsCodeField({
  form,
  purpose,
  companyId,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form with `mobile` and `code` fields
  form: FormInstance<any>;
  purpose: SmsPurpose;
  companyId?: number | undefined;
}) {
  const send = useSendCode();
  const { left, start } = useCountdown();
  const codeInput = useRef<InputRef>(null);

  const click = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    send.mutate(
      { mobile, purpose, company_id: companyId },
      {
        onSuccess: (d) => {
          start(d.resend_after);
          codeInput.current?.focus();
          const minutes = Math.max(1, Math.round(d.expires_in / 60));
          // The server answers alike for registered and new numbers (it never tells which), so say what each gets.
          toastSuccess(
            purpose === 'register'
              ? `验证码已发送，${minutes}分钟内有效；该手机号如已注册，将收到登录提醒短信`
              : `该手机号如已注册，将收到验证码，${minutes}分钟内有效`,
          );
        },
        onError: (e) => showFieldError(form, e, ['mobile', 'code']),
      },
    );
  };

  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[zodRule(smsCode)]}>
          <Input
            ref={codeInput}
            placeholder="6 位数字验证码"
            aria-label="验证码"
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button
          onClick={() => void click()}
          disabled={left > 0}
          loading={send.isPending}
          style={{ minWidth: 120 }}
          aria-live="polite"
        >
          {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
