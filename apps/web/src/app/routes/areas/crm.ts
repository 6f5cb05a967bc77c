import { lazyPage } from '#web/app/lazy.ts';
import { area, smsOutboxScreen } from './area.ts';

/** 商城管理: goods, orders, purchasing and customer service. */
export const CRM = area('crm', '商城管理', 'ShopOutlined', 'goods_manager', [
  {
    kind: 'group',
    key: 'goods',
    title: '商品管理',
    icon: 'AppstoreOutlined',
    children: [
      {
        kind: 'screen',
        path: 'goods_category',
        title: '商品分类',
        icon: 'TagsOutlined',
        access: { module: 'goods', codename: 'view_goods_category' },
        page: lazyPage(
          () => import('#web/modules/goods-category/GoodsCategoryPage.tsx'),
          'GoodsCategoryPage',
        ),
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
        access: { module: 'order', codename: 'view_order' },
        page: lazyPage(() => import('#web/modules/order-admin/OrderManagerPage.tsx'), 'OrderManagerPage'),
      },
      {
        kind: 'screen',
        path: 'payment_account',
        title: '收款账户',
        icon: 'BankOutlined',
        access: { module: 'order', codename: 'change_payment_account' },
        page: lazyPage(() => import('#web/modules/payment/PaymentAccountPage.tsx'), 'PaymentAccountPage'),
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
        access: { module: 'feedback', codename: 'view_feedback' },
        page: lazyPage(() => import('#web/modules/feedback/MessageBoardPage.tsx'), 'MessageBoardPage'),
      },
      {
        kind: 'screen',
        path: 'online_question',
        title: '在线咨询',
        icon: 'QuestionCircleOutlined',
        access: { module: 'feedback', codename: 'view_feedback' },
        page: lazyPage(() => import('#web/modules/feedback/OnlineQuestionPage.tsx'), 'OnlineQuestionPage'),
      },
      // The codes and notices the shop's customers were sent, for one whose SMS did not arrive.
      smsOutboxScreen('sms_outbox'),
    ],
  },
]);
