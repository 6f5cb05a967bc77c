import type { Generated } from 'kysely';

/** Table types: the only description of the schema besides the migrations. */
export interface CompanyTable {
  id: Generated<number>;
  code: string;
  company_name: string;
  en_name: string;
  mobile: string;
  phone: string;
  address: string;
  email: string;
  login_path: string;
  en: number;
  icp_company: string;
  icp: string;
  icp_url: string;
  logo_main: string;
  logo_centre: string;
  logo_mobile: string;
  n_love: number;
  status: number;
  created_at: string;
  updated_at: string;
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

export interface UserGroupTable {
  id: Generated<number>;
  company_id: number;
  name: string;
}

export interface PositionTable {
  id: Generated<number>;
  company_id: number;
  name: string;
}

export interface UserTable {
  id: Generated<number>;
  company_id: number;
  username: string;
  password_hash: string;
  real_name: string;
  role: number;
  group_id: number | null;
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
}

export interface SessionTable {
  id: string;
  user_id: number;
  company_id: number;
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
  quantity: number;
  price_at_add: number;
  selected: number;
  created_at: string;
  updated_at: string;
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
  status: Generated<number>;
  del_flag: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface MemberCouponTable {
  id: Generated<number>;
  company_id: number;
  coupon_id: number;
  user_id: number;
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
}

export interface OrderItemTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  goods_id: number;
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

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CacheVersionTable {
  scope: string;
  company_id: number;
  version: number;
}

export interface DB {
  cache_versions: CacheVersionTable;
  companies: CompanyTable;
  host_tenants: HostTenantTable;
  shops: ShopTable;
  user_groups: UserGroupTable;
  positions: PositionTable;
  users: UserTable;
  sessions: SessionTable;
  login_logs: LoginLogTable;
  role_permissions: RolePermissionTable;
  audit_logs: AuditLogTable;
  goods_categories: GoodsCategoryTable;
  goods: GoodsTable;
  goods_loves: GoodsLoveTable;
  cart_items: CartItemTable;
  consignees: ConsigneeTable;
  coupons: CouponTable;
  member_coupons: MemberCouponTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  goods_reviews: GoodsReviewTable;
  sms_outbox: SmsOutboxTable;
  sms_codes: SmsCodeTable;
}
