/**
 * Permission codenames, grouped by module. `GET /account/permission` answers the caller's subset
 * in the shape `{ [module]: [{ codename, name }] }`; the server enforces the same table.
 */
export interface PermissionEntry {
  codename: string;
  name: string;
}
export type UserPermission = Record<string, PermissionEntry[]>;

export const PERMISSIONS = {
  goods: {
    view_goods_category: '查看商品分类',
    add_goods_category: '新增商品分类',
    change_goods_category: '修改商品分类',
    delete_goods_category: '删除商品分类',
    view_goods_brand: '查看品牌',
    add_goods_brand: '新增品牌',
    change_goods_brand: '修改品牌',
    delete_goods_brand: '删除品牌',
    change_public_brand: '管理公共品牌',
    view_goods: '查看商品',
    add_goods: '新增商品',
    change_goods: '修改商品',
    delete_goods: '删除商品',
    change_shop_goods: '管理商城商品（推送、上下架、公开）',
  },
  bulk: {
    view_bulk_goods: '查看大宗商品',
    add_bulk_goods: '新增大宗商品',
    change_bulk_goods: '修改大宗商品（含上架、下架）',
    delete_bulk_goods: '删除大宗商品',
    view_bulk_category: '查看大宗分类',
    add_bulk_category: '新增大宗分类',
    change_bulk_category: '修改大宗分类',
    delete_bulk_category: '删除大宗分类',
  },
  order: {
    view_order: '查看订单',
    confirm_order_payment: '确认收款',
    ship_order: '订单发货',
    cancel_order: '取消订单',
    refund_order: '订单退款',
    reply_review: '回复评价',
    change_payment_account: '设置收款账户',
  },
  message: {
    view_sms_outbox: '查看短信发件箱',
  },
  promotion: {
    change_promotion: '管理促销活动',
  },
  coupon: {
    view_coupon: '查看优惠券',
    add_coupon: '新增优惠券',
    change_coupon: '修改和发放优惠券',
    delete_coupon: '删除优惠券',
  },
  supplier: {
    view_supplier: '查看供应商申请',
    review_supplier: '审核供应商申请',
  },
  pmc: {
    view_pmc: '查看生产计划和预警',
    add_pmc: '新增和导入生产计划',
    change_pmc: '修改生产计划、物料和报工',
    delete_pmc: '删除生产计划',
    finish_pmc: '生产计划完工入库',
  },
  file: {
    view_file: '查看文件',
    add_file: '上传文件',
    change_file: '重命名文件',
    delete_file: '删除文件',
  },
  feedback: {
    view_feedback: '查看咨询与留言',
    review_message: '审核留言',
    reply_opinion: '回复咨询',
  },
  enquiry: {
    view_enquiry: '查看产品规划与投融资咨询',
    change_enquiry: '处理产品规划与投融资咨询',
  },
  purchase: {
    view_purchase: '查看采购单',
    add_purchase: '新建采购单',
    change_purchase: '修改、下单和取消采购单',
    receive_purchase: '采购到货入库和退货',
    delete_purchase: '删除草稿采购单',
  },
  customer: {
    view_member: '查看会员',
    change_member_status: '停用或启用会员',
    view_customer: '查看客户',
    add_customer: '新增客户',
    change_customer: '修改客户',
    delete_customer: '删除客户',
  },
  stock: {
    view_stock: '查看库存、入库单和流水',
    add_stock_input: '填写入库单',
    check_stock_input: '审核入库单',
    change_stock: '库存调整和预警',
    manage_warehouse: '管理仓库',
  },
  product: {
    view_product: '查看产品和物料清单',
    add_product: '新增产品',
    change_product: '修改产品',
    delete_product: '删除产品',
    produce_product: '生产入库',
  },
  group: {
    view_group_company: '查看本集群及其单位',
    add_group_company: '在本集群新增单位（及其单位管理员）',
    change_group: '管理全部集群（新增、修改、删除，指定单位）',
  },
  organization: {
    view_department: '查看部门和职务',
    change_department: '管理部门和职务',
    view_user: '查看人员',
    add_user: '新增人员',
    change_user: '修改人员、停用和启用',
    reset_user_password: '重置人员密码',
    change_role_permission: '设置各角色可做的操作',
    set_assistant: '设置我的助理及其可做的操作',
    review_transfer: '审核人员调入调出本单位或本集群的申请',
    request_transfer: '申请调往其他单位或集群（管理员须先移交管理工作）',
    view_admin_log: '查看管理首页、登录记录、在线人员和使用统计',
    view_operation_log: '查看操作日志（谁在何时改了什么）',
    view_company_settings: '查看单位设置（系统设置、商城设置）',
    change_company_settings: '修改单位设置（密码规则、登录、订单等待时长）',
  },
  work: {
    write_work_log: '写自己的工作日志，查看自己负责或参与的计划',
    manage_work_plan: '新建和修改工作计划、分配任务',
    review_work_log: '查看人员的工作日志及统计、审阅日志',
  },
  company: {
    change_company: '修改单位信息',
    view_login_log: '查看登录记录和用户',
    review_company_change: '审核各单位的变更申请',
  },
  news: {
    view_news: '查看新闻',
    add_news: '新增新闻',
    change_news: '修改和发布新闻',
    delete_news: '删除新闻',
    view_guest: '查看新访客',
  },
  training: {
    view_flow: '查看流程',
    change_flow: '设计、设置和发布流程',
    view_project: '查看实训项目',
    change_project: '新建、修改和删除实训项目',
    view_business: '查看业务',
    change_business: '启动、删除和恢复业务',
    start_business: '从实训项目发起业务，为自己发起的业务配备团队',
    view_course: '查看课程',
    change_course: '新建、修改和删除课程，管理课程的学生',
  },
} as const satisfies Record<string, Record<string, string>>;

export type PermissionModule = keyof typeof PERMISSIONS;

/** Each module's name as the role → action matrix (inner-permission) groups its actions. */
export const PERMISSION_MODULE_NAMES: Record<PermissionModule, string> = {
  goods: '商品',
  bulk: '大宗采购',
  order: '订单',
  message: '短信',
  promotion: '促销活动',
  coupon: '优惠券',
  supplier: '供应商',
  pmc: '生产计划',
  file: '文件',
  feedback: '咨询与留言',
  enquiry: '合作咨询',
  purchase: '采购',
  customer: '客户与会员',
  stock: '仓储',
  product: '产品',
  group: '集群',
  organization: '部门、职务与人员',
  work: '工作计划与日志',
  company: '单位',
  news: '新闻与访客',
  training: '实训流程',
};
export type Codename = {
  [M in PermissionModule]: keyof (typeof PERMISSIONS)[M];
}[PermissionModule];

export const ALL_CODENAMES = Object.values(PERMISSIONS).flatMap((m) => Object.keys(m)) as Codename[];

export function moduleOf(codename: string): PermissionModule | undefined {
  for (const [mod, entries] of Object.entries(PERMISSIONS)) {
    if (codename in entries) return mod as PermissionModule;
  }
  return undefined;
}

/** Held codenames by module, as `/account/permission` answers them (in PERMISSIONS' order). */
export function permissionsByModule(held: ReadonlySet<string>): UserPermission {
  const result: UserPermission = {};
  for (const [mod, entries] of Object.entries(PERMISSIONS)) {
    const list = Object.entries(entries as Record<string, string>)
      .filter(([codename]) => held.has(codename))
      .map(([codename, name]) => ({ codename, name }));
    if (list.length > 0) result[mod] = list;
  }
  return result;
}

/** The administration of a company's departments, positions and people (department.ts, users.ts). */
const ORGANIZATION_CODENAMES = (Object.keys(PERMISSIONS.organization) as Codename[]).filter(
  (c) => c !== 'change_role_permission' && c !== 'set_assistant' && c !== 'request_transfer',
);

/**
 * Work plans and logs (work-plan.ts): every staff role writes its own logs (`write_work_log`; not
 * the shop's members); a company's administrators also make plans and review logs.
 */
const WORK_CODENAMES = Object.keys(PERMISSIONS.work) as Codename[];
/**
 * What every member of staff (not an administrator, not a shop member) does for themselves: their
 * work log, and asking to move to another company (transfer.ts; administrators hand over first).
 */
const STAFF_OWN: Codename[] = ['write_work_log', 'request_transfer'];
/** The training area's flows (workflow.ts): the manager area's administrators design them. */
const FLOW_CODENAMES = Object.keys(PERMISSIONS.training) as Codename[];

/** Which role numbers hold which codenames by default (seeded into `role_permissions`). */
export const DEFAULT_ROLE_PERMISSIONS: Record<number, Codename[]> = {
  1: ALL_CODENAMES,
  // 集群管理员 and their assistants (group.ts GROUP_STAFF_ROLES).
  2: [
    'view_group_company',
    'add_group_company',
    'change_role_permission',
    'set_assistant',
    ...ORGANIZATION_CODENAMES,
    ...WORK_CODENAMES,
    ...FLOW_CODENAMES,
  ],
  6: [
    'view_group_company',
    'add_group_company',
    ...ORGANIZATION_CODENAMES,
    ...WORK_CODENAMES,
    ...FLOW_CODENAMES,
  ],
  // 单位管理员 and their assistants: their company's organisation and people; the manager also
  // what each role of the company may do (role-permission.ts).
  3: [
    ...ORGANIZATION_CODENAMES,
    ...WORK_CODENAMES,
    ...FLOW_CODENAMES,
    'change_role_permission',
    'set_assistant',
  ],
  // 指导者: their assistants (the training area's actions come with its issues).
  4: ['set_assistant', ...STAFF_OWN],
  // 业务人员: they choose a project in 业务准备 and start a business on it (design/training.md).
  5: [...STAFF_OWN, 'view_project', 'start_business'],
  8: [...STAFF_OWN, 'view_flow', 'view_project', 'view_business', 'view_course'],
  9: STAFF_OWN,
  10: STAFF_OWN,
  11: STAFF_OWN,
  7: [...ORGANIZATION_CODENAMES, ...WORK_CODENAMES, ...FLOW_CODENAMES],
  12: [
    'view_goods_category',
    'add_goods_category',
    'change_goods_category',
    'delete_goods_category',
    'view_goods_brand',
    'add_goods_brand',
    'change_goods_brand',
    'delete_goods_brand',
    'view_goods',
    'add_goods',
    'change_goods',
    'delete_goods',
    'change_shop_goods',
    'view_order',
    'confirm_order_payment',
    'ship_order',
    'cancel_order',
    'refund_order',
    'reply_review',
    'change_payment_account',
    'change_promotion',
    'view_pmc',
    'add_pmc',
    'change_pmc',
    'delete_pmc',
    'finish_pmc',
    'view_coupon',
    'add_coupon',
    'change_coupon',
    'delete_coupon',
    'view_supplier',
    'review_supplier',
    'view_bulk_goods',
    'add_bulk_goods',
    'change_bulk_goods',
    'delete_bulk_goods',
    'view_bulk_category',
    'add_bulk_category',
    'change_bulk_category',
    'delete_bulk_category',
    'view_purchase',
    'add_purchase',
    'change_purchase',
    'receive_purchase',
    'delete_purchase',
    'view_feedback',
    'review_message',
    'reply_opinion',
    'view_enquiry',
    'change_enquiry',
    'view_sms_outbox',
    'view_file',
    'add_file',
    'view_stock',
    'add_stock_input',
    'check_stock_input',
    'change_stock',
    'manage_warehouse',
    'view_product',
    'add_product',
    'change_product',
    'delete_product',
    'produce_product',
    'change_file',
    'delete_file',
    'view_member',
    'change_member_status',
    'view_customer',
    'add_customer',
    'change_customer',
    'delete_customer',
    'change_company',
    'view_login_log',
    'view_news',
    'add_news',
    'change_news',
    'delete_news',
    'view_guest',
    ...STAFF_OWN,
  ],
  13: [
    'view_goods_category',
    'view_goods_brand',
    'view_pmc',
    'change_pmc',
    'finish_pmc',
    'view_goods',
    'add_goods',
    'change_goods',
    'view_order',
    'ship_order',
    'view_purchase',
    'receive_purchase',
    'view_file',
    'add_file',
    'view_stock',
    'add_stock_input',
    'change_stock',
    'manage_warehouse',
    'view_product',
    'produce_product',
    ...STAFF_OWN,
  ],
  14: [
    'view_goods_category',
    'view_pmc',
    'view_goods_brand',
    'view_goods',
    'view_bulk_goods',
    'view_bulk_category',
    'view_supplier',
    'review_supplier',
    'view_purchase',
    'add_purchase',
    'change_purchase',
    'receive_purchase',
    'delete_purchase',
    'view_file',
    'add_file',
    'view_stock',
    'view_product',
    ...STAFF_OWN,
  ],
  18: [
    'view_goods',
    'view_pmc',
    'view_order',
    'confirm_order_payment',
    'refund_order',
    'view_purchase',
    'change_payment_account',
    'view_file',
    'add_file',
    'view_stock',
    'view_product',
    ...STAFF_OWN,
  ],
  20: [
    'view_goods_category',
    'view_goods_brand',
    'view_goods',
    'view_order',
    'view_member',
    'view_coupon',
    'view_customer',
    'add_customer',
    'view_bulk_goods',
    'view_bulk_category',
    'change_customer',
    'delete_customer',
    'view_file',
    'view_guest',
    ...STAFF_OWN,
  ],
  21: [
    'view_goods_category',
    'view_order',
    'cancel_order',
    'reply_review',
    'view_feedback',
    'review_message',
    'reply_opinion',
    'view_enquiry',
    'change_enquiry',
    'view_member',
    'change_member_status',
    'view_coupon',
    'view_file',
    'view_news',
    'view_guest',
    ...STAFF_OWN,
  ],
};

/**
 * Action permission (spec §6): allowed when no permission object is loaded at all, or when the
 * module key exists and holds an entry with the given codename.
 */
export function hasAction(
  perm: UserPermission | null | undefined,
  module: string,
  codename: string,
): boolean {
  if (perm == null) return true;
  const entries = perm[module];
  return Array.isArray(entries) && entries.some((e) => e.codename === codename);
}

/** Module permission (spec §6): allowed when the module key exists. */
export function hasModule(perm: UserPermission | null | undefined, module: string): boolean {
  return perm != null && Object.hasOwn(perm, module);
}
