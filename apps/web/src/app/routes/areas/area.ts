import type { Area } from '@portal/contract';
import { lazyPage } from '#web/app/lazy.ts';
import type { AreaEntry, MenuEntry } from '../types.ts';

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
