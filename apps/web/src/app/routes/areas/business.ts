import { area, linkScreen, screen } from './area.ts';

/**
 * 业务中心: where business users run businesses. Its home stands at the spec's first screen
 * (`prepare`) until that screen is built; a business opens at /business/detail/{bid}.
 */
export const BUSINESS = area(
  'business',
  '业务中心',
  'SolutionOutlined',
  'prepare',
  [
    screen({
      path: 'list/progress',
      title: '进行中的业务',
      icon: 'SolutionOutlined',
      summary: '我参与的、等待开始和进行中的业务，进入业务与团队交流',
      load: () => import('#web/modules/business/MyBusinessesPage.tsx'),
      component: 'ProgressBusinessesPage',
    }),
    screen({
      path: 'list/done',
      title: '已完成的业务',
      icon: 'CheckCircleOutlined',
      summary: '我参与的、已经结束的业务',
      load: () => import('#web/modules/business/MyBusinessesPage.tsx'),
      component: 'DoneBusinessesPage',
    }),
    linkScreen({
      path: 'done/detail/:bid',
      title: '业务回放',
      load: () => import('#web/modules/business/ReplayPage.tsx'),
      component: 'ReplayPage',
    }),
    linkScreen({
      path: 'post/:id',
      title: '公示',
      load: () => import('#web/modules/business/PostPage.tsx'),
      component: 'PostPage',
    }),
    linkScreen({
      path: '/business/detail/:bid',
      title: '业务',
      load: () => import('#web/modules/business/BusinessDetailPage.tsx'),
      component: 'BusinessDetailPage',
    }),
  ],
  {
    purpose:
      '业务中心是业务流程模拟实训的工作台：挑选实训项目、发起业务并组建团队，在流程的各个环节中按角色办理文书、投票表决。进行中和已完成的业务、知识库以及向指导者的提问也都在这里。',
  },
);
