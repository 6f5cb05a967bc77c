import {
  type Customer,
  type CustomerContact,
  contactsText,
  type customerResource,
  customerSchema,
  paymentTermsText,
  SALESPERSON_ROLES,
} from '@portal/contract';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore } from '#server/platform/resource/serve-resource.ts';

const parseContacts = (json: unknown): CustomerContact[] => {
  try {
    const list = JSON.parse(String(json));
    return Array.isArray(list)
      ? list.map((c) => ({
          name: String(c?.name ?? ''),
          mobile: String(c?.mobile ?? ''),
          email: String(c?.email ?? ''),
        }))
      : [];
  } catch {
    return [];
  }
};

/** A staff user of the company who may be a customer's salesperson (SALESPERSON_ROLES, in service). */
export const salespersonOf = (db: Database, companyId: number, id: number) =>
  inCompany(db, companyId)
    .selectFrom('users')
    .select(['id', 'real_name', 'username'])
    .where('id', '=', id)
    .where('role', 'in', [...SALESPERSON_ROLES])
    .where('status', '=', 1)
    .executeTakeFirst();

/**
 * The company's business customers (`/crm/customer_index`): contacts kept as a JSON array with the
 * customer (ADR 0020), searched with its name, address and salesperson.
 */
export const customerStore: ResourceStore<typeof customerResource> = {
  table: 'customers',
  entity: 'customers',
  search: ['name', 'contacts', 'address', 'salesperson_name', 'remark'],
  sorts: {
    newest: [['created_at', 'desc']],
    name: [['name', 'asc']],
  },
  labelColumn: 'name',
  uniqueCodes: { name: 'CUSTOMER_NAME_TAKEN' },
  toItem: (row): Customer => {
    const contacts = parseContacts(row.contacts);
    const terms = String(row.payment_terms);
    const days = Number(row.credit_days);
    return customerSchema.parse({
      id: row.id,
      name: row.name,
      contacts,
      contacts_text: contactsText(contacts),
      address: row.address,
      payment_terms: terms,
      credit_days: days,
      terms_text: paymentTermsText(terms, days),
      credit_limit: Number(row.credit_limit),
      salesperson_id: row.salesperson_id ?? null,
      salesperson_name: row.salesperson_name,
      status: row.status,
      remark: row.remark,
      create_time: row.created_at,
      update_time: row.updated_at,
    });
  },
  toValues: (f) => ({
    name: f.name,
    contacts: JSON.stringify(
      f.contacts.map((c) => ({ name: c.name, mobile: c.mobile ?? '', email: c.email ?? '' })),
    ),
    address: f.address ?? '',
    payment_terms: f.payment_terms,
    credit_days: f.payment_terms === 'credit' ? (f.credit_days ?? 0) : 0,
    credit_limit: f.credit_limit ?? 0,
    salesperson_id: f.salesperson_id ?? null,
    salesperson_name: '',
    status: f.status,
    remark: f.remark ?? '',
  }),
  rules: {
    /**
     * 账期 needs its days; the salesperson is one of the company's shop administrators or
     * salespeople in service, kept with the name they have now (the list and the export show it).
     */
    async beforeSave(trx, values, caller) {
      if (values.payment_terms === 'credit' && !values.credit_days)
        throw new AppError('PARAM_ERROR', '付款方式为账期时请填写账期天数', 'credit_days');
      if (values.salesperson_id !== null) {
        const person = await salespersonOf(trx, caller.companyId, Number(values.salesperson_id));
        if (!person)
          throw new AppError('PARAM_ERROR', '业务员须为本单位在职的商城管理员或销售人员', 'salesperson_id');
        values.salesperson_name = person.real_name || person.username;
      }
    },
  },
};
