import type { Coupon } from '@portal/contract';
import { Button, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { isApiError } from '#web/shared/api/client.ts';
import { toastError, toastSuccess } from '#web/shared/api/toast.ts';
import { formatDateTime, formatYuan } from '#web/shared/format.ts';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { couponRule } from './couponRule.ts';
import { useClaimCoupon, useCoupons } from './useCoupons.ts';

const MINE_TAGS: Record<Coupon['mine'], { color: string; text: string }> = {
  none: { color: 'orange', text: '可领取' },
  unused: { color: 'green', text: '未使用' },
  used: { color: 'default', text: '已使用' },
};

function CouponTicket({ coupon, action }: { coupon: Coupon; action?: React.ReactNode }) {
  const expired = Date.parse(coupon.end_time) < Date.now();
  const tag =
    expired && coupon.mine !== 'used' ? { color: 'default', text: '已过期' } : MINE_TAGS[coupon.mine];
  const dim = coupon.mine === 'used' || expired;
  return (
    <div className={`coupon-ticket${dim ? ' coupon-ticket--dim' : ''}`}>
      <div className="coupon-ticket-amount">
        <span>{formatYuan(coupon.amount)}</span>
        <small>{coupon.min_amount > 0 ? `满${formatYuan(coupon.min_amount)}可用` : '无门槛'}</small>
      </div>
      <div className="coupon-ticket-body">
        <Space size={4} wrap>
          <Typography.Text strong>{coupon.name}</Typography.Text>
          <Tag color={tag.color}>{tag.text}</Tag>
        </Space>
        <div className="coupon-ticket-meta">{couponRule(coupon)}</div>
        <div className="coupon-ticket-meta">
          {formatDateTime(coupon.start_time).slice(0, 10)} 至 {formatDateTime(coupon.end_time).slice(0, 10)}
          {coupon.total > 0 &&
            coupon.mine === 'none' &&
            `　剩余 ${Math.max(0, coupon.total - coupon.claimed)} 张`}
        </div>
      </div>
      {action && <div className="coupon-ticket-action">{action}</div>}
    </div>
  );
}

/** 优惠券: the member's coupons, the shop's to claim (领取), and claiming by code. */
export function MyCoupons() {
  const mine = useCoupons(true);
  const shop = useCoupons(false);
  const claim = useClaimCoupon();
  const claimable = (shop.data ?? []).filter((c) => c.mine === 'none');

  const doClaim = (input: { coupon_id?: number; code?: string }, after?: () => void) =>
    claim.mutate(input, {
      onSuccess: () => {
        toastSuccess('领取成功');
        after?.();
      },
      // A server refusal is toasted by the client; a network failure is not.
      onError: (e) => {
        if (!isApiError(e)) toastError('领取失败，请稍后重试');
      },
    });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="my-coupons-title">
        <Typography.Title level={5} id="my-coupons-title">
          我的优惠券
        </Typography.Title>
        {mine.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : !mine.data?.length ? (
          <QueryEmpty query={mine} description="还没有优惠券，领取下方的优惠券吧" simple />
        ) : (
          <div className="coupon-grid">
            {mine.data.map((c) => (
              <CouponTicket key={c.id} coupon={c} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="claim-coupons-title">
        <Typography.Title level={5} id="claim-coupons-title">
          领取优惠券
        </Typography.Title>
        <Input.Search
          aria-label="优惠码"
          placeholder="输入优惠码领取"
          enterButton="领取"
          maxLength={30}
          allowClear={CLEARABLE}
          style={{ maxWidth: 320, marginBottom: 12 }}
          loading={claim.isPending && claim.variables?.code !== undefined}
          onSearch={(v, e, info) => {
            if (info?.source === 'clear') return;
            const code = v.trim();
            if (!code) return toastError('请输入优惠码');
            const input = e?.currentTarget instanceof HTMLInputElement ? e.currentTarget : null;
            doClaim({ code }, () => {
              if (input) input.value = '';
            });
          }}
        />
        {shop.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : claimable.length === 0 ? (
          <QueryEmpty query={shop} description="暂无可领取的优惠券" simple />
        ) : (
          <div className="coupon-grid">
            {claimable.map((c) => (
              <CouponTicket
                key={c.id}
                coupon={c}
                action={
                  <Button
                    type="primary"
                    size="small"
                    loading={claim.isPending && claim.variables?.coupon_id === c.id}
                    disabled={c.total > 0 && c.claimed >= c.total}
                    onClick={() => doClaim({ coupon_id: c.id })}
                  >
                    {c.total > 0 && c.claimed >= c.total ? '已领完' : '领取'}
                  </Button>
                }
              />
            ))}
          </div>
        )}
      </section>
    </Space>
  );
}
