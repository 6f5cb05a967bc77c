import { area } from './area.ts';

// Areas that have only their home (the personal screens) so far; each moves to its own file when
// its first screen arrives.
export const CAR = area('car', '车贸管理', 'CarOutlined', 'car_auto_parts');
export const TOOL = area('tool', '工具箱', 'ToolOutlined', 'double_color_ball');
export const BUSINESS = area('business', '业务中心', 'SolutionOutlined', 'prepare');
export const STUDENT = area('student', '学生中心', 'ReadOutlined', 'business-watch');
export const INSTRUCTOR = area('instructor', '指导中心', 'TeamOutlined', 'business-guide');
