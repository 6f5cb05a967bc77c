import { type TransferAccount, transferAccountBody } from '@portal/contract';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { savedWithToast } from '#web/shared/ui/fieldError.ts';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { TransferAccountView } from './PaymentParts.tsx';
import { useSaveTransferAccount, useTransferAccount } from './usePayment.ts';

const FIELDS = ['bank_name', 'branch_name', 'account_name', 'account_no'] as const;
const rules = transferAccountBody.shape;

/** 收款账户 (/crm/payment_account): where shoppers who pay by bank transfer send the money. */
export function PaymentAccountPage() {
  const account = useTransferAccount();
  const save = useSaveTransferAccount();
  const [form] = Form.useForm<TransferAccount>();
  const current = account.data;

  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  if (account.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (account.isError) return <QueryEmpty query={account} description="收款账户读取失败" />;

  const submit = (v: TransferAccount) =>
    save.mutate(
      {
        bank_name: v.bank_name.trim(),
        branch_name: (v.branch_name ?? '').trim(),
        account_name: v.account_name.trim(),
        account_no: v.account_no.trim(),
      },
      savedWithToast(form, FIELDS, '收款账户已保存', () => {}),
    );

  return (
    <div className="payment-account-page">
      <Card title="收款账户" style={{ maxWidth: 640 }}>
        {current ? (
          <Typography.Paragraph>
            顾客选择“银行转账”时，结算页、下单成功页和订单详情会显示以下账户；顾客转账后上传凭证，店员在“订单列表”核对到账后确认收款。
          </Typography.Paragraph>
        ) : (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="尚未设置收款账户：结算页暂不提供银行转账"
            description="填写后顾客即可选择银行转账付款。"
          />
        )}
        {current && (
          <div style={{ marginBottom: 24 }}>
            <TransferAccountView account={current} title="顾客看到的收款账户" />
          </div>
        )}
        <Form<TransferAccount>
          form={form}
          layout="vertical"
          name="payment-account"
          aria-label="收款账户"
          onFinish={submit}
        >
          <Form.Item label="开户银行" name="bank_name" required rules={[zodRule(rules.bank_name)]}>
            <Input placeholder="如：中国工商银行" maxLength={50} />
          </Form.Item>
          <Form.Item label="开户支行" name="branch_name" rules={[zodRule(rules.branch_name)]}>
            <Input placeholder="选填：如北京海淀支行" maxLength={80} />
          </Form.Item>
          <Form.Item label="户名" name="account_name" required rules={[zodRule(rules.account_name)]}>
            <Input placeholder="收款单位全称" maxLength={80} />
          </Form.Item>
          <Form.Item
            label="银行账号"
            name="account_no"
            required
            rules={[zodRule(rules.account_no)]}
            extra="只填数字，可用空格分组，如 6222 0202 0000 1234 567"
          >
            <Input inputMode="numeric" maxLength={40} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {current ? '保存修改' : '保存收款账户'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
