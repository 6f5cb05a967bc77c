import { randomBytes } from 'node:crypto';
import { MEMBER_ROLE, SUPER_ADMIN_ROLE } from '@portal/contract';
import type { Selectable } from 'kysely';
import { rebuildCatalogueIndex } from '#server/modules/catalogue/index.ts';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import type { DB } from '#server/platform/db/schema.ts';
import { nowIso } from '#server/platform/time.ts';
import { seedAdvertisings, seedNews } from '#server/seed/demo-cms.ts';
import { createGoods, createUser } from '#server/seed/seed.ts';
import { modulesDatabase } from '../../src/platform/db/database.ts';
import type { Harness } from '../harness.ts';
import { PASSWORD } from '../harness.ts';
import { allTables, idsByCompany } from './fingerprint.ts';
import type { IdPool } from './values.ts';

/** Company A's private text carries this; no reply to anonymous or to company B may contain it. */
export const MARK = '机密A7Q3';
/** The same for fields that take ASCII only (tracking numbers, usernames, e-mail). */
export const MARK_ASCII = 'secret7q3';
/** Company A's members' mobile. */
export const MARK_MOBILE = '13700007373';

let ipSeq = 0;
/**
 * Every request of the walk comes from its own address, so per-IP limits (public forms, person
 * search, failed logins) never answer for the validation the walk means to reach.
 */
export const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export interface Caller {
  name: string;
  userId: number;
  companyId: number;
  role: number;
  token: string;
  /** The session row, to mint another session for the same user (see `mint`). */
  session: Selectable<DB['sessions']>;
}

export const authHeaders = (c: Caller | null): Record<string, string> =>
  c ? { authorization: `Token ${c.token}` } : {};

type Json = { c: number; d?: unknown; m?: string } & Record<string, unknown>;

export class World {
  readonly callers = new Map<string, Caller>();
  constructor(readonly h: Harness) {}

  async login(name: string, username: string, companyId: number, role: number, userId: number) {
    const res = await this.h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username, password: PASSWORD },
      remoteAddress: nextIp(),
    });
    const body = res.json() as Json;
    if (body.c !== 0) throw new Error(`login of ${name} failed: ${res.body}`);
    const token = (body.d as { token: string }).token;
    const session = await this.h.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const caller: Caller = { name, userId, companyId, role, token, session };
    this.callers.set(name, caller);
    return caller;
  }

  async user(
    name: string,
    companyId: number,
    role: number,
    extra: { username?: string; real_name?: string } = {},
  ) {
    const username = extra.username ?? `walk_${name}_${randomBytes(3).toString('hex')}`;
    const userId = await createUser(this.h.db, {
      companyId,
      username,
      password: PASSWORD,
      role,
      real_name: extra.real_name ?? `走查${name}`,
    });
    return this.login(name, username, companyId, role, userId);
  }

  /** Another session of the same user, written as a login writes it (for routes that end the session). */
  async mint(c: Caller): Promise<Caller> {
    const token = newToken();
    await this.h.db
      .insertInto('sessions')
      .values({ ...c.session, id: hashToken(token) })
      .execute();
    return { ...c, token };
  }

  async alive(c: Caller) {
    const res = await this.h.app.inject({
      method: 'GET',
      url: '/api/account/info',
      headers: authHeaders(c),
      remoteAddress: nextIp(),
    });
    return (res.json() as Json).c === 0;
  }

  /** Replaces a caller whose session a route ended. */
  async revive(c: Caller) {
    if (await this.alive(c)) return c;
    const fresh = await this.mint(c);
    c.token = fresh.token;
    return c;
  }

  /** A call the seeding needs to succeed (form post or query, as the browser sends). */
  async call(
    c: Caller | null,
    url: string,
    form: Record<string, string | number | number[]> = {},
    method = 'POST',
  ) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) {
      for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
    }
    const res = await this.h.app.inject({
      method: method as 'POST' | 'GET',
      url: method === 'GET' ? `/api${url}?${params}` : `/api${url}`,
      headers: {
        ...authHeaders(c),
        ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      remoteAddress: nextIp(),
      ...(method === 'GET' ? {} : { payload: params.toString() }),
    });
    const body = res.json() as Json;
    if (body.c !== 0) throw new Error(`seeding ${url} ${JSON.stringify(form)} failed: ${res.body}`);
    return body.d as Record<string, unknown> & { id: number };
  }
}

export interface SeededCompany {
  tag: string;
  companyId: number;
  admin: Caller;
  member: Caller;
  pool: IdPool;
}

/**
 * One company with a row in every table the API writes, made through the API wherever it can
 * (public forms, member shop flows, staff reviews), directly where no route writes (goods, coupons,
 * news, FAQ, projects, the SMS outbox). With `secret`, its genuinely private rows carry the marks:
 * member name, mobile, e-mail and username; consignee; order remark and tracking number; supplier
 * application; unanswered question; unapproved board message; and what is not published yet (draft
 * news, disabled advertising, draft promotion, off-sale goods, hidden FAQ, private project, SMS).
 * What any visitor may read (published goods, categories, news, reviews, answered public questions,
 * approved messages) carries no mark.
 */
export async function seedCompany(w: World, tag: string, secret: boolean): Promise<SeededCompany> {
  const { h } = w;
  const db = h.db;
  const mark = secret ? MARK : '';
  const ascii = secret ? MARK_ASCII : 'plain';
  const mobile = secret ? MARK_MOBILE : '13600001111';
  const now = nowIso();
  const day = 86_400_000;
  const companyId = await h.company(`走查${tag}`);
  const admin = await w.user(`${tag}-admin`, companyId, SUPER_ADMIN_ROLE);
  const member = await w.user(`${tag}-member`, companyId, MEMBER_ROLE, {
    username: `walk_${tag}_${ascii}_${randomBytes(3).toString('hex')}`,
    real_name: `${mark}会员`,
  });
  await db
    .updateTable('users')
    .set({ mobile, email: `${ascii}.${tag}@example.cn` })
    .where('id', '=', member.userId)
    .execute();

  // Catalogue: categories through the API, goods straight to the table (no route writes goods yet).
  const root = await w.call(admin, '/shop/goods/category/add', { name: '走查茶叶' });
  const leaf = await w.call(admin, '/shop/goods/category/add', { name: '走查绿茶', parent_id: root.id });
  const goods = (name: string, onSale = 1) =>
    createGoods(db, companyId, { category_id: leaf.id, name, price: 1000, stock: 100, on_sale: onSale });
  const g1 = await goods('走查龙井');
  const g2 = await goods('走查毛峰');
  await goods(`${mark}未上架商品`, 0);
  await rebuildCatalogueIndex(modulesDatabase(db), companyId);
  const coupon = (name: string, code: string) =>
    db
      .insertInto('coupons')
      .values({
        company_id: companyId,
        name,
        code,
        amount: 100,
        min_amount: 0,
        start_time: new Date(Date.now() - day).toISOString(),
        end_time: new Date(Date.now() + 30 * day).toISOString(),
        total: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const open = await coupon('走查满减券', '');
  await coupon('走查口令券', `WALK${tag}`);

  // The member's own: address, like, coupon held, cart line, orders in every state, a review.
  const address = await w.call(member, '/consignee/update', {
    name: `${mark}收货人`,
    mobile,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: `${mark}文三路1号`,
  });
  await w.call(member, '/goods/love', { goods_id: g1 });
  await w.call(member, '/coupon/get', { coupon_id: open.id });
  await w.call(member, '/cart/add', { goods_id: g2, quantity: 1 });
  const order = async () => {
    const placed = await w.call(member, '/order/create', {
      goods_id: g1,
      quantity: 1,
      consignee_id: address.id,
      payment_method: 'cod',
      remark: `${mark}订单备注`,
    });
    return (placed as unknown as { order: { id: number; items: { id: number }[] } }).order;
  };
  await order(); // stays unpaid
  const paid = await order();
  await w.call(admin, '/order/pay/confirm', { id: paid.id });
  const done = await order();
  await w.call(admin, '/order/pay/confirm', { id: done.id });
  await w.call(admin, '/order/ship', { id: done.id, shipping_company: '顺丰', tracking_no: `SF${ascii}` });
  await w.call(member, '/order/receive', { id: done.id });
  const review = await w.call(member, '/goods/review', {
    order_item_id: done.items[0]?.id ?? 0,
    rating: 5,
    content: '走查好评',
  });
  await w.call(admin, '/goods/review/reply', { id: review.id, reply: '走查感谢' });
  const cancelled = await order();
  await w.call(member, '/order/cancel', { id: cancelled.id });

  // Visitor forms (anonymous, naming the company): a pending application, questions, messages.
  await w.call(null, '/supplier/apply', {
    company_id: companyId,
    name: `${mark}供应商`,
    contact: `${mark}联系人`,
    mobile,
    email: `${ascii}@example.cn`,
    supply_category: '包装材料',
    description: `${mark}供应商简介`,
  });
  await w.call(null, '/online/opinion', {
    company_id: companyId,
    name: `${mark}咨询人`,
    contact: mobile,
    content: `${mark}未回复的咨询`,
  });
  const asked = await w.call(null, '/online/opinion', {
    company_id: companyId,
    name: '走查访客',
    contact: '13600002222',
    content: '走查公开咨询',
  });
  await w.call(admin, '/feedback/opinion/reply', { id: asked.id, reply: '走查回复', is_public: 1 });
  await w.call(null, '/message/board', {
    company_id: companyId,
    nickname: `${mark}`,
    content: `${mark}待审留言`,
  });
  const approved = await w.call(null, '/message/board', { company_id: companyId, content: '走查已审留言' });
  await w.call(admin, '/feedback/message/review', { ids: [approved.id], status: 1 });

  // Promotions: a published one with a ticket, a draft.
  const start = new Date(Date.now() - day).toISOString();
  const end = new Date(Date.now() + 30 * day).toISOString();
  const promo = await w.call(admin, '/shop/promotion/create', {
    title: '走查活动',
    starts_at: start,
    ends_at: end,
    status: 1,
  });
  await w.call(admin, '/shop/promotion/add', { promotion_id: promo.id, goods_id: g1, kind: 'ticket' });
  await w.call(admin, '/shop/promotion/create', {
    title: `${mark}草稿活动`,
    starts_at: start,
    ends_at: end,
    status: 0,
  });

  // Content no route writes yet.
  await seedNews(db, companyId, [
    { category: 'news', title: '走查新闻', body: '走查正文' },
    { category: 'news', title: `${mark}草稿新闻`, body: `${mark}草稿正文`, status: 0 },
  ]);
  await seedAdvertisings(db, companyId, [
    { title: '走查广告', image: '/walk.png', link: '/' },
    { title: `${mark}停用广告`, image: '/walk.png', link: '/', body: mark, status: 0 },
  ]);
  await db
    .insertInto('problems')
    .values([
      {
        company_id: companyId,
        question: '走查问题',
        answer: '走查答案',
        sort: 1,
        status: 1,
        created_at: now,
        updated_at: now,
      },
      {
        company_id: companyId,
        question: `${mark}隐藏问题`,
        answer: mark,
        sort: 2,
        status: 0,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  const project = (name: string, isPublic: number) => ({
    company_id: companyId,
    flow_id: null,
    name,
    intro: name,
    purpose: '',
    requirement: '',
    category: '',
    level: 1,
    cover: '',
    is_public: isPublic,
    status: 1,
    del_flag: 0,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('projects')
    .values([project('走查实训', 1), project(`${mark}内部实训`, 0)])
    .execute();
  await db
    .insertInto('app_versions')
    .values({
      company_id: companyId,
      platform: 'android',
      version: '1.0.0',
      build: 1,
      notes: '走查版本',
      download_url: '/walk.apk',
      force_update: 0,
      released_at: start,
      status: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('sms_outbox')
    .values({
      company_id: companyId,
      mobile,
      purpose: 'register',
      content: `${mark}验证码`,
      ip: '',
      created_at: now,
    })
    .execute();

  const pool: IdPool = { companyId, ids: await idsByCompany(h.database, companyId) };
  return { tag, companyId, admin, member, pool };
}

/** What of company A no reply to anonymous or to company B may contain. */
export async function secretsOf(w: World, a: SeededCompany): Promise<string[]> {
  const db = w.h.db;
  const users = await db
    .selectFrom('users')
    .select(['username', 'password_hash', 'role'])
    .where('company_id', '=', a.companyId)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select('order_no')
    .where('company_id', '=', a.companyId)
    .execute();
  const tokens = [...w.callers.values()].filter((c) => c.companyId === a.companyId).map((c) => c.token);
  return [
    MARK,
    MARK_ASCII,
    MARK_MOBILE,
    ...users.map((u) => u.password_hash),
    ...users.filter((u) => u.role === MEMBER_ROLE).map((u) => u.username),
    ...orders.map((o) => o.order_no),
    ...tokens,
  ];
}

export const tablesOf = (w: World) => allTables(w.h.database);
