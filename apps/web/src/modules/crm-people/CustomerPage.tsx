import {
  CREDIT_DAYS_MAX,
  CUSTOMER_CONTACTS_MAX,
  type Customer,
  customerResource,
  PAYMENT_TERMS,
  type PaymentTerms,
} from '@portal/contract';
import { customerCalls } from '@portal/contract/calls';
import { Button, Form, type FormInstance, Input, InputNumber, Select, Typography } from 'antd';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useSalespeople } from './usePeople.ts';
import './people.css';

interface Contact {
  name: string;
  mobile?: string;
  email?: string;
}
interface Values {
  contacts: Contact[];
  payment_terms: PaymentTerms;
}

const EMPTY_CONTACT: Contact = { name: '', mobile: '', email: '' };

/** The contacts in the list: one line each, the number and e-mail in grey. */
const contactsCell = (_: unknown, c: Customer) => (
  <div className="people-contacts">
    {c.contacts.map((p, i) => (
      // Contacts have no id of their own; their order is stable within a row.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <div key={i}>
        {p.name}
        {p.mobile && <Typography.Text type="secondary"> {p.mobile}</Typography.Text>}
        {p.email && <Typography.Text type="secondary"> {p.email}</Typography.Text>}
      </div>
    ))}
  </div>
);

/** The salesperson picker: the company's shop administrators and salespeople in service. */
function SalespersonSelect({
  current,
  ...props
}: { current?: { id: number; name: string } | undefined } & object) {
  const people = useSalespeople('');
  const options = (people.data?.results ?? []).map((p) => ({ value: p.id, label: p.label }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: current.name });
  return (
    <Select
      {...props}
      aria-label="业务员"
      allowClear={CLEARABLE}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="选填：本单位的销售人员或商城管理员"
      loading={people.isLoading}
      options={options}
    />
  );
}

/** The contacts as a growing list (at least one), each with its name, mobile and e-mail. */
const contactsItem = () => (
  <Form.List name="contacts">
    {(fields, { add, remove }, { errors }) => (
      <fieldset className="people-fieldset">
        <legend className="people-legend">
          <span className="people-required" aria-hidden>
            *
          </span>
          联系人（至少一位，手机号和邮箱至少填一项）
        </legend>
        {fields.map((field, index) => (
          <div key={field.key} className="people-contact-row">
            <Form.Item
              name={[field.name, 'name']}
              label={`联系人${index + 1}姓名`}
              rules={[{ required: true, whitespace: true, message: '请填写联系人姓名' }]}
            >
              <Input maxLength={30} placeholder="姓名" />
            </Form.Item>
            <Form.Item
              name={[field.name, 'mobile']}
              label={`联系人${index + 1}手机号`}
              rules={[{ pattern: /^1[3-9]\d{9}$/, message: '联系人手机号格式不正确' }]}
            >
              <Input maxLength={11} inputMode="numeric" placeholder="手机号" />
            </Form.Item>
            <Form.Item
              name={[field.name, 'email']}
              label={`联系人${index + 1}邮箱`}
              rules={[{ type: 'email', message: '联系人邮箱格式不正确' }]}
            >
              <Input maxLength={100} placeholder="邮箱" />
            </Form.Item>
            <Button
              className="people-contact-remove"
              disabled={fields.length === 1}
              onClick={() => remove(field.name)}
              aria-label={`删除联系人${index + 1}`}
            >
              删除
            </Button>
          </div>
        ))}
        <Form.ErrorList errors={errors} />
        {fields.length < CUSTOMER_CONTACTS_MAX && (
          <Button type="dashed" onClick={() => add({ ...EMPTY_CONTACT })}>
            添加联系人
          </Button>
        )}
      </fieldset>
    )}
  </Form.List>
);

/** 账期天数, asked only for 账期 (the server refuses 账期 without it). */
function CreditDays({ form }: { form: FormInstance<Values> }) {
  const terms = Form.useWatch('payment_terms', form);
  if (terms !== 'credit') return null;
  return (
    <Form.Item
      label="账期天数"
      name="credit_days"
      required
      rules={[
        { required: true, message: '付款方式为账期时请填写账期天数' },
        zodRule(customerResource.fields.credit_days),
      ]}
    >
      <InputNumber min={1} max={CREDIT_DAYS_MAX} precision={0} controls={false} suffix="天" />
    </Form.Item>
  );
}

/** 客户管理 (/crm/customer_index): the company's business customers, from their declaration (crm-people.ts). */
export function CustomerPage() {
  return (
    <ResourcePage<Customer, Values>
      name="customer"
      resource={customerResource}
      routes={customerCalls}
      title="客户管理"
      searchPlaceholder="客户名称 / 联系人 / 手机号 / 业务员"
      rowName={(c) => c.name}
      render={{ contacts: { render: contactsCell }, terms_text: { width: 110 } }}
      detail
      formSpecial={{
        initial: { contacts: [{ ...EMPTY_CONTACT }] },
        items: {
          contacts: contactsItem,
          credit_days: (form) => <CreditDays form={form} />,
        },
        controls: {
          salesperson_id: (_, row) => (
            <SalespersonSelect
              current={
                row?.salesperson_id ? { id: row.salesperson_id, name: row.salesperson_name } : undefined
              }
            />
          ),
        },
        fromItem: (c, values) => ({
          ...values,
          contacts: c.contacts.length > 0 ? c.contacts : [{ ...EMPTY_CONTACT }],
          payment_terms: c.payment_terms in PAYMENT_TERMS ? c.payment_terms : 'cash',
          credit_days: c.credit_days || undefined,
        }),
        toInput: (v, input) => ({
          ...input,
          contacts: JSON.stringify(
            v.contacts.map((p) => ({
              name: p.name.trim(),
              mobile: p.mobile?.trim() ?? '',
              email: p.email?.trim() ?? '',
            })),
          ),
          credit_days: v.payment_terms === 'credit' ? input.credit_days : '',
        }),
      }}
    />
  );
}
