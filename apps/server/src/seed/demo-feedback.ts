import { ANONYMOUS_NICKNAME, DEFAULT_COMPANY_ID } from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';

const FAQ: [question: string, answer: string][] = [
  [
    '如何在商城购物？',
    '在“全部商品”中浏览或搜索商品，进入商品详情选择数量后点击“加入购物车”或“立即购买”，在购物车勾选要结算的商品，填写收货地址并提交订单即可。',
  ],
  [
    '支持哪些付款方式？',
    '目前支持银行转账和货到付款两种方式。选择银行转账时，请按订单页显示的收款账户汇款并在备注中填写订单号，财务确认到账后订单进入待发货；选择货到付款时，请在收货时向配送员付款。',
  ],
  [
    '下单后多久发货？配送需要几天？',
    '付款确认后一般在 1～2 个工作日内发货，江浙沪地区通常 2～3 天送达，其他地区 3～5 天送达。发货后可在个人中心的订单详情中查看物流公司和运单号。',
  ],
  [
    '收到的商品有问题，怎么退换货？',
    '自签收之日起 7 天内，商品及包装完好可申请无理由退货；质量问题 15 天内可换货。请在“在线咨询”留言或致电客服，说明订单号和问题，客服会在 1 个工作日内联系您。',
  ],
  [
    '可以开具发票吗？',
    '可以。订单完成后，请将订单号、发票抬头、税号和收票邮箱通过“在线咨询”发送给我们，我们会在 5 个工作日内开具增值税电子普通发票；如需专用发票请一并说明。',
  ],
  [
    '如何注册会员？',
    '点击页面右上角的“注册”，填写手机号并获取短信验证码，设置登录密码即可完成注册，注册后手机号即为登录用户名。',
  ],
  [
    '优惠券有哪些使用规则？',
    '优惠券需在有效期内使用，订单金额满足使用门槛才可抵扣；每张订单限用一张，每位会员每种券限领一张。取消订单后未过期的优惠券会自动退回。',
  ],
  [
    '实训平台的账号怎么获取？',
    '实训账号由所在学校或单位的管理员统一开通。学生请联系任课老师或单位管理员获取账号和初始密码，首次登录后请及时修改密码。',
  ],
];

const MESSAGES: [nickname: string, content: string, status: number, daysAgo: number][] = [
  ['老客户王先生', '在这里买了三次办公用品了，发货快、包装也很结实，客服回复很及时，点赞！', 1, 9],
  [ANONYMOUS_NICKNAME, '希望商城能多上一些茶叶礼盒，逢年过节送客户很合适。', 1, 6],
  ['采购小刘', '货到付款很方便，单位报销也省事，希望以后能支持对公月结。', 1, 3],
  [ANONYMOUS_NICKNAME, '请问周末可以送货上门吗？', 0, 0],
];

const daysAgo = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/** Demo data for the visitor forms of the default company: FAQ, board messages, one application, one answered question. */
export async function seedDemoFeedback(db: PlatformDatabase) {
  const companyId = DEFAULT_COMPANY_ID;
  const reviewer = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', 'in', [12, 21])
    .orderBy('role', 'desc')
    .executeTakeFirst();
  const now = new Date().toISOString();

  await db
    .insertInto('problems')
    .values(
      FAQ.map(([question, answer], i) => ({
        company_id: companyId,
        question,
        answer,
        sort: (i + 1) * 10,
        status: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  await db
    .insertInto('anonymous_messages')
    .values(
      MESSAGES.map(([nickname, content, status, days]) => ({
        company_id: companyId,
        nickname,
        content,
        status,
        reviewed_by: status === 0 ? null : (reviewer?.id ?? null),
        reviewed_at: status === 0 ? null : daysAgo(days, 14),
        ip: '127.0.0.1',
        created_at: daysAgo(days),
      })),
    )
    .execute();

  await db
    .insertInto('suppliers')
    .values({
      company_id: companyId,
      name: '宁波恒信办公用品有限公司',
      contact: '陈建国',
      mobile: '13905740001',
      email: 'chen@hengxin.example.cn',
      supply_category: '办公用品',
      description:
        '专业生产和批发打印纸、文件夹、签字笔等办公耗材，自有工厂，可开增值税专用发票，支持华东地区次日达。',
      ip: '127.0.0.1',
      created_at: daysAgo(1),
    })
    .execute();
  // An approved supplier the purchase orders (采购管理) can name.
  await db
    .insertInto('suppliers')
    .values({
      company_id: companyId,
      name: '杭州墨印科技有限公司',
      contact: '周明',
      mobile: '13905710002',
      email: 'zhou@moyin.example.cn',
      supply_category: '办公设备',
      description: '激光打印机、复印机及耗材的生产和批发，华东地区送货上门。',
      status: 1,
      review_note: '资质齐全，同意合作',
      reviewed_by: reviewer?.id ?? null,
      reviewed_at: daysAgo(20, 10),
      ip: '127.0.0.1',
      created_at: daysAgo(21),
    })
    .execute();

  await db
    .insertInto('opinions')
    .values({
      company_id: companyId,
      name: '李女士',
      contact: '13812340000',
      content: '单位批量采购（50 件以上）有优惠吗？可以走对公转账吗？',
      reply:
        '您好！单笔订单满 50 件可联系客服申请批量采购价，付款方式选择“银行转账”即可对公汇款，财务确认到账后即安排发货。',
      replied_by: reviewer?.id ?? null,
      replied_at: daysAgo(2, 15),
      is_public: 1,
      status: 1,
      ip: '127.0.0.1',
      created_at: daysAgo(2),
    })
    .execute();
}
