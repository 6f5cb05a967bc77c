import { area, group, linkScreen, screen, smsOutboxScreen } from './area.ts';

/**
 * 管理中心: the training area's design (flows first) and system administration. It opens on its
 * first screen, 流程管理 (spec §2: /manager redirects to workflow); 管理首页 keeps /manager/home.
 */
export const MANAGER = area('manager', '管理中心', 'BranchesOutlined', 'workflow', [
  group('training', '实训设计', 'BranchesOutlined', [
    screen({
      path: 'workflow',
      title: '流程管理',
      icon: 'ApartmentOutlined',
      summary: '绘制 BPMN 流程图并检查，复制、发布和删除流程',
      access: { module: 'training', codename: 'view_flow' },
      load: () => import('#web/modules/workflow/WorkflowPage.tsx'),
      component: 'WorkflowPage',
    }),
    linkScreen({
      path: '/workflow/draw/:flow_id',
      title: '绘制流程图',
      access: { module: 'training', codename: 'view_flow' },
      load: () => import('#web/modules/workflow/WorkflowDrawPage.tsx'),
      component: 'WorkflowDrawPage',
    }),
    linkScreen({
      path: 'workflow/set/:flow_id/:step?',
      title: '流程设置',
      access: { module: 'training', codename: 'view_flow' },
      load: () => import('#web/modules/workflow/WorkflowSetPage.tsx'),
      component: 'WorkflowSetPage',
    }),
    screen({
      path: 'project',
      title: '项目管理',
      icon: 'ProjectOutlined',
      summary: '在已发布的流程上建立实训项目：开放方式、流程图显示、跳转与嵌套的目标项目',
      access: { module: 'training', codename: 'view_project' },
      load: () => import('#web/modules/project/ProjectPage.tsx'),
      component: 'ProjectPage',
    }),
    linkScreen({
      path: 'project/create_project_wizard',
      title: '新建项目',
      access: { module: 'training', codename: 'change_project' },
      load: () => import('#web/modules/project/ProjectWizardPage.tsx'),
      component: 'ProjectWizardPage',
    }),
  ]),
  group('system', '系统管理', 'SettingOutlined', [
    smsOutboxScreen('sms-outbox'),
    screen({
      path: 'public-brand',
      title: '公共品牌',
      icon: 'TrademarkOutlined',
      summary: '各单位共用的品牌：新增、修改、停用和删除',
      access: { module: 'goods', codename: 'change_public_brand' },
      load: () => import('#web/modules/brand/BrandPage.tsx'),
      component: 'PublicBrandPage',
    }),
    screen({
      path: 'group',
      title: '集群管理',
      icon: 'ClusterOutlined',
      summary: '全部集群：新增、修改、设为默认或公开，删除已没有单位的集群',
      access: { module: 'group', codename: 'change_group' },
      load: () => import('#web/modules/group/GroupAdminPage.tsx'),
      component: 'GroupAdminPage',
    }),
    screen({
      path: 'group_company',
      title: '集群及单位管理',
      icon: 'ApartmentOutlined',
      summary: '你负责的集群及其单位：按名称或编码查找，查看类别、状态和创建时间',
      access: { module: 'group', codename: 'view_group_company' },
      load: () => import('#web/modules/group/GroupCompanyPage.tsx'),
      component: 'GroupCompanyPage',
    }),
    screen({
      path: 'company-identity-change',
      title: '单位信息变更审核',
      icon: 'AuditOutlined',
      summary: '各单位提交的名称、登录路径和备案信息变更申请：通过后写入单位信息，或写明原因驳回',
      access: { module: 'company', codename: 'review_company_change' },
      load: () => import('#web/modules/crm-people/CompanyChangeReviewPage.tsx'),
      component: 'CompanyChangeReviewPage',
    }),
    screen({
      path: 'resultCompanyChange',
      title: '单位变更审核',
      icon: 'UserSwitchOutlined',
      summary: '人员调入、调出本单位的申请：同意或写明原因驳回，双方都同意后人员调入新单位',
      access: { module: 'organization', codename: 'review_transfer' },
      load: () => import('#web/modules/transfer/index.ts'),
      component: 'ResultCompanyChangePage',
    }),
    screen({
      path: 'resultGroupChange',
      title: '集群变更审核',
      icon: 'ClusterOutlined',
      summary: '人员调入、调出本集群的申请：同意或写明原因驳回，双方都同意后人员调入新单位',
      access: { module: 'organization', codename: 'review_transfer' },
      load: () => import('#web/modules/transfer/index.ts'),
      component: 'ResultGroupChangePage',
    }),
    linkScreen({
      path: 'user/:id',
      title: '人员详情',
      access: { module: 'organization', codename: 'view_user' },
      load: () => import('#web/modules/users/UserDetailPage.tsx'),
      component: 'UserDetailPage',
    }),
  ]),
]);
