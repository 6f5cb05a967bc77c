import { COMPANY_SETTINGS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changedKeys, settingText } from './companySettings.ts';

describe('系统设置 and 商城设置: what the confirmation lists', () => {
  it('says each value as the form shows it', () => {
    expect(settingText(COMPANY_SETTINGS.password_min_length, 10)).toBe('10 位');
    expect(settingText(COMPANY_SETTINGS.single_session, 1)).toBe('开启');
    expect(settingText(COMPANY_SETTINGS.password_letters_digits, 0)).toBe('关闭');
    expect(settingText(COMPANY_SETTINGS.login_name, 'username_or_mobile')).toBe('用户名或手机号');
  });

  it('lists only what changed, in the declaration’s order', () => {
    const keys = ['password_min_length', 'session_hours', 'single_session'] as const;
    const saved = { password_min_length: 8, session_hours: 12, single_session: 0 };
    expect(changedKeys(keys, saved, { single_session: 1, password_min_length: 8, session_hours: 2 })).toEqual(
      ['session_hours', 'single_session'],
    );
    expect(changedKeys(keys, saved, saved)).toEqual([]);
  });
});
