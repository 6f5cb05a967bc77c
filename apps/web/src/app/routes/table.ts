import {
  AppstoreOutlined,
  BranchesOutlined,
  CarOutlined,
  IdcardOutlined,
  LockOutlined,
  ReadOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
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
const browserWarning = lazyPage(
  () => import('#web/modules/landing/BrowserWarningPage.tsx'),
  'BrowserWarningPage',
);
const notFound = lazyPage(() => import('#web/app/shell/NotFoundPage.tsx'), 'NotFoundPage');

/** Personal screens every protected area carries (spec §2, shared children). */
const personal = (): MenuEntry => ({
  kind: 'group',
  key: 'personal',
  title: '个人中心',
  icon: UserOutlined,
  children: [
    { kind: 'screen', path: 'personal-info', title: '个人信息', icon: IdcardOutlined, page: personalInfo },
    { kind: 'screen', path: 'password-reset', title: '修改密码', icon: LockOutlined, page: passwordReset },
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
  area('crm', '商城管理', ShopOutlined, 'goods_manager', [
    {
      kind: 'group',
      key: 'goods',
      title: '商品管理',
      icon: AppstoreOutlined,
      children: [
        {
          kind: 'screen',
          path: 'goods_category',
          title: '商品分类',
          icon: TagsOutlined,
          access: { module: 'goods', codename: 'view_goods_category' },
          page: goodsCategory,
        },
      ],
    },
  ]),
  area('car', '车贸管理', CarOutlined, 'car_auto_parts'),
  area('tool', '工具箱', ToolOutlined, 'double_color_ball'),
  area('manager', '管理中心', BranchesOutlined, 'workflow'),
  area('business', '业务中心', SolutionOutlined, 'prepare'),
  area('student', '学生中心', ReadOutlined, 'business-watch'),
  area('instructor', '指导中心', TeamOutlined, 'business-guide'),
];

export const PUBLIC_PAGES: readonly PublicEntry[] = [
  publicPage('/', '首页'),
  publicPage('/home', '首页'),
  publicPage('/shop', '商城'),
  publicPage('/login', '登录'),
  publicPage('/browser-warning', '浏览器版本过低', browserWarning),
  publicPage('/404', '页面不存在', notFound),
];

export const ROUTES: readonly RouteEntry[] = [...PUBLIC_PAGES, ...AREAS];

/** The page unknown paths render. */
export const NOT_FOUND_PAGE = notFound;
