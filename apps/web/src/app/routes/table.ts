import type { Area } from '@portal/contract';
import { lazyPage } from '#web/app/lazy.ts';
import type { AreaEntry, MenuEntry, PublicEntry, RouteEntry } from './types.ts';

const landing = lazyPage(() => import('#web/modules/landing/LandingPage.tsx'), 'LandingPage');
const personalInfo = lazyPage(() => import('#web/modules/account/PersonalInfoPage.tsx'), 'PersonalInfoPage');
const passwordReset = lazyPage(
  () => import('#web/modules/account/PasswordResetPage.tsx'),
  'PasswordResetPage',
);
const goodsCategory = lazyPage(
  () => import('#web/modules/goods-category/GoodsCategoryPage.tsx'),
  'GoodsCategoryPage',
);
const orderManager = lazyPage(
  () => import('#web/modules/order-admin/OrderManagerPage.tsx'),
  'OrderManagerPage',
);
const smsOutbox = lazyPage(() => import('#web/modules/message/SmsOutboxPage.tsx'), 'SmsOutboxPage');
const browserWarning = lazyPage(
  () => import('#web/modules/landing/BrowserWarningPage.tsx'),
  'BrowserWarningPage',
);
const shopHome = lazyPage(() => import('#web/modules/shop/ShopHomePage.tsx'), 'ShopHomePage');
const goodsList = lazyPage(() => import('#web/modules/shop/GoodsListPage.tsx'), 'GoodsListPage');
const goodsDetail = lazyPage(() => import('#web/modules/shop/GoodsDetailPage.tsx'), 'GoodsDetailPage');
const cart = lazyPage(() => import('#web/modules/cart/CartPage.tsx'), 'CartPage');
const settle = lazyPage(() => import('#web/modules/checkout/SettlePage.tsx'), 'SettlePage');
const register = lazyPage(() => import('#web/modules/member/RegisterPage.tsx'), 'RegisterPage');
const forgotPassword = lazyPage(
  () => import('#web/modules/member/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const workbench = lazyPage(() => import('#web/modules/member/WorkbenchPage.tsx'), 'WorkbenchPage');
const logout = lazyPage(() => import('#web/modules/member/LogoutPage.tsx'), 'LogoutPage');
const loginIndex = lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginIndexPage');
const loginOa = lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginOaPage');
const loginPurchase = lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginPurchasePage');
const notFound = lazyPage(() => import('#web/app/shell/NotFoundPage.tsx'), 'NotFoundPage');

/** Personal screens every protected area carries (spec §2, shared children). */
const personal = (): MenuEntry => ({
  kind: 'group',
  key: 'personal',
  title: '个人中心',
  icon: 'UserOutlined',
  children: [
    { kind: 'screen', path: 'personal-info', title: '个人信息', icon: 'IdcardOutlined', page: personalInfo },
    { kind: 'screen', path: 'password-reset', title: '修改密码', icon: 'LockOutlined', page: passwordReset },
  ],
});

function area(
  key: Area,
  title: string,
  icon: AreaEntry['icon'],
  firstScreen: string,
  own: MenuEntry[] = [],
): AreaEntry {
  return {
    kind: 'area',
    area: key,
    path: `/${key}`,
    title,
    icon,
    firstScreen,
    requiresAuth: true,
    children: [...own, personal()],
  };
}

const publicPage = (path: string, title: string, page = landing): PublicEntry => ({
  kind: 'public',
  path,
  title,
  page,
  showTopBar: false,
  showSideMenu: false,
});

/**
 * THE route table: the router, the side menu, the guards and the area index redirects are all
 * generated from it. Only screens that exist are listed; later issues add theirs here.
 */
export const AREAS: readonly AreaEntry[] = [
  area('crm', '商城管理', 'ShopOutlined', 'goods_manager', [
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
          page: goodsCategory,
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
          page: orderManager,
        },
      ],
    },
  ]),
  area('car', '车贸管理', 'CarOutlined', 'car_auto_parts'),
  area('tool', '工具箱', 'ToolOutlined', 'double_color_ball'),
  area('manager', '管理中心', 'BranchesOutlined', 'workflow', [
    {
      kind: 'group',
      key: 'system',
      title: '系统管理',
      icon: 'SettingOutlined',
      children: [
        {
          kind: 'screen',
          path: 'sms-outbox',
          title: '短信发件箱',
          icon: 'MessageOutlined',
          access: { module: 'message', codename: 'view_sms_outbox' },
          page: smsOutbox,
        },
      ],
    },
  ]),
  area('business', '业务中心', 'SolutionOutlined', 'prepare'),
  area('student', '学生中心', 'ReadOutlined', 'business-watch'),
  area('instructor', '指导中心', 'TeamOutlined', 'business-guide'),
];

export const PUBLIC_PAGES: readonly PublicEntry[] = [
  publicPage('/', '首页', shopHome),
  publicPage('/home', '首页', shopHome),
  publicPage('/product', '全部商品', goodsList),
  publicPage('/search', '搜索商品', goodsList),
  publicPage('/goodsDetail', '商品详情', goodsDetail),
  publicPage('/cart', '购物车', cart),
  publicPage('/shop', '商城'),
  publicPage('/login', '登录'),
  publicPage('/loginIndex', '登录', loginIndex),
  publicPage('/loginOa', '办公登录', loginOa),
  publicPage('/loginPurchase', '采购登录', loginPurchase),
  publicPage('/loginOut', '退出登录', logout),
  publicPage('/register', '注册会员', register),
  publicPage('/forgotPassword', '找回密码', forgotPassword),
  publicPage('/settle', '确认订单', settle),
  publicPage('/Workbench', '个人中心', workbench),
  publicPage('/browser-warning', '浏览器版本过低', browserWarning),
  publicPage('/404', '页面不存在', notFound),
];

export const ROUTES: readonly RouteEntry[] = [...PUBLIC_PAGES, ...AREAS];

/** The page unknown paths render. */
export const NOT_FOUND_PAGE = notFound;
