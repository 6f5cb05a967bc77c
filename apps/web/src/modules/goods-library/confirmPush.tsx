import type { LibraryGoods } from '@portal/contract';
import { Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '#web/shared/api/toast.ts';
import type { ModalApi } from '#web/shared/ui/confirmDanger.ts';

type Pushed = Pick<LibraryGoods, 'name' | 'price' | 'stock'>;

const quoted = (rows: readonly Pushed[]) =>
  rows.length > 3
    ? `${rows
        .slice(0, 3)
        .map((g) => `「${g.name}」`)
        .join('、')}等${rows.length}个商品`
    : rows.map((g) => `「${g.name}」`).join('、');

/** The dialog's body: what a push does, the 推送后立即上架 choice, and what stands in its way. */
function PushChoice({
  goods,
  initial,
  onChange,
}: {
  goods: readonly Pushed[];
  initial: boolean;
  onChange: (onSale: boolean) => void;
}) {
  const [onSale, setOnSale] = useState(initial);
  const free = goods.filter((g) => g.price <= 0);
  const empty = goods.filter((g) => g.stock <= 0);
  return (
    <Space direction="vertical" size={4}>
      <Checkbox
        checked={onSale}
        disabled={free.length > 0}
        onChange={(e) => {
          setOnSale(e.target.checked);
          onChange(e.target.checked);
        }}
      >
        推送后立即上架
      </Checkbox>
      <Typography.Text>
        {onSale
          ? '推送并上架：顾客马上能在商城找到并购买。'
          : '只推送：商品列入商城商品（已下架），上架后顾客才能看到和购买。'}
      </Typography.Text>
      {free.length > 0 && (
        <Typography.Text type="warning">
          {quoted(free)}还没有销售价，不能上架：可以先推送，在商品库编辑中设置销售价后再上架。
        </Typography.Text>
      )}
      {onSale && empty.length > 0 && (
        <Typography.Text type="warning">
          {quoted(empty)}暂无库存：上架后顾客能看到，入库审核后才能购买。
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * 推送到商城 in one confirmation (issue 35): the goods go into the shop and, with 推送后立即上架
 * (checked unless a goods has no price), on sale in the same call (`on_sale: 1`, one transaction
 * on the server). The toast says what happened and what remains (goods without stock).
 */
export function confirmPush(
  modal: ModalApi,
  {
    title,
    goods,
    run,
  }: {
    title: string;
    goods: readonly Pushed[];
    run: (onSale: boolean) => Promise<{ count: number; no_stock?: string[] }>;
  },
) {
  const canSell = goods.every((g) => g.price > 0);
  let onSale = canSell;
  const one = goods.length === 1;
  return modal.confirm({
    title,
    content: <PushChoice goods={goods} initial={onSale} onChange={(v) => (onSale = v)} />,
    okText: '推送',
    cancelText: '取消',
    onOk: () =>
      run(onSale)
        .then((r) => {
          const head = one ? '已推送到商城' : `已推送 ${r.count} 个商品到商城`;
          const rest = r.no_stock?.length
            ? `；${quoted(r.no_stock.map((name) => ({ name, price: 1, stock: 0 })))}暂无库存，入库后顾客才能购买`
            : '';
          toastSuccess(onSale ? `${head}并上架${rest}` : `${head}（未上架）`);
        })
        .catch(() => {}),
  });
}
