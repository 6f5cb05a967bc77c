import {
  COMPANY_SETTINGS,
  SETTING_GROUPS,
  type SettingDef,
  type SettingGroup,
  type SettingKey,
  settingField,
  settingKeysOf,
} from '@portal/contract';
import { companySettingsCalls } from '@portal/contract/calls';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ScopeCompanySelect, useCanChooseCompany } from '#web/modules/group/index.ts';
import { toastSuccess } from '#web/shared/api/toast.ts';
import { useCanCall } from '#web/shared/resource/declared.tsx';
import { showFieldError } from '#web/shared/ui/fieldError.ts';
import { PageSpin } from '#web/shared/ui/PageSpin.tsx';
import { QueryEmpty } from '#web/shared/ui/QueryEmpty.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { changedKeys, settingText, type Value } from './companySettings.ts';
import { useCompanySettings, useSaveCompanySettings } from './useCompanySettings.ts';
import './company-settings.css';

type Values = Record<string, Value>;

/** One setting's input, by its declared type. */
function SettingInput({
  def,
  ...props
}: {
  def: SettingDef;
  id?: string;
  value?: Value;
  onChange?: (v: Value) => void;
}) {
  switch (def.type) {
    case 'int':
      return (
        <InputNumber
          controls={false}
          {...props}
          value={props.value as number | undefined}
          onChange={(v) => props.onChange?.(v ?? ('' as unknown as number))}
          // No min/max here: a value out of range stays as typed and its declared message shows beside it.
          precision={0}
          style={{ width: 200 }}
          suffix={def.unit}
        />
      );
    case 'flag':
      // Two words rather than a switch: the state reads in text, at full contrast.
      return (
        <Radio.Group
          id={props.id}
          value={props.value}
          onChange={(e) => props.onChange?.(e.target.value as number)}
          options={[
            { value: 1, label: '开启' },
            { value: 0, label: '关闭' },
          ]}
        />
      );
    case 'choice':
      // A long list (时区) is a select to search in; a few choices stay in view as words.
      if (Object.keys(def.options).length > 4)
        return (
          <Select
            id={props.id}
            value={props.value as string | undefined}
            onChange={(v: string) => props.onChange?.(v)}
            options={Object.entries(def.options).map(([value, label]) => ({ value, label }))}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={def.label}
            style={{ maxWidth: 360 }}
          />
        );
      return (
        <Radio.Group
          id={props.id}
          value={props.value}
          onChange={(e) => props.onChange?.(e.target.value as string)}
          options={Object.entries(def.options).map(([value, label]) => ({ value, label }))}
        />
      );
    case 'text':
      return (
        <Input
          id={props.id}
          value={props.value as string | undefined}
          onChange={(e) => props.onChange?.(e.target.value)}
          maxLength={def.max}
        />
      );
  }
}

/**
 * 系统设置 (`system-set`) and 商城设置 (`crm-set`), spec §2 admin: a company's settings of the group,
 * a form made from the declaration (packages/contract company-settings.ts) — each field by its
 * type, checked by its declared field (Chinese messages beside it), with what it does and its
 * default under it. 保存 lists what changes (before → after) and asks first; a refusal goes beside
 * its field. A group's staff and the super administrator choose the company (单位).
 */
export function CompanySettingsPage({ group }: { group: SettingGroup }) {
  const { modal } = App.useApp();
  const canSwitch = useCanChooseCompany();
  const [companyId, setCompanyId] = useState<number>();
  const settings = useCompanySettings(group, companyId);
  const save = useSaveCompanySettings(group);
  const canSave = useCanCall(
    group === 'system' ? companySettingsCalls.setSystem : companySettingsCalls.setCrm,
  );
  const [form] = Form.useForm<Values>();
  const keys = settingKeysOf(group) as SettingKey[];
  const saved = settings.data?.values as Values | undefined;
  const defaults = settings.data?.defaults as Values | undefined;

  useEffect(() => {
    if (saved) form.setFieldsValue(saved);
  }, [saved, form]);

  const submit = (edited: Values) => {
    if (!saved) return;
    const changed = changedKeys(keys, saved, edited);
    if (changed.length === 0) {
      toastSuccess('没有修改，无需保存');
      return;
    }
    const lines = changed.map((k) => {
      const def: SettingDef = COMPANY_SETTINGS[k];
      return `${def.label}：${settingText(def, saved[k])} → ${settingText(def, edited[k])}`;
    });
    modal.confirm({
      title: `保存${SETTING_GROUPS[group]}的以下修改吗？`,
      content: (
        <ul className="cs-changes">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ),
      okText: '保存',
      cancelText: '取消',
      onOk: () =>
        save
          .mutateAsync({ companyId, values: Object.fromEntries(changed.map((k) => [k, edited[k] as Value])) })
          .then(() => toastSuccess(`已保存${SETTING_GROUPS[group]}`))
          .catch((error: unknown) => showFieldError(form, error, keys)),
    });
  };

  return (
    <div className="cs-page">
      {canSwitch && <ScopeCompanySelect value={companyId} onChange={setCompanyId} />}
      <Card title={SETTING_GROUPS[group]}>
        {saved && defaults ? (
          <Form<Values>
            form={form}
            layout="vertical"
            name={`company-settings-${group}`}
            onFinish={submit}
            disabled={!canSave}
          >
            {keys.map((k) => {
              const def: SettingDef = COMPANY_SETTINGS[k];
              const extra = [def.help, `默认：${settingText(def, defaults[k])}`].filter(Boolean).join('；');
              return (
                <Form.Item
                  key={k}
                  label={def.label}
                  name={k}
                  extra={extra}
                  rules={[zodRule(settingField(def))]}
                >
                  <SettingInput def={def} />
                </Form.Item>
              );
            })}
            {canSave && (
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存
                </Button>
              </Form.Item>
            )}
          </Form>
        ) : settings.isPending ? (
          <PageSpin description="正在加载设置…" />
        ) : (
          <QueryEmpty query={settings} description="没有设置" />
        )}
      </Card>
    </div>
  );
}

/** 系统设置 (/<area>/system-set): password rules, session length, login variants. */
export const SystemSetPage = () => <CompanySettingsPage group="system" />;
/** 商城设置 (/<area>/crm-set): how long unpaid orders wait. */
export const CrmSetPage = () => <CompanySettingsPage group="crm" />;
