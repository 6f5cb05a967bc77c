import { lazyPage } from '#web/app/lazy.ts';
import { area } from './area.ts';

/** 管理中心: system administration. */
export const MANAGER = area('manager', '管理中心', 'BranchesOutlined', 'workflow', [
  {
    kind: 'group',
    key: 'system',
    title: '系统管理',
    icon: 'SettingOutlined',
    children: [
      {
        kind: 'screen',
        path: 'sms-outbox',
        title: '短信发件箱',
        icon: 'MessageOutlined',
        access: { module: 'message', codename: 'view_sms_outbox' },
        page: lazyPage(() => import('#web/modules/message/SmsOutboxPage.tsx'), 'SmsOutboxPage'),
      },
    ],
  },
]);
