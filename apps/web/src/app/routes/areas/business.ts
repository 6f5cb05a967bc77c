import { area, linkScreen, screen } from './area.ts';

/**
 * 业务中心: where business users choose a project and start a business on it (业务准备, the home),
 * then run it; a business opens at /business/detail/{bid}.
 */
export const BUSINESS = area(
  'business',
  '业务中心',
  'SolutionOutlined',
  'prepare',
  [
    screen({
      path: 'prepare',
      title: '业务准备',
      icon: 'AppstoreOutlined',
      summary: '按事项、按单位或检索挑选实训项目，发起业务',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/business/PreparePages.tsx'),
      component: 'PreparePage',
    }),
    linkScreen({
      path: 'prepare/filter-method',
      title: '业务准备',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/business/PreparePages.tsx'),
      component: 'PreparePage',
    }),
    linkScreen({
      path: 'prepare/prepare1/:by',
      title: '挑选项目',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/business/PreparePages.tsx'),
      component: 'Prepare1Page',
    }),
    linkScreen({
      path: 'prepare/prepare2',
      title: '检索项目',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/business/PreparePages.tsx'),
      component: 'Prepare2Page',
    }),
    linkScreen({
      path: 'prepare/start',
      title: '启动业务',
      access: { module: 'training', codename: 'start_business' },
      load: () => import('#web/modules/business/BusinessWizard1Page.tsx'),
      component: 'BusinessWizard1Page',
    }),
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
    screen({
      path: 'knowledge_index',
      title: '知识库',
      icon: 'ReadOutlined',
      summary: '实训项目的操作指南、模板、素材与成果参考，按名称与用途查找、下载',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/business/KnowledgePage.tsx'),
      component: 'KnowledgePage',
    }),
    linkScreen({
      path: 'progress/:type/:bid/:nid/:mode?',
      title: '业务环节',
      load: () => import('#web/modules/business/BusinessDetailPage.tsx'),
      component: 'BusinessDetailPage',
    }),
    linkScreen({
      path: 'progress/wait/:bid/:nid',
      title: '等待环节',
      load: () => import('#web/modules/business/ProgressPages.tsx'),
      component: 'WaitPage',
    }),
    linkScreen({
      path: 'progress/parallel/:bid/decide',
      title: '选择并行环节',
      load: () => import('#web/modules/business/ProgressPages.tsx'),
      component: 'ParallelPage',
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
    // Its own home beside 管理首页 (the admin children's `home`), as 商城管理's is.
    path: 'overview',
    purpose:
      '业务中心是业务流程模拟实训的工作台：挑选实训项目、发起业务并组建团队，在流程的各个环节中按角色办理文书、投票表决。进行中和已完成的业务、知识库以及向指导者的提问也都在这里。',
  },
);
