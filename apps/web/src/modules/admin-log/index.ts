/** The administration's logs and statistics (管理首页, 登录记录, 使用统计; docs/adr/0038): every area's 单位管理. */
export { AdminHomePage } from './AdminHomePage.tsx';
export { LoginLogPage } from './LoginLogPage.tsx';
export { LogStatisticPage } from './LogStatisticPage.tsx';
