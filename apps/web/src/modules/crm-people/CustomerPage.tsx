import {
  CREDIT_DAYS_MAX,
  CREDIT_LIMIT_MAX,
  CUSTOMER_CONTACTS_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_STATUS,
  type Customer,
  customerResource,
  PAYMENT_TERMS,
  type PaymentTerms,
} from '@portal/contract';
import { customerCalls } from '@portal/contract/calls';
import { Button, Form, type FormInstance, Input, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { formatMinute, formatYuan, yuanToCents } from '#web/shared/format.ts';
import { ResourcePage } from '#web/shared/resource/ResourcePage.tsx';
import { CLEARABLE } from '#web/shared/ui/clearable.tsx';
import type { ListColumns } from '#web/shared/ui/ListTable.tsx';
import { optionsOf } from '#web/shared/ui/options.ts';
import { zodRule } from '#web/shared/ui/zodRule.ts';
import { useSalespeople } from './usePeople.ts';
import './people.css';

interface Contact {
  name: string;
  mobile?: string;
  email?: string;
}
interface Values {
  name: string;
  contacts: Contact[];
  address?: string;
  payment_terms: PaymentTerms;
  credit_days?: number;
  /** Yuan in the form; cents in the call. */
  credit_limit?: number;
  salesperson_id?: number;
  status: 0 | 1;
  remark?: string;
}

const rules = customerResource.fields;
const STATUS_OPTIONS = optionsOf(CUSTOMER_STATUS);
const TERMS_OPTIONS = Object.entries(PAYMENT_TERMS).map(([value, label]) => ({ value, label }));
const EMPTY_CONTACT: Contact = { name: '', mobile: '', email: '' };

const columns: ListColumns<Customer> = [
  { title: '客户名称', dataIndex: 'name', phone: 'title' },
  {
    title: '联系人',
    key: 'contacts',
    render: (_: unknown, c) => (
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
    ),
  },
  { title: '付款方式', dataIndex: 'terms_text', width: 110 },
  {
    title: '信用额度',
    dataIndex: 'credit_limit',
    width: 130,
    align: 'right',
    render: (v: number) => formatYuan(v),
  },
  {
    title: '业务员',
    dataIndex: 'salesperson_name',
    width: 110,
    render: (v: string) => v || '—',
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    phone: 'title',
    render: (v: number) => (v === 1 ? <Tag color="green">合作中</Tag> : <Tag>已停用</Tag>),
  },
  {
    title: '更新时间',
    dataIndex: 'update_time',
    width: 150,
    phone: 'hidden',
    render: (v: string) => formatMinute(v),
  },
];

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

/** The form's fields: the contacts as a growing list, the days only for 账期. */
function CustomerFields({ form, editing }: { form: FormInstance<Values>; editing: Customer | null }) {
  const terms = Form.useWatch('payment_terms', form);
  return (
    <>
      <Form.Item label="客户名称" name="name" required rules={[zodRule(rules.name)]}>
        <Input maxLength={CUSTOMER_NAME_MAX} showCount placeholder="如：杭州青禾贸易有限公司" />
      </Form.Item>
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
      <Form.Item label="地址" name="address" rules={[zodRule(rules.address)]}>
        <Input maxLength={200} placeholder="选填" />
      </Form.Item>
      <Form.Item label="付款方式" name="payment_terms" required rules={[zodRule(rules.payment_terms)]}>
        <Radio.Group options={TERMS_OPTIONS} />
      </Form.Item>
      {terms === 'credit' && (
        <Form.Item
          label="账期天数"
          name="credit_days"
          required
          rules={[{ required: true, message: '付款方式为账期时请填写账期天数' }, zodRule(rules.credit_days)]}
        >
          <InputNumber min={1} max={CREDIT_DAYS_MAX} precision={0} controls={false} suffix="天" />
        </Form.Item>
      )}
      <Form.Item label="信用额度" name="credit_limit" extra="单位：元；0 或不填表示不授信">
        <InputNumber
          min={0}
          max={CREDIT_LIMIT_MAX / 100}
          precision={2}
          controls={false}
          prefix="¥"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label="业务员" name="salesperson_id">
        <SalespersonSelect
          current={
            editing?.salesperson_id
              ? { id: editing.salesperson_id, name: editing.salesperson_name }
              : undefined
          }
        />
      </Form.Item>
      <Form.Item label="状态" name="status" rules={[zodRule(rules.status)]}>
        <Radio.Group
          options={[
            { value: 1, label: '合作中' },
            { value: 0, label: '已停用' },
          ]}
        />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[zodRule(rules.remark)]}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder="选填" />
      </Form.Item>
    </>
  );
}

/** 客户管理 (/crm/customer_index): the company's business customers, a declared resource. */
export function CustomerPage() {
  return (
    <ResourcePage<Customer, Values>
      name="customer"
      label="客户"
      title="客户管理"
      routes={customerCalls}
      columns={columns}
      statusOptions={STATUS_OPTIONS}
      searchPlaceholder="客户名称 / 联系人 / 手机号 / 业务员"
      rowName={(c) => c.name}
      form={{
        fields: [
          'name',
          'contacts',
          'address',
          'payment_terms',
          'credit_days',
          'credit_limit',
          'salesperson_id',
          'status',
          'remark',
        ],
        initial: { status: 1, payment_terms: 'cash', contacts: [{ ...EMPTY_CONTACT }] },
        fromItem: (c) => ({
          name: c.name,
          contacts: c.contacts.length > 0 ? c.contacts : [{ ...EMPTY_CONTACT }],
          address: c.address,
          payment_terms: (c.payment_terms in PAYMENT_TERMS ? c.payment_terms : 'cash') as PaymentTerms,
          credit_days: c.credit_days || undefined,
          credit_limit: c.credit_limit ? c.credit_limit / 100 : undefined,
          salesperson_id: c.salesperson_id ?? undefined,
          status: c.status === 1 ? 1 : 0,
          remark: c.remark,
        }),
        toInput: (v) => ({
          name: v.name.trim(),
          contacts: JSON.stringify(
            v.contacts.map((p) => ({
              name: p.name.trim(),
              mobile: p.mobile?.trim() ?? '',
              email: p.email?.trim() ?? '',
            })),
          ),
          address: v.address?.trim() ?? '',
          payment_terms: v.payment_terms,
          credit_days: v.payment_terms === 'credit' ? v.credit_days : undefined,
          credit_limit: yuanToCents(v.credit_limit ?? 0) ?? 0,
          salesperson_id: v.salesperson_id ?? '',
          status: v.status,
          remark: v.remark?.trim() ?? '',
        }),
        items: (form, row) => <CustomerFields form={form} editing={row} />,
      }}
    />
  );
}
