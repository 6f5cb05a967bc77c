import { describe, expect, it } from 'vitest';
import {
  COMPANY_SETTINGS,
  DECLARED_DEFAULTS,
  passwordProblem,
  passwordRuleText,
  SETTING_KEYS,
  setting,
  settingField,
  settingFromText,
  settingKeysOf,
  settingsBody,
} from './company-settings.ts';

/** The declaration of company settings → the input schema, the stored text's reading, the password rule. */
describe('company settings declaration', () => {
  it('each field is its type’s fields.ts helper with Chinese messages naming it', () => {
    const n = settingField(setting.int('crm', '等待时长', { min: 5, max: 60, default: 30 }));
    expect(n.safeParse('12').data).toBe(12);
    expect(n.safeParse('4').error?.issues[0]?.message).toBe('等待时长不能小于5');
    expect(n.safeParse(61).error?.issues[0]?.message).toBe('等待时长不能大于60');
    expect(n.safeParse('abc').error?.issues[0]?.message).toBe('等待时长必须是整数');
    const f = settingField(setting.flag('system', '开关', { default: 0 }));
    expect(f.safeParse('true').data).toBe(1);
    expect(f.safeParse('0').data).toBe(0);
    expect(f.safeParse('x').error?.issues[0]?.message).toBe('开关只能是0或1');
    const c = settingField(setting.choice('system', '时区', { options: { a: '甲', b: '乙' }, default: 'a' }));
    expect(c.safeParse('b').data).toBe('b');
    expect(c.safeParse('z').error?.issues[0]?.message).toBe('时区不正确');
    const t = settingField(setting.text('crm', '提示', { max: 4, default: '' }));
    expect(t.safeParse('  ab ').data).toBe('ab');
    expect(t.safeParse('abcde').error?.issues[0]?.message).toBe('提示不能超过4个字符');
  });

  it('a group’s body takes its keys, each optional, and refuses any other by name', () => {
    const body = settingsBody('system');
    expect(body.safeParse({ session_hours: '3' }).data).toEqual({ session_hours: 3 });
    expect(body.safeParse({}).success).toBe(true);
    expect(body.safeParse({ online_pay_minutes: '10' }).error?.issues[0]?.message).toBe(
      '未知的设置项：online_pay_minutes',
    );
    const bad = body.safeParse({ password_min_length: '3' }).error?.issues[0];
    expect(bad?.message).toBe('密码最短长度不能小于8');
    expect(bad?.path).toEqual(['password_min_length']);
    expect([...settingKeysOf('system'), ...settingKeysOf('crm')].sort()).toEqual([...SETTING_KEYS].sort());
  });

  it('every declared default is a valid value of its field', () => {
    for (const key of SETTING_KEYS) {
      expect(settingField(COMPANY_SETTINGS[key]).safeParse(String(DECLARED_DEFAULTS[key])).success, key).toBe(
        true,
      );
    }
  });

  it('a stored text is read as its value, or the fallback when missing or no longer valid', () => {
    expect(settingFromText('session_hours', '5', 12)).toBe(5);
    expect(settingFromText('session_hours', undefined, 12)).toBe(12);
    expect(settingFromText('session_hours', '9999', 12)).toBe(12);
    expect(settingFromText('login_name', 'username_or_mobile', 'username')).toBe('username_or_mobile');
    expect(settingFromText('login_name', 'gone', 'username')).toBe('username');
  });

  it('the password rule in words and as a check', () => {
    const strict = { min: 10, lettersAndDigits: true };
    expect(passwordRuleText(strict)).toBe('至少 10 位，须同时包含字母和数字');
    expect(passwordRuleText({ min: 8, lettersAndDigits: false })).toBe('至少 8 位');
    expect(passwordProblem(strict, 'Abc123', '新密码')).toBe('新密码不能少于10个字符');
    expect(passwordProblem(strict, 'abcdefghijk', '新密码')).toBe('新密码须同时包含字母和数字');
    expect(passwordProblem(strict, 'abcdefghij1', '新密码')).toBeUndefined();
    expect(passwordProblem({ min: 8, lettersAndDigits: false }, 'abcdefgh', '密码')).toBeUndefined();
  });
});
