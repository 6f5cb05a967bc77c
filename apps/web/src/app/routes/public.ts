import { ENGLISH_MICROSITE_PATHS, MICROSITE_PATHS } from '@portal/contract';
import { type LazyPage, lazyPage } from '#web/app/lazy.ts';
import type { PublicEntry } from './types.ts';

/** What an entry says of itself besides path, title and page (see `PublicEntry`). */
type PublicFlags = Pick<PublicEntry, 'ownTitle' | 'serverRendered'>;

const publicPage = (path: string, title: string, page: LazyPage, flags: PublicFlags = {}): PublicEntry => ({
  kind: 'public',
  path,
  title,
  page,
  ...flags,
});

// The shop home at both of its paths.
const shopHome = lazyPage(() => import('#web/modules/catalogue/ShopHomePage.tsx'), 'ShopHomePage');
// One goods list for browsing and for search results.
const goodsList = lazyPage(() => import('#web/modules/catalogue/GoodsListPage.tsx'), 'GoodsListPage');
// The landing page (login form) answers several paths.
const landing = lazyPage(() => import('#web/modules/landing/LandingPage.tsx'), 'LandingPage');
// One template for every company microsite; the page loads its row by path.
const microsite = lazyPage(() => import('#web/modules/microsite/MicrositePage.tsx'), 'MicrositePage');
/** The page unknown paths render; `/404` shows it too. */
export const NOT_FOUND_PAGE = lazyPage(() => import('#web/app/shell/NotFoundPage.tsx'), 'NotFoundPage');

/**
 * Public pages at fixed paths. `ownTitle`: the page always sets the document title itself (shop
 * layout or useDocumentHead). `serverRendered`: the server renders it for a visitor without a
 * session (docs/adr/0009) — public pages that show the company's data and read nothing of the
 * browser while rendering.
 */
export const PUBLIC_PAGES: readonly PublicEntry[] = [
  publicPage('/', '首页', shopHome, { ownTitle: true, serverRendered: true }),
  publicPage('/home', '首页', shopHome, { ownTitle: true, serverRendered: true }),
  publicPage('/product', '全部商品', goodsList, { ownTitle: true, serverRendered: true }),
  publicPage('/search', '搜索商品', goodsList, { ownTitle: true, serverRendered: true }),
  publicPage(
    '/goodsDetail',
    '商品详情',
    lazyPage(() => import('#web/modules/catalogue/GoodsDetailPage.tsx'), 'GoodsDetailPage'),
    { ownTitle: true, serverRendered: true },
  ),
  publicPage(
    '/cart',
    '购物车',
    lazyPage(() => import('#web/modules/cart/CartPage.tsx'), 'CartPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage('/shop', '商城', landing, { serverRendered: true }),
  publicPage('/login', '登录', landing, { serverRendered: true }),
  publicPage(
    '/loginIndex',
    '登录',
    lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginIndexPage'),
  ),
  publicPage(
    '/loginOa',
    '办公登录',
    lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginOaPage'),
  ),
  publicPage(
    '/loginPurchase',
    '采购登录',
    lazyPage(() => import('#web/modules/landing/LoginVariants.tsx'), 'LoginPurchasePage'),
  ),
  publicPage(
    '/loginOut',
    '退出登录',
    lazyPage(() => import('#web/modules/account/LogoutPage.tsx'), 'LogoutPage'),
  ),
  publicPage(
    '/register',
    '注册会员',
    lazyPage(() => import('#web/modules/account/RegisterPage.tsx'), 'RegisterPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/forgotPassword',
    '找回密码',
    lazyPage(() => import('#web/modules/account/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/settle',
    '确认订单',
    lazyPage(() => import('#web/modules/order/SettlePage.tsx'), 'SettlePage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/Workbench',
    '个人中心',
    lazyPage(() => import('#web/modules/account/WorkbenchPage.tsx'), 'WorkbenchPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/browser-warning',
    '浏览器版本过低',
    lazyPage(() => import('#web/modules/landing/BrowserWarningPage.tsx'), 'BrowserWarningPage'),
  ),
  publicPage(
    '/promotion',
    '汽车促销',
    lazyPage(() => import('#web/modules/promotion/PromotionPage.tsx'), 'PromotionPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/app',
    'App 下载',
    lazyPage(() => import('#web/modules/finder/AppDownloadPage.tsx'), 'AppDownloadPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/qrcode',
    '二维码',
    lazyPage(() => import('#web/modules/finder/QrCodePage.tsx'), 'QrCodePage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/searchPerson',
    '查找人员',
    lazyPage(() => import('#web/modules/finder/SearchPersonPage.tsx'), 'SearchPersonPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/searchExperiment',
    '实训项目',
    lazyPage(() => import('#web/modules/finder/SearchExperimentPage.tsx'), 'SearchExperimentPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/observables',
    '业务观摩',
    lazyPage(() => import('#web/modules/business/ObservablesPage.tsx'), 'ObservablesPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/showXML/:business_id',
    '业务流程图',
    lazyPage(() => import('#web/modules/business/ShowXmlPage.tsx'), 'ShowXmlPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/observable/progress/:type/:bid/:nid/:mode?',
    '观摩业务',
    lazyPage(() => import('#web/modules/business/WatchPage.tsx'), 'WatchPage'),
    { ownTitle: true },
  ),
  publicPage(
    '/news',
    '新闻资讯',
    lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'NewsListPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  publicPage(
    '/detail',
    '新闻详情',
    lazyPage(() => import('#web/modules/cms/NewsDetailPage.tsx'), 'NewsDetailPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  publicPage(
    '/technology',
    '技术服务',
    lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'TechnologyPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  publicPage(
    '/goodsService',
    '商品服务',
    lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'GoodsServicePage'),
    { ownTitle: true, serverRendered: true },
  ),
  publicPage(
    '/documentary',
    '纪录片',
    lazyPage(() => import('#web/modules/cms/NewsListPage.tsx'), 'DocumentaryPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  publicPage(
    '/advertisings',
    '活动广告',
    lazyPage(() => import('#web/modules/cms/AdvertisingPages.tsx'), 'AdvertisingsPage'),
    { ownTitle: true, serverRendered: true },
  ),
  publicPage(
    '/advertising/:Pid',
    '活动详情',
    lazyPage(() => import('#web/modules/cms/AdvertisingPages.tsx'), 'AdvertisingPage'),
    { ownTitle: true, serverRendered: true },
  ),
  publicPage(
    '/aboutUs',
    '关于我们',
    lazyPage(() => import('#web/modules/microsite/CompanyPage.tsx'), 'AboutUsPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  publicPage(
    '/company',
    '公司简介',
    lazyPage(() => import('#web/modules/microsite/CompanyPage.tsx'), 'CompanyPage'),
    {
      ownTitle: true,
      serverRendered: true,
    },
  ),
  ...MICROSITE_PATHS.map((path) =>
    publicPage(path, ENGLISH_MICROSITE_PATHS.includes(path) ? 'Company site' : '企业微站', microsite, {
      serverRendered: true,
    }),
  ),
  publicPage(
    '/supplierService',
    '供应商服务',
    lazyPage(() => import('#web/modules/visitor-forms/SupplierServicePage.tsx'), 'SupplierServicePage'),
    { ownTitle: true },
  ),
  publicPage(
    '/online',
    '在线咨询',
    lazyPage(() => import('#web/modules/visitor-forms/OnlinePage.tsx'), 'OnlinePage'),
    {
      ownTitle: true,
    },
  ),
  publicPage(
    '/messages',
    '留言板',
    lazyPage(() => import('#web/modules/visitor-forms/MessagesPage.tsx'), 'MessagesPage'),
    {
      ownTitle: true,
    },
  ),
  publicPage('/404', '页面不存在', NOT_FOUND_PAGE),
];
