import { z } from 'zod';
import { PASSWORD_MIN } from './account.ts';
import { getCalls, postCalls } from './call.ts';
import { companyField } from './department.ts';
import { choice, flag, form, int, optionalId } from './fields.ts';
import { DEFAULT_TIME_ZONE, TIME_ZONES } from './zone-time.ts';

/**
 * A company's settings (spec §2 admin `system-set` and `crm-set`; issue 34, docs/adr/0038 "Company
 * settings"): one declaration — key, label, type and limits, default, group — from which the calls'
 * input schemas (the `fields.ts` helpers, Chinese messages), the server's reader (`settingsOf`) and
 * the web's form are derived. A new setting is one line here (its default is what every company
 * has until it changes it); nothing else is written by hand. Served by modules/company-settings.
 */

export const SETTING_GROUPS = { system: '系统设置', crm: '商城设置' } as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

interface Base<G extends SettingGroup> {
  group: G;
  label: string;
  /** A line under the field: what the setting does. */
  help?: string;
}
export interface IntSetting<G extends SettingGroup = SettingGroup> extends Base<G> {
  type: 'int';
  min: number;
  max: number;
  default: number;
  /** Shown after the number (分钟, 小时, 位). */
  unit?: string;
}
export interface FlagSetting<G extends SettingGroup = SettingGroup> extends Base<G> {
  type: 'flag';
  default: 0 | 1;
}
export interface ChoiceSetting<G extends SettingGroup = SettingGroup, K extends string = string>
  extends Base<G> {
  type: 'choice';
  options: Record<K, string>;
  default: K;
}
export interface TextSetting<G extends SettingGroup = SettingGroup> extends Base<G> {
  type: 'text';
  max: number;
  default: string;
}
export type SettingDef = IntSetting | FlagSetting | ChoiceSetting | TextSetting;

/** The declarers: `setting.int('system', '…', { min, max, default })`. */
export const setting = {
  int: <G extends SettingGroup>(group: G, label: string, o: Omit<IntSetting, 'type' | 'group' | 'label'>) =>
    ({ type: 'int', group, label, ...o }) as IntSetting<G>,
  flag: <G extends SettingGroup>(group: G, label: string, o: Omit<FlagSetting, 'type' | 'group' | 'label'>) =>
    ({ type: 'flag', group, label, ...o }) as FlagSetting<G>,
  choice: <G extends SettingGroup, K extends string>(
    group: G,
    label: string,
    o: { options: Record<K, string>; default: NoInfer<K>; help?: string },
  ) => ({ type: 'choice', group, label, ...o }) as ChoiceSetting<G, K>,
  text: <G extends SettingGroup>(group: G, label: string, o: Omit<TextSetting, 'type' | 'group' | 'label'>) =>
    ({ type: 'text', group, label, ...o }) as TextSetting<G>,
};

/** How a user names themselves at login (the login variants). */
export const LOGIN_NAMES = { username: '仅用户名', username_or_mobile: '用户名或手机号' } as const;

/**
 * Every setting. The defaults of `session_hours` and of the three payment deadlines are the
 * server's environment when it sets them (SESSION_TTL_HOURS, ORDER_PAY_MINUTES, TRANSFER_PAY_HOURS,
 * COD_CONFIRM_HOURS): a company that has not changed them behaves as before.
 */
export const COMPANY_SETTINGS = {
  password_min_length: setting.int('system', '密码最短长度', {
    min: PASSWORD_MIN,
    max: 32,
    default: PASSWORD_MIN,
    unit: '位',
    help: '设置、修改、找回和重置密码时都按此检查',
  }),
  password_letters_digits: setting.flag('system', '密码须同时包含字母和数字', { default: 1 }),
  session_hours: setting.int('system', '登录有效时长', {
    min: 1,
    max: 720,
    default: 12,
    unit: '小时',
    help: '从登录起算，到时须重新登录；修改后对之后的登录生效',
  }),
  login_name: setting.choice('system', '登录账号', {
    options: LOGIN_NAMES,
    default: 'username',
    help: '选「用户名或手机号」时，本单位人员也可用本人手机号登录',
  }),
  single_session: setting.flag('system', '同一账号只保留最新一次登录', {
    default: 0,
    help: '开启后，新的登录会结束该账号的其他登录',
  }),
  time_zone: setting.choice('system', '时区', {
    options: TIME_ZONES,
    default: DEFAULT_TIME_ZONE,
    help: '页面和导出中的日期时间、订单号中的日期、按日的统计和限额都按此时区',
  }),
  online_pay_minutes: setting.int('crm', '在线支付等待时长', {
    min: 5,
    max: 1440,
    default: 30,
    unit: '分钟',
    help: '未付款的在线支付订单超过此时长自动取消，库存退回',
  }),
  transfer_pay_hours: setting.int('crm', '银行转账等待时长', {
    min: 1,
    max: 720,
    default: 72,
    unit: '小时',
    help: '未确认收款的银行转账订单超过此时长自动取消',
  }),
  cod_confirm_hours: setting.int('crm', '货到付款确认时长', {
    min: 1,
    max: 720,
    default: 24,
    unit: '小时',
    help: '店员未确认的货到付款订单超过此时长自动取消',
  }),
  stock_in_second_approver: setting.flag('crm', '入库单须由他人审核', {
    default: 0,
    help: '开启后，填写入库单（含采购到货生成的）的人不能审核自己的入库单；只有一位管理人员时请保持关闭',
  }),
} as const satisfies Record<string, SettingDef>;

type Declared = typeof COMPANY_SETTINGS;
export type SettingKey = keyof Declared;
/** The value a declaration holds: a number for int and flag, its key for a choice, text for text. */
type ValueOf<D> =
  D extends ChoiceSetting<SettingGroup, infer K>
    ? K
    : D extends TextSetting
      ? string
      : D extends FlagSetting
        ? 0 | 1
        : number;
/** A company's every setting, defaults where it has set none (what `settingsOf` answers). */
export type CompanySettings = { -readonly [K in SettingKey]: ValueOf<Declared[K]> };
export type GroupKey<G extends SettingGroup> = {
  [K in SettingKey]: Declared[K]['group'] extends G ? K : never;
}[SettingKey];

export const SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as SettingKey[];
export const settingKeysOf = <G extends SettingGroup>(group: G) =>
  SETTING_KEYS.filter((k) => COMPANY_SETTINGS[k].group === group) as GroupKey<G>[];

/** The defaults as declared (the server lays its environment's over some: `settingsOf`). */
export const DECLARED_DEFAULTS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, COMPANY_SETTINGS[k].default]),
) as CompanySettings;

/** One setting's input field: the `fields.ts` helper of its type, its Chinese messages naming it. */
export function settingField(def: SettingDef): z.ZodType {
  switch (def.type) {
    case 'int':
      return int(def.label, { min: def.min, max: def.max });
    case 'flag':
      return flag(def.label);
    case 'choice':
      return choice(def.label, def.options);
    case 'text':
      return z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : v === null ? '' : v),
        z.string({ error: `${def.label}格式不正确` }).max(def.max, `${def.label}不能超过${def.max}个字符`),
      );
  }
}

/**
 * The body that sets a group's settings: each of its keys optional (what is not sent stays), any
 * other key refused by name (未知的设置项：…), as is a key of the other group.
 */
export function settingsBody<G extends SettingGroup>(group: G) {
  const shape = Object.fromEntries(
    settingKeysOf(group).map((k) => [k, settingField(COMPANY_SETTINGS[k]).optional()]),
  ) as { [K in GroupKey<G>]: z.ZodOptional<z.ZodType<ValueOf<Declared[K]>, unknown>> };
  return z.strictObject(
    { company_id: optionalId('单位'), ...shape },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys' ? `未知的设置项：${iss.keys.join('、')}` : '参数格式不正确',
    },
  );
}

/** A group's values (the reply): each key as its type. */
export function settingsValues<G extends SettingGroup>(group: G) {
  const shape = Object.fromEntries(
    settingKeysOf(group).map((k) => {
      const def: SettingDef = COMPANY_SETTINGS[k];
      return [k, def.type === 'int' || def.type === 'flag' ? z.number().int() : z.string()];
    }),
  ) as unknown as { [K in GroupKey<G>]: z.ZodType<ValueOf<Declared[K]>> };
  return z.object(shape);
}

/** What a GET answers and a POST answers after saving: the company, its values and the defaults. */
export const settingsReply = <G extends SettingGroup>(group: G) =>
  z.object({
    company_id: z.number().int(),
    values: settingsValues(group),
    /** What each is when the company has not set it (the declaration's, or the server's environment). */
    defaults: settingsValues(group),
  });

/**
 * A stored text as the setting's value: the declared default when missing or no longer valid (a
 * limit tightened since, a choice removed), so a reader never sees an out-of-range value.
 */
export function settingFromText<K extends SettingKey>(
  key: K,
  text: string | undefined,
  fallback: CompanySettings[K],
) {
  if (text === undefined) return fallback;
  const parsed = settingField(COMPANY_SETTINGS[key]).safeParse(text);
  return (parsed.success ? parsed.data : fallback) as CompanySettings[K];
}

/** The password rule of a company's settings. */
export interface PasswordRule {
  min: number;
  lettersAndDigits: boolean;
}
export const passwordRuleOf = (
  s: Pick<CompanySettings, 'password_min_length' | 'password_letters_digits'>,
) => ({
  min: s.password_min_length,
  lettersAndDigits: s.password_letters_digits === 1,
});
/** The rule in words, under a password field: 至少8位，须同时包含字母和数字. */
export const passwordRuleText = (r: PasswordRule) =>
  `至少 ${r.min} 位${r.lettersAndDigits ? '，须同时包含字母和数字' : ''}`;
/** What is wrong with a password under the rule (the field's Chinese message), or undefined. */
export function passwordProblem(r: PasswordRule, value: string, label: string): string | undefined {
  if (value.length < r.min) return `${label}不能少于${r.min}个字符`;
  if (r.lettersAndDigits && !(/[A-Za-z]/.test(value) && /\d/.test(value)))
    return `${label}须同时包含字母和数字`;
  return undefined;
}

export const passwordRuleSchema = z.object({ min: z.number().int(), lettersAndDigits: z.boolean() });

const get = getCalls(['company-settings']);
const post = postCalls(['company-settings']);
const systemReply = settingsReply('system');
const crmReply = settingsReply('crm');

export const companySettingsCalls = {
  system: get(
    '/company/settings/system',
    '单位的系统设置（密码规则、登录有效时长、登录方式）',
    { permission: 'view_company_settings' },
    form(companyField),
    systemReply,
  ),
  setSystem: post(
    '/company/settings/system',
    '修改单位的系统设置',
    'change_company_settings',
    settingsBody('system'),
    systemReply,
  ),
  crm: get(
    '/company/settings/crm',
    '单位的商城设置（未付款订单的等待时长）',
    { permission: 'view_company_settings' },
    form(companyField),
    crmReply,
  ),
  setCrm: post(
    '/company/settings/crm',
    '修改单位的商城设置',
    'change_company_settings',
    settingsBody('crm'),
    crmReply,
  ),
  passwordRule: get(
    '/company/settings/password-rule',
    '单位的密码规则（设置密码的表单据此提示和检查）',
    { login: true },
    form(companyField),
    passwordRuleSchema,
  ),
  timeZone: get(
    '/company/settings/time-zone',
    '本单位的时区（页面上的日期时间按此显示）',
    { login: true },
    form({}),
    z.object({ time_zone: z.string() }),
  ),
};
