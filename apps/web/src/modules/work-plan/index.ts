/** 工作计划 and 工作日志 (issue 34): the screens of every area's 单位管理. */
export { WorkLogPage } from './WorkLogPage.tsx';
export { WorkPlanPage } from './WorkPlanPage.tsx';
