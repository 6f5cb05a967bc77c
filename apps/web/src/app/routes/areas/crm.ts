import { lazyPage } from '#web/app/lazy.ts';
import { area, smsOutboxScreen } from './area.ts';

/**
 * 商城管理: goods, orders, stock, purchasing and customer service. The area opens on the goods
 * library (`goods_manager`, the spec's first screen); its home has a path of its own (`home`) and
 * is where a role that keeps no goods lands.
 */
export const CRM = area(
  'crm',
  '商城管理',
  'ShopOutlined',
  'goods_manager',
  [
    {
      kind: 'group',
      key: 'goods',
      title: '商品管理',
      icon: 'AppstoreOutlined',
      children: [
        {
          kind: 'screen',
          path: 'goods_manager',
          title: '商品库',
          icon: 'AppstoreOutlined',
          summary: '本单位的全部商品：编码、分类、品牌、规格和图片；推送到商城、上架下架',
          access: { module: 'goods', codename: 'view_goods' },
          page: lazyPage(() => import('#web/modules/goods-library/GoodsManagerPage.tsx'), 'GoodsManagerPage'),
        },
        {
          kind: 'screen',
          path: 'new_goods',
          title: '新增商品',
          icon: 'FileTextOutlined',
          summary: '新增商品或修改商品（?id=）：基本信息、规格、图片和详情',
          access: { module: 'goods', codename: 'add_goods' },
          page: lazyPage(() => import('#web/modules/goods-library/GoodsFormPage.tsx'), 'GoodsFormPage'),
        },
        {
          kind: 'screen',
          path: 'goods_detail',
          title: '商品详情',
          icon: 'ProfileOutlined',
          summary: '一个商品的规格、库存、销量和修改记录（?id=）',
          access: { module: 'goods', codename: 'view_goods' },
          linkOnly: true,
          page: lazyPage(() => import('#web/modules/goods-library/GoodsInfoPage.tsx'), 'GoodsInfoPage'),
        },
        {
          kind: 'screen',
          path: 'goods_category',
          title: '商品分类',
          icon: 'TagsOutlined',
          summary: '新增、修改和删除商品分类，查看各分类下的商品数',
          access: { module: 'goods', codename: 'view_goods_category' },
          page: lazyPage(
            () => import('#web/modules/goods-category/GoodsCategoryPage.tsx'),
            'GoodsCategoryPage',
          ),
        },
        {
          kind: 'screen',
          path: 'goods_brand',
          title: '品牌管理',
          icon: 'TrademarkOutlined',
          summary: '本单位的商品品牌：新增、修改、停用和批量删除',
          access: { module: 'goods', codename: 'view_goods_brand' },
          page: lazyPage(() => import('#web/modules/brand/BrandPage.tsx'), 'BrandPage'),
        },
        {
          kind: 'screen',
          path: 'file_manager',
          title: '文件管理',
          icon: 'FileTextOutlined',
          summary: '本单位上传的商品图片、品牌标志和文档：搜索、上传、重命名和删除',
          access: { module: 'file', codename: 'view_file' },
          page: lazyPage(() => import('#web/modules/file/FileManagerPage.tsx'), 'FileManagerPage'),
        },
      ],
    },
    {
      kind: 'group',
      key: 'order',
      title: '订单管理',
      icon: 'ProfileOutlined',
      children: [
        {
          kind: 'screen',
          path: 'order_manager',
          title: '订单列表',
          icon: 'FileTextOutlined',
          summary: '查找订单，确认收款、发货、退款或取消',
          access: { module: 'order', codename: 'view_order' },
          page: lazyPage(() => import('#web/modules/order-admin/OrderManagerPage.tsx'), 'OrderManagerPage'),
        },
        {
          kind: 'screen',
          path: 'payment_account',
          title: '收款账户',
          icon: 'BankOutlined',
          summary: '设置顾客转账时看到的收款银行和账号',
          access: { module: 'order', codename: 'change_payment_account' },
          page: lazyPage(() => import('#web/modules/payment/PaymentAccountPage.tsx'), 'PaymentAccountPage'),
        },
      ],
    },
    {
      kind: 'group',
      key: 'marketing',
      title: '营销',
      icon: 'GiftOutlined',
      children: [
        {
          kind: 'screen',
          path: 'coupon_index',
          title: '优惠券',
          icon: 'RedEnvelopeOutlined',
          summary: '新增、停发和删除优惠券，按手机号或向全部会员发放',
          access: { module: 'coupon', codename: 'view_coupon' },
          page: lazyPage(() => import('#web/modules/coupon/CouponPage.tsx'), 'CouponPage'),
        },
        {
          kind: 'screen',
          path: 'promotion_index',
          title: '促销活动',
          icon: 'FireOutlined',
          summary: '新增、发布和删除促销活动，管理活动中的汽车和门票',
          access: { module: 'promotion', codename: 'change_promotion' },
          page: lazyPage(() => import('#web/modules/promotion/PromotionAdminPage.tsx'), 'PromotionAdminPage'),
        },
      ],
    },
    {
      kind: 'group',
      key: 'purchase',
      title: '采购管理',
      icon: 'ShoppingOutlined',
      children: [
        {
          kind: 'screen',
          path: 'supplier_index',
          title: '供应商管理',
          icon: 'AuditOutlined',
          summary: '审核供应商的入驻申请',
          access: { module: 'supplier', codename: 'view_supplier' },
          page: lazyPage(() => import('#web/modules/feedback/SupplierIndexPage.tsx'), 'SupplierIndexPage'),
        },
      ],
    },
    {
      kind: 'group',
      key: 'service',
      title: '客服',
      icon: 'CustomerServiceOutlined',
      children: [
        {
          kind: 'screen',
          path: 'message_board',
          title: '留言审核',
          icon: 'CommentOutlined',
          summary: '审核访客在留言板的留言，决定是否公开',
          access: { module: 'feedback', codename: 'view_feedback' },
          page: lazyPage(() => import('#web/modules/feedback/MessageBoardPage.tsx'), 'MessageBoardPage'),
        },
        {
          kind: 'screen',
          path: 'online_question',
          title: '在线咨询',
          icon: 'QuestionCircleOutlined',
          summary: '回复访客的在线咨询',
          access: { module: 'feedback', codename: 'view_feedback' },
          page: lazyPage(() => import('#web/modules/feedback/OnlineQuestionPage.tsx'), 'OnlineQuestionPage'),
        },
        // The codes and notices the shop's customers were sent, for one whose SMS did not arrive.
        smsOutboxScreen('sms_outbox'),
      ],
    },
  ],
  {
    path: 'home',
    purpose:
      '商城管理是商城和 ERP 的后台：维护商品和商品分类，处理订单与收款，管理库存、采购和供应商，设置优惠券和促销活动，并通过留言、咨询和短信为顾客服务。',
  },
);
