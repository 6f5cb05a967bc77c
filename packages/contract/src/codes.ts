/**
 * Portal API codes. `c = 0` is success; every other code carries its Chinese message here, once.
 * The server answers with these; the web shows `m`. 10003 is fixed by the specification.
 */
export const Codes = {
  OK: { c: 0, m: '操作成功' },
  PARAM_ERROR: { c: 10001, m: '参数错误' },
  NOT_LOGGED_IN: { c: 10003, m: '登录已失效，请重新登录' },
  FORBIDDEN: { c: 10004, m: '没有权限执行此操作' },
  NOT_FOUND: { c: 10005, m: '数据不存在或已被删除' },
  TOKEN_REQUIRED: { c: 10006, m: '请求缺少登录令牌，请刷新页面后重试' },
  PAYLOAD_TOO_LARGE: { c: 10007, m: '提交的数据过大' },
  UNSUPPORTED_MEDIA: { c: 10008, m: '不支持的提交格式' },
  ROUTE_NOT_FOUND: { c: 10009, m: '请求的接口不存在' },
  LOGIN_FAILED: { c: 10010, m: '用户名或密码错误' },
  LOGIN_LOCKED: { c: 10011, m: '登录尝试过于频繁，请稍后再试' },
  OLD_PASSWORD_WRONG: { c: 10012, m: '原密码不正确' },
  PASSWORD_SAME: { c: 10013, m: '新密码不能与原密码相同' },
  ACCOUNT_DISABLED: { c: 10014, m: '账号已停用，请联系管理员' },
  TOO_MANY_REQUESTS: { c: 10029, m: '请求过于频繁，请稍后再试' },
  SERVER_ERROR: { c: 10500, m: '服务器开小差了，请稍后再试' },
  SERVICE_UNAVAILABLE: { c: 10503, m: '服务暂时不可用，请稍后再试' },
  CATEGORY_HAS_CHILDREN: { c: 20101, m: '该分类下还有子分类，不能删除' },
  CATEGORY_HAS_GOODS: { c: 20102, m: '该分类下还有商品，不能删除' },
  CATEGORY_CYCLE: { c: 20103, m: '不能把分类移到它自己或它的下级分类之下' },
  CATEGORY_NAME_TAKEN: { c: 20104, m: '同一级下已有同名分类' },
  CATEGORY_TOO_DEEP: { c: 20105, m: '分类最多三级' },
  CATEGORY_PARENT_MISSING: { c: 20106, m: '上级分类不存在' },
  BRAND_NAME_TAKEN: { c: 20111, m: '已有同名品牌' },
  PUBLIC_BRAND_NAME_TAKEN: { c: 20112, m: '已有同名公共品牌' },
  GOODS_UNAVAILABLE: { c: 20201, m: '商品已下架或不存在' },
  STOCK_NOT_ENOUGH: { c: 20202, m: '商品库存不足' },
  CART_EMPTY: { c: 20203, m: '请选择要结算的商品' },
  CART_FULL: { c: 20204, m: '购物车最多100种商品' },
  COUPON_NOT_FOUND: { c: 20301, m: '优惠券不存在' },
  COUPON_NOT_VALID_NOW: { c: 20302, m: '优惠券不在有效期内' },
  COUPON_MIN_AMOUNT: { c: 20303, m: '订单金额未达到优惠券使用门槛' },
  COUPON_USED: { c: 20304, m: '优惠券已使用' },
  COUPON_CLAIMED: { c: 20305, m: '您已领取过该优惠券' },
  COUPON_SOLD_OUT: { c: 20306, m: '优惠券已被领完' },
  CONSIGNEE_FULL: { c: 20401, m: '收货地址最多20个' },
  REGION_REQUIRED: { c: 20402, m: '请选择所在地区（省、市、区县）' },
  REGION_UNKNOWN: { c: 20403, m: '所在地区不存在，请从列表中选择' },
  REGION_MISMATCH: { c: 20404, m: '所选的省、市、区县不对应，请重新选择' },
  ORDER_STATE: { c: 20501, m: '订单当前状态不能执行此操作' },
  PAY_SIGNATURE: { c: 20502, m: '支付通知签名无效' },
  PAY_AMOUNT: { c: 20503, m: '支付金额与订单金额不符' },
  PAY_METHOD: { c: 20504, m: '该订单不能使用此方式付款' },
  RECEIPT_LIMIT: { c: 20505, m: '每个订单最多上传3张转账凭证' },
  REVIEW_NOT_ALLOWED: { c: 20601, m: '确认收货后才能评价' },
  REVIEW_EXISTS: { c: 20602, m: '该商品已评价过' },
  SMS_TOO_FREQUENT: { c: 20701, m: '验证码发送过于频繁，请稍后再试' },
  SMS_CODE_WRONG: { c: 20702, m: '验证码错误或已过期' },
  MOBILE_TAKEN: { c: 20703, m: '该手机号已注册，请直接登录' },
  SMS_SEND_FAILED: { c: 20705, m: '短信发送失败，请稍后再试' },
  SUPPLIER_PENDING: { c: 21001, m: '该手机号已有待审核的申请' },
  FEEDBACK_TOO_FREQUENT: { c: 21002, m: '提交过于频繁，请稍后再试' },
  FEEDBACK_NOT_FOUND: { c: 21003, m: '记录不存在或已被删除' },
  FEEDBACK_STATE: { c: 21004, m: '该记录已处理' },
  APP_VERSION_NONE: { c: 21101, m: '暂无可用版本' },
  MICROSITE_NOT_FOUND: { c: 20901, m: '站点不存在' },
  PROMOTION_NOT_FOUND: { c: 21201, m: '活动不存在或已结束' },
  TICKET_LIMIT: { c: 21202, m: '每种门票最多购买12张' },
  NEWS_NOT_FOUND: { c: 20801, m: '文章不存在或已下线' },
  ADVERTISING_NOT_FOUND: { c: 20802, m: '广告不存在或已下线' },
} as const;

export type CodeName = keyof typeof Codes;
export type Code = (typeof Codes)[CodeName];

export const SESSION_EXPIRED_CODE = Codes.NOT_LOGGED_IN.c;

/** Console (DRF-style) error family: real HTTP status, `{code, msg}` bodies. */
export const ConsoleCodes = {
  AUTH_FAIL: { status: 401, code: 'AUTH_FAIL', msg: '认证失败，请重新登录' },
  PERMISSION_DENIED: { status: 403, code: 'PERMISSION_DENIED', msg: '您没有执行该操作的权限' },
  NOT_FOUND: { status: 404, code: 'NOT_FOUND', msg: '未找到' },
  INVALID: { status: 400, code: 'INVALID', msg: '请求错误' },
} as const;
export type ConsoleCodeName = keyof typeof ConsoleCodes;
