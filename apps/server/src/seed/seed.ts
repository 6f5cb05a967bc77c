import { DEFAULT_COMPANY_ID, DEFAULT_ROLE_PERMISSIONS, GROUP_STAFF_ROLES } from '@portal/contract';
import { type Insertable, sql } from 'kysely';
import { hashPassword } from '../modules/account/index.ts';
import { indexGoods } from '../modules/catalogue/index.ts';
import { openingStock } from '../modules/stock/index.ts';
import { type DatabaseHandle, modulesDatabase, type PlatformDatabase } from '../platform/db/database.ts';
import type { CompanyTable, GoodsTable } from '../platform/db/schema.ts';
import type { BlobStore } from '../platform/files/file-store.ts';
import { nowIso } from '../platform/time.ts';
import { DEMO_PASSWORD, DEMO_USERS, QF_SHOP } from './demo-accounts.ts';
import { seedDemoBulk } from './demo-bulk.ts';
import { seedDemoCms } from './demo-cms.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoFeedback } from './demo-feedback.ts';
import { seedDemoFinder } from './demo-finder.ts';
import { seedDemoFlows } from './demo-flows.ts';
import { seedDemoMicrosites } from './demo-microsites.ts';
import { seedDemoPromotion } from './demo-promotion.ts';
import { seedDemoShop } from './demo-shop.ts';

type CompanyFields = Pick<Insertable<CompanyTable>, 'code' | 'company_name'> &
  Partial<Insertable<CompanyTable>>;

/** Inserts a company; fields not given are empty (tests and the reference seed share this). */
export async function createCompany(db: PlatformDatabase, fields: CompanyFields) {
  const now = nowIso();
  const row = await db
    .insertInto('companies')
    .values({
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? (fields.id as number);
}

/** Reference data every installation needs: role permissions, host mapping, the default company. */
export async function seedReference(handle: DatabaseHandle) {
  const { db } = handle;
  const now = nowIso();
  const perms = Object.entries(DEFAULT_ROLE_PERMISSIONS).flatMap(([role, codes]) =>
    codes.map((codename) => ({ role: Number(role), codename })),
  );
  await db
    .insertInto('role_permissions')
    .values(perms)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('host_tenants')
    .values([
      { host_segment: 'iot', tenant_code: 'iot' },
      { host_segment: 'qy', tenant_code: 'qy' },
      { host_segment: 'qf', tenant_code: 'qf' },
      { host_segment: 'www', tenant_code: 'default' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const companies = [
    {
      id: DEFAULT_COMPANY_ID,
      code: 'default',
      company_name: '启航企业服务有限公司',
      en_name: 'Qihang Enterprise Services',
      mobile: '13800000125',
      phone: '010-88880125',
      address: '北京市海淀区中关村大街1号',
      email: 'service@qihang.example.cn',
      login_path: '/login',
      icp_company: '启航企业服务有限公司',
      icp: '京ICP备00000125号-1',
      icp_url: 'https://beian.miit.gov.cn/',
    },
    {
      id: 126,
      code: 'qf',
      company_name: '青峰贸易有限公司',
      en_name: 'Qingfeng Trading',
      mobile: '13800000126',
      phone: '0571-88880126',
      address: '浙江省杭州市西湖区文三路2号',
      email: 'hello@qingfeng.example.cn',
      login_path: '/qf',
      icp_company: '青峰贸易有限公司',
      icp: '浙ICP备00000126号-1',
      icp_url: 'https://beian.miit.gov.cn/',
    },
    {
      id: 127,
      code: 'iot',
      company_name: '物联定位科技有限公司',
      en_name: 'IoT Positioning Tech',
      mobile: '13800000127',
      phone: '0755-88880127',
      address: '广东省深圳市南山区科技园3号',
      email: 'iot@iot.example.cn',
      login_path: '/iot',
      icp_company: '物联定位科技有限公司',
      icp: '粤ICP备00000127号-1',
      icp_url: 'https://beian.miit.gov.cn/',
    },
  ];
  for (const c of companies) {
    await createCompany(db, c);
    const hasShop = await db
      .selectFrom('shops')
      .select('id')
      .where('company_id', '=', c.id)
      .executeTakeFirst();
    if (!hasShop) {
      await db
        .insertInto('shops')
        .values({
          company_id: c.id,
          shop_name: `${c.company_name}官方商城`,
          mobile: c.mobile,
          phone: c.phone,
          address: c.address,
          email: c.email,
          is_default: 1,
          created_at: now,
        })
        .execute();
    }
  }
  if (handle.dialect === 'pg') {
    await sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`.execute(
      db,
    );
  }
  // The kinds of company (docs/adr/0038); a name already there stays as it is.
  await db
    .insertInto('company_types')
    .values(
      COMPANY_TYPES.map(([name, description], sort) => ({
        name,
        description,
        sort,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

async function idOf(
  db: PlatformDatabase,
  table: 'departments' | 'positions',
  companyId: number,
  name: string,
) {
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  // Users of one company made in parallel (the tests) may ask for the same name at once.
  const parent = table === 'departments' ? 'parent_id' : 'department_id';
  await db
    .insertInto(table)
    .values({ company_id: companyId, name, created_at: nowIso(), updated_at: nowIso() })
    .onConflict((oc) =>
      oc.columns(['company_id', parent, 'name']).where('del_flag', '=', sql.lit(0)).doNothing(),
    )
    .execute();
  return idOf(db, table, companyId, name);
}

/** One argon2 hash per password: the demo seed and the tests create many users with the same one. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string) {
  let hit = hashes.get(password);
  if (!hit) {
    hit = hashPassword(password);
    hit.catch(() => hashes.delete(password));
    hashes.set(password, hit);
  }
  return hit;
}

/** Creates a user (tests and the demo seed share this). */
export async function createUser(
  db: PlatformDatabase,
  u: {
    companyId: number;
    username: string;
    /** The password, or an already made hash. */
    password: string | { hash: string };
    role: number;
    real_name?: string;
    position?: string;
    group?: string;
  },
) {
  const now = nowIso();
  const departmentId = await idOf(db, 'departments', u.companyId, u.group ?? '默认分组');
  const positionId = u.position ? await idOf(db, 'positions', u.companyId, u.position) : null;
  const row = await db
    .insertInto('users')
    .values({
      company_id: u.companyId,
      username: u.username,
      password_hash: typeof u.password === 'string' ? await hashOnce(u.password) : u.password.hash,
      real_name: u.real_name ?? u.username,
      role: u.role,
      department_id: departmentId,
      position_id: positionId,
      mobile: '',
      email: '',
      avatar_url: '',
      main_bg: '',
      status: 1,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const DEMO_CATEGORIES: [string, [string, string[]][]][] = [
  [
    '数码电器',
    [
      ['手机通讯', ['智能手机', '老人手机']],
      ['电脑办公', ['笔记本', '打印机']],
    ],
  ],
  [
    '服饰鞋包',
    [
      ['男装', []],
      ['女装', []],
      ['箱包', []],
    ],
  ],
  [
    '食品生鲜',
    [
      ['休闲零食', []],
      ['茶叶', ['绿茶', '红茶']],
    ],
  ],
];

export interface CategoryRef {
  id: number;
  path: string;
  level: number;
}

/**
 * A live category under `parent` (or at the top), with its materialized path: a goods category, or
 * one of the bulk catalogue's own tree (`bulk_categories`, the same columns).
 */
export async function createCategory(
  db: PlatformDatabase,
  companyId: number,
  name: string,
  parent: CategoryRef | null = null,
  sort = 0,
  table: 'goods_categories' | 'bulk_categories' = 'goods_categories',
): Promise<CategoryRef> {
  const now = nowIso();
  const level = (parent?.level ?? 0) + 1;
  const row = await db
    .insertInto(table)
    .values({
      company_id: companyId,
      parent_id: parent?.id ?? null,
      path: '/',
      level,
      name,
      sort,
      icon: '',
      status: 1,
      del_flag: 0,
      created_by: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await db.updateTable(table).set({ path }).where('id', '=', row.id).execute();
  return { id: row.id, path, level };
}

type GoodsFields = Pick<Insertable<GoodsTable>, 'name' | 'price' | 'stock'> &
  Partial<Omit<Insertable<GoodsTable>, 'company_id'>>;

/**
 * Inserts a goods on sale in the shop; fields not given take the column defaults (tests and the
 * demo seed). `opening.unit_cost`: what its opening stock cost (cents), when known.
 */
export async function createGoods(
  db: PlatformDatabase,
  companyId: number,
  fields: GoodsFields,
  opening: { unit_cost?: number } = {},
) {
  const now = nowIso();
  const row = await db
    .insertInto('goods')
    .values({
      company_id: companyId,
      category_id: null,
      on_sale: 1,
      del_flag: 0,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A code of the library's form unless given (SP000123).
  if (fields.code === undefined)
    await db
      .updateTable('goods')
      .set({ code: `SP${String(row.id).padStart(6, '0')}` })
      .where('id', '=', row.id)
      .execute();
  await indexGoods(modulesDatabase(db), companyId, [row.id]);
  // What it holds is on hand in the company's default warehouse (ADR 0022).
  await openingStock(
    modulesDatabase(db),
    companyId,
    { userId: null, name: '系统' },
    { goods_id: row.id, sku_id: 0, quantity: Number(fields.stock ?? 0), ...opening },
    now,
  );
  return row.id;
}

/**
 * Demo data for a first `npm start`: the demo accounts and a category tree with some goods. One
 * transaction, so a start that stops half-way leaves an empty database that the next start seeds.
 */
/** The company types every installation starts with: name and what it is for. */
const COMPANY_TYPES: readonly (readonly [string, string])[] = [
  ['企业', '公司、工厂、商店等经营单位'],
  ['学校', '高校、职业院校等教学单位（其人员默认为学生）'],
  ['政府机关', '各级政府部门'],
  ['事业单位', '医院、研究院所等'],
  ['社会组织', '协会、基金会、民办非企业单位'],
  ['其他', '以上都不是'],
];

/**
 * The demo group (docs/adr/0038): 启航集团, the default group, holds the default company and 青峰贸易
 * (物联定位 stays outside any group); the demo 集群管理员 and 集群助理 are its staff.
 */
async function seedDemoGroup(db: PlatformDatabase, staff: { userId: number; role: number }[]) {
  const now = nowIso();
  const group = await db
    .insertInto('company_groups')
    .values({
      name: '启航集团',
      comment: '演示集群：启航企业服务与青峰贸易',
      is_public: 1,
      is_default: 1,
      del_flag: 0,
      created_by: null,
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enterprise = await db
    .selectFrom('company_types')
    .select('id')
    .where('name', '=', '企业')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('companies')
    .set({ group_id: group.id, company_type_id: enterprise.id })
    .where('id', 'in', [DEFAULT_COMPANY_ID, 126])
    .execute();
  await db.updateTable('companies').set({ company_type_id: enterprise.id }).where('id', '=', 127).execute();
  await db
    .insertInto('group_staff')
    .values(staff.map((s) => ({ group_id: group.id, user_id: s.userId, role: s.role, created_at: now })))
    .execute();
}

/** The demo data; `store` keeps the files it brings (the demo flows' templates), none without it. */
export async function seedDemo(handle: DatabaseHandle, store?: BlobStore) {
  await handle.db.transaction().execute((trx) => seedDemoIn({ ...handle, db: trx }, store));
}

async function seedDemoIn(handle: DatabaseHandle, store: BlobStore | undefined) {
  const { db } = handle;
  await seedReference(handle);
  const groupStaff: { userId: number; role: number }[] = [];
  let unitManager = 0;
  for (const u of DEMO_USERS) {
    const userId = await createUser(db, { companyId: DEFAULT_COMPANY_ID, password: DEMO_PASSWORD, ...u });
    if ((GROUP_STAFF_ROLES as readonly number[]).includes(u.role)) groupStaff.push({ userId, role: u.role });
    if (u.username === 'unit') unitManager = userId;
  }
  await seedDemoGroup(db, groupStaff);
  await createUser(db, { companyId: 126, password: DEMO_PASSWORD, ...QF_SHOP });
  let sort = 0;
  const add = (name: string, parent: CategoryRef | null) =>
    createCategory(db, DEFAULT_COMPANY_ID, name, parent, sort++);
  const leaves: { id: number; name: string }[] = [];
  for (const [top, seconds] of DEMO_CATEGORIES) {
    const t = await add(top, null);
    for (const [second, thirds] of seconds) {
      const s = await add(second, t);
      if (thirds.length === 0) leaves.push({ id: s.id, name: second });
      for (const third of thirds) leaves.push({ id: (await add(third, s)).id, name: third });
    }
  }
  await seedDemoShop(db, leaves);
  await seedDemoFeedback(db);
  const micrositeCompanies = await seedDemoMicrosites(db);
  await seedDemoBulk(db, micrositeCompanies.get('dzc'));
  await seedDemoCms(db);
  await seedDemoFinder(db);
  await seedDemoPromotion(db);
  await seedDemoFlows(db, unitManager, store);
  await seedDemoCourses(db, unitManager);
}

export async function isEmpty(db: PlatformDatabase) {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
