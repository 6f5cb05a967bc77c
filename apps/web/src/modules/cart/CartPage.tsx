import { DeleteOutlined, ShoppingOutlined } from '@ant-design/icons';
import { CART_MAX_QUANTITY } from '@portal/contract';
import { Alert, App, Button, Checkbox, Empty, Skeleton, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GoodsCover, goodsHref } from '#web/modules/catalogue/index.ts';
import { formatYuan } from '#web/shared/format.ts';
import { loginPath } from '#web/shared/session.ts';
import { ShopLayout } from '#web/shared/shop/ShopLayout.tsx';
import { confirmDanger } from '#web/shared/ui/confirmDanger.ts';
import { QuantityStepper } from '#web/shared/ui/QuantityStepper.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { useStickyInset } from '#web/shared/ui/useStickyInset.ts';
import { type CartViewLine, priceChanged, purchasable } from './cartLines.ts';
import { useCart } from './useCart.ts';
import './cart.css';

type CartApi = ReturnType<typeof useCart>;

/** A quantity that is sent when the shopper is done: on a step, on Enter or when leaving the field. */
function QuantityInput({ line, cart }: { line: CartViewLine; cart: CartApi }) {
  const max = Math.max(1, Math.min(CART_MAX_QUANTITY, Math.max(line.stock, line.quantity)));
  const [draft, setDraft] = useState<number | null>(line.quantity);
  // Enter and then leaving the field would send the same quantity twice.
  const sent = useRef(line.quantity);
  const commit = (value: number | null) => {
    const q = Math.min(Math.max(1, Math.round(value ?? line.quantity)), max);
    setDraft(q);
    if (q === line.quantity || q === sent.current) return;
    sent.current = q;
    void cart.setQuantity(line, q).then((ok) => {
      // Refused (e.g. not enough stock, already toasted): show the quantity the cart really has.
      if (!ok) {
        sent.current = line.quantity;
        setDraft(line.quantity);
      }
    });
  };
  return (
    <QuantityStepper
      size="small"
      max={max}
      value={draft}
      label={`${lineName(line)}的数量`}
      inputLabel={`${lineName(line)}的数量`}
      onChange={setDraft}
      onCommit={commit}
      disabled={!line.available || cart.pending}
      className="cart-quantity"
    />
  );
}

function LineNotes({ line }: { line: CartViewLine }) {
  if (!line.loaded) return null;
  if (!line.available) return <Tag color="default">已下架</Tag>;
  return (
    <>
      {line.stock <= 0 ? (
        <Tag color="red">已售罄</Tag>
      ) : line.stock < line.quantity ? (
        <Tag color="red">库存不足，仅剩 {line.stock} 件</Tag>
      ) : null}
      {priceChanged(line) && (
        <Tag color="orange">
          价格已变动：{formatYuan(line.price_at_add)} → {formatYuan(line.price)}
        </Tag>
      )}
    </>
  );
}

/** The goods' name with the chosen specification ("T恤（红色 / L）"), for labels. */
function lineName(line: CartViewLine, goodsName = line.name) {
  return line.sku_text ? `${goodsName}（${line.sku_text}）` : goodsName;
}

function CartLineRow({ line, cart }: { line: CartViewLine; cart: CartApi }) {
  const { modal } = App.useApp();
  const goodsName = line.name || (line.loaded ? `商品 ${line.goods_id}` : '');
  const name = lineName(line, goodsName);
  return (
    <li className={`cart-line${line.available ? '' : ' cart-line--off'}`}>
      <div className="cart-line-check">
        <Checkbox
          checked={line.selected}
          disabled={cart.pending || (!line.available && !line.selected)}
          onChange={(e) => void cart.setSelected(line, e.target.checked)}
          aria-label={`选择${name}`}
        />
      </div>
      <Link to={goodsHref(line.goods_id)} className="cart-line-cover goods-cover" tabIndex={-1} aria-hidden>
        <GoodsCover src={line.cover} alt="" />
      </Link>
      <div className="cart-line-info">
        {line.loaded ? (
          <Link to={goodsHref(line.goods_id)} className="cart-line-name">
            {goodsName}
          </Link>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
        )}
        {line.sku_text && <div className="cart-line-sku">规格：{line.sku_text}</div>}
        <div className="cart-line-notes">
          <LineNotes line={line} />
        </div>
      </div>
      <div className="cart-line-price">
        <span className="cart-cell-label">单价</span>
        {line.loaded ? formatYuan(line.price) : '—'}
      </div>
      <div className="cart-line-quantity">
        <span className="cart-cell-label">数量</span>
        {/* A new quantity from the cart (server answer, another tab) starts a fresh input. */}
        <QuantityInput key={line.quantity} line={line} cart={cart} />
      </div>
      <div className="cart-line-amount">
        <span className="cart-cell-label">小计</span>
        {line.loaded ? formatYuan(line.price * line.quantity) : '—'}
      </div>
      <div className="cart-line-action">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`删除${name}`}
          disabled={cart.pending}
          onClick={() =>
            confirmDanger(modal, {
              title: '确定要从购物车删除该商品吗？',
              content: name,
              okText: '删除',
              onOk: () => cart.remove([line]),
            })
          }
        >
          <span className="cart-action-text">删除</span>
        </Button>
      </div>
    </li>
  );
}

/** `/cart`: the guest or member cart — select, change quantities, remove, and go to checkout. */
export function CartPage() {
  const { modal } = App.useApp();
  const cart = useCart();
  const navigate = useNavigate();
  const { lines, totals } = cart;
  const selectedLines = lines.filter((l) => l.selected);
  const anySelectable = lines.some((l) => l.available);
  const someSelected = selectedLines.length > 0 && !totals.allSelected;

  const bar = useStickyInset('bottom');
  const checkout = () => navigate(cart.loggedIn ? '/settle' : loginPath('/settle'));

  const body = (() => {
    if (cart.isLoading && !cart.isError) {
      return (
        <div className="shop-panel">
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        </div>
      );
    }
    if (lines.length === 0 || (cart.isError && !cart.loggedIn && lines.every((l) => !l.loaded))) {
      return (
        <div className="shop-panel">
          {cart.isError ? (
            <QueryEmpty query={{ isError: true, refetch: cart.refetch }} description="" />
          ) : (
            <Empty
              image={<ShoppingOutlined aria-hidden className="cart-empty-icon" />}
              description="购物车还是空的"
            >
              <Button type="primary" onClick={() => navigate('/product')}>
                去逛逛
              </Button>
            </Empty>
          )}
        </div>
      );
    }
    return (
      <>
        <div className="cart-head" aria-hidden>
          <span />
          <span />
          <span>商品</span>
          <span>单价</span>
          <span>数量</span>
          <span>小计</span>
          <span>操作</span>
        </div>
        <ul className="cart-lines" aria-label="购物车商品">
          {lines.map((l) => (
            <CartLineRow key={l.key} line={l} cart={cart} />
          ))}
        </ul>
        <section className="cart-bar" aria-label="结算" ref={bar}>
          <Checkbox
            checked={totals.allSelected}
            indeterminate={someSelected}
            disabled={!anySelectable || cart.pending}
            onChange={(e) => void cart.selectAll(e.target.checked)}
          >
            全选
          </Checkbox>
          <Button
            type="link"
            danger
            disabled={selectedLines.length === 0 || cart.pending}
            onClick={() =>
              confirmDanger(modal, {
                title: `确定要删除选中的 ${selectedLines.length} 种商品吗？`,
                content: '删除后可在商品页重新加入购物车。',
                okText: '删除',
                onOk: () => cart.remove(selectedLines),
              })
            }
          >
            删除选中
          </Button>
          <div className="cart-bar-sum">
            <span>
              已选 <b>{totals.quantity}</b> 件商品
            </span>
            <span>
              合计：<b className="cart-total">{formatYuan(totals.amount)}</b>
            </span>
          </div>
          <Button
            type="primary"
            danger
            size="large"
            onClick={checkout}
            disabled={totals.lines === 0 || totals.blocked > 0}
          >
            去结算
          </Button>
        </section>
        {totals.blocked > 0 && (
          <Typography.Text type="danger" className="cart-blocked">
            选中的商品中有已下架或库存不足的商品，请取消勾选或修改数量后再结算。
          </Typography.Text>
        )}
      </>
    );
  })();

  const count = lines.length;
  return (
    <ShopLayout title="购物车" description="查看购物车中的商品，修改数量并去结算。">
      <div className="cart-title">
        <h1>购物车{count > 0 ? `（${count}）` : ''}</h1>
        {cart.isError && lines.length > 0 && (
          <Button size="small" onClick={cart.refetch}>
            刷新
          </Button>
        )}
      </div>
      {!cart.loggedIn && count > 0 && (
        <Alert
          type="info"
          showIcon
          className="cart-guest-tip"
          title={
            <span>
              您还没有登录，购物车暂存在本机浏览器。<Link to={loginPath('/cart')}>登录</Link>
              后商品会加入您的账户购物车。
            </span>
          }
        />
      )}
      {body}
      {lines.some((l) => !purchasable(l) && l.loaded) && totals.blocked === 0 && (
        <Typography.Text type="secondary" className="cart-blocked">
          已下架或库存不足的商品不能结算。
        </Typography.Text>
      )}
    </ShopLayout>
  );
}
