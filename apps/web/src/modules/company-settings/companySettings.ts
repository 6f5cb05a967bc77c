import type { SettingDef, SettingKey } from '@portal/contract';

export type Value = number | string;
type Values = Record<string, Value>;

/** A value as the confirmation says it: 开启/关闭, a choice's name, a number with its unit. */
export function settingText(def: SettingDef, value: Value | undefined): string {
  if (value === undefined) return '';
  switch (def.type) {
    case 'flag':
      return value === 1 ? '开启' : '关闭';
    case 'choice':
      return def.options[String(value)] ?? String(value);
    case 'int':
      return `${value}${def.unit ? ` ${def.unit}` : ''}`;
    case 'text':
      return value === '' ? '（空）' : String(value);
  }
}

/** The keys whose value the form changed, in the declaration's order. */
export function changedKeys(keys: readonly SettingKey[], saved: Values, edited: Values): SettingKey[] {
  return keys.filter((k) => edited[k] !== undefined && edited[k] !== saved[k]);
}
