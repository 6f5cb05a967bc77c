/** A company's people (人员管理, docs/adr/0038): the screen of every area's 单位管理. */
export { UsersPage } from './UsersPage.tsx';
