import {
  COUPON_CODE_MAX,
  COUPON_ISSUE_ALL_MAX,
  COUPON_ISSUE_MOBILES_MAX,
  COUPON_NAME_MAX,
  COUPON_PER_MEMBER_MAX,
  COUPON_STATUS,
  COUPON_TOTAL_MAX,
  type CouponAdmin,
  couponResource,
} from '@portal/contract';
import { couponAdminCalls } from '@portal/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '#web/shared/api/client.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { useInvalidate } from '#web/shared/queryHooks.ts';
import { ResourcePage, useResourceCan } from '#web/shared/resource/ResourcePage.tsx';
import { resourceKeys } from '#web/shared/resource/useResource.ts';
import { FormModal } from '#web/shared/ui/FormModal.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import {
  type CouponValues,
  couponInput,
  couponValues,
  newCouponValues,
  timeRule,
  yuanRule,
} from './coupon-form.ts';
import './coupon.css';

const rules = couponResource.fields;
const STATUS_OPTIONS = optionsOf(COUPON_STATUS).map((o) => ({ ...o, value: Number(o.value) }));
const FIELDS = [
  'name',
  'code',
  'amount',
  'min_amount',
  'start_time',
  'end_time',
  'total',
  'per_member',
  'status',
];

const left = (c: CouponAdmin) => (c.total === 0 ? '不限' : `${Math.max(0, c.total - c.claimed)} 张`);
const expired = (c: CouponAdmin) => Date.parse(c.end_time) < Date.now();

const columns: ListColumns<CouponAdmin> = [
  {
    title: '优惠券',
    dataIndex: 'name',
    phone: 'title',
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
  {
    title: '优惠',
    dataIndex: 'amount',
    width: 150,
    render: (v: number, c) =>
      c.min_amount > 0 ? `满${formatYuan(c.min_amount)}减${formatYuan(v)}` : `无门槛减${formatYuan(v)}`,
  },
  {
    title: '有效期',
    dataIndex: 'end_time',
    width: 200,
    render: (_: string, c) => (
      <span className="coupon-period">
        <span>{formatMinute(c.start_time)}</span> 至 <span>{formatMinute(c.end_time)}</span>
      </span>
    ),
  },
  {
    title: '已领 / 总量',
    dataIndex: 'claimed',
    width: 120,
    render: (v: number, c) => `${v} / ${c.total === 0 ? '不限' : c.total}`,
  },
  { title: '每人限领', dataIndex: 'per_member', width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    phone: 'title',
    render: (v: number, c) =>
      expired(c) ? <Tag>已过期</Tag> : v === 1 ? <Tag color="green">发放中</Tag> : <Tag>已停发</Tag>,
  },
];

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
  const can = useResourceCan(couponAdminCalls);
  const [issuing, setIssuing] = useState<CouponAdmin | null>(null);
  return (
    <>
      <ResourcePage<CouponAdmin, CouponValues>
        name="coupon"
        label="优惠券"
        title="优惠券"
        routes={couponAdminCalls}
        columns={columns}
        statusOptions={STATUS_OPTIONS}
        searchPlaceholder="名称 / 优惠码"
        rowName={(c) => c.name}
        rowActions={(c) =>
          can.change && c.status === 1 && !expired(c) ? (
            <Button type="link" size="small" onClick={() => setIssuing(c)} aria-label={`发放 ${c.name}`}>
              发放
            </Button>
          ) : null
        }
        form={{
          fields: FIELDS,
          initial: newCouponValues(),
          fromItem: couponValues,
          toInput: couponInput,
          items: () => (
            <>
              <Form.Item label="优惠券名称" name="name" required rules={[zodRule(rules.name)]}>
                <Input maxLength={COUPON_NAME_MAX} showCount placeholder="如：新人专享 满99减10" />
              </Form.Item>
              <div className="coupon-form-row">
                <Form.Item
                  label="优惠金额（元）"
                  name="amount"
                  required
                  rules={[yuanRule('优惠金额', 'amount', true)]}
                >
                  <Input inputMode="decimal" placeholder="如 10" />
                </Form.Item>
                <Form.Item
                  label="使用门槛（元）"
                  name="min_amount"
                  rules={[yuanRule('使用门槛', 'min_amount', false)]}
                  extra="订单满多少可用；不填为无门槛"
                >
                  <Input inputMode="decimal" placeholder="如 99" />
                </Form.Item>
              </div>
              <div className="coupon-form-row">
                <Form.Item label="开始时间" name="start_time" required rules={[timeRule('start_time')]}>
                  <Input type="datetime-local" />
                </Form.Item>
                <Form.Item
                  label="结束时间"
                  name="end_time"
                  required
                  dependencies={['start_time']}
                  rules={[
                    timeRule('end_time'),
                    ({ getFieldValue }) => ({
                      validator: async (_r, v: string) => {
                        const start = getFieldValue('start_time') as string | undefined;
                        if (v && start && v <= start) throw new Error('结束时间必须晚于开始时间');
                      },
                    }),
                  ]}
                >
                  <Input type="datetime-local" />
                </Form.Item>
              </div>
              <div className="coupon-form-row">
                <Form.Item label="发放总量" name="total" rules={[zodRule(rules.total)]} extra="0 为不限">
                  <InputNumber
                    min={0}
                    max={COUPON_TOTAL_MAX}
                    precision={0}
                    controls={false}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <Form.Item label="每人限领" name="per_member" rules={[zodRule(rules.per_member)]}>
                  <InputNumber
                    min={1}
                    max={COUPON_PER_MEMBER_MAX}
                    precision={0}
                    controls={false}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </div>
              <Form.Item
                label="优惠码"
                name="code"
                rules={[zodRule(rules.code)]}
                extra="选填：会员在结算时输入即可使用"
              >
                <Input maxLength={COUPON_CODE_MAX} placeholder="如 NEW10" />
              </Form.Item>
              <Form.Item label="状态" name="status" rules={[zodRule(rules.status)]}>
                <Radio.Group
                  options={[
                    { value: 1, label: '发放中' },
                    { value: 0, label: '停发（已领的券到期前仍可使用）' },
                  ]}
                />
              </Form.Item>
            </>
          ),
        }}
      />
      <IssueDialog coupon={issuing} onClose={() => setIssuing(null)} />
    </>
  );
}
