import {
  type Codename,
  MEMBER_ROLE,
  type OrderAction,
  type OrderSignal,
  type OrderSignalKind,
  PAYMENT_METHODS,
  type PaymentMethod,
  SUPER_ADMIN_ROLE,
} from '@portal/contract';
import { type Notice, notify, type Recipient } from '#server/modules/inbox/index.ts';
import type { PermissionCache } from '#server/platform/auth/permission-cache.ts';
import type { Database } from '#server/platform/db/database.ts';
import type { PushHub } from '#server/platform/push/push.ts';
import { nowIso } from '#server/platform/time.ts';
import { orderRepository as repo } from './order.repository.ts';

/** The push hub's topic of the back office's order signals (`/order/manage/stream`). */
export const ORDER_TOPIC = 'order';

/** Where the back office's order list is, and where a member's order opens. */
const MANAGER_LINK = '/crm/order_manager';
const memberLink = (id: number) => `/Workbench?tab=orders&order=${id}`;

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

export interface OrderNoticeDeps {
  /** Who holds a codename in a company (roles, the company's overrides, assistants' grants). */
  permissions: Pick<PermissionCache, 'has'>;
  push: PushHub;
  /** Sends a text message (modules/sms); called after the commit, a failure is logged. */
  sms: (m: { companyId: number; mobile: string; content: string; now: string }) => Promise<void>;
  /** The shop's name for the text's signature. */
  shopName: (companyId: number) => Promise<string>;
  log: (err: unknown, what: string) => void;
}

/** The part of an order a notice names. */
export interface NoticeOrder {
  id: number;
  company_id: number;
  user_id: number;
  order_no: string;
  pay_amount: number;
  payment_method: string;
  user_name?: string;
}

/** What to do once the writer's transaction has committed: texts to send, signals to push. */
export interface AfterCommit {
  texts: { companyId: number; mobile: string; content: string }[];
  signals: { companyId: number; signal: OrderSignal }[];
}
export const nothingAfter = (): AfterCommit => ({ texts: [], signals: [] });

/** What a member is told of a move they did not make themselves. */
function memberNotice(
  action: OrderAction,
  o: NoticeOrder,
  extra: { note?: string; shipping_company?: string; tracking_no?: string; staff: boolean },
): { title: string; content: string; text: string } | undefined {
  const no = o.order_no;
  const note = extra.note ? `，说明：${extra.note}` : '';
  switch (action) {
    case 'pay':
      return {
        title: '订单已确认收款',
        content: `您的订单 ${no} 已确认收款（${yuan(o.pay_amount)}），商家将尽快发货。`,
        text: `您的订单${no}已确认收款${yuan(o.pay_amount)}，商家将尽快发货。`,
      };
    case 'ship':
      return {
        title: '订单已发货',
        content: `您的订单 ${no} 已发货：${extra.shipping_company ?? ''} ${extra.tracking_no ?? ''}。`,
        text: `您的订单${no}已发货，${extra.shipping_company ?? ''}运单号${extra.tracking_no ?? ''}。`,
      };
    case 'refund':
      return {
        title: '订单已退款',
        content: `您的订单 ${no} 已退款 ${yuan(o.pay_amount)}${extra.note ? `，原因：${extra.note}` : ''}。`,
        text: `您的订单${no}已退款${yuan(o.pay_amount)}，请留意到账。`,
      };
    case 'cancel':
      // The member's own cancel tells them nothing new.
      if (!extra.staff) return undefined;
      return {
        title: '订单已被商家取消',
        content: `您的订单 ${no} 已被商家取消${note}。`,
        text: `您的订单${no}已被商家取消，如有疑问请联系商家。`,
      };
    case 'expire':
      return {
        title: '订单超时已取消',
        content: `您的订单 ${no} 超过付款时间未付款，已自动取消。`,
        text: `您的订单${no}超过付款时间未付款，已自动取消。`,
      };
    default:
      return undefined;
  }
}

/**
 * Who is told of an order's events, and how (issue 35, docs/shop.md "Notices"): the member in
 * 我的消息 (inbox) and, when they allow it, by text message; the staff who handle orders in
 * 我的消息 and by the back office's live signal. The inbox messages are written in the writer's
 * transaction (kept exactly when the event is); texts and signals go after the commit
 * (`afterCommit`), a failed text logged and never undoing the event.
 */
export function orderNotices(deps: OrderNoticeDeps) {
  /**
   * The company's staff who hold `codename` (members and the platform's super administrator left
   * out). Read before the writer's transaction: the permission cache reads outside it.
   */
  async function staffHolding(db: Database, companyId: number, codename: Codename): Promise<Recipient[]> {
    const rows = await repo.staffRoles(db, companyId, [MEMBER_ROLE, SUPER_ADMIN_ROLE]);
    const found = new Set<number>();
    for (const r of rows) {
      if (found.has(r.id)) continue;
      if (await deps.permissions.has({ companyId, role: r.role, userId: r.id }, codename)) found.add(r.id);
    }
    return [...found].map((user_id) => ({ user_id, company_id: companyId }));
  }

  /** Tells staff (in the transaction) and queues the live signal. */
  async function toStaff(
    trx: Database,
    staff: readonly Recipient[],
    kind: OrderSignalKind,
    o: NoticeOrder,
    after: AfterCommit,
  ) {
    const method = PAYMENT_METHODS[o.payment_method as PaymentMethod] ?? o.payment_method;
    const who = o.user_name ? `会员 ${o.user_name} ` : '';
    const notice: Notice =
      kind === 'created'
        ? {
            kind: 'order',
            title: `新订单 ${o.order_no}`,
            content: `${who}下单 ${o.order_no}，${method}，应付 ${yuan(o.pay_amount)}。`,
            link: MANAGER_LINK,
          }
        : {
            kind: 'order',
            title: `订单 ${o.order_no} 已上传转账凭证`,
            content: `${who}为订单 ${o.order_no}（应付 ${yuan(o.pay_amount)}）上传了转账凭证，请核对到账后确认收款。`,
            link: MANAGER_LINK,
          };
    if (staff.length > 0) await notify(trx, staff, notice);
    after.signals.push({
      companyId: o.company_id,
      signal: { kind, id: o.id, order_no: o.order_no, pay_amount: o.pay_amount },
    });
  }

  /** Tells the member of a move (in the transaction) and queues their text when they allow it. */
  async function toMember(
    trx: Database,
    action: OrderAction,
    o: NoticeOrder,
    extra: { note?: string; shipping_company?: string; tracking_no?: string; staff: boolean },
    after: AfterCommit,
  ) {
    const told = memberNotice(action, o, extra);
    if (!told) return;
    await notify(trx, [{ user_id: o.user_id, company_id: o.company_id }], {
      kind: 'order',
      title: told.title,
      content: told.content,
      link: memberLink(o.id),
    });
    const member = await repo.memberContact(trx, o.company_id, o.user_id);
    if (member?.order_sms === 1 && member.mobile)
      after.texts.push({ companyId: o.company_id, mobile: member.mobile, content: told.text });
  }

  /**
   * After the commit: the signals to the open back offices at once, then the texts in the
   * background (a gateway may take seconds; the action's answer does not wait), each failure logged.
   */
  function afterCommit(after: AfterCommit): void {
    for (const s of after.signals) deps.push.publish(ORDER_TOPIC, s.companyId, s.signal);
    if (after.texts.length === 0) return;
    void (async () => {
      for (const t of after.texts) {
        try {
          const name = await deps.shopName(t.companyId);
          await deps.sms({ ...t, content: `【${name}】${t.content}`, now: nowIso() });
        } catch (err) {
          deps.log(err, 'order notice text not sent');
        }
      }
    })();
  }

  return { staffHolding, toStaff, toMember, afterCommit };
}

export type OrderNotices = ReturnType<typeof orderNotices>;
