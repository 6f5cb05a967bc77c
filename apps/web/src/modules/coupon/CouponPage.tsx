import {
  COUPON_ISSUE_ALL_MAX,
  COUPON_ISSUE_MOBILES_MAX,
  type CouponAdmin,
  couponResource,
} from '@portal/contract';
import { couponAdminCalls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { type FormSpecial, useCanCall } from '#web/shared/resource/declared.tsx';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { resourceKeys } from '#web/shared/resource/useResource.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import type { ListColumn } from '#web/shared/ui/ListTable.tsx';
import { couponRules, newCouponValues } from './coupon-form.ts';
import './coupon.css';

const left = (c: CouponAdmin) => (c.total === 0 ? '不限' : `${Math.max(0, c.total - c.claimed)} 张`);
const expired = (c: CouponAdmin) => Date.parse(c.end_time) < Date.now();

/** What the list shows of its own: the code under the name, the terms, the period, the count, 已过期. */
const render: Record<string, Partial<ListColumn<CouponAdmin>>> = {
  name: {
    title: '优惠券',
    render: (v: string, c) => (
      <span>
        {v}
        {c.code && (
          <Typography.Text type="secondary" className="coupon-code">
            优惠码 {c.code}
          </Typography.Text>
        )}
      </span>
    ),
  },
  amount: {
    title: '优惠',
    width: 150,
    align: 'left',
    render: (v: number, c) =>
      c.min_amount > 0 ? `满${formatYuan(c.min_amount)}减${formatYuan(v)}` : `无门槛减${formatYuan(v)}`,
  },
  end_time: {
    title: '有效期',
    width: 200,
    render: (_: string, c) => (
      <span className="coupon-period">
        <span>{formatMinute(c.start_time)}</span> 至 <span>{formatMinute(c.end_time)}</span>
      </span>
    ),
  },
  claimed: {
    title: '已领 / 总量',
    width: 120,
    align: 'left',
    render: (v: number, c) => `${v} / ${c.total === 0 ? '不限' : c.total}`,
  },
  per_member: { width: 90 },
  status: {
    width: 90,
    render: (v: number, c) =>
      expired(c) ? <Tag>已过期</Tag> : v === 1 ? <Tag color="green">发放中</Tag> : <Tag>已停发</Tag>,
  },
};

/** The form's own: two short fields a row, the end after the start, the longer word of 停发. */
const formSpecial: FormSpecial<CouponAdmin, object> = {
  initial: newCouponValues(),
  rules: couponRules,
  layout: (items) => (
    <>
      {items.name}
      <div className="coupon-form-row">
        {items.amount}
        {items.min_amount}
      </div>
      <div className="coupon-form-row">
        {items.start_time}
        {items.end_time}
      </div>
      <div className="coupon-form-row">
        {items.total}
        {items.per_member}
      </div>
      {items.code}
      {items.status}
    </>
  ),
  controls: {
    status: () => (
      <Radio.Group
        options={[
          { value: 1, label: '发放中' },
          { value: 0, label: '停发（已领的券到期前仍可使用）' },
        ]}
      />
    ),
  },
};

/** Mobiles as typed: one a line, or separated by commas, spaces or semicolons (the server checks each). */
const splitMobiles = (text: string) => text.split(/[\s,，;；、]+/).filter((m) => m !== '');

interface IssueValues {
  target: 'mobiles' | 'all';
  mobiles?: string;
}

/** 发放: one copy each to members named by mobile, or to every member (the server keeps the total and the limit). */
function IssueDialog({ coupon, onClose }: { coupon: CouponAdmin | null; onClose: () => void }) {
  const [form] = Form.useForm<IssueValues>();
  const target = Form.useWatch('target', form);
  const invalidate = useInvalidate(resourceKeys('coupon').all);
  const issue = useMutation({
    mutationFn: (v: { coupon_id: number; target: IssueValues['target']; mobiles?: string[] }) =>
      api.call(couponAdminCalls.issue, v, { toast: 'unlessField' }),
    onSuccess: invalidate,
  });
  const submit = (v: IssueValues) => {
    if (!coupon) return;
    issue.mutate(
      {
        coupon_id: coupon.id,
        target: v.target,
        ...(v.target === 'mobiles' ? { mobiles: splitMobiles(v.mobiles ?? '') } : {}),
      },
      {
        onSuccess: (r) => {
          toastSuccess(
            `已发放 ${r.issued} 张${r.skipped_count > 0 ? `；${r.skipped_count} 位会员已达每人限领，未发放` : ''}`,
          );
          onClose();
        },
        onError: (e) => showFieldError(form, e, ['mobiles', 'target']),
      },
    );
  };
  return (
    <FormModal<IssueValues>
      form={form}
      name="coupon-issue-form"
      label="发放优惠券"
      onFinish={submit}
      formProps={{ preserve: false, initialValues: { target: 'mobiles' } }}
      title={coupon ? `发放优惠券 · ${coupon.name}` : '发放优惠券'}
      open={coupon !== null}
      onCancel={onClose}
      okText="发放"
      ok={{ loading: issue.isPending }}
    >
      {coupon && (
        <Typography.Paragraph type="secondary">
          剩余 {left(coupon)}，每位会员最多持有 {coupon.per_member} 张；已达限领的会员不再发放。
        </Typography.Paragraph>
      )}
      <Form.Item label="发放对象" name="target">
        <Radio.Group
          options={[
            { value: 'mobiles', label: '指定会员（手机号）' },
            { value: 'all', label: `全部会员（最多 ${COUPON_ISSUE_ALL_MAX} 人）` },
          ]}
        />
      </Form.Item>
      {target !== 'all' && (
        <Form.Item
          label="会员手机号"
          name="mobiles"
          required
          rules={[{ required: true, whitespace: true, message: '请填写会员手机号' }]}
          extra={`每行一个，或用逗号、空格分隔；一次最多 ${COUPON_ISSUE_MOBILES_MAX} 个`}
        >
          <Input.TextArea rows={4} placeholder={'13800000000\n13900000000'} />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** 优惠券 (/crm/coupon_index): the shop's coupons — keep them, stop them, issue them to members. */
export function CouponPage() {
  const canIssue = useCanCall(couponAdminCalls.issue);
  const [issuing, setIssuing] = useState<CouponAdmin | null>(null);
  return (
    <>
      <ResourcePage<CouponAdmin>
        name="coupon"
        resource={couponResource}
        routes={couponAdminCalls}
        title="优惠券"
        rowName={(c) => c.name}
        render={render}
        formSpecial={formSpecial}
        rowActions={(c) =>
          canIssue && c.status === 1 && !expired(c) ? (
            <Button type="link" size="small" onClick={() => setIssuing(c)} aria-label={`发放 ${c.name}`}>
              发放
            </Button>
          ) : null
        }
      />
      <IssueDialog coupon={issuing} onClose={() => setIssuing(null)} />
    </>
  );
}
