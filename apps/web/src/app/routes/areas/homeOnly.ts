import { area } from './area.ts';

// Areas that have only their home (and the personal screens) so far. The home stands at the
// spec's first screen (§2); each area moves to its own file when its first screen arrives.
export const CAR = area('car', '车贸管理', 'CarOutlined', 'car_auto_parts', [], {
  purpose:
    '车贸管理是汽车贸易的后台：管理车辆、车型和汽车配件，记录配件的采购、库存与领用，并维护车贸的供应商和客户。',
});

export const TOOL = area('tool', '工具箱', 'ToolOutlined', 'double_color_ball', [], {
  purpose: '工具箱收录两个数字游戏工具，其中之一是双色球。',
});

export const STUDENT = area('student', '学生中心', 'ReadOutlined', 'business-watch', [], {
  purpose:
    '学生中心是参加业务流程模拟实训的地方：和团队一起进入业务、担任角色，在各个环节中填写和签收文书、投票表决，最后撰写实训报告；也可以观摩其他团队正在进行的业务。',
});

export const INSTRUCTOR = area('instructor', '指导中心', 'TeamOutlined', 'business-guide', [], {
  purpose:
    '指导中心供指导者带领和评价实训团队：指导学生和业务人员，解答他们在业务中提出的问题，并按成员、环节和角色给出评分和评语。',
});
