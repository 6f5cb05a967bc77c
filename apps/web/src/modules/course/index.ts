/** Courses (课程, issue 36): the 课程管理 screen of the manager area. */
export { CoursePage } from './CoursePage.tsx';
