import { area, linkScreen } from './area.ts';

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
