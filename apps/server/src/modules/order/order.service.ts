import { randomInt } from 'node:crypto';
import {
  type BuyNowLine,
  canDo,
  consigneeText,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  ORDER_TRANSITIONS,
  type Order,
  type OrderAction,
  type OrderDetail,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PriceChange,
} from '@portal/contract';
import type { Caller } from '#server/platform/auth/session-user.ts';
import { AppError } from '#server/platform/core/errors.ts';
import { pageParams } from '#server/platform/core/paging.ts';
import type { Database } from '#server/platform/db/database.ts';
import { onUnique } from '#server/platform/db/errors.ts';
import { nowIso, secondIn, type ZoneOf } from '#server/platform/time.ts';
import { cartRepository } from '../cart/index.ts';
import {
  changeGoods,
  type GoodsDelta,
  goodsForSale,
  isAvailable,
  overLimit,
  saleUnit,
  skuStopped,
  skusById,
  stockShort,
} from '../catalogue/index.ts';
import { consigneeRepository } from '../consignee/index.ts';
import { releaseCoupon, useCoupon } from '../coupon/index.ts';
import type { PaymentAccounts, PaymentMethods, ShopContact } from '../payment/index.ts';
import { returnOrder, shipOrder } from '../stock/index.ts';
import { type OrderRow, type OrderScope, orderRepository as repo } from './order.repository.ts';
import { orderFilterOf } from './order-export.ts';

type ListFilter = Omit<Parameters<typeof repo.page>[2], 'from' | 'to'>;

import { nothingAfter, ORDER_TOPIC, type OrderNoticeDeps, orderNotices } from './order-notices.ts';
import { orderPaymentRepository as paid } from './order-payment.repository.ts';

export interface OrderDeps {
  /** The methods in use, each with its deadline (modules/payment). */
  payments: PaymentMethods;
  /** The shop's receiving account (bank transfer). */
  accounts: PaymentAccounts;
  shopOf: (companyId: number) => Promise<ShopContact | undefined>;
  /** Called after a commit that changed goods' stock or sales: this process's list answers are dropped. */
  goodsChanged: (companyId: number) => void;
  /** Who is told of order events and how (order-notices.ts): inbox, texts, the live signal. */
  notices: OrderNoticeDeps;
  /** How long one live stream (`/order/manage/stream`) stays open (config `pushStreamMs`). */
  streamMaxMs?: number;
  /** The company's time zone (order numbers carry its day). */
  zoneOf: ZoneOf;
}

export interface OrderCreateInput {
  cart_ids?: number[];
  /** Buy now, several lines (validated by the contract: 1–BUY_NOW_MAX_LINES, each goods once). */
  items?: BuyNowLine[];
  goods_id?: number;
  sku_id?: number;
  quantity?: number;
  expected_price?: number;
  consignee_id: number;
  coupon_id?: number;
  payment_method: PaymentMethod;
  remark?: string;
}

/** Who acts on an order: a member, a member of staff, or the system (expiry sweep, payment provider). */
export type Actor = { caller: Caller; staff: boolean } | { system: true; name?: string };

/** What a move may carry: a note for the history, the shipment's waybill. */
export interface MoveExtra {
  note?: string;
  shipping_company?: string;
  tracking_no?: string;
}

/** `YYYYMMDDHHmmss` on the company's clock, then six random digits: the day a person reads is theirs. */
export function newOrderNo(zone: string, d = new Date()) {
  return `${secondIn(zone, d).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Orders: placing (one transaction), the state machine of ORDER_TRANSITIONS, expiry. */
export function orderService(db: Database, deps: OrderDeps) {
  const mine = (caller: Caller): OrderScope => ({ companyId: caller.companyId, userId: caller.userId });
  const shop = (caller: Caller): OrderScope => ({ companyId: caller.companyId });
  const notices = orderNotices(deps.notices);

  type ItemRow = Awaited<ReturnType<typeof repo.items>>[number];

  const toOrder = (r: OrderRow, items: readonly ItemRow[]): Order => ({
    id: r.id,
    order_no: r.order_no,
    status: r.status,
    status_name: ORDER_STATUS_NAMES[r.status] ?? '',
    user_id: r.user_id,
    user_name: r.user_name,
    goods_amount: r.goods_amount,
    discount_amount: r.discount_amount,
    pay_amount: r.pay_amount,
    coupon_name: r.coupon_name,
    consignee_name: r.consignee_name,
    consignee_mobile: r.consignee_mobile,
    consignee_address: r.consignee_address,
    payment_method: r.payment_method,
    payment_name: PAYMENT_METHODS[r.payment_method as PaymentMethod] ?? r.payment_method,
    remark: r.remark,
    shipping_company: r.shipping_company,
    tracking_no: r.tracking_no,
    expires_at: r.expires_at,
    receipt_waiting:
      r.status === ORDER_STATUS.AWAITING_PAYMENT &&
      r.payment_method === 'bank_transfer' &&
      r.receipt_count > 0
        ? 1
        : 0,
    create_time: r.created_at,
    items: items.filter((i) => i.order_id === r.id).map(({ order_id: _o, ...i }) => i),
  });

  async function toOrders(conn: Database, companyId: number, rows: OrderRow[]): Promise<Order[]> {
    const items = await repo.items(
      conn,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toOrder(r, items));
  }

  type EventRow = Awaited<ReturnType<typeof repo.events>>[number];

  /**
   * An order with its lines and its events (read unless given); how to pay only while it awaits
   * payment.
   */
  async function toDetail(
    conn: Database,
    row: OrderRow,
    items: readonly ItemRow[],
    known?: EventRow[],
  ): Promise<OrderDetail> {
    const awaiting = row.status === ORDER_STATUS.AWAITING_PAYMENT;
    const provider = awaiting ? deps.payments.provider(row.payment_method) : undefined;
    const transfer = awaiting && row.payment_method === 'bank_transfer';
    const [events, shop, account, receipts] = await Promise.all([
      known ?? repo.events(conn, row.company_id, row.id),
      provider ? deps.shopOf(row.company_id) : undefined,
      transfer ? deps.accounts.of(row.company_id) : null,
      row.payment_method === 'bank_transfer' ? paid.receipts(conn, row.company_id, row.id) : [],
    ]);
    return {
      ...toOrder(row, items),
      events: events.map(({ created_at, ...e }) => ({ ...e, create_time: created_at })),
      payment_instructions: provider
        ? provider.instructions(row.payment_method as PaymentMethod, row, { shop, account })
        : '',
      transfer_account: account,
      receipts: receipts.map((r) => ({
        id: r.id,
        filename: r.filename,
        mimetype: r.mimetype,
        size: r.size,
        create_time: r.created_at,
      })),
    };
  }

  async function detail(conn: Database, scope: OrderScope, id: number): Promise<OrderDetail> {
    const row = await repo.find(conn, scope, id);
    if (!row) throw new AppError('NOT_FOUND');
    return toDetail(conn, row, await repo.items(conn, scope.companyId, [id]));
  }

  interface WantedLine {
    goods_id: number;
    sku_id: number | undefined;
    quantity: number;
    seen_price: number | undefined;
  }

  /**
   * The lines to order: the caller's selected cart lines, or the buy-now lines (`items`, or one
   * `goods_id`). Buy-now never reads or changes the cart.
   */
  async function linesOf(trx: Database, caller: Caller, input: OrderCreateInput): Promise<WantedLine[]> {
    const sources = [input.cart_ids?.length, input.items?.length, input.goods_id !== undefined];
    if (sources.filter(Boolean).length > 1)
      throw new AppError('PARAM_ERROR', '购物车结算与立即购买不能同时提交', 'items');
    if (input.items?.length) {
      return input.items.map((l) => ({
        goods_id: l.goods_id,
        sku_id: l.sku_id,
        quantity: l.quantity,
        seen_price: l.price,
      }));
    }
    if (input.cart_ids?.length) {
      const rows = await cartRepository.byIds(trx, caller.companyId, caller.userId, input.cart_ids);
      if (rows.length !== new Set(input.cart_ids).size)
        throw new AppError('NOT_FOUND', '购物车商品不存在，请刷新后重试', 'cart_ids');
      return rows.map((r) => ({
        goods_id: r.goods_id,
        sku_id: r.sku_id === 0 ? undefined : r.sku_id,
        quantity: r.quantity,
        seen_price: r.price_at_add,
      }));
    }
    if (input.goods_id !== undefined) {
      return [
        {
          goods_id: input.goods_id,
          sku_id: input.sku_id,
          quantity: input.quantity ?? 1,
          seen_price: input.expected_price,
        },
      ];
    }
    throw new AppError('CART_EMPTY');
  }

  /**
   * Why `changeGoods` left goods `goodsId` unchanged, read again now: the goods or a specification
   * of the order's lines was taken off sale meanwhile, or has too little stock.
   */
  async function refusalOf(
    trx: Database,
    companyId: number,
    goodsId: number,
    lines: readonly { goods_id: number; quantity: number; unit: { sku_id: number | null; label: string } }[],
  ): Promise<AppError> {
    const [fresh] = await goodsForSale(trx, companyId, [goodsId]);
    const mine = lines.filter((l) => l.goods_id === goodsId);
    if (!fresh || !isAvailable(fresh))
      return new AppError('GOODS_UNAVAILABLE', `「${fresh?.name ?? mine[0]?.unit.label ?? ''}」已下架`);
    const ids = mine.flatMap((l) => (l.unit.sku_id === null ? [] : [l.unit.sku_id]));
    const skus = new Map((await skusById(trx, companyId, ids)).map((k) => [k.id, k]));
    for (const l of mine) {
      const unit = saleUnit(fresh, l.unit.sku_id ?? undefined, skus);
      if (!unit.available) return skuStopped(unit);
      if (unit.stock < l.quantity) return stockShort(unit.label, unit.stock);
    }
    return stockShort(fresh.name, fresh.stock);
  }

  async function place(caller: Caller, input: OrderCreateInput) {
    // The contract takes every known method; only those of a provider in use, with what they
    // need (a transfer needs the shop's receiving account), can be paid.
    const method = input.payment_method;
    if (
      !deps.payments.usable(
        method,
        method === 'bank_transfer' ? await deps.accounts.of(caller.companyId) : null,
      )
    )
      throw new AppError(
        'PARAM_ERROR',
        deps.payments.provider(method) ? '本店暂未设置收款账户，请选择其他支付方式' : '请选择支付方式',
        'payment_method',
      );
    // The company's deadline (its crm settings), read before the transaction.
    const payMinutes = await deps.payments.payMinutes(caller.companyId, method);
    // Who hears of the new order: read before the transaction (the permission cache reads by itself).
    const staff = await notices.staffHolding(db, caller.companyId, 'view_order');
    const zone = await deps.zoneOf(caller.companyId);
    const placeIn = async (trx: Database) => {
      const now = nowIso();
      const lines = await linesOf(trx, caller, input);
      const goods = new Map(
        (
          await goodsForSale(
            trx,
            caller.companyId,
            lines.map((l) => l.goods_id),
          )
        ).map((g) => [g.id, g]),
      );
      const skus = new Map(
        (
          await skusById(
            trx,
            caller.companyId,
            lines.flatMap((l) => (l.sku_id === undefined ? [] : [l.sku_id])),
          )
        ).map((k) => [k.id, k]),
      );
      const priceChanges: PriceChange[] = [];
      // The per-order limit holds for a goods, whichever specifications its pieces are in.
      const pieces = new Map<number, number>();
      const priced = lines.map((l) => {
        const g = goods.get(l.goods_id);
        if (!g || !isAvailable(g))
          throw new AppError('GOODS_UNAVAILABLE', g ? `「${g.name}」已下架` : undefined);
        const unit = saleUnit(g, l.sku_id, skus);
        if (!unit.available) throw skuStopped(unit);
        pieces.set(g.id, (pieces.get(g.id) ?? 0) + l.quantity);
        const limit = overLimit(g, pieces.get(g.id) ?? l.quantity);
        if (limit) throw limit;
        if (l.seen_price !== undefined && l.seen_price !== unit.price) {
          priceChanges.push({
            goods_id: g.id,
            ...(unit.sku_id !== null && { sku_id: unit.sku_id }),
            name: unit.label,
            old_price: l.seen_price,
            new_price: unit.price,
          });
        }
        return { ...l, goods: g, unit, amount: unit.price * l.quantity };
      });
      const consignee = await consigneeRepository.find(
        trx,
        caller.companyId,
        caller.userId,
        input.consignee_id,
      );
      if (!consignee) throw new AppError('NOT_FOUND', '收货地址不存在', 'consignee_id');

      const goodsAmount = priced.reduce((s, l) => s + l.amount, 0);
      const coupon =
        input.coupon_id === undefined
          ? undefined
          : await useCoupon(trx, caller, { coupon_id: input.coupon_id }, goodsAmount);
      const discount = coupon?.discount ?? 0;

      const order = await repo.insert(
        trx,
        caller.companyId,
        {
          order_no: newOrderNo(zone, new Date(now)),
          user_id: caller.userId,
          status: ORDER_STATUS.AWAITING_PAYMENT,
          goods_amount: goodsAmount,
          discount_amount: discount,
          pay_amount: goodsAmount - discount,
          coupon_id: coupon?.couponId ?? null,
          member_coupon_id: coupon?.copyId ?? null,
          coupon_name: coupon?.name ?? '',
          consignee_name: consignee.name,
          consignee_mobile: consignee.mobile,
          consignee_address: consigneeText(consignee),
          payment_method: input.payment_method,
          remark: input.remark ?? '',
          expires_at: new Date(Date.now() + payMinutes * 60_000).toISOString(),
          paid_at: null,
          shipped_at: null,
          completed_at: null,
          closed_at: null,
          created_at: now,
          updated_at: now,
        },
        caller.username,
      );
      const orderId = order.id;
      const items = await repo.insertItems(
        trx,
        caller.companyId,
        priced.map((l) => ({
          order_id: orderId,
          goods_id: l.goods_id,
          sku_id: l.unit.sku_id,
          sku_text: l.unit.sku_text,
          name: l.goods.name,
          cover: l.goods.cover,
          price: l.unit.price,
          quantity: l.quantity,
          amount: l.amount,
        })),
      );
      const event = {
        from_status: null,
        to_status: ORDER_STATUS.AWAITING_PAYMENT,
        action: 'create',
        actor_name: caller.username,
        note: priceChanges.length ? `价格变动：${priceChanges.map((p) => p.name).join('、')}` : '',
        created_at: now,
      };
      await repo.insertEvent(trx, caller.companyId, {
        ...event,
        order_id: orderId,
        actor_id: caller.userId,
      });
      const after = nothingAfter();
      await notices.toStaff(trx, staff, 'created', { ...order, user_name: caller.username }, after);
      await coupon?.markUsed(orderId);
      if (input.cart_ids?.length)
        await cartRepository.remove(trx, caller.companyId, caller.userId, input.cart_ids);
      // Stock last: the goods rows every order wants are locked only for these updates and the commit.
      const short = await changeGoods(
        trx,
        caller.companyId,
        priced.map((l) => ({ goods_id: l.goods_id, sku_id: l.unit.sku_id, stock: -l.quantity })),
        { forSale: true, now },
      );
      if (short !== undefined) throw await refusalOf(trx, caller.companyId, short, priced);
      return { order, items, event, priceChanges, after };
    };
    // The order number is the second plus 6 random digits: on the rare equal one, place it again.
    const placeOnce = () => db.transaction().execute(placeIn);
    const placed = await onUnique(placeOnce, placeOnce);
    deps.goodsChanged(caller.companyId);
    notices.afterCommit(placed.after);
    // Answered from what was written: no reads after the commit but the shop's contact.
    return {
      order: await toDetail(db, placed.order, placed.items, [placed.event]),
      price_changes: placed.priceChanges,
    };
  }

  /**
   * One state change with its side effects and its event, in the caller's transaction (`move`
   * opens one). Answers the order as it is now, its lines, and whether goods' stock or sales changed.
   */
  async function moveIn(
    trx: Database,
    actor: Actor,
    scope: OrderScope,
    id: number,
    action: OrderAction,
    extra: MoveExtra = {},
  ) {
    const rule = ORDER_TRANSITIONS[action];
    // What the move does to each line's goods: stock back when the order closes unpaid or is
    // refunded, sales counted when it is paid and taken back when refunded.
    const stockBack = action === 'cancel' || action === 'expire' || action === 'refund';
    const salesSign = action === 'pay' ? 1 : action === 'refund' ? -1 : 0;
    const order = await repo.find(trx, scope, id);
    if (!order) throw new AppError('NOT_FOUND');
    if (!canDo(action, order.status))
      throw new AppError('ORDER_STATE', `订单${ORDER_STATUS_NAMES[order.status]}，不能${rule.name}`);
    const now = nowIso();
    const set: Parameters<typeof repo.moveStatus>[4] = { status: rule.to, updated_at: now };
    if (action === 'pay') set.paid_at = now;
    if (action === 'ship')
      Object.assign(set, {
        shipped_at: now,
        shipping_company: extra.shipping_company,
        tracking_no: extra.tracking_no,
      });
    if (action === 'receive') set.completed_at = now;
    if (action === 'cancel' || action === 'expire' || action === 'refund') set.closed_at = now;
    if (!(await repo.moveStatus(trx, order.company_id, id, rule.from, set)))
      throw new AppError('ORDER_STATE');

    const items = await repo.items(trx, order.company_id, [id]);
    // The warehouses (ADR 0022): a shipment takes what the order reserved out of them (the
    // default warehouse first; refused when short), a refund of a shipped order puts it back.
    const stockActor =
      'system' in actor
        ? { userId: null, name: actor.name ?? '系统' }
        : { userId: actor.caller.userId, name: actor.caller.username };
    if (action === 'ship') await shipOrder(trx, order.company_id, order, items, stockActor, now);
    if (action === 'refund' && order.status === ORDER_STATUS.SHIPPED)
      await returnOrder(trx, order.company_id, order, stockActor, now);
    if ((action === 'cancel' || action === 'expire') && order.member_coupon_id !== null) {
      await releaseCoupon(trx, order.company_id, order.member_coupon_id);
    }
    await repo.insertEvent(trx, order.company_id, {
      order_id: id,
      from_status: order.status,
      to_status: rule.to,
      action,
      actor_id: 'system' in actor ? null : actor.caller.userId,
      actor_name:
        'system' in actor
          ? (actor.name ?? '系统')
          : `${actor.caller.username}${actor.staff ? '（店员）' : ''}`,
      note: extra.note ?? (action === 'ship' ? `${extra.shipping_company} ${extra.tracking_no}` : ''),
      created_at: now,
    });
    // Goods last (changeGoods): in goods-id order, held only until the commit.
    const deltas: GoodsDelta[] = items.map((i) => ({
      goods_id: i.goods_id,
      sku_id: i.sku_id,
      stock: stockBack ? i.quantity : 0,
      sales: salesSign * i.quantity,
    }));
    // The member hears of what they did not do themselves, in this transaction; texts after it.
    const after = nothingAfter();
    await notices.toMember(trx, action, order, { ...extra, staff: 'caller' in actor && actor.staff }, after);
    if (stockBack || salesSign) await changeGoods(trx, order.company_id, deltas, { now });
    return { row: { ...order, ...set }, items, goodsChanged: stockBack || salesSign !== 0, after };
  }

  /** One state change in its own transaction; this process's list answers learn of the goods. */
  async function move(...args: Parameters<typeof moveIn> extends [Database, ...infer R] ? R : never) {
    const moved = await db.transaction().execute((trx) => moveIn(trx, ...args));
    if (moved.goodsChanged) deps.goodsChanged(moved.row.company_id);
    notices.afterCommit(moved.after);
    return moved;
  }

  /** A state change, answered with the order as it is now. */
  async function moveAndShow(...args: Parameters<typeof move>) {
    const { row, items } = await move(...args);
    return toDetail(db, row, items);
  }

  /** A page of the list; the date range in the company's days (order-export.ts `orderFilterOf`). */
  async function page(
    scope: OrderScope,
    input: Parameters<typeof orderFilterOf>[1] & ListFilter & { page?: number; page_size?: number },
  ) {
    const f = orderFilterOf(await deps.zoneOf(scope.companyId), input);
    const { page: p, pageSize: size, offset } = pageParams(f);
    const [rows, count] = await Promise.all([
      repo.page(db, scope, f, size, offset),
      repo.count(db, scope, f),
    ]);
    return { count, page: p, pageSize: size, results: await toOrders(db, scope.companyId, rows) };
  }

  return {
    place,
    moveIn,
    notices,
    /** Listens to the company's order signals (new orders, receipts): answers how to stop. */
    signals: (companyId: number, listener: (signal: unknown) => void) =>
      deps.notices.push.subscribe(ORDER_TOPIC, companyId, listener),
    toDetail,
    /** The order as the member or staff sees it (after a payment-side change). */
    show: (conn: Database, scope: OrderScope, id: number) => detail(conn, scope, id),
    list: (caller: Caller, f: Parameters<typeof page>[1]) => page(mine(caller), f),
    manageList: (caller: Caller, f: Parameters<typeof page>[1]) => page(shop(caller), f),
    detail: (caller: Caller, id: number) => detail(db, mine(caller), id),
    manageDetail: (caller: Caller, id: number) => detail(db, shop(caller), id),
    async counts(caller: Caller) {
      const rows = await repo.countsByStatus(db, mine(caller));
      return Object.fromEntries(
        Object.keys(ORDER_STATUS_NAMES).map((s) => [
          s,
          Number(rows.find((r) => r.status === Number(s))?.n ?? 0),
        ]),
      );
    },

    cancel: (caller: Caller, id: number) => moveAndShow({ caller, staff: false }, mine(caller), id, 'cancel'),
    receive: (caller: Caller, id: number) =>
      moveAndShow({ caller, staff: false }, mine(caller), id, 'receive'),

    /** Staff actions: the permission was checked by the route; the order must be in their company. */
    async staff(
      caller: Caller,
      id: number,
      action: 'pay' | 'ship' | 'cancel' | 'refund',
      extra: MoveExtra = {},
    ) {
      return moveAndShow({ caller, staff: true }, shop(caller), id, action, extra);
    },

    /** Cancels unpaid orders past their time and gives their stock and coupons back. */
    async expireDue(now = nowIso(), batch = 100) {
      let done = 0;
      for (;;) {
        const due = await repo.expired(db, now, batch);
        const before = done;
        for (const o of due) {
          try {
            await move({ system: true }, { companyId: o.company_id }, o.id, 'expire');
            done += 1;
          } catch (error) {
            // Paid or cancelled meanwhile: nothing to do for this one.
            if (!(error instanceof AppError)) throw error;
          }
        }
        if (due.length < batch || done === before) return done;
      }
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;
