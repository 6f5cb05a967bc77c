import { area, smsOutboxScreen } from './area.ts';

/** 管理中心: system administration; its home stands at `workflow` until the flow list is built. */
export const MANAGER = area(
  'manager',
  '管理中心',
  'BranchesOutlined',
  'workflow',
  [
    {
      kind: 'group',
      key: 'system',
      title: '系统管理',
      icon: 'SettingOutlined',
      children: [smsOutboxScreen('sms-outbox')],
    },
  ],
  {
    purpose:
      '管理中心用于搭建业务流程模拟实训：绘制 BPMN 流程，设置环节、文书、角色和模块，据此创建项目和业务，并管理单位、部门、用户与课程。',
  },
);
