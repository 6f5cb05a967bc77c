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
}
