import type { JobState } from '@portal/contract';
import type { Generated } from 'kysely';

/** Table types: the only description of the schema besides the migrations. */
/** A company (tenant); columns with a default in the migrations are optional on insert (`Generated`). */
export interface CompanyTable {
  id: Generated<number>;
  code: string;
  company_name: string;
  en_name: Generated<string>;
  mobile: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  email: Generated<string>;
  login_path: Generated<string>;
  en: Generated<number>;
  icp_company: Generated<string>;
  icp: Generated<string>;
  icp_url: Generated<string>;
  logo_main: Generated<string>;
  logo_centre: Generated<string>;
  logo_mobile: Generated<string>;
  n_love: Generated<number>;
  status: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The group the company belongs to (docs/adr/0038); none: the super administrator's alone. */
  group_id: number | null;
  company_type_id: number | null;
}

/** A kind of company (企业, 学校 …; docs/adr/0038), reference data. */
export interface CompanyTypeTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** A group of companies (集群, docs/adr/0038). */
export interface CompanyGroupTable {
  id: Generated<number>;
  name: string;
  comment: string;
  is_public: number;
  is_default: number;
  del_flag: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Who works for a group: its managers (role 2) and their assistants (role 6). */
export interface GroupStaffTable {
  group_id: number;
  user_id: number;
  role: number;
  created_at: string;
}

/** A company's request to change its identity (docs/adr/0029); `changes` is JSON. */
export interface CompanyChangeRequestTable {
  id: Generated<number>;
  company_id: number;
  status: number;
  changes: string;
  reason: string;
  review_note: string;
  created_by: number | null;
  reviewed_by: number | null;
  created_at: string;
  closed_at: string | null;
}

/**
 * A checked row of an import job, staged until the job publishes (ADR 0037): a valid row's values
 * to store, or a refused row's cells and reasons (JSON text).
 */
export interface ImportRowTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  row_number: number;
  refused: number;
  values_json: string | null;
  cells_json: string | null;
  errors_json: string | null;
}

export interface HostTenantTable {
  host_segment: string;
  tenant_code: string;
}

export interface ShopTable {
  id: Generated<number>;
  company_id: number;
  shop_name: string;
  mobile: string;
  phone: string;
  address: string;
  email: string;
  is_default: number;
  created_at: string;
}

/** A department of a company (docs/adr/0038 decision 4): a tree, `parent_id` 0 at the top. */
export interface DepartmentTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  parent_id: Generated<number>;
  sort: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A position (职务) of a department; `department_id` 0: a position of the whole company. */
export interface PositionTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  department_id: Generated<number>;
  sort: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface UserTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  password_hash: string;
  real_name: string;
  role: number;
  department_id: number | null;
  position_id: number | null;
  mobile: string;
  email: string;
  avatar_url: string;
  main_bg: string;
  status: number;
  last_login_at: string | null;
  referrer_mobile: Generated<string>;
  referrer_company_id: number | null;
  created_at: string;
  updated_at: string;
  /** The 用户协议/隐私政策 version a member accepted at registration (AGREEMENT_VERSION), and when. */
  agreement_version: string | null;
  agreed_at: string | null;
  /** 1: an administrator reset the password; the user must choose their own before going on. */
  must_change_password: Generated<number>;
  /** 0 not given, 1 男, 2 女. */
  gender: Generated<number>;
  /** 1: the member is texted about their orders (issue 35, migration 056). */
  order_sms: Generated<number>;
}

/** A company's override of a role's default action (docs/adr/0038 decision 5): granted 1 or 0. */
export interface CompanyRolePermissionTable {
  company_id: number;
  role: number;
  codename: string;
  granted: number;
}

/** A setting a company has set (the declaration, packages/contract company-settings.ts, gives type and default). */
export interface CompanySettingTable {
  company_id: number;
  key: string;
  value: string;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Whose assistant a user is in a company, and the actions given (JSON; docs/adr/0038 decision 6). */
export interface AssistantGrantTable {
  company_id: number;
  assistant_user_id: number;
  principal_user_id: number;
  codenames: string;
  created_at: string;
}

/** A message to one person (inbox, docs/adr/0038 "Messages"). */
export interface InboxMessageTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
  read_at: string | null;
  del_flag: number;
  created_at: string;
}

/** A person's request to move to another company (transfer, docs/adr/0038). */
export interface PersonTransferTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: number;
  to_company_id: number;
  reason: string;
  from_state: number;
  to_state: number;
  from_reviewer: number | null;
  to_reviewer: number | null;
  status: number;
  note: string;
  created_at: string;
  decided_at: string | null;
}

/** A role a user holds beyond `users.role` (docs/adr/0038 decision 3). */
export interface UserRoleTable {
  company_id: number;
  user_id: number;
  role: number;
}

export interface SessionTable {
  id: string;
  user_id: number;
  company_id: number;
  /** The role the session acts in (switched); null: the user's `users.role`. */
  role: Generated<number | null>;
  created_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

export interface LoginLogTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  username: string;
  ip: string;
  user_agent: string;
  success: number;
  reason: string;
  created_at: string;
}

export interface RolePermissionTable {
  role: number;
  codename: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: string;
}

export interface GoodsCategoryTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  /** Materialized path of ancestor ids, e.g. `/3/17/`; makes subtree and cycle checks one query. */
  path: string;
  level: number;
  name: string;
  sort: number;
  icon: string;
  status: number;
  del_flag: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The bulk catalogue's category tree (ADR 0026): the shop tree's columns, so one service serves both. */
export type BulkCategoryTable = GoodsCategoryTable;

/** A library goods (specification) in the bulk-procurement catalogue (ADR 0026). */
export interface BulkGoodsTable {
  id: Generated<number>;
  company_id: number;
  goods_id: number;
  sku_id: number;
  /** `<goods_id>:<sku_id>`, unique among live rows. */
  goods_key: string;
  category_id: number;
  goods_name: string;
  goods_code: string;
  spec_text: string;
  image: string;
  unit: string;
  min_qty: number;
  /** JSON `[{from, price}]`, cents; bands increasing, prices non-increasing. */
  tiers: string;
  /** The first band's price. */
  price: number;
  on_sale: number;
  sort: number;
  remark: string;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface GoodsTable {
  id: Generated<number>;
  company_id: number;
  category_id: number | null;
  name: string;
  price: number;
  stock: number;
  on_sale: number;
  del_flag: number;
  created_at: string;
  updated_at: string;
  subtitle: Generated<string>;
  cover: Generated<string>;
  /** JSON array of image URLs. */
  images: Generated<string>;
  /** JSON array of {name, value}. */
  specs: Generated<string>;
  description: Generated<string>;
  unit: Generated<string>;
  original_price: Generated<number>;
  sales: Generated<number>;
  love_count: Generated<number>;
  is_new: Generated<number>;
  is_recommend: Generated<number>;
  sort: Generated<number>;
  /** Most pieces of this goods in one order; 0 = no limit (tickets: 12). */
  max_per_order: Generated<number>;
  /** The category's ancestors at levels 1–3 (the category itself at its level), for lists by subtree. */
  cat1: number | null;
  cat2: number | null;
  cat3: number | null;
  /** Below SEARCH_VERSION until the catalogue has indexed the goods (modules/catalogue/catalogue-index.ts). */
  search_version: Generated<number>;
  /** The searched text (name, subtitle, category names) as runs between spaces (search-tokens.ts `searchText`). */
  search_text: Generated<string>;
  /** PostgreSQL only: the search tokens (SQLite keeps them in the goods_search FTS5 table). */
  search_tokens: Generated<string[]>;
  /** Unique among the company's live goods ('' = none yet: written before codes or by a bulk load). */
  code: Generated<string>;
  keywords: Generated<string>;
  brand_id: number | null;
  /** GOODS_TYPES key. */
  goods_type: Generated<string>;
  /** The library's 启用 (1) / 停用 (0). */
  status: Generated<number>;
  /** Pushed to the shop (the shop sells it while `on_sale`). */
  in_shop: Generated<number>;
  /** Listed in the shop's lists and search (0: reachable by its link only). */
  is_public: Generated<number>;
  /** Live specifications (goods_skus); 0 = sold as the goods itself. */
  sku_count: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
}

/** A specification of a goods (a SKU): its own price, cost, weight, barcode and stock. */
export interface GoodsSkuTable {
  id: Generated<number>;
  company_id: number;
  goods_id: number;
  /** JSON array of {name, value}. */
  specs: string;
  /** The values joined ("红色 / 500ml"): unique per goods among live rows. */
  spec_text: string;
  barcode: Generated<string>;
  price: number;
  cost: Generated<number>;
  /** Grams. */
  weight: Generated<number>;
  stock: Generated<number>;
  on_sale: Generated<number>;
  sort: Generated<number>;
  del_flag: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface GoodsLoveTable {
  id: Generated<number>;
  company_id: number;
  goods_id: number;
  user_id: number;
  created_at: string;
}

export interface CartItemTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  goods_id: number;
  /** The specification (goods_skus.id); 0 for a goods sold as itself (migration 026). */
  sku_id: Generated<number>;
  quantity: number;
  price_at_add: number;
  selected: number;
  created_at: string;
  updated_at: string;
}

/** A guest cart merged into a member's cart, by the browser's key for it (migration 037). */
export interface CartMergeTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  merge_key: string;
  created_at: string;
}

export interface ConsigneeTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  /** GB/T 2260 codes (migration 015); null on addresses saved before. */
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string;
  is_default: number;
  del_flag: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CouponTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  code: string;
  amount: number;
  min_amount: number;
  start_time: string;
  end_time: string;
  total: number;
  claimed: Generated<number>;
  /** Copies one member may hold. */
  per_member: Generated<number>;
  /** 1 issued, 0 stopped (no new copies; held ones stay usable). */
  status: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface MemberCouponTable {
  id: Generated<number>;
  company_id: number;
  coupon_id: number;
  user_id: number;
  /** The member's n-th copy of the coupon (1..per_member): unique per coupon and member. */
  seq: Generated<number>;
  /** 0 unused, 1 used. */
  status: number;
  order_id: number | null;
  claimed_at: string;
  used_at: string | null;
}

export interface OrderTable {
  id: Generated<number>;
  company_id: number;
  order_no: string;
  user_id: number;
  status: number;
  goods_amount: number;
  discount_amount: number;
  pay_amount: number;
  coupon_id: number | null;
  member_coupon_id: number | null;
  coupon_name: string;
  consignee_name: string;
  consignee_mobile: string;
  consignee_address: string;
  payment_method: string;
  remark: string;
  shipping_company: Generated<string>;
  tracking_no: Generated<string>;
  expires_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  completed_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  receipt_count: Generated<number>;
  /** When the current wait for the shop's confirmation of a receipt began (timer stopped); null when none waits. */
  receipt_at: string | null;
}

export interface PaymentAccountTable {
  id: Generated<number>;
  company_id: number;
  bank_name: string;
  branch_name: string;
  account_name: string;
  account_no: string;
  updated_by: number | null;
  updated_at: string;
}

export interface StoredFileTable {
  id: Generated<number>;
  company_id: number;
  purpose: string;
  filename: string;
  mimetype: string;
  size: number;
  sha256: string;
  content: Buffer;
  created_by: number | null;
  created_at: string;
}

/** A file of the company's file store (issue 12, ADR 0018): its bytes are in the store under `storage_key`. */
export interface FileTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  mime: string;
  /** image | pdf | office */
  kind: string;
  size: number;
  sha256: string;
  /** The key in the store (disk folder or S3 bucket); an image's is also its public address. */
  storage_key: string;
  /** An image's thumbnail in the store; null for documents. */
  thumb_key: string | null;
  width: number | null;
  height: number | null;
  del_flag: Generated<number>;
  /** 1 once a deleted file's bytes are gone from the store (platform/files/file-store.ts). */
  purged: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface OrderReceiptTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  file_id: number;
  created_at: string;
}

export interface PaymentTradeTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  provider: string;
  trade_no: string;
  amount: number;
  created_at: string;
}

export interface GoodsBrandTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  logo: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Brands every company picks from (no company_id; the super administrator writes them). */
export type PublicBrandTable = Omit<GoodsBrandTable, 'company_id'>;

export interface OrderItemTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  goods_id: number;
  /** The specification bought (goods_skus.id), null without one; `sku_text` its values then. */
  sku_id: number | null;
  sku_text: Generated<string>;
  name: string;
  cover: string;
  price: number;
  quantity: number;
  amount: number;
  reviewed: Generated<number>;
}

export interface OrderEventTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  from_status: number | null;
  to_status: number;
  action: string;
  actor_id: number | null;
  actor_name: string;
  note: string;
  created_at: string;
}

export interface GoodsReviewTable {
  id: Generated<number>;
  company_id: number;
  goods_id: number;
  order_item_id: number;
  user_id: number;
  rating: number;
  content: string;
  reply: Generated<string>;
  reply_user_id: number | null;
  reply_time: string | null;
  created_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  company_id: number;
  mobile: string;
  purpose: string;
  content: string;
  ip: string;
  created_at: string;
}

/** A fixed-window counter (platform/limits/counters.ts). */
export interface RateCounterTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window closes. */
  reset_at: number;
}

/** A browser a user logged in from (hash of its device cookie): the login lock-out trusts it. */
export interface LoginDeviceTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  last_used_at: string;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  /** The IP that asked for the code (send limits per IP). */
  ip: Generated<string>;
  created_at: string;
}

export interface NewsCategoryTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
  en_name: Generated<string>;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  lang: Generated<string>;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  cover: Generated<string>;
  video: Generated<string>;
  author: Generated<string>;
  status: Generated<number>;
  published_at: string;
  views: Generated<number>;
  deleted_at: string | null;
  /** Migration 034: the resource block's soft delete and audit columns, and where the news came from. */
  del_flag: Generated<number>;
  source: Generated<string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One visitor of a company's public pages, recorded by its first `/guest/welcome` (migration 034). */
export interface GuestVisitTable {
  id: Generated<number>;
  company_id: number;
  /** The browser's random id; unique per company. */
  visitor: string;
  path: Generated<string>;
  referrer: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: string;
}

export interface AdvertisingTable {
  id: Generated<number>;
  company_id: number;
  position: Generated<string>;
  title: string;
  image: Generated<string>;
  link: Generated<string>;
  summary: Generated<string>;
  body: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MicrositeTable {
  path: string;
  company_id: number;
  locale: Generated<string>;
  title: string;
  slogan: Generated<string>;
  banner: Generated<string>;
  theme_color: Generated<string>;
  intro: Generated<string>;
  highlights: Generated<string>;
  contact_phone: string | null;
  contact_mobile: string | null;
  contact_email: string | null;
  contact_address: string | null;
  sort: Generated<number>;
  status: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SupplierTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  contact: string;
  mobile: string;
  email: Generated<string>;
  supply_category: string;
  description: Generated<string>;
  /** 0 待审核, 1 已通过, 2 已拒绝 */
  status: Generated<number>;
  review_note: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  source: Generated<string>;
  ip: Generated<string>;
  created_at: string;
}

export interface EnquiryTable {
  id: Generated<number>;
  company_id: number;
  /** 'product_plan' | 'venture_capital' */
  kind: string;
  contact: string;
  mobile: string;
  email: Generated<string>;
  organization: Generated<string>;
  subject: string;
  /** 拟融资金额（万元） */
  amount: number | null;
  content: string;
  /** 0 待处理, 1 已处理 */
  status: Generated<number>;
  note: Generated<string>;
  handled_by: number | null;
  handled_at: string | null;
  ip: Generated<string>;
  created_at: string;
}

export interface ProblemTable {
  id: Generated<number>;
  company_id: number;
  question: string;
  answer: string;
  sort: Generated<number>;
  status: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface OpinionTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  contact: string;
  content: string;
  reply: Generated<string>;
  replied_by: number | null;
  replied_at: string | null;
  is_public: Generated<number>;
  /** 0 待回复, 1 已回复 */
  status: Generated<number>;
  ip: Generated<string>;
  created_at: string;
}

export interface AnonymousMessageTable {
  id: Generated<number>;
  company_id: number;
  nickname: string;
  content: string;
  /** 0 待审核, 1 已通过, 2 已拒绝 */
  status: Generated<number>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  del_flag: Generated<number>;
  ip: Generated<string>;
  created_at: string;
}

export interface CacheVersionTable {
  scope: string;
  company_id: number;
  version: number;
}

export interface PromotionTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  theme: Generated<string>;
  banner: Generated<string>;
  intro: Generated<string>;
  starts_at: string;
  ends_at: string;
  /** 1 published, 0 draft. */
  status: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PromotionItemTable {
  id: Generated<number>;
  promotion_id: number;
  company_id: number;
  goods_id: number;
  /** 'car' | 'ticket'. */
  kind: string;
  /** km (cars: electric range); null for tickets. */
  mileage: number | null;
  sort: Generated<number>;
}

export interface AppVersionTable {
  id: Generated<number>;
  company_id: number;
  platform: string;
  version: string;
  build: number;
  notes: string;
  download_url: string;
  force_update: number;
  released_at: string;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface ProjectTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number | null;
  name: string;
  intro: string;
  purpose: string;
  requirement: string;
  category: string;
  level: number;
  cover: string;
  is_public: number;
  status: number;
  del_flag: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The company's business customers (`/crm/customer_index`); `contacts` is a JSON array. */
export interface CustomerTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  contacts: string;
  address: Generated<string>;
  payment_terms: Generated<string>;
  credit_days: Generated<number>;
  credit_limit: Generated<number>;
  salesperson_id: number | null;
  salesperson_name: Generated<string>;
  status: Generated<number>;
  remark: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A production plan (PMC, migration 031): make `quantity` of a product into a warehouse by `due_date`. */
export interface ProductionPlanTable {
  id: Generated<number>;
  company_id: number;
  plan_no: string;
  product_id: number;
  product_code: Generated<string>;
  product_name: Generated<string>;
  /** The output goods (specification, 0 without one), copied from the product. */
  goods_id: number;
  sku_id: Generated<number>;
  unit: Generated<string>;
  quantity: number;
  /** The progress reports' total, never over `quantity`. */
  produced: Generated<number>;
  start_date: string;
  due_date: string;
  warehouse_id: number;
  warehouse_name: Generated<string>;
  /** PMC_STATUS: 0 计划中, 1 生产中, 2 已完成, 3 已取消. */
  status: Generated<number>;
  remark: Generated<string>;
  source_plan_id: number | null;
  finished_at: string | null;
  finished_by: number | null;
  finished_by_name: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A material line of a production plan: what finishing takes out of stock. */
export interface ProductionPlanMaterialTable {
  id: Generated<number>;
  company_id: number;
  plan_id: number;
  goods_id: number;
  sku_id: Generated<number>;
  goods_code: Generated<string>;
  goods_name: Generated<string>;
  spec_text: Generated<string>;
  unit: Generated<string>;
  required: number;
  sort: Generated<number>;
  del_flag: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A daily progress report (报工) of a production plan. */
export interface ProductionPlanProgressTable {
  id: Generated<number>;
  company_id: number;
  plan_id: number;
  report_date: string;
  quantity: number;
  remark: Generated<string>;
  reporter_name: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A warehouse of the company (migration 025); one is the default (`is_default`). */
export interface WarehouseTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  code: Generated<string>;
  address: Generated<string>;
  keeper: Generated<string>;
  status: Generated<number>;
  is_default: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** What is on hand of a goods (specification: `sku_id`, 0 without one) in a warehouse; never negative. */
export interface StockLevelTable {
  id: Generated<number>;
  company_id: number;
  warehouse_id: number;
  goods_id: number;
  sku_id: Generated<number>;
  quantity: Generated<number>;
  /** Below this the level is low (0 = no warning). */
  warn_quantity: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A purchase order to a supplier (migration 032, ADR 0025): 0 草稿, 1 已下单, 2 入库中, 3 已完成 (all in stock), 4 已取消. */
export interface PurchaseTable {
  id: Generated<number>;
  company_id: number;
  order_no: string;
  supplier_id: number;
  supplier_name: Generated<string>;
  warehouse_id: number;
  warehouse_name: Generated<string>;
  /** YYYY-MM-DD or ''. */
  expected_date: Generated<string>;
  remark: Generated<string>;
  status: Generated<number>;
  total_quantity: Generated<number>;
  /** Cents. */
  total_amount: Generated<number>;
  maker_name: Generated<string>;
  ordered_at: string | null;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A line of a purchase order: received ≤ ordered, returned ≤ received (checked by the database). */
export interface PurchaseLineTable {
  id: Generated<number>;
  company_id: number;
  purchase_id: number;
  goods_id: number;
  sku_id: Generated<number>;
  goods_name: Generated<string>;
  goods_code: Generated<string>;
  spec_text: Generated<string>;
  unit: Generated<string>;
  quantity: number;
  unit_price: Generated<number>;
  received_qty: Generated<number>;
  returned_qty: Generated<number>;
  sort: Generated<number>;
}

/** A receipt of a purchase order: its stock-in records name it (`stock_inputs.purchase_receipt_id`). */
export interface PurchaseReceiptTable {
  id: Generated<number>;
  company_id: number;
  purchase_id: number;
  quantity: number;
  remark: Generated<string>;
  created_by: number | null;
  created_by_name: Generated<string>;
  created_at: string;
}

/** A return of purchased goods to the supplier (`purchase_return` moves in the ledger). */
export interface PurchaseReturnTable {
  id: Generated<number>;
  company_id: number;
  purchase_id: number;
  quantity: number;
  amount: Generated<number>;
  reason: Generated<string>;
  created_by: number | null;
  created_by_name: Generated<string>;
  created_at: string;
}

export interface PurchaseReturnLineTable {
  id: Generated<number>;
  company_id: number;
  return_id: number;
  purchase_id: number;
  line_id: number;
  quantity: number;
}

/** Every change of a purchase order's state (and its receipts and returns): from, to, who, when, note. */
export interface PurchaseHistoryTable {
  id: Generated<number>;
  company_id: number;
  purchase_id: number;
  from_status: number | null;
  to_status: number;
  note: Generated<string>;
  user_id: number | null;
  user_name: Generated<string>;
  created_at: string;
}

/** The last purchase order number given per company and day (China time, YYYYMMDD). */
export interface PurchaseNumberTable {
  company_id: number;
  day: string;
  last_no: number;
}

/** One movement of a level (the ledger): signed quantity and the balance after it. */
export interface StockMoveTable {
  id: Generated<number>;
  company_id: number;
  warehouse_id: number;
  goods_id: number;
  sku_id: Generated<number>;
  /** STOCK_MOVE_KINDS key. */
  kind: string;
  quantity: number;
  balance_after: number;
  unit_cost: Generated<number>;
  reason: Generated<string>;
  ref_type: Generated<string>;
  ref_id: number | null;
  ref_no: Generated<string>;
  created_by: number | null;
  created_by_name: Generated<string>;
  created_at: string;
}

/** A stock-in record (入库单): counts once checked (status 1) by someone other than its maker. */
export interface StockInputTable {
  id: Generated<number>;
  company_id: number;
  input_no: string;
  goods_id: number;
  sku_id: Generated<number>;
  goods_name: Generated<string>;
  goods_code: Generated<string>;
  spec_text: Generated<string>;
  unit: Generated<string>;
  warehouse_id: number;
  warehouse_name: Generated<string>;
  supplier_id: number | null;
  supplier_name: Generated<string>;
  quantity: number;
  unit_cost: Generated<number>;
  input_date: string;
  remark: Generated<string>;
  status: Generated<number>;
  maker_name: Generated<string>;
  checked_by: number | null;
  checked_by_name: Generated<string>;
  checked_at: string | null;
  /** A record written by a purchase receipt: its order, line and receipt (migration 032). */
  purchase_id: number | null;
  purchase_line_id: number | null;
  purchase_receipt_id: number | null;
  purchase_no: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  name: string;
  goods_id: number;
  sku_id: Generated<number>;
  batch_size: Generated<number>;
  unit: Generated<string>;
  remark: Generated<string>;
  status: Generated<number>;
  material_count: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductMaterialTable {
  id: Generated<number>;
  company_id: number;
  product_id: number;
  goods_id: number;
  sku_id: Generated<number>;
  quantity: number;
  remark: Generated<string>;
  sort: Generated<number>;
}

/**
 * A job a user started (issue 33, docs/adr/0037): its state, progress and outcome, and the lease of
 * whoever runs it. `data`, `result` and `files` are JSON text.
 */
export interface JobTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  kind: string;
  title: string;
  state: Generated<JobState>;
  progress: Generated<number>;
  message: Generated<string>;
  error: Generated<string>;
  data: Generated<string>;
  input_key: string | null;
  result: string | null;
  files: Generated<string>;
  cancel_requested: Generated<number>;
  attempt: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A repeat (a sweep) of the embedded job runner: when it is next due, and who runs it now. */
export interface JobRepeatTable {
  name: string;
  next_at: string;
  lease_owner: string | null;
  lease_until: string | null;
}

/** A flow of the training area (migration 060): FLOW_STATUS 1 草稿, 2 已发布; `step` the wizard's, null before drawing. */
export interface FlowTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type_label: Generated<string>;
  task_label: Generated<string>;
  description: Generated<string>;
  status: Generated<number>;
  step: number | null;
  xml: Generated<string>;
  /** JSON list of why the drawing cannot be published. */
  unpublishable: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A flow node of a flow's drawing (its BPMN id `task_id`), kind and node type as drawn. */
export interface FlowNodeTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  task_id: string;
  name: Generated<string>;
  kind: string;
  node_type: number | null;
  look_on: Generated<number>;
  position: number;
  /** The company's program module (migration 061); null: the node type's standard module. */
  module_id: number | null;
  /** JSON list of free-text exits offered beside the drawn ones. */
  extra_exits: Generated<string>;
  /** JSON of a 判断与选择 node's title, description, mode and items; null before step 3. */
  decide: string | null;
}

/** A sequence flow of a flow's drawing, between two nodes' BPMN ids. */
export interface FlowTransitionTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  sequence_flow_id: string;
  name: Generated<string>;
  source: string;
  target: string;
}

/** A program module of the company's own (模块管理, migration 061): a node type's actions and scene positions (JSON lists). */
export interface ProgramModuleTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  node_type: number;
  actions: Generated<string>;
  positions: Generated<string>;
  can_switch: Generated<number>;
  sort: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A flow's material (migration 061): a file of the company's store, its usage (DOC_USAGE) and nodes (JSON ids; none: every node). */
export interface FlowDocTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  file_id: number;
  name: string;
  usage: Generated<number>;
  node_ids: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A role of a flow (migration 061): who plays it (职务), how many, whether it starts the business. */
export interface FlowRoleTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  name: string;
  capacity: Generated<number>;
  position_id: number | null;
  can_start: Generated<number>;
  sort: Generated<number>;
}

/** A role in a node (migration 061): may it end the node, be brought in; its actions (JSON) and scene position. */
export interface FlowRoleNodeTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  role_id: number;
  node_id: number;
  can_terminate: Generated<number>;
  can_brought: Generated<number>;
  actions: Generated<string>;
  position: Generated<string>;
}

/** A training project (migration 062): a published flow made runnable. */
export interface FlowProjectTable {
  id: Generated<number>;
  company_id: number;
  flow_id: number;
  name: string;
  intro: Generated<string>;
  purpose: Generated<string>;
  requirement: Generated<string>;
  level: Generated<number>;
  ability_target: Generated<number>;
  open_mode: Generated<number>;
  start_day: string | null;
  end_day: string | null;
  graph_view: Generated<number>;
  can_redo: Generated<number>;
  reference: Generated<number>;
  office_item: Generated<string>;
  /** JSON list of the users who may run it (open mode 3). */
  target_user_ids: Generated<string>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The project a jump or nest node of a project's flow goes on in (migration 062). */
export interface FlowProjectTargetTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  node_id: number;
  target_project_id: number;
}

/** A course (migration 064): a class the company teaches; `student_count` counts its students. */
export interface CourseTable {
  id: Generated<number>;
  company_id: number;
  code: Generated<string>;
  name: string;
  semester: Generated<string>;
  seq: number | null;
  hours: number | null;
  schedule: Generated<string>;
  intro: Generated<string>;
  student_count: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** An instructor (kind 1) or a student (kind 2) of a course (migration 064). */
export interface CoursePersonTable {
  id: Generated<number>;
  company_id: number;
  course_id: number;
  user_id: number;
  kind: number;
}

/** A training project a course groups, in its order (migration 064). */
export interface CourseProjectTable {
  id: Generated<number>;
  company_id: number;
  course_id: number;
  project_id: number;
  sort: Generated<number>;
}

/** A business (migration 063): one run of a project; BUSINESS_STATUS 1 等待开始, 2 进行中, 9 已结束. */
export interface BusinessTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  flow_id: number;
  name: string;
  status: Generated<number>;
  /** When the starter first opened it with every seat filled, and when it ended (migration 065). */
  started_at: Generated<string | null>;
  ended_at: Generated<string | null>;
  /** The number of its last message (migration 066): the next one is `last_seq + 1`. */
  last_seq: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A node a business has entered (migration 065): 1 current, 2 done; parallel branches are several current rows. */
export interface BusinessPathTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  node_id: number;
  step: number;
  state: Generated<number>;
  entered_at: string;
  left_at: string | null;
  /** The sequence flow it was entered by (migration 067); null for the first nodes. */
  came_by: number | null;
  /** Expression management (migration 068): 1 off, 2 on. */
  control_status: Generated<number>;
  /** The node's vote has been ended (migration 069): 0 no, 1 yes. */
  end_vote: Generated<number>;
  /** Migration 071: the project it runs in, the jump or nest row it runs under, and a nest's exit on return. */
  project_id: number | null;
  parent_id: number | null;
  nest_exit: number | null;
  /** A display node's step in this visit (migration 075): 1 gathering, 2 showing. */
  display_step: Generated<number>;
}

/** A business's document, written in a node by a seat (migration 070); `version` counts its saves. */
export interface BusinessDocTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  node_id: number;
  path_id: number;
  seat_id: number;
  template_id: number | null;
  name: string;
  content: Generated<string>;
  version: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A member's private note on a node of a business (migration 073): one each, rewritten. */
export interface BusinessNoteTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  node_id: number;
  user_id: number;
  content: string;
  created_at: string;
  updated_at: string;
}

/** A post node's public notice (migration 072): one per path row, rewritten by a later save. */
export interface BusinessPostTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  node_id: number;
  path_id: number;
  seat_id: number;
  name: string;
  content: string;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** An item shown in a visit of a display node (migration 075): a document, a flow material or an upload. */
/** A business document's attached file (migration 077). */
export interface BusinessDocFileTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  doc_id: number;
  file_id: number;
  name: string;
  created_by: number | null;
  created_at: string;
}

export interface BusinessDisplayItemTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  node_id: number;
  path_id: number;
  seat_id: number;
  name: string;
  /** 1 document, 2 flow material, 3 upload (DISPLAY_SOURCE). */
  source: number;
  doc_id: number | null;
  flow_doc_id: number | null;
  file_id: number | null;
  created_by: number | null;
  created_at: string;
}

/** A person of the node has opened a shown item (migration 075). */
export interface BusinessDisplayReadTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  user_id: number;
  read_at: string;
}

/** A signature asked of a seat on a business's document (migration 070): 0 waiting, 1 signed, 2 refused. */
export interface BusinessDocSignTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  doc_id: number;
  seat_id: number;
  status: Generated<number>;
  sign: Generated<string>;
  asked_at: string;
  signed_at: string | null;
}

/** A seat's state in a node the business is in (migration 068), written on its first change. */
export interface BusinessSeatStateTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  path_id: number;
  seat_id: number;
  sitting_status: Generated<number>;
  stand_status: Generated<number>;
  speak_times: Generated<number>;
  speak_request: Generated<number>;
  /** Migration 069: 0 none, 1 agree, 2 disagree, 9 abstain. */
  vote_status: Generated<number>;
  /** Migration 074: 0 as set up, 1 waiting to be brought in, 2 brought in, 9 normal. */
  come_status: Generated<number>;
  /** Migration 076: requests to show / submit a document (0, 1 allowed, 2 refused, 9 pending), the podium (0–3). */
  show_status: Generated<number>;
  submit_status: Generated<number>;
  report_status: Generated<number>;
  updated_at: string;
}

/** A member's experience of a business (migration 067): 1 draft, 2 submitted; one each. */
export interface BusinessExperienceTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  user_id: number;
  content: string;
  status: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A member's action in a running business (migration 066), numbered within it by `seq`. */
export interface BusinessMessageTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  seq: number;
  path_id: number;
  node_id: number;
  seat_id: number;
  user_id: number;
  type: string;
  cmd: Generated<string>;
  msg: Generated<string>;
  /** JSON object. */
  data: Generated<string>;
  created_at: string;
}

/** A business's role, copied from the flow's when it started (migration 063). */
export interface BusinessRoleTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  flow_role_id: number;
  name: string;
  capacity: Generated<number>;
  position_id: number | null;
  can_start: Generated<number>;
  sort: Generated<number>;
  /** The project the role plays in (migration 071): the business's own, or one a jump or nest goes on in. */
  project_id: number | null;
}

/** A business role in a node, copied from the flow's (migration 063). */
export interface BusinessRoleNodeTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  business_role_id: number;
  node_id: number;
  can_terminate: Generated<number>;
  can_brought: Generated<number>;
  actions: Generated<string>;
  position: Generated<string>;
}

/** A seat of a business role (migration 063): the user sitting in it, once staffed. */
export interface BusinessSeatTable {
  id: Generated<number>;
  company_id: number;
  business_id: number;
  business_role_id: number;
  seat_no: number;
  user_id: number | null;
}

/** A work plan (migration 050): WORK_PLAN_STATUS 0 进行中, 1 已完成, 2 已取消. */
export interface WorkPlanTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: Generated<string>;
  start_date: string;
  end_date: string;
  status: Generated<number>;
  owner_id: number;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A task of a work plan given to a person: WORK_TASK_STATUS 0 未开始, 1 进行中, 2 已完成; progress 0–100. */
export interface WorkPlanTaskTable {
  id: Generated<number>;
  company_id: number;
  plan_id: number;
  title: string;
  owner_id: number;
  due_date: string;
  status: Generated<number>;
  progress: Generated<number>;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A person's daily work log, hours in tenths, optionally against a task (and its plan), reviewed once. */
export interface WorkLogTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  log_date: string;
  content: string;
  hours_tenths: number;
  plan_id: number | null;
  task_id: number | null;
  reviewed: Generated<number>;
  review_comment: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  del_flag: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DB {
  cache_versions: CacheVersionTable;
  companies: CompanyTable;
  company_types: CompanyTypeTable;
  company_groups: CompanyGroupTable;
  group_staff: GroupStaffTable;
  host_tenants: HostTenantTable;
  shops: ShopTable;
  departments: DepartmentTable;
  user_roles: UserRoleTable;
  company_role_permissions: CompanyRolePermissionTable;
  assistant_grants: AssistantGrantTable;
  inbox_messages: InboxMessageTable;
  person_transfers: PersonTransferTable;
  work_plans: WorkPlanTable;
  flows: FlowTable;
  flow_nodes: FlowNodeTable;
  flow_transitions: FlowTransitionTable;
  program_modules: ProgramModuleTable;
  flow_docs: FlowDocTable;
  flow_roles: FlowRoleTable;
  flow_role_nodes: FlowRoleNodeTable;
  flow_projects: FlowProjectTable;
  flow_project_targets: FlowProjectTargetTable;
  businesses: BusinessTable;
  business_roles: BusinessRoleTable;
  business_role_nodes: BusinessRoleNodeTable;
  business_seats: BusinessSeatTable;
  business_paths: BusinessPathTable;
  business_messages: BusinessMessageTable;
  business_experiences: BusinessExperienceTable;
  business_seat_states: BusinessSeatStateTable;
  business_docs: BusinessDocTable;
  business_doc_signs: BusinessDocSignTable;
  business_posts: BusinessPostTable;
  business_display_items: BusinessDisplayItemTable;
  business_display_reads: BusinessDisplayReadTable;
  business_doc_files: BusinessDocFileTable;
  business_notes: BusinessNoteTable;
  courses: CourseTable;
  course_people: CoursePersonTable;
  course_projects: CourseProjectTable;
  work_plan_tasks: WorkPlanTaskTable;
  work_logs: WorkLogTable;
  company_settings: CompanySettingTable;
  positions: PositionTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  role_permissions: RolePermissionTable;
  audit_logs: AuditLogTable;
  goods_categories: GoodsCategoryTable;
  goods: GoodsTable;
  goods_skus: GoodsSkuTable;
  promotions: PromotionTable;
  promotion_items: PromotionItemTable;
  goods_loves: GoodsLoveTable;
  cart_items: CartItemTable;
  cart_merges: CartMergeTable;
  consignees: ConsigneeTable;
  coupons: CouponTable;
  member_coupons: MemberCouponTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  goods_reviews: GoodsReviewTable;
  sms_outbox: SmsOutboxTable;
  sms_codes: SmsCodeTable;
  rate_counters: RateCounterTable;
  login_devices: LoginDeviceTable;
  suppliers: SupplierTable;
  problems: ProblemTable;
  opinions: OpinionTable;
  enquiries: EnquiryTable;
  anonymous_messages: AnonymousMessageTable;
  app_versions: AppVersionTable;
  projects: ProjectTable;
  microsites: MicrositeTable;
  news_categories: NewsCategoryTable;
  news: NewsTable;
  guest_visits: GuestVisitTable;
  advertisings: AdvertisingTable;
  payment_accounts: PaymentAccountTable;
  stored_files: StoredFileTable;
  files: FileTable;
  order_receipts: OrderReceiptTable;
  payment_trades: PaymentTradeTable;
  goods_brands: GoodsBrandTable;
  public_brands: PublicBrandTable;
  production_plans: ProductionPlanTable;
  production_plan_materials: ProductionPlanMaterialTable;
  production_plan_progress: ProductionPlanProgressTable;
  customers: CustomerTable;
  warehouses: WarehouseTable;
  purchases: PurchaseTable;
  purchase_lines: PurchaseLineTable;
  purchase_receipts: PurchaseReceiptTable;
  purchase_returns: PurchaseReturnTable;
  purchase_return_lines: PurchaseReturnLineTable;
  purchase_history: PurchaseHistoryTable;
  purchase_numbers: PurchaseNumberTable;
  stock_levels: StockLevelTable;
  stock_moves: StockMoveTable;
  stock_inputs: StockInputTable;
  products: ProductTable;
  product_materials: ProductMaterialTable;
  bulk_categories: BulkCategoryTable;
  bulk_goods: BulkGoodsTable;
  company_change_requests: CompanyChangeRequestTable;
  jobs: JobTable;
  job_repeats: JobRepeatTable;
  import_rows: ImportRowTable;
}
