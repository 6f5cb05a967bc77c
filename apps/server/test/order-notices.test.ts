import { Codes, MEMBER_ROLE } from '@portal/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createGoods } from '../src/seed/seed.ts';
import { type Harness, redisAnswers, TEST_REDIS_URL, testApp } from './harness.ts';
import { expireByHand } from './orders.ts';

/**
 * Issue 35, items 2 and 3: a transfer receipt seen by both sides and stopping the payment timer;
 * order events told to the member (inbox, texts they allow) and to staff (inbox, the live stream,
 * across processes through Redis). SQLite, and PostgreSQL with TEST_PG_URL.
 */
let h: Harness;
let companyId: number;
let otherCompany: number;
let admin: Record<string, string>;
let adminId: number;
let otherAdmin: Record<string, string>;
let otherAdminId: number;

const SHOP_ADMIN_ROLE = 12;
const ACCOUNT = {
  bank_name: '中国建设银行',
  branch_name: '杭州西湖支行',
  account_name: '测试商城有限公司',
  account_no: '6217 0000 1111 2222',
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Member = Awaited<ReturnType<Harness['member']>>;

let mobiles = 0;
/** A mobile no one else in the run has (users.mobile is unique). */
function nextMobile() {
  mobiles += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(mobiles).padStart(4, '0')}`;
}

async function member(mobile = nextMobile()) {
  const m = await h.member(companyId);
  await h.db
    .updateTable('users')
    .set({ mobile })
    .where('id', '=', await idOf(m.user.username))
    .execute();
  return m;
}
const idOf = async (username: string) =>
  (await h.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

async function order(m: Member, method = 'bank_transfer', quantity = 1, app = h.app) {
  const g = await createGoods(h.db, companyId, {
    category_id: null,
    name: '通知测试商品',
    price: 5000,
    stock: 5,
    on_sale: 1,
  });
  const r = (
    await app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: m.headers,
      payload: { goods_id: g, quantity, consignee_id: m.consigneeId, payment_method: method },
    })
  ).json();
  return r;
}
async function placed(m: Member, method = 'bank_transfer') {
  const r = await order(m, method);
  expect(r.c, JSON.stringify(r)).toBe(0);
  return r.d.order as { id: number; order_no: string; receipt_waiting: number; expires_at: string };
}
const upload = (headers: Record<string, string>, orderId: number) =>
  h
    .multipart(
      '/api/order/receipt/upload',
      { id: String(orderId) },
      { name: 'r.png', content: PNG, type: 'image/png' },
      headers,
    )
    .then((r) => r.json());

const messages = (userId: number) =>
  h.db
    .selectFrom('inbox_messages')
    .select(['title', 'content', 'link', 'kind'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const texts = (mobile: string) =>
  h.db.selectFrom('sms_outbox').select(['content', 'purpose']).where('mobile', '=', mobile).execute();

beforeAll(async () => {
  h = await testApp({ CACHE_RECHECK_MS: '0', PUSH_STREAM_SECONDS: '300' });
  companyId = await h.company('通知单位');
  otherCompany = await h.company('别家单位');
  const a = await h.as(SHOP_ADMIN_ROLE, companyId);
  admin = a.headers;
  adminId = await idOf(a.user.username);
  const o = await h.as(SHOP_ADMIN_ROLE, otherCompany);
  otherAdmin = o.headers;
  otherAdminId = await idOf(o.user.username);
  expect((await h.post('/api/payment/account/save', ACCOUNT, admin)).json().c).toBe(0);
});
afterAll(async () => {
  // The streams' test client keeps pooled sockets the server does not see as idle: drop them.
  const closing = h.app.close();
  h.app.server.closeAllConnections();
  await closing;
  await h.database.close();
});

describe('a transfer receipt waits for the shop', () => {
  it('is seen as waiting by the member and the shop, and the shop can list only those', async () => {
    const m = await member();
    const plain = await placed(m);
    const sent = await placed(m);
    expect(sent.receipt_waiting).toBe(0);
    const up = await upload(m.headers, sent.id);
    expect(up).toMatchObject({ c: 0, d: { id: sent.id, status: 1, receipt_waiting: 1 } });

    const mine = await m.call('/order/list', {});
    const waiting = (id: number) =>
      mine.d.results.find((o: { id: number; receipt_waiting: number }) => o.id === id)?.receipt_waiting;
    expect([waiting(sent.id), waiting(plain.id)]).toEqual([1, 0]);
    expect((await h.post('/api/order/manage/detail', { id: sent.id }, admin)).json().d.receipt_waiting).toBe(
      1,
    );

    const filtered = (await h.post('/api/order/manage/list', { receipt_waiting: 1 }, admin)).json();
    const ids = filtered.d.results.map((o: { id: number }) => o.id);
    expect(ids).toContain(sent.id);
    expect(ids).not.toContain(plain.id);
    expect(filtered.d.results.every((o: { receipt_waiting: number }) => o.receipt_waiting === 1)).toBe(true);
    // Another company's staff see none of it.
    const theirs = (await h.post('/api/order/manage/list', { receipt_waiting: 1 }, otherAdmin)).json();
    expect(theirs.d.results).toEqual([]);
    const bad = (await h.post('/api/order/manage/list', { receipt_waiting: 2 }, admin)).json();
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'receipt_waiting' });

    // Confirmed: no longer waiting.
    expect((await h.post('/api/order/pay/confirm', { id: sent.id }, admin)).json().d).toMatchObject({
      status: 2,
      receipt_waiting: 0,
    });
  });

  it('stops the payment timer while a receipt waits, and gives the stopped time back when it is deleted', async () => {
    const m = await member();
    const running = await placed(m);
    const stopped = await placed(m);
    await upload(m.headers, stopped.id);
    // Both past their time: the sweep cancels only the one without a receipt.
    await expireByHand(h, running.id);
    await expireByHand(h, stopped.id);
    const status = async (id: number) => (await m.call('/order/detail', { id })).d.status;
    expect([await status(running.id), await status(stopped.id)]).toEqual([5, 1]);

    // The receipt waited 10 minutes; the order was 5 minutes from its end when it came.
    const tenAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const fiveAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await h.db
      .updateTable('orders')
      .set({ receipt_at: tenAgo, expires_at: fiveAgo })
      .where('id', '=', stopped.id)
      .execute();
    const detail = await m.call('/order/detail', { id: stopped.id });
    const del = await m.call('/order/receipt/delete', {
      id: stopped.id,
      receipt_id: detail.d.receipts[0].id,
    });
    expect(del.d.receipt_waiting).toBe(0);
    const left = Date.parse(del.d.expires_at) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThan(6 * 60_000);
    const row = await h.db
      .selectFrom('orders')
      .select('receipt_at')
      .where('id', '=', stopped.id)
      .executeTakeFirstOrThrow();
    expect(row.receipt_at).toBeNull();
  });
});

describe('order events are told', () => {
  it('tells the shop’s order staff of a new order and of a receipt, in the same transaction', async () => {
    const clerk = await h.as(5, companyId); // 业务人员: no view_order
    const clerkId = await idOf(clerk.user.username);
    const m = await member();
    const before = (await messages(adminId)).length;
    const o = await placed(m);
    const told = await messages(adminId);
    expect(told.slice(before)).toEqual([
      expect.objectContaining({ kind: 'order', title: `新订单 ${o.order_no}`, link: '/crm/order_manager' }),
    ]);
    await upload(m.headers, o.id);
    await upload(m.headers, o.id); // a second picture of the same transfer tells no one again
    const after = await messages(adminId);
    expect(after.slice(told.length).map((x) => x.title)).toEqual([`订单 ${o.order_no} 已上传转账凭证`]);
    expect(await messages(clerkId)).toEqual([]);
    expect(await messages(otherAdminId)).toEqual([]);

    // An order refused (stock short) rolls its message back with it.
    const count = (await messages(adminId)).length;
    expect((await order(m, 'bank_transfer', 9)).c).toBe(Codes.STOCK_NOT_ENOUGH.c);
    expect((await messages(adminId)).length).toBe(count);
  });

  it('tells the member of a payment, a shipment, a refund and a cancel by the shop; texts them while they allow it', async () => {
    const mobile = nextMobile();
    const m = await member(mobile);
    const memberId = await idOf(m.user.username);
    const o = await placed(m, 'cod');
    expect((await h.post('/api/order/pay/confirm', { id: o.id }, admin)).json().c).toBe(0);
    const ship = { id: o.id, shipping_company: '顺丰速运', tracking_no: 'SF1234567890' };
    expect((await h.post('/api/order/ship', ship, admin)).json().c).toBe(0);
    expect((await h.post('/api/order/refund', { id: o.id, note: '缺货' }, admin)).json().c).toBe(0);
    const titles = (await messages(memberId)).map((x) => x.title);
    expect(titles).toEqual(['订单已确认收款', '订单已发货', '订单已退款']);
    expect((await messages(memberId))[1]).toMatchObject({
      content: expect.stringContaining('SF1234567890'),
      link: `/Workbench?tab=orders&order=${o.id}`,
    });
    // The texts go after the commit, in the background.
    await vi.waitFor(async () => expect(await texts(mobile)).toHaveLength(3));
    expect((await texts(mobile)).every((t) => t.purpose === 'order' && t.content.startsWith('【'))).toBe(
      true,
    );

    // The member turns texts off: messages still come, texts no more.
    const settings = await h.app.inject({
      method: 'GET',
      url: '/api/account/notice/settings',
      headers: m.headers,
    });
    expect(settings.json()).toEqual({ c: 0, d: { order_sms: 1, mobile } });
    const off = await m.call('/account/notice/settings/save', { order_sms: 0 });
    expect(off).toEqual({ c: 0, d: { order_sms: 0, mobile } });
    const cancelled = await placed(m, 'cod');
    expect(
      (await h.post('/api/order/manage/cancel', { id: cancelled.id, note: '联系不上' }, admin)).json().c,
    ).toBe(0);
    expect((await messages(memberId)).at(-1)).toMatchObject({
      title: '订单已被商家取消',
      content: expect.stringContaining('联系不上'),
    });
    // The member's own cancel tells them nothing.
    const own = await placed(m, 'cod');
    expect((await m.call('/order/cancel', { id: own.id })).c).toBe(0);
    expect((await messages(memberId)).length).toBe(4);
    await new Promise((r) => setTimeout(r, 50));
    expect(await texts(mobile)).toHaveLength(3);
  });

  it('tells the member when the timer cancels their order', async () => {
    const m = await member();
    const memberId = await idOf(m.user.username);
    const o = await placed(m);
    await expireByHand(h, o.id);
    expect((await messages(memberId)).map((x) => x.title)).toEqual(['订单超时已取消']);
  });

  it('checks the notice settings’ input and caller', async () => {
    const m = await member();
    const bad = await m.call('/account/notice/settings/save', { order_sms: 3 });
    expect(bad).toMatchObject({ c: Codes.PARAM_ERROR.c, field: 'order_sms', m: '订单短信通知只能是0或1' });
    const anon = await h.app.inject({ method: 'GET', url: '/api/account/notice/settings' });
    expect(anon.json().c).toBe(Codes.NOT_LOGGED_IN.c);
  });

  it('keeps the action when a text cannot be sent (logged, not fatal)', async () => {
    const broken = await testApp({ SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
    try {
      const cid = await broken.company('短信坏了');
      const shop = await broken.as(SHOP_ADMIN_ROLE, cid);
      const m = await broken.member(cid);
      await broken.db
        .updateTable('users')
        .set({ mobile: '13900004444' })
        .where('username', '=', m.user.username)
        .execute();
      const g = await createGoods(broken.db, cid, {
        category_id: null,
        name: '商品',
        price: 100,
        stock: 3,
        on_sale: 1,
      });
      const o = await m.call('/order/create', {
        goods_id: g,
        quantity: 1,
        consignee_id: m.consigneeId,
        payment_method: 'cod',
      });
      const paid = (await broken.post('/api/order/pay/confirm', { id: o.d.order.id }, shop.headers)).json();
      expect(paid).toMatchObject({ c: 0, d: { status: 2 } });
      await new Promise((r) => setTimeout(r, 100));
      expect(
        await broken.db.selectFrom('sms_outbox').select('id').where('mobile', '=', '13900004444').execute(),
      ).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

/** Reads Server-Sent Events' `data:` lines as they come. */
async function openStream(base: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/order/manage/stream`, { headers, signal: abort.signal });
  const events: { kind: string; id: number; order_no: string }[] = [];
  if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            for (const line of buffer.slice(0, i).split('\n'))
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
            buffer = buffer.slice(i + 2);
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { res, events, close: () => abort.abort() };
}

describe('the back office’s live order signal', () => {
  let base: string;
  beforeAll(async () => {
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('is refused to anonymous callers and to those who may not view orders', async () => {
    const anon = await openStream(base, {});
    expect(((await anon.res.json()) as { c: number }).c).toBe(Codes.NOT_LOGGED_IN.c);
    const m = await h.as(MEMBER_ROLE, companyId);
    const denied = await openStream(base, m.headers);
    expect(((await denied.res.json()) as { c: number }).c).toBe(Codes.FORBIDDEN.c);
  });

  it('tells the staff of the order’s company at once, and no other company', async () => {
    const mine = await openStream(base, admin);
    const theirs = await openStream(base, otherAdmin);
    try {
      expect(mine.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const m = await member();
      const o = await placed(m);
      await vi.waitFor(() =>
        expect(mine.events).toContainEqual(expect.objectContaining({ kind: 'created', id: o.id })),
      );
      await upload(m.headers, o.id);
      await vi.waitFor(() =>
        expect(mine.events).toContainEqual(expect.objectContaining({ kind: 'receipt', id: o.id })),
      );
      expect(theirs.events).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('several processes (Redis pub/sub)', () => {
  it('carries a new order from one app instance to a page open on another', async () => {
    const prefix = `portal-test-${Math.random().toString(36).slice(2, 8)}`;
    const one = await testApp({ REDIS_URL, JOBS_PREFIX: prefix, PUSH_STREAM_SECONDS: '300' });
    const two = await buildApp({ database: one.database, config: one.config });
    const watcher = new Redis(REDIS_URL);
    try {
      const cid = await one.company('两个进程');
      const shop = await one.as(SHOP_ADMIN_ROLE, cid);
      const m = await one.member(cid);
      const base = await two.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(base, shop.headers);
      // Both processes subscribed before the order is placed on the first.
      await vi.waitFor(async () => {
        const [, n] = (await watcher.pubsub('NUMSUB', `${prefix}:push`)) as [string, number];
        expect(Number(n)).toBeGreaterThanOrEqual(2);
      });
      const g = await createGoods(one.db, cid, {
        category_id: null,
        name: '商品',
        price: 100,
        stock: 3,
        on_sale: 1,
      });
      const o = await m.call('/order/create', {
        goods_id: g,
        quantity: 1,
        consignee_id: m.consigneeId,
        payment_method: 'cod',
      });
      expect(o.c).toBe(0);
      await vi.waitFor(() =>
        expect(stream.events).toContainEqual(expect.objectContaining({ kind: 'created', id: o.d.order.id })),
      );
      stream.close();
    } finally {
      watcher.disconnect();
      await two.close();
      await one.close();
    }
  });
});
