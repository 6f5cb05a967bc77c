import { area, screen } from './area.ts';

// Areas that have only their home (and the personal screens) so far, and the training areas with
// their first screens (issue 37; their homes moved to /student/home and /instructor/home). The home
// stands at the spec's first screen (§2) until that screen is built.
export const CAR = area('car', '车贸管理', 'CarOutlined', 'car_auto_parts', [], {
  purpose:
    '车贸管理是汽车贸易的后台：管理车辆、车型和汽车配件，记录配件的采购、库存与领用，并维护车贸的供应商和客户。',
});

export const TOOL = area('tool', '工具箱', 'ToolOutlined', 'double_color_ball', [], {
  purpose: '工具箱收录两个数字游戏工具，其中之一是双色球。',
});

export const STUDENT = area(
  'student',
  '学生中心',
  'ReadOutlined',
  'business-watch',
  [
    screen({
      path: 'business-watch',
      title: '业务观摩',
      icon: 'EyeOutlined',
      summary: '正在进行、允许旁观的业务，进入只读观摩',
      load: () => import('#web/modules/business/ObservablesPage.tsx'),
      component: 'ObservablesScreen',
    }),
    screen({
      path: 'team-list',
      title: '我的团队',
      icon: 'TeamOutlined',
      summary: '我参与的业务与团队，进入业务担任角色',
      load: () => import('#web/modules/business/MyBusinessesPage.tsx'),
      component: 'ProgressBusinessesPage',
    }),
  ],
  {
    path: 'home',
    purpose:
      '学生中心是参加业务流程模拟实训的地方：和团队一起进入业务、担任角色，在各个环节中填写和签收文书、投票表决，最后撰写实训报告；也可以观摩其他团队正在进行的业务。',
  },
);

export const INSTRUCTOR = area(
  'instructor',
  '指导中心',
  'TeamOutlined',
  'business-guide',
  [
    screen({
      path: 'student-guide',
      title: '学生指导',
      icon: 'UserOutlined',
      summary: '课程中的学生，以及他们参与的业务和担任的角色',
      load: () => import('#web/modules/business/InstructorPages.tsx'),
      component: 'StudentGuidePage',
    }),
    screen({
      path: 'interest-course',
      title: '我的课堂',
      icon: 'ReadOutlined',
      summary: '我指导的课程：项目、学生人数与业务',
      load: () => import('#web/modules/business/InstructorPages.tsx'),
      component: 'InterestCoursePage',
    }),
    screen({
      path: 'business-guide',
      title: '业务指导',
      icon: 'DashboardOutlined',
      summary: '所指导课程中每个进行中的团队：当前环节、入席情况、最后动作与停留时长',
      load: () => import('#web/modules/business/BusinessBoardPage.tsx'),
      component: 'BusinessBoardPage',
    }),
    screen({
      path: 'business-question',
      title: '业务提问',
      icon: 'QuestionCircleOutlined',
      summary: '课程中进行中的业务和它们的成员，进入业务阅读团队的消息',
      load: () => import('#web/modules/business/InstructorPages.tsx'),
      component: 'BusinessQuestionPage',
    }),
    screen({
      path: 'business-evaluation',
      title: '业务评价',
      icon: 'AuditOutlined',
      summary: '课程中的全部业务、成员与起止时间，已结束的可以回放',
      load: () => import('#web/modules/business/InstructorPages.tsx'),
      component: 'BusinessEvaluationPage',
    }),
  ],
  {
    path: 'home',
    purpose:
      '指导中心供指导者带领和评价实训团队：指导学生和业务人员，解答他们在业务中提出的问题，并按成员、环节和角色给出评分和评语。',
  },
);
