import type { Coupon } from '@portal/contract';
import { Alert, Input, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { couponRule, useCoupons } from '#web/modules/coupon/index.ts';
import { isApiError } from '#web/shared/api/client.ts';
import { formatMinute, formatYuan } from '#web/shared/format.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { checkoutCoupons, couponProblem } from './settle.ts';

/** What the shopper chose: no coupon, one of the list, or a typed code. */
export type CouponChoice = { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'code'; code: string };

export interface CouponCheckState {
  isFetching: boolean;
  error: unknown;
  data: { coupon: Coupon; discount: number } | undefined;
}

const choiceValue = (c: CouponChoice) => (c.kind === 'id' ? c.id : c.kind === 'code' ? 'code' : 0);

/** 优惠券: the member's unused and the shop's claimable coupons, or a code; the check result below. */
export function CouponPicker({
  amount,
  choice,
  onChange,
  check,
  now,
  bestId,
}: {
  amount: number;
  choice: CouponChoice;
  onChange: (c: CouponChoice) => void;
  check: CouponCheckState;
  now: number;
  /** The coupon the server finds best for this amount (preselected until the member chooses). */
  bestId?: number | undefined;
}) {
  const mine = useCoupons(true);
  const shop = useCoupons(false);
  const options = checkoutCoupons(mine.data ?? [], shop.data ?? []);
  const loading = mine.isPending || shop.isPending;
  const failed = mine.isError && shop.isError;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Radio.Group
          className="settle-coupons"
          aria-label="选择优惠券"
          value={choiceValue(choice)}
          onChange={(e) => {
            const v = e.target.value as number | string;
            onChange(v === 0 ? { kind: 'none' } : typeof v === 'number' ? { kind: 'id', id: v } : choice);
          }}
        >
          <Radio value={0}>不使用优惠券</Radio>
          {options.map((c) => {
            const problem = couponProblem(c, amount, now);
            return (
              <Radio key={c.id} value={c.id} disabled={problem !== null}>
                <span className="settle-coupon">
                  <Typography.Text strong className="settle-coupon-amount">
                    {formatYuan(c.amount)}
                  </Typography.Text>
                  <span>
                    {c.name}（{couponRule(c)}）{c.id === bestId && <Tag color="red">最优惠</Tag>}
                    {c.mine === 'none' && <Tag color="orange">下单时自动领取</Tag>}
                    {problem && <Tag>{problem}</Tag>}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      有效期至 {formatMinute(c.end_time)}
                    </Typography.Text>
                  </span>
                </span>
              </Radio>
            );
          })}
          {choice.kind === 'code' && <Radio value="code">优惠码：{choice.code}</Radio>}
        </Radio.Group>
      )}
      {failed && <Typography.Text type="secondary">优惠券加载失败，可直接输入优惠码</Typography.Text>}
      {!loading && !failed && options.length === 0 && (
        <Typography.Text type="secondary">暂无可用的优惠券</Typography.Text>
      )}
      <Input.Search
        aria-label="优惠码"
        placeholder="输入优惠码"
        enterButton="使用"
        maxLength={30}
        allowClear={CLEARABLE}
        style={{ maxWidth: 320 }}
        onSearch={(v, _e, info) => {
          if (info?.source === 'clear') return;
          const code = v.trim();
          if (code) onChange({ kind: 'code', code });
        }}
      />
      {choice.kind !== 'none' && <CheckLine check={check} />}
    </Space>
  );
}

function CheckLine({ check }: { check: CouponCheckState }) {
  if (check.isFetching && !check.data)
    return <Typography.Text type="secondary">正在校验优惠券…</Typography.Text>;
  if (check.error) {
    const m = isApiError(check.error) ? check.error.m : '优惠券校验失败，请稍后重试';
    return <Alert type="error" showIcon title={`该优惠券不可用：${m}`} role="alert" />;
  }
  if (check.data) {
    return (
      <Alert
        type="success"
        showIcon
        title={`已使用「${check.data.coupon.name}」，优惠 ${formatYuan(check.data.discount)}`}
      />
    );
  }
  return null;
}
