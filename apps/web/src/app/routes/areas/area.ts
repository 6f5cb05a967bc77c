import type { Area } from '@portal/contract';
import { lazyPage } from '#web/app/lazy.ts';
import type { AreaEntry, MenuEntry, ScreenEntry } from '../types.ts';

/** Personal screens every protected area carries (spec §2, shared children): one group, one loader each. */
const PERSONAL: MenuEntry = {
  kind: 'group',
  key: 'personal',
  title: '个人中心',
  icon: 'UserOutlined',
  children: [
    {
      kind: 'screen',
      path: 'personal-info',
      title: '个人信息',
      icon: 'IdcardOutlined',
      page: lazyPage(() => import('#web/modules/account/PersonalInfoPage.tsx'), 'PersonalInfoPage'),
    },
    {
      kind: 'screen',
      path: 'password-reset',
      title: '修改密码',
      icon: 'LockOutlined',
      page: lazyPage(() => import('#web/modules/account/PasswordResetPage.tsx'), 'PasswordResetPage'),
    },
  ],
};

/** A protected area: its own menu, then the personal screens. */
export function area(
  key: Area,
  title: string,
  icon: AreaEntry['icon'],
  firstScreen: string,
  own: MenuEntry[] = [],
): AreaEntry {
  return {
    kind: 'area',
    area: key,
    path: `/${key}`,
    title,
    icon,
    firstScreen,
    requiresAuth: true,
    children: [...own, PERSONAL],
  };
}

/** 短信发件箱: the company's own outbox (codes and notices sent to its members), in any area that offers it. */
export const smsOutboxScreen = (path: string): ScreenEntry => ({
  kind: 'screen',
  path,
  title: '短信发件箱',
  icon: 'MessageOutlined',
  access: { module: 'message', codename: 'view_sms_outbox' },
  page: lazyPage(() => import('#web/modules/message/SmsOutboxPage.tsx'), 'SmsOutboxPage'),
});
