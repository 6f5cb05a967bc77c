import { type Area, ENGLISH_MICROSITE_PATHS, MICROSITE_PATHS } from '@portal/contract';
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
const promotion = lazyPage(() => import('#web/modules/promotion/PromotionPage.tsx'), 'PromotionPage');
const appDownload = lazyPage(() => import('#web/modules/finder/AppDownloadPage.tsx'), 'AppDownloadPage');
const qrCodes = lazyPage(() => import('#web/modules/finder/QrCodePage.tsx'), 'QrCodePage');
const searchPerson = lazyPage(() => import('#web/modules/finder/SearchPersonPage.tsx'), 'SearchPersonPage');
const searchExperiment = lazyPage(
  () => import('#web/modules/finder/SearchExperimentPage.tsx'),
  'SearchExperimentPage',
);
const newsList = lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'NewsListPage');
const technology = lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'TechnologyPage');
const goodsService = lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'GoodsServicePage');
const documentary = lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'DocumentaryPage');
const newsDetail = lazyPage(() => import('#web/modules/cms/NewsDetailPage.tsx'), 'NewsDetailPage');
const advertisings = lazyPage(() => import('#web/modules/cms/AdvertisingPages.tsx'), 'AdvertisingsPage');
const advertising = lazyPage(() => import('#web/modules/cms/AdvertisingPages.tsx'), 'AdvertisingPage');
const supplierService = lazyPage(
  () => import('#web/modules/feedback/SupplierServicePage.tsx'),
  'SupplierServicePage',
);
const online = lazyPage(() => import('#web/modules/feedback/OnlinePage.tsx'), 'OnlinePage');
const messages = lazyPage(() => import('#web/modules/feedback/MessagesPage.tsx'), 'MessagesPage');
const supplierIndex = lazyPage(
  () => import('#web/modules/feedback/SupplierIndexPage.tsx'),
  'SupplierIndexPage',
);
const messageBoard = lazyPage(() => import('#web/modules/feedback/MessageBoardPage.tsx'), 'MessageBoardPage');
const onlineQuestion = lazyPage(
  () => import('#web/modules/feedback/OnlineQuestionPage.tsx'),
  'OnlineQuestionPage',
);
const notFound = lazyPage(() => import('#web/app/shell/NotFoundPage.tsx'), 'NotFoundPage');
const microsite = lazyPage(() => import('#web/modules/microsite/MicrositePage.tsx'), 'MicrositePage');
const aboutUs = lazyPage(() => import('#web/modules/microsite/CompanyPage.tsx'), 'AboutUsPage');
const companyPage = lazyPage(() => import('#web/modules/microsite/CompanyPage.tsx'), 'CompanyPage');

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

/** Pages that always set the document title themselves (shop layout or useDocumentHead). */
const OWN_TITLE = new Set([
  shopHome,
  goodsList,
  goodsDetail,
  cart,
  settle,
  register,
  forgotPassword,
  workbench,
  promotion,
  appDownload,
  qrCodes,
  searchPerson,
  searchExperiment,
  newsList,
  technology,
  goodsService,
  documentary,
  newsDetail,
  advertisings,
  advertising,
  aboutUs,
  companyPage,
  supplierService,
  online,
  messages,
]);

/**
 * Pages the server renders for a visitor without a session (docs/adr/0009): public pages that show
 * the company's data and read nothing of the browser while rendering.
 */
const SERVER_RENDERED = new Set([
  shopHome,
  goodsList,
  goodsDetail,
  landing,
  newsList,
  technology,
  goodsService,
  documentary,
  newsDetail,
  advertisings,
  advertising,
  aboutUs,
  companyPage,
  microsite,
]);

const publicPage = (path: string, title: string, page = landing): PublicEntry => ({
  kind: 'public',
  path,
  title,
  page,
  ...(OWN_TITLE.has(page) ? { ownTitle: true } : {}),
  ...(SERVER_RENDERED.has(page) ? { serverRendered: true } : {}),
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
          page: supplierIndex,
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
          page: messageBoard,
        },
        {
          kind: 'screen',
          path: 'online_question',
          title: '在线咨询',
          icon: 'QuestionCircleOutlined',
          access: { module: 'feedback', codename: 'view_feedback' },
          page: onlineQuestion,
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
  publicPage('/promotion', '汽车促销', promotion),
  publicPage('/app', 'App 下载', appDownload),
  publicPage('/qrcode', '二维码', qrCodes),
  publicPage('/searchPerson', '查找人员', searchPerson),
  publicPage('/searchExperiment', '实训项目', searchExperiment),
  publicPage('/news', '新闻资讯', newsList),
  publicPage('/detail', '新闻详情', newsDetail),
  publicPage('/technology', '技术服务', technology),
  publicPage('/goodsService', '商品服务', goodsService),
  publicPage('/documentary', '纪录片', documentary),
  publicPage('/advertisings', '活动广告', advertisings),
  publicPage('/advertising/:Pid', '活动详情', advertising),
  publicPage('/aboutUs', '关于我们', aboutUs),
  publicPage('/company', '公司简介', companyPage),
  // One template for every company microsite; the page loads its row by path.
  ...MICROSITE_PATHS.map((path) =>
    publicPage(path, ENGLISH_MICROSITE_PATHS.includes(path) ? 'Company site' : '企业微站', microsite),
  ),
  publicPage('/supplierService', '供应商服务', supplierService),
  publicPage('/online', '在线咨询', online),
  publicPage('/messages', '留言板', messages),
  publicPage('/404', '页面不存在', notFound),
];

export const ROUTES: readonly RouteEntry[] = [...PUBLIC_PAGES, ...AREAS];

/** The page unknown paths render. */
export const NOT_FOUND_PAGE = notFound;
