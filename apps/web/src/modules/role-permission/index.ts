/** What each role of a company may do (角色权限, docs/adr/0038 decision 5): the screen of every area's 单位管理. */
export { RolePermissionPage } from './RolePermissionPage.tsx';
