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

export const consigneeCalls = {
  list: r<typeof C.consigneeCalls.list>('POST', '/consignee/list', { login: true }),
  save: r<typeof C.consigneeCalls.save>('POST', '/consignee/update', { login: true }),
  remove: r<typeof C.consigneeCalls.remove>('POST', '/consignee/delete', { login: true }),
};

export const couponCalls = {
  list: r<typeof C.couponCalls.list>('POST', '/coupon/list', { login: true }),
  claim: r<typeof C.couponCalls.claim>('POST', '/coupon/get', { login: true }),
  check: r<typeof C.couponCalls.check>('POST', '/coupon/check', { login: true }),
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

export const finderCalls = {
  appVersion: r<typeof C.finderCalls.appVersion>('GET', '/check/app/version', { public: true }),
  people: r<typeof C.finderCalls.people>('GET', '/search/person', { public: true }),
  experiments: r<typeof C.finderCalls.experiments>('GET', '/search/experiment', { public: true }),
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
};

export const reviewCalls = {
  list: r<typeof C.reviewCalls.list>('GET', '/goods/review/list', { public: true }),
  add: r<typeof C.reviewCalls.add>('POST', '/goods/review', { login: true }),
  reply: r<typeof C.reviewCalls.reply>('POST', '/goods/review/reply', { permission: 'reply_review' }),
};

export const supplierCalls = {
  apply: r<typeof C.supplierCalls.apply>('POST', '/supplier/apply', { public: true }),
  list: r<typeof C.supplierCalls.list>('GET', '/supplier/list', { permission: 'view_supplier' }),
  review: r<typeof C.supplierCalls.review>('POST', '/supplier/review', { permission: 'review_supplier' }),
};

export const systemCalls = {
  health: r<typeof C.systemCalls.health>('GET', '/health', { public: true }),
};
