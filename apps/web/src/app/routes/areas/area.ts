import type { Area } from '@portal/contract';
import { lazyPage } from '#web/app/lazy.ts';
import type { AreaEntry, AreaHome, GroupEntry, MenuEntry, ScreenEntry } from '../types.ts';

/**
 * What a screen of the table says: its entry without `kind` and `page`, and its page as the
 * module's import (`load`) and the name it exports (`component`), loaded lazily (`lazyPage`).
 */
type ScreenSpec<M, K extends keyof M> = Omit<ScreenEntry, 'kind' | 'page' | 'linkOnly'> & {
  load: () => Promise<M>;
  component: K;
};

/** A screen of an area's menu. */
export function screen<M, K extends keyof M>({ load, component, ...entry }: ScreenSpec<M, K>): ScreenEntry {
  return { kind: 'screen', ...entry, page: lazyPage(load, component) };
}

/** A screen opened from a link on another screen, not from the side menu or the area home (`linkOnly`). */
export function linkScreen<M, K extends keyof M>(spec: ScreenSpec<M, K>): ScreenEntry {
  return { ...screen(spec), linkOnly: true };
}

/** A menu level without a route of its own. */
export const group = (
  key: string,
  title: string,
  icon: GroupEntry['icon'],
  children: MenuEntry[],
): GroupEntry => ({
  kind: 'group',
  key,
  title,
  icon,
  children,
});

/** A group of screens every protected area carries (spec §2, shared children). */
const shared = (...args: Parameters<typeof group>): GroupEntry => ({ ...group(...args), shared: true });

/** Personal screens every protected area carries (spec §2, shared children): one group, one loader each. */
const PERSONAL = shared('personal', '个人中心', 'UserOutlined', [
  screen({
    path: 'personal-info',
    title: '个人信息',
    icon: 'IdcardOutlined',
    summary: '查看个人资料和最近的登录记录',
    load: () => import('#web/modules/account/PersonalInfoPage.tsx'),
    component: 'PersonalInfoPage',
  }),
  screen({
    path: 'password-reset',
    title: '修改密码',
    icon: 'LockOutlined',
    summary: '更换登录密码',
    load: () => import('#web/modules/account/PasswordResetPage.tsx'),
    component: 'PasswordResetPage',
  }),
  screen({
    path: 'switch-roles',
    title: '切换角色',
    icon: 'SwapOutlined',
    summary: '在你担任的角色之间切换：菜单、首页和可做的操作随之改变',
    load: () => import('#web/modules/account/SwitchRolesPage.tsx'),
    component: 'SwitchRolesPage',
  }),
  screen({
    path: 'assistant-set',
    title: '我的助理',
    icon: 'TeamOutlined',
    summary: '指定你的助理及其可代你做的操作',
    access: { module: 'organization', codename: 'set_assistant' },
    load: () => import('#web/modules/assistant/AssistantPage.tsx'),
    component: 'AssistantPage',
  }),
  screen({
    path: 'message-view',
    title: '我的消息',
    icon: 'BellOutlined',
    summary: '系统发给你的消息：申请的审核结果、待你审核的申请',
    load: () => import('#web/modules/inbox/index.ts'),
    component: 'MessageViewPage',
  }),
  screen({
    path: 'group-change',
    title: '集群变更',
    icon: 'ClusterOutlined',
    summary: '申请调往其他集群的单位，查看审核进度',
    access: { module: 'organization', codename: 'request_transfer' },
    load: () => import('#web/modules/transfer/index.ts'),
    component: 'GroupChangeRequestPage',
  }),
  screen({
    path: 'company-change',
    title: '单位变更',
    icon: 'SwapRightOutlined',
    summary: '申请调往本集群的其他单位，查看审核进度',
    access: { module: 'organization', codename: 'request_transfer' },
    load: () => import('#web/modules/transfer/index.ts'),
    component: 'CompanyChangeRequestPage',
  }),
]);

/**
 * Administration screens every protected area carries (spec §2, shared admin children), each for
 * the roles whose permissions allow it: one group, one loader each.
 */
const ADMIN = shared('admin', '单位管理', 'ApartmentOutlined', [
  screen({
    path: 'home',
    title: '管理首页',
    icon: 'DashboardOutlined',
    summary: '单位概况：人员、今日登录、在线人员、待处理的申请和近期使用图表',
    access: { module: 'organization', codename: 'view_admin_log' },
    load: () => import('#web/modules/admin-log/AdminHomePage.tsx'),
    component: 'AdminHomePage',
  }),
  screen({
    path: 'login-log',
    title: '登录记录',
    icon: 'LoginOutlined',
    summary: '单位账号的登录记录：按日期、用户和结果查找，导出 Excel',
    access: { module: 'organization', codename: 'view_admin_log' },
    load: () => import('#web/modules/admin-log/LoginLogPage.tsx'),
    component: 'LoginLogPage',
  }),
  screen({
    path: 'log-statistic',
    title: '使用统计',
    icon: 'LineChartOutlined',
    summary: '按日期范围统计登录、活跃和新增人员（图表与表格，可导出），以及谁在何时改了什么的操作日志',
    access: { module: 'organization', codename: 'view_admin_log' },
    load: () => import('#web/modules/admin-log/LogStatisticPage.tsx'),
    component: 'LogStatisticPage',
  }),
  screen({
    path: 'part-postion',
    title: '部门与职务',
    icon: 'PartitionOutlined',
    summary: '单位的部门树和各部门的职务：新增、修改、调整上级和排序、删除',
    access: { module: 'organization', codename: 'view_department' },
    load: () => import('#web/modules/department/DepartmentPage.tsx'),
    component: 'DepartmentPage',
  }),
  screen({
    path: 'company-user1_1',
    title: '人员管理',
    icon: 'UsergroupAddOutlined',
    summary: '单位的人员：按部门、职务、角色和状态查找，新增、修改、停用启用、重置密码，Excel 导入导出',
    access: { module: 'organization', codename: 'view_user' },
    load: () => import('#web/modules/users/UsersPage.tsx'),
    component: 'UsersPage',
  }),
  screen({
    path: 'company-user1_2',
    title: '学生管理',
    icon: 'ReadOutlined',
    summary: '单位的学生（角色为学生的人员）：查找、新增、修改、停用启用、重置密码，Excel 导入导出',
    access: { module: 'organization', codename: 'view_user' },
    load: () => import('#web/modules/users/UsersPage.tsx'),
    component: 'StudentsPage',
  }),
  screen({
    path: 'company-user2',
    title: '管理员管理',
    icon: 'IdcardOutlined',
    summary: '单位的管理员（集群管理员、单位管理员及其助理）：查找、新增、修改、停用启用、重置密码',
    access: { module: 'organization', codename: 'view_user' },
    load: () => import('#web/modules/users/UsersPage.tsx'),
    component: 'AdministratorsPage',
  }),
  screen({
    path: 'inner-permission',
    title: '角色权限',
    icon: 'SafetyCertificateOutlined',
    summary: '本单位各角色可做的操作：按模块勾选，保存后对该角色的人员立即生效',
    access: { module: 'organization', codename: 'change_role_permission' },
    load: () => import('#web/modules/role-permission/RolePermissionPage.tsx'),
    component: 'RolePermissionPage',
  }),
  screen({
    path: 'work-plan',
    title: '工作计划',
    icon: 'ScheduleOutlined',
    summary: '工作计划及其任务：管理者新建计划、分配任务；人员查看自己负责或参与的计划并更新进度',
    access: { module: 'work', codename: 'write_work_log' },
    load: () => import('#web/modules/work-plan/WorkPlanPage.tsx'),
    component: 'WorkPlanPage',
  }),
  screen({
    path: 'work-log',
    title: '工作日志',
    icon: 'FileTextOutlined',
    summary: '每天的工作日志（可对应任务）；审阅者查看、审阅人员的日志和工时统计',
    access: { module: 'work', codename: 'write_work_log' },
    load: () => import('#web/modules/work-plan/WorkLogPage.tsx'),
    component: 'WorkLogPage',
  }),
  screen({
    path: 'system-set',
    title: '系统设置',
    icon: 'SettingOutlined',
    summary: '本单位的密码规则、登录有效时长和登录方式',
    access: { module: 'organization', codename: 'view_company_settings' },
    load: () => import('#web/modules/company-settings/CompanySettingsPage.tsx'),
    component: 'SystemSetPage',
  }),
  screen({
    path: 'crm-set',
    title: '商城设置',
    icon: 'ShopOutlined',
    summary: '本单位商城未付款订单的等待时长：超时自动取消，库存退回',
    access: { module: 'organization', codename: 'view_company_settings' },
    load: () => import('#web/modules/company-settings/CompanySettingsPage.tsx'),
    component: 'CrmSetPage',
  }),
]);

/**
 * The shared group without the screens whose path an area's own home holds: 商城管理's home is at
 * `home` (where a role that keeps no goods lands), so there the area's home stands and 管理首页 is
 * reached in the other areas (管理中心).
 */
function withoutPaths(g: GroupEntry, taken: readonly ScreenEntry[]): GroupEntry {
  const paths = new Set(taken.map((s) => s.path));
  return { ...g, children: g.children.filter((c) => c.kind !== 'screen' || !paths.has(c.path)) };
}

/** One page for every area home: it reads its area and what to say from the route table. */
const AREA_HOME_PAGE = lazyPage(() => import('#web/modules/area-home/AreaHomePage.tsx'), 'AreaHomePage');

/**
 * A protected area: its own menu, then the personal screens. With `home`, the area's home comes
 * first, at the spec's first screen: it stands in for that screen until the screen is built (then
 * the home moves to a path of its own, `home.path`, or goes), so the area index never ends on 页面不存在.
 */
export function area(
  key: Area,
  title: string,
  icon: AreaEntry['icon'],
  firstScreen: string,
  own: MenuEntry[] = [],
  home?: AreaHome,
): AreaEntry {
  const homeScreen: ScreenEntry[] = home
    ? [
        {
          kind: 'screen',
          path: home.path ?? firstScreen,
          title: `${title}首页`,
          // The area's own icon: 门户首页 above it has the house.
          icon,
          page: AREA_HOME_PAGE,
          home,
        },
      ]
    : [];
  return {
    kind: 'area',
    area: key,
    path: `/${key}`,
    title,
    icon,
    firstScreen,
    requiresAuth: true,
    children: [...homeScreen, ...own, withoutPaths(ADMIN, homeScreen), PERSONAL],
  };
}

/** 短信发件箱: the company's own outbox (codes and notices sent to its members), in any area that offers it. */
export const smsOutboxScreen = (path: string): ScreenEntry =>
  screen({
    path,
    title: '短信发件箱',
    icon: 'MessageOutlined',
    summary: '查看本单位发出的验证码和通知短信',
    access: { module: 'message', codename: 'view_sms_outbox' },
    load: () => import('#web/modules/sms/SmsOutboxPage.tsx'),
    component: 'SmsOutboxPage',
  });
