import { area, smsOutboxScreen } from './area.ts';

/** 管理中心: system administration. */
export const MANAGER = area('manager', '管理中心', 'BranchesOutlined', 'workflow', [
  {
    kind: 'group',
    key: 'system',
    title: '系统管理',
    icon: 'SettingOutlined',
    children: [smsOutboxScreen('sms-outbox')],
  },
]);
