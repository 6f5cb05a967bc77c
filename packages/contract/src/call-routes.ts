// Generated from the declarations (defineCall) by packages/contract/scripts/gen-call-routes.ts.
// Do not edit: run `npm run gen -w @portal/contract`. Zod-free: the web makes its calls with these.
import { callRoute as r } from './call.ts';
import type * as C from './index.ts';

export const accountCalls = {
  login: r<typeof C.accountCalls.login>('POST', '/account/login', { public: true }),
  quit: r<typeof C.accountCalls.quit>('POST', '/account/quit', { login: true }),
  updatePassword: r<typeof C.accountCalls.updatePassword>('POST', '/account/password/update', {
    login: true,
  }),
  permission: r<typeof C.accountCalls.permission>('GET', '/account/permission', { login: true }),
  info: r<typeof C.accountCalls.info>('GET', '/account/info', { login: true }),
  loginLog: r<typeof C.accountCalls.loginLog>('GET', '/account/login/log', { login: true }),
};

export const brandCalls = {
  list: r<typeof C.brandCalls.list>('POST', '/goods/brand/list', { permission: 'view_goods_brand' }),
  get: r<typeof C.brandCalls.get>('POST', '/goods/brand', { permission: 'view_goods_brand' }),
  create: r<typeof C.brandCalls.create>('POST', '/goods/brand/add', { permission: 'add_goods_brand' }),
  update: r<typeof C.brandCalls.update>('POST', '/goods/brand/update', { permission: 'change_goods_brand' }),
  remove: r<typeof C.brandCalls.remove>('POST', '/goods/brand/delete', { permission: 'delete_goods_brand' }),
  removeMany: r<typeof C.brandCalls.removeMany>('POST', '/goods/brand/selected/delete', {
    permission: 'delete_goods_brand',
  }),
  select: r<typeof C.brandCalls.select>('POST', '/goods/brands', { permission: 'view_goods_brand' }),
  check: r<typeof C.brandCalls.check>('POST', '/goods/brand/check', { permission: 'view_goods_brand' }),
  export: r<typeof C.brandCalls.export>('GET', '/goods/brand/export', { permission: 'view_goods_brand' }),
  importTemplate: r<typeof C.brandCalls.importTemplate>('GET', '/goods/brand/import/template', {
    permission: 'add_goods_brand',
  }),
  import: r<typeof C.brandCalls.import>('POST', '/goods/brand/import', { permission: 'add_goods_brand' }),
};

export const bulkCategoryCalls = {
  list: r<typeof C.bulkCategoryCalls.list>('POST', '/dzc/category/list', {
    permission: 'view_bulk_category',
  }),
  parents: r<typeof C.bulkCategoryCalls.parents>('POST', '/dzc/category/list/parent', {
    permission: 'view_bulk_category',
  }),
  get: r<typeof C.bulkCategoryCalls.get>('POST', '/dzc/category', { permission: 'view_bulk_category' }),
  add: r<typeof C.bulkCategoryCalls.add>('POST', '/dzc/category/add', { permission: 'add_bulk_category' }),
  update: r<typeof C.bulkCategoryCalls.update>('POST', '/dzc/category/update', {
    permission: 'change_bulk_category',
  }),
  remove: r<typeof C.bulkCategoryCalls.remove>('POST', '/dzc/category/delete', {
    permission: 'delete_bulk_category',
  }),
  removeMany: r<typeof C.bulkCategoryCalls.removeMany>('POST', '/dzc/category/selected/delete', {
    permission: 'delete_bulk_category',
  }),
  tree: r<typeof C.bulkCategoryCalls.tree>('POST', '/dzc/categorys', { permission: 'view_bulk_category' }),
  shopTree: r<typeof C.bulkCategoryCalls.shopTree>('GET', '/dzc/category/public', { public: true }),
};

export const bulkGoodsCalls = {
  list: r<typeof C.bulkGoodsCalls.list>('POST', '/dzc/goods/list', { permission: 'view_bulk_goods' }),
  get: r<typeof C.bulkGoodsCalls.get>('POST', '/dzc/goods', { permission: 'view_bulk_goods' }),
  create: r<typeof C.bulkGoodsCalls.create>('POST', '/dzc/goods/add', { permission: 'add_bulk_goods' }),
  update: r<typeof C.bulkGoodsCalls.update>('POST', '/dzc/goods/update', { permission: 'change_bulk_goods' }),
  remove: r<typeof C.bulkGoodsCalls.remove>('POST', '/dzc/goods/delete', { permission: 'delete_bulk_goods' }),
  removeMany: r<typeof C.bulkGoodsCalls.removeMany>('POST', '/dzc/goods/selected/delete', {
    permission: 'delete_bulk_goods',
  }),
  select: r<typeof C.bulkGoodsCalls.select>('POST', '/dzc/goods/select', { permission: 'view_bulk_goods' }),
  check: r<typeof C.bulkGoodsCalls.check>('POST', '/dzc/goods/check', { permission: 'view_bulk_goods' }),
  export: r<typeof C.bulkGoodsCalls.export>('GET', '/dzc/goods/export', { permission: 'view_bulk_goods' }),
  importTemplate: r<typeof C.bulkGoodsCalls.importTemplate>('GET', '/dzc/goods/import/template', {
    permission: 'add_bulk_goods',
  }),
  import: r<typeof C.bulkGoodsCalls.import>('POST', '/dzc/goods/import', { permission: 'add_bulk_goods' }),
  setOnSale: r<typeof C.bulkGoodsCalls.setOnSale>('POST', '/dzc/goods/selected/onsale', {
    permission: 'change_bulk_goods',
  }),
  publicList: r<typeof C.bulkGoodsCalls.publicList>('GET', '/dzc/goods/public', { public: true }),
};

export const cartCalls = {
  list: r<typeof C.cartCalls.list>('POST', '/cart/list', { login: true }),
  add: r<typeof C.cartCalls.add>('POST', '/cart/add', { login: true }),
  update: r<typeof C.cartCalls.update>('POST', '/cart/update', { login: true }),
  select: r<typeof C.cartCalls.select>('POST', '/cart/select', { login: true }),
  remove: r<typeof C.cartCalls.remove>('POST', '/cart/delete', { login: true }),
  merge: r<typeof C.cartCalls.merge>('POST', '/cart/merge', { login: true }),
};

export const catalogueCalls = {
  list: r<typeof C.catalogueCalls.list>('GET', '/goods/staff/shopgoods/', { public: true }),
  get: r<typeof C.catalogueCalls.get>('GET', '/goods/staff/shopgoods/detail/', { public: true }),
  toggleLove: r<typeof C.catalogueCalls.toggleLove>('POST', '/goods/love', { login: true }),
  loved: r<typeof C.catalogueCalls.loved>('POST', '/goods/love/list', { login: true }),
};

export const cmsCalls = {
  newsCategories: r<typeof C.cmsCalls.newsCategories>('GET', '/cms/news/categories', { public: true }),
  newsList: r<typeof C.cmsCalls.newsList>('GET', '/cms/news/list', { public: true }),
  newsDetail: r<typeof C.cmsCalls.newsDetail>('GET', '/cms/news/detail', { public: true }),
  advertisingList: r<typeof C.cmsCalls.advertisingList>('GET', '/cms/advertising/list', { public: true }),
  advertisingDetail: r<typeof C.cmsCalls.advertisingDetail>('GET', '/cms/advertising/detail', {
    public: true,
  }),
};

export const companyCalls = {
  current: r<typeof C.companyCalls.current>('GET', '/system/staff/company/', { public: true }),
  shops: r<typeof C.companyCalls.shops>('GET', '/erp/staff/shops/', { public: true }),
};

export const companyChangeCalls = {
  submit: r<typeof C.companyChangeCalls.submit>('POST', '/company/changeRequest/submit', {
    permission: 'change_company',
  }),
  list: r<typeof C.companyChangeCalls.list>('POST', '/company/changeRequest/list', {
    permission: 'change_company',
  }),
  withdraw: r<typeof C.companyChangeCalls.withdraw>('POST', '/company/changeRequest/withdraw', {
    permission: 'change_company',
  }),
  reviewList: r<typeof C.companyChangeCalls.reviewList>('POST', '/company/changeRequest/review/list', {
    permission: 'review_company_change',
  }),
  approve: r<typeof C.companyChangeCalls.approve>('POST', '/company/changeRequest/approve', {
    permission: 'review_company_change',
  }),
  reject: r<typeof C.companyChangeCalls.reject>('POST', '/company/changeRequest/reject', {
    permission: 'review_company_change',
  }),
};

export const companyLoginCalls = {
  list: r<typeof C.companyLoginCalls.list>('POST', '/login/log/list', { permission: 'view_login_log' }),
  user: r<typeof C.companyLoginCalls.user>('POST', '/user', { permission: 'view_login_log' }),
};

export const companyProfileCalls = {
  get: r<typeof C.companyProfileCalls.get>('POST', '/company/profile', { permission: 'change_company' }),
  update: r<typeof C.companyProfileCalls.update>('POST', '/company/profile/update', {
    permission: 'change_company',
  }),
};

export const consigneeCalls = {
  list: r<typeof C.consigneeCalls.list>('POST', '/consignee/list', { login: true }),
  save: r<typeof C.consigneeCalls.save>('POST', '/consignee/update', { login: true }),
  remove: r<typeof C.consigneeCalls.remove>('POST', '/consignee/delete', { login: true }),
};

export const couponAdminCalls = {
  list: r<typeof C.couponAdminCalls.list>('POST', '/coupon/admin/list', { permission: 'view_coupon' }),
  get: r<typeof C.couponAdminCalls.get>('POST', '/coupon/admin/get', { permission: 'view_coupon' }),
  create: r<typeof C.couponAdminCalls.create>('POST', '/coupon/create', { permission: 'add_coupon' }),
  update: r<typeof C.couponAdminCalls.update>('POST', '/coupon/update', { permission: 'change_coupon' }),
  remove: r<typeof C.couponAdminCalls.remove>('POST', '/coupon/delete', { permission: 'delete_coupon' }),
  removeMany: r<typeof C.couponAdminCalls.removeMany>('POST', '/coupon/selected/delete', {
    permission: 'delete_coupon',
  }),
  select: r<typeof C.couponAdminCalls.select>('POST', '/coupon/admin/select', { permission: 'view_coupon' }),
  check: r<typeof C.couponAdminCalls.check>('POST', '/coupon/admin/check', { permission: 'view_coupon' }),
  export: r<typeof C.couponAdminCalls.export>('GET', '/coupon/admin/export', { permission: 'view_coupon' }),
  importTemplate: r<typeof C.couponAdminCalls.importTemplate>('GET', '/coupon/admin/import/template', {
    permission: 'add_coupon',
  }),
  import: r<typeof C.couponAdminCalls.import>('POST', '/coupon/admin/import', { permission: 'add_coupon' }),
  issue: r<typeof C.couponAdminCalls.issue>('POST', '/coupon/issue', { permission: 'change_coupon' }),
};

export const couponCalls = {
  list: r<typeof C.couponCalls.list>('POST', '/coupon/list', { login: true }),
  claim: r<typeof C.couponCalls.claim>('POST', '/coupon/get', { login: true }),
  check: r<typeof C.couponCalls.check>('POST', '/coupon/check', { login: true }),
};

export const customerCalls = {
  list: r<typeof C.customerCalls.list>('POST', '/customer/list', { permission: 'view_customer' }),
  get: r<typeof C.customerCalls.get>('POST', '/customer', { permission: 'view_customer' }),
  create: r<typeof C.customerCalls.create>('POST', '/customer/create', { permission: 'add_customer' }),
  update: r<typeof C.customerCalls.update>('POST', '/customer/save', { permission: 'change_customer' }),
  remove: r<typeof C.customerCalls.remove>('POST', '/customer/delete', { permission: 'delete_customer' }),
  removeMany: r<typeof C.customerCalls.removeMany>('POST', '/customer/selected/delete', {
    permission: 'delete_customer',
  }),
  select: r<typeof C.customerCalls.select>('POST', '/customer/select', { permission: 'view_customer' }),
  check: r<typeof C.customerCalls.check>('POST', '/customer/check', { permission: 'view_customer' }),
  export: r<typeof C.customerCalls.export>('GET', '/customer/export', { permission: 'view_customer' }),
  importTemplate: r<typeof C.customerCalls.importTemplate>('GET', '/customer/import/template', {
    permission: 'add_customer',
  }),
  import: r<typeof C.customerCalls.import>('POST', '/customer/import', { permission: 'add_customer' }),
};

export const dashboardCalls = {
  crm: r<typeof C.dashboardCalls.crm>('POST', '/crm/dashboard', { permission: 'view_order' }),
};

export const feedbackCalls = {
  problems: r<typeof C.feedbackCalls.problems>('GET', '/online/problem/list', { public: true }),
  ask: r<typeof C.feedbackCalls.ask>('POST', '/online/opinion', { public: true }),
  publicOpinions: r<typeof C.feedbackCalls.publicOpinions>('GET', '/online/opinion/list', { public: true }),
  post: r<typeof C.feedbackCalls.post>('POST', '/message/board', { public: true }),
  publicMessages: r<typeof C.feedbackCalls.publicMessages>('GET', '/message/board/list', { public: true }),
  opinions: r<typeof C.feedbackCalls.opinions>('GET', '/feedback/opinion/list', {
    permission: 'view_feedback',
  }),
  reply: r<typeof C.feedbackCalls.reply>('POST', '/feedback/opinion/reply', { permission: 'reply_opinion' }),
  messages: r<typeof C.feedbackCalls.messages>('GET', '/feedback/message/list', {
    permission: 'view_feedback',
  }),
  reviewMessages: r<typeof C.feedbackCalls.reviewMessages>('POST', '/feedback/message/review', {
    permission: 'review_message',
  }),
  removeMessages: r<typeof C.feedbackCalls.removeMessages>('POST', '/feedback/message/delete', {
    permission: 'review_message',
  }),
};

export const fileCalls = {
  upload: r<typeof C.fileCalls.upload>('POST', '/file/upload', { permission: 'add_file' }),
  list: r<typeof C.fileCalls.list>('POST', '/file/get', { permission: 'view_file' }),
  update: r<typeof C.fileCalls.update>('POST', '/file/update', { permission: 'change_file' }),
  remove: r<typeof C.fileCalls.remove>('POST', '/file/delete', { permission: 'delete_file' }),
  removeMany: r<typeof C.fileCalls.removeMany>('POST', '/file/selected/delete', {
    permission: 'delete_file',
  }),
  content: r<typeof C.fileCalls.content>('GET', '/file/content', { permission: 'view_file' }),
  image: r<typeof C.fileCalls.image>('GET', '/file/image', { public: true }),
};

export const finderCalls = {
  appVersion: r<typeof C.finderCalls.appVersion>('GET', '/check/app/version', { public: true }),
  people: r<typeof C.finderCalls.people>('GET', '/search/person', { public: true }),
  experiments: r<typeof C.finderCalls.experiments>('GET', '/search/experiment', { public: true }),
};

export const goodsCalls = {
  list: r<typeof C.goodsCalls.list>('POST', '/goods/list', { permission: 'view_goods' }),
  get: r<typeof C.goodsCalls.get>('POST', '/goods/get', { permission: 'view_goods' }),
  create: r<typeof C.goodsCalls.create>('POST', '/goods/create', { permission: 'add_goods' }),
  update: r<typeof C.goodsCalls.update>('POST', '/goods/save', { permission: 'change_goods' }),
  remove: r<typeof C.goodsCalls.remove>('POST', '/goods/delete', { permission: 'delete_goods' }),
  removeMany: r<typeof C.goodsCalls.removeMany>('POST', '/goods/selected/delete', {
    permission: 'delete_goods',
  }),
  select: r<typeof C.goodsCalls.select>('POST', '/goods/select', { permission: 'view_goods' }),
  check: r<typeof C.goodsCalls.check>('POST', '/goods/check', { permission: 'view_goods' }),
  export: r<typeof C.goodsCalls.export>('GET', '/goods/export', { permission: 'view_goods' }),
  importTemplate: r<typeof C.goodsCalls.importTemplate>('GET', '/goods/excel_data_save/template', {
    permission: 'add_goods',
  }),
  import: r<typeof C.goodsCalls.import>('POST', '/goods/excel_data_save', { permission: 'add_goods' }),
  skuList: r<typeof C.goodsCalls.skuList>('POST', '/goods/detail/list', { permission: 'view_goods' }),
  skuSave: r<typeof C.goodsCalls.skuSave>('POST', '/goods/detail/save', { permission: 'change_goods' }),
  skuRemove: r<typeof C.goodsCalls.skuRemove>('POST', '/goods/detail/delete', { permission: 'change_goods' }),
  checkType: r<typeof C.goodsCalls.checkType>('POST', '/goods/checkGoodsType', { permission: 'view_goods' }),
  setType: r<typeof C.goodsCalls.setType>('POST', '/goods/setGoodsType', { permission: 'change_goods' }),
  pushToShop: r<typeof C.goodsCalls.pushToShop>('POST', '/goods/push/to/shop', {
    permission: 'change_shop_goods',
  }),
  setOnSale: r<typeof C.goodsCalls.setOnSale>('POST', '/shop/goods/selected/onsale', {
    permission: 'change_shop_goods',
  }),
  setPublic: r<typeof C.goodsCalls.setPublic>('POST', '/shop/goods/selected/public', {
    permission: 'change_shop_goods',
  }),
  history: r<typeof C.goodsCalls.history>('POST', '/goods/log', { permission: 'view_goods' }),
  removeFromShop: r<typeof C.goodsCalls.removeFromShop>('POST', '/shop/goods/selected/delete', {
    permission: 'change_shop_goods',
  }),
};

export const goodsCategoryCalls = {
  list: r<typeof C.goodsCategoryCalls.list>('POST', '/shop/goods/category/list', {
    permission: 'view_goods_category',
  }),
  parents: r<typeof C.goodsCategoryCalls.parents>('POST', '/shop/goods/category/list/parent', {
    permission: 'view_goods_category',
  }),
  get: r<typeof C.goodsCategoryCalls.get>('POST', '/shop/goods/category', {
    permission: 'view_goods_category',
  }),
  add: r<typeof C.goodsCategoryCalls.add>('POST', '/shop/goods/category/add', {
    permission: 'add_goods_category',
  }),
  update: r<typeof C.goodsCategoryCalls.update>('POST', '/shop/goods/category/update', {
    permission: 'change_goods_category',
  }),
  remove: r<typeof C.goodsCategoryCalls.remove>('POST', '/goods/category/delete', {
    permission: 'delete_goods_category',
  }),
  removeMany: r<typeof C.goodsCategoryCalls.removeMany>('POST', '/goods/category/selected/delete', {
    permission: 'delete_goods_category',
  }),
  tree: r<typeof C.goodsCategoryCalls.tree>('POST', '/goods/categorys', {
    permission: 'view_goods_category',
  }),
  shopTree: r<typeof C.goodsCategoryCalls.shopTree>('GET', '/goods/staff/category/', { public: true }),
};

export const guestCalls = {
  welcome: r<typeof C.guestCalls.welcome>('POST', '/guest/welcome', { public: true }),
  recent: r<typeof C.guestCalls.recent>('POST', '/guest/recent', { permission: 'view_guest' }),
};

export const memberAdminCalls = {
  list: r<typeof C.memberAdminCalls.list>('POST', '/member/list', { permission: 'view_member' }),
  get: r<typeof C.memberAdminCalls.get>('POST', '/member', { permission: 'view_member' }),
  setStatus: r<typeof C.memberAdminCalls.setStatus>('POST', '/member/status', {
    permission: 'change_member_status',
  }),
};

export const memberCalls = {
  sendCode: r<typeof C.memberCalls.sendCode>('POST', '/account/send/code', { public: true }),
  register: r<typeof C.memberCalls.register>('POST', '/account/register', { public: true }),
  findPassword: r<typeof C.memberCalls.findPassword>('POST', '/account/password/find', { public: true }),
  updateProfile: r<typeof C.memberCalls.updateProfile>('POST', '/account/profile/update', { login: true }),
  smsOutbox: r<typeof C.memberCalls.smsOutbox>('GET', '/sms/outbox/', { permission: 'view_sms_outbox' }),
};

export const micrositeCalls = {
  get: r<typeof C.micrositeCalls.get>('GET', '/microsite', { public: true }),
  profile: r<typeof C.micrositeCalls.profile>('GET', '/microsite/company', { public: true }),
};

export const newsAdminCalls = {
  list: r<typeof C.newsAdminCalls.list>('POST', '/cms/news/admin/list', { permission: 'view_news' }),
  get: r<typeof C.newsAdminCalls.get>('POST', '/cms/news/admin/get', { permission: 'view_news' }),
  create: r<typeof C.newsAdminCalls.create>('POST', '/cms/news/admin/add', { permission: 'add_news' }),
  update: r<typeof C.newsAdminCalls.update>('POST', '/cms/news/admin/update', { permission: 'change_news' }),
  remove: r<typeof C.newsAdminCalls.remove>('POST', '/cms/news/admin/delete', { permission: 'delete_news' }),
  removeMany: r<typeof C.newsAdminCalls.removeMany>('POST', '/cms/news/admin/selected/delete', {
    permission: 'delete_news',
  }),
  select: r<typeof C.newsAdminCalls.select>('POST', '/cms/news/admin/options', { permission: 'view_news' }),
  check: r<typeof C.newsAdminCalls.check>('POST', '/cms/news/admin/check', { permission: 'view_news' }),
  export: r<typeof C.newsAdminCalls.export>('GET', '/cms/news/admin/export', { permission: 'view_news' }),
  importTemplate: r<typeof C.newsAdminCalls.importTemplate>('GET', '/cms/news/admin/import/template', {
    permission: 'add_news',
  }),
  import: r<typeof C.newsAdminCalls.import>('POST', '/cms/news/admin/import', { permission: 'add_news' }),
  categories: r<typeof C.newsAdminCalls.categories>('POST', '/cms/news/admin/categories', {
    permission: 'view_news',
  }),
  publish: r<typeof C.newsAdminCalls.publish>('POST', '/cms/news/admin/publish', {
    permission: 'change_news',
  }),
};

export const orderCalls = {
  create: r<typeof C.orderCalls.create>('POST', '/order/create', { login: true }),
  list: r<typeof C.orderCalls.list>('POST', '/order/list', { login: true }),
  counts: r<typeof C.orderCalls.counts>('POST', '/order/counts', { login: true }),
  get: r<typeof C.orderCalls.get>('POST', '/order/detail', { login: true }),
  cancel: r<typeof C.orderCalls.cancel>('POST', '/order/cancel', { login: true }),
  receive: r<typeof C.orderCalls.receive>('POST', '/order/receive', { login: true }),
  uploadReceipt: r<typeof C.orderCalls.uploadReceipt>('POST', '/order/receipt/upload', { login: true }),
  deleteReceipt: r<typeof C.orderCalls.deleteReceipt>('POST', '/order/receipt/delete', { login: true }),
  receiptFile: r<typeof C.orderCalls.receiptFile>('GET', '/order/receipt/file', { login: true }),
  payOnline: r<typeof C.orderCalls.payOnline>('POST', '/order/pay/online', { login: true }),
  manageList: r<typeof C.orderCalls.manageList>('POST', '/order/manage/list', { permission: 'view_order' }),
  manageGet: r<typeof C.orderCalls.manageGet>('POST', '/order/manage/detail', { permission: 'view_order' }),
  manageReceiptFile: r<typeof C.orderCalls.manageReceiptFile>('GET', '/order/manage/receipt/file', {
    permission: 'view_order',
  }),
  confirmPayment: r<typeof C.orderCalls.confirmPayment>('POST', '/order/pay/confirm', {
    permission: 'confirm_order_payment',
  }),
  ship: r<typeof C.orderCalls.ship>('POST', '/order/ship', { permission: 'ship_order' }),
  manageCancel: r<typeof C.orderCalls.manageCancel>('POST', '/order/manage/cancel', {
    permission: 'cancel_order',
  }),
  refund: r<typeof C.orderCalls.refund>('POST', '/order/refund', { permission: 'refund_order' }),
};

export const paymentCalls = {
  methods: r<typeof C.paymentCalls.methods>('GET', '/payment/methods', { public: true }),
  account: r<typeof C.paymentCalls.account>('GET', '/payment/account', {
    permission: 'change_payment_account',
  }),
  saveAccount: r<typeof C.paymentCalls.saveAccount>('POST', '/payment/account/save', {
    permission: 'change_payment_account',
  }),
  sandboxPage: r<typeof C.paymentCalls.sandboxPage>('GET', '/payment/sandbox/pay', { public: true }),
  sandboxPay: r<typeof C.paymentCalls.sandboxPay>('POST', '/payment/sandbox/pay', { public: true }),
  notify: r<typeof C.paymentCalls.notify>('POST', '/payment/notify/sandbox', { public: true }),
};

export const pmcCalls = {
  list: r<typeof C.pmcCalls.list>('POST', '/pmc/list', { permission: 'view_pmc' }),
  get: r<typeof C.pmcCalls.get>('POST', '/pmc/get', { permission: 'view_pmc' }),
  create: r<typeof C.pmcCalls.create>('POST', '/pmc/create', { permission: 'add_pmc' }),
  update: r<typeof C.pmcCalls.update>('POST', '/pmc/save', { permission: 'change_pmc' }),
  remove: r<typeof C.pmcCalls.remove>('POST', '/pmc/delete', { permission: 'delete_pmc' }),
  removeMany: r<typeof C.pmcCalls.removeMany>('POST', '/pmc/selected/delete', { permission: 'delete_pmc' }),
  select: r<typeof C.pmcCalls.select>('POST', '/pmc/select', { permission: 'view_pmc' }),
  check: r<typeof C.pmcCalls.check>('POST', '/pmc/check', { permission: 'view_pmc' }),
  export: r<typeof C.pmcCalls.export>('GET', '/pmc/export', { permission: 'view_pmc' }),
  importTemplate: r<typeof C.pmcCalls.importTemplate>('GET', '/pmc/excel_data_save/template', {
    permission: 'add_pmc',
  }),
  import: r<typeof C.pmcCalls.import>('POST', '/pmc/excel_data_save', { permission: 'add_pmc' }),
  finish: r<typeof C.pmcCalls.finish>('POST', '/pmc/finish', { permission: 'finish_pmc' }),
  finishMany: r<typeof C.pmcCalls.finishMany>('POST', '/pmc/selected/finish', { permission: 'finish_pmc' }),
  warnings: r<typeof C.pmcCalls.warnings>('POST', '/pmc/warn/list', { permission: 'view_pmc' }),
  progress: r<typeof C.pmcCalls.progress>('POST', '/pmc/progress/list', { permission: 'view_pmc' }),
  progressAdd: r<typeof C.pmcCalls.progressAdd>('POST', '/pmc/progress/add', { permission: 'change_pmc' }),
  progressRemove: r<typeof C.pmcCalls.progressRemove>('POST', '/pmc/detail/delete', {
    permission: 'change_pmc',
  }),
  materials: r<typeof C.pmcCalls.materials>('POST', '/pmc/goods/list', { permission: 'view_pmc' }),
  preview: r<typeof C.pmcCalls.preview>('POST', '/pmc/goods/preview', { permission: 'view_pmc' }),
  materialSave: r<typeof C.pmcCalls.materialSave>('POST', '/pmc/goods/save', { permission: 'change_pmc' }),
  materialRemove: r<typeof C.pmcCalls.materialRemove>('POST', '/pmc/goods/delete', {
    permission: 'change_pmc',
  }),
  copy: r<typeof C.pmcCalls.copy>('POST', '/pmc/import/from/old', { permission: 'add_pmc' }),
};

export const productCalls = {
  list: r<typeof C.productCalls.list>('POST', '/product/list', { permission: 'view_product' }),
  get: r<typeof C.productCalls.get>('POST', '/product/get', { permission: 'view_product' }),
  create: r<typeof C.productCalls.create>('POST', '/product/create', { permission: 'add_product' }),
  update: r<typeof C.productCalls.update>('POST', '/product/save', { permission: 'change_product' }),
  remove: r<typeof C.productCalls.remove>('POST', '/product/delete', { permission: 'delete_product' }),
  removeMany: r<typeof C.productCalls.removeMany>('POST', '/product/selected/delete', {
    permission: 'delete_product',
  }),
  select: r<typeof C.productCalls.select>('POST', '/product/select', { permission: 'view_product' }),
  check: r<typeof C.productCalls.check>('POST', '/product/check', { permission: 'view_product' }),
  export: r<typeof C.productCalls.export>('GET', '/product/export', { permission: 'view_product' }),
  importTemplate: r<typeof C.productCalls.importTemplate>('GET', '/product/import/template', {
    permission: 'add_product',
  }),
  import: r<typeof C.productCalls.import>('POST', '/product/import', { permission: 'add_product' }),
  materials: r<typeof C.productCalls.materials>('POST', '/product/detail/list', {
    permission: 'view_product',
  }),
  push: r<typeof C.productCalls.push>('POST', '/product/push/to/stock', { permission: 'produce_product' }),
};

export const promotionCalls = {
  list: r<typeof C.promotionCalls.list>('POST', '/shop/promotion/list', { public: true }),
  get: r<typeof C.promotionCalls.get>('POST', '/shop/promotion', { public: true }),
  create: r<typeof C.promotionCalls.create>('POST', '/shop/promotion/create', {
    permission: 'change_promotion',
  }),
  update: r<typeof C.promotionCalls.update>('POST', '/shop/promotion/update', {
    permission: 'change_promotion',
  }),
  addGoods: r<typeof C.promotionCalls.addGoods>('POST', '/shop/promotion/add', {
    permission: 'change_promotion',
  }),
  remove: r<typeof C.promotionCalls.remove>('POST', '/shop/promotion/delete', {
    permission: 'change_promotion',
  }),
  adminList: r<typeof C.promotionCalls.adminList>('POST', '/shop/promotion/admin/list', {
    permission: 'change_promotion',
  }),
  adminGet: r<typeof C.promotionCalls.adminGet>('POST', '/shop/promotion/admin/get', {
    permission: 'change_promotion',
  }),
  removeGoods: r<typeof C.promotionCalls.removeGoods>('POST', '/shop/promotion/item/delete', {
    permission: 'change_promotion',
  }),
  removeMany: r<typeof C.promotionCalls.removeMany>('POST', '/shop/promotion/selected/delete', {
    permission: 'change_promotion',
  }),
  listByGet: r<typeof C.promotionCalls.listByGet>('GET', '/shop/promotion/list', { public: true }),
  getByGet: r<typeof C.promotionCalls.getByGet>('GET', '/shop/promotion', { public: true }),
};

export const publicBrandCalls = {
  list: r<typeof C.publicBrandCalls.list>('POST', '/public/brand/list', { permission: 'view_goods_brand' }),
  get: r<typeof C.publicBrandCalls.get>('POST', '/public/brand', { permission: 'view_goods_brand' }),
  create: r<typeof C.publicBrandCalls.create>('POST', '/public/brand/add', {
    permission: 'change_public_brand',
  }),
  update: r<typeof C.publicBrandCalls.update>('POST', '/public/brand/update', {
    permission: 'change_public_brand',
  }),
  remove: r<typeof C.publicBrandCalls.remove>('POST', '/public/brand/delete', {
    permission: 'change_public_brand',
  }),
  removeMany: r<typeof C.publicBrandCalls.removeMany>('POST', '/public/brand/selected/delete', {
    permission: 'change_public_brand',
  }),
  select: r<typeof C.publicBrandCalls.select>('POST', '/public/brands', { permission: 'view_goods_brand' }),
  check: r<typeof C.publicBrandCalls.check>('POST', '/public/brand/check', {
    permission: 'view_goods_brand',
  }),
  export: r<typeof C.publicBrandCalls.export>('GET', '/public/brand/export', {
    permission: 'view_goods_brand',
  }),
  importTemplate: r<typeof C.publicBrandCalls.importTemplate>('GET', '/public/brand/import/template', {
    permission: 'change_public_brand',
  }),
  import: r<typeof C.publicBrandCalls.import>('POST', '/public/brand/import', {
    permission: 'change_public_brand',
  }),
};

export const purchaseCalls = {
  list: r<typeof C.purchaseCalls.list>('POST', '/purchase/list', { permission: 'view_purchase' }),
  export: r<typeof C.purchaseCalls.export>('GET', '/purchase/export', { permission: 'view_purchase' }),
  detail: r<typeof C.purchaseCalls.detail>('POST', '/purchase/detail', { permission: 'view_purchase' }),
  add: r<typeof C.purchaseCalls.add>('POST', '/purchase/add', { permission: 'add_purchase' }),
  update: r<typeof C.purchaseCalls.update>('POST', '/purchase/update', { permission: 'change_purchase' }),
  submit: r<typeof C.purchaseCalls.submit>('POST', '/purchase/submit', { permission: 'change_purchase' }),
  cancel: r<typeof C.purchaseCalls.cancel>('POST', '/purchase/cancel', { permission: 'change_purchase' }),
  remove: r<typeof C.purchaseCalls.remove>('POST', '/purchase/delete', { permission: 'delete_purchase' }),
  receive: r<typeof C.purchaseCalls.receive>('POST', '/purchase/receive', { permission: 'receive_purchase' }),
  return: r<typeof C.purchaseCalls.return>('POST', '/purchase/return', { permission: 'receive_purchase' }),
};

export const reviewCalls = {
  list: r<typeof C.reviewCalls.list>('GET', '/goods/review/list', { public: true }),
  add: r<typeof C.reviewCalls.add>('POST', '/goods/review', { login: true }),
  reply: r<typeof C.reviewCalls.reply>('POST', '/goods/review/reply', { permission: 'reply_review' }),
};

export const salespersonCalls = {
  list: r<typeof C.salespersonCalls.list>('POST', '/customer/salespeople', { permission: 'view_customer' }),
};

export const shopGoodsCalls = {
  create: r<typeof C.shopGoodsCalls.create>('POST', '/shop/goods/create', {
    permission: 'change_shop_goods',
  }),
  save: r<typeof C.shopGoodsCalls.save>('POST', '/shop/goods/save', { permission: 'change_shop_goods' }),
  check: r<typeof C.shopGoodsCalls.check>('POST', '/shop/goods/check', { permission: 'change_shop_goods' }),
  select: r<typeof C.shopGoodsCalls.select>('POST', '/shop/goods/select', { permission: 'view_goods' }),
  detailList: r<typeof C.shopGoodsCalls.detailList>('POST', '/shop/goods/detail/list', {
    permission: 'view_goods',
  }),
  detailDelete: r<typeof C.shopGoodsCalls.detailDelete>('POST', '/shop/goods/detail/delete', {
    permission: 'change_shop_goods',
  }),
  galleryCreate: r<typeof C.shopGoodsCalls.galleryCreate>('POST', '/shop/goods/gallery/create', {
    permission: 'change_shop_goods',
  }),
  galleryDelete: r<typeof C.shopGoodsCalls.galleryDelete>('POST', '/shop/goods/gallery/delete', {
    permission: 'change_shop_goods',
  }),
};

export const stockCalls = {
  approve: r<typeof C.stockCalls.approve>('POST', '/goods/input/check', { permission: 'check_stock_input' }),
  levels: r<typeof C.stockCalls.levels>('POST', '/stock/list', { permission: 'view_stock' }),
  moves: r<typeof C.stockCalls.moves>('POST', '/stock/move/list', { permission: 'view_stock' }),
  adjust: r<typeof C.stockCalls.adjust>('POST', '/stock/adjust', { permission: 'change_stock' }),
  warn: r<typeof C.stockCalls.warn>('POST', '/stock/warn/update', { permission: 'change_stock' }),
  push: r<typeof C.stockCalls.push>('POST', '/goods/push/to/stock', { permission: 'change_stock' }),
  suppliers: r<typeof C.stockCalls.suppliers>('POST', '/stock/suppliers', { permission: 'view_stock' }),
};

export const stockInputCalls = {
  list: r<typeof C.stockInputCalls.list>('POST', '/goods/input/list', { permission: 'view_stock' }),
  get: r<typeof C.stockInputCalls.get>('POST', '/goods/input', { permission: 'view_stock' }),
  create: r<typeof C.stockInputCalls.create>('POST', '/goods/input/add', { permission: 'add_stock_input' }),
  update: r<typeof C.stockInputCalls.update>('POST', '/goods/input/update', {
    permission: 'add_stock_input',
  }),
  remove: r<typeof C.stockInputCalls.remove>('POST', '/goods/input/delete', {
    permission: 'add_stock_input',
  }),
  removeMany: r<typeof C.stockInputCalls.removeMany>('POST', '/goods/input/selected/delete', {
    permission: 'add_stock_input',
  }),
  select: r<typeof C.stockInputCalls.select>('POST', '/goods/input/select', { permission: 'view_stock' }),
  check: r<typeof C.stockInputCalls.check>('POST', '/goods/input/no/check', { permission: 'view_stock' }),
  export: r<typeof C.stockInputCalls.export>('GET', '/goods/input/export', { permission: 'view_stock' }),
  importTemplate: r<typeof C.stockInputCalls.importTemplate>('GET', '/goods/input/import/template', {
    permission: 'add_stock_input',
  }),
  import: r<typeof C.stockInputCalls.import>('POST', '/goods/input/import', {
    permission: 'add_stock_input',
  }),
};

export const supplierCalls = {
  apply: r<typeof C.supplierCalls.apply>('POST', '/supplier/apply', { public: true }),
  list: r<typeof C.supplierCalls.list>('GET', '/supplier/list', { permission: 'view_supplier' }),
  review: r<typeof C.supplierCalls.review>('POST', '/supplier/review', { permission: 'review_supplier' }),
};

export const systemCalls = {
  health: r<typeof C.systemCalls.health>('GET', '/health', { public: true }),
};

export const warehouseCalls = {
  list: r<typeof C.warehouseCalls.list>('POST', '/stock/warehouse/list', { permission: 'view_stock' }),
  get: r<typeof C.warehouseCalls.get>('POST', '/stock/warehouse', { permission: 'view_stock' }),
  create: r<typeof C.warehouseCalls.create>('POST', '/stock/warehouse/add', {
    permission: 'manage_warehouse',
  }),
  update: r<typeof C.warehouseCalls.update>('POST', '/stock/warehouse/update', {
    permission: 'manage_warehouse',
  }),
  remove: r<typeof C.warehouseCalls.remove>('POST', '/stock/warehouse/delete', {
    permission: 'manage_warehouse',
  }),
  removeMany: r<typeof C.warehouseCalls.removeMany>('POST', '/stock/warehouse/selected/delete', {
    permission: 'manage_warehouse',
  }),
  select: r<typeof C.warehouseCalls.select>('POST', '/stock/warehouses', { permission: 'view_stock' }),
  check: r<typeof C.warehouseCalls.check>('POST', '/stock/warehouse/check', { permission: 'view_stock' }),
  export: r<typeof C.warehouseCalls.export>('GET', '/stock/warehouse/export', { permission: 'view_stock' }),
  importTemplate: r<typeof C.warehouseCalls.importTemplate>('GET', '/stock/warehouse/import/template', {
    permission: 'manage_warehouse',
  }),
  import: r<typeof C.warehouseCalls.import>('POST', '/stock/warehouse/import', {
    permission: 'manage_warehouse',
  }),
};
