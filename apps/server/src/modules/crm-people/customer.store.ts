import {
  type CustomerContact,
  contactsText,
  type customerResource,
  type customerSheetFields,
  paymentTermsText,
  SALESPERSON_ROLES,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '#server/platform/core/errors.ts';
import type { Database } from '#server/platform/db/database.ts';
import { inCompany } from '#server/platform/db/scope.ts';
import type { ResourceStore, SheetValues } from '#server/platform/resource/resource-service.ts';

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
  uniqueCodes: { name: 'CUSTOMER_NAME_TAKEN' },
  // The contacts are a JSON text in the row; the list and the export show them and the terms in words.
  toItem: (row, item) => {
    const contacts = parseContacts(row.contacts);
    return {
      ...item,
      contacts,
      contacts_text: contactsText(contacts),
      terms_text: paymentTermsText(String(row.payment_terms), Number(row.credit_days)),
    } as never;
  },
  toValues: (f, values) => ({
    ...values,
    contacts: JSON.stringify(
      f.contacts.map((c) => ({ name: c.name, mobile: c.mobile ?? '', email: c.email ?? '' })),
    ),
    credit_days: f.payment_terms === 'credit' ? (f.credit_days ?? 0) : 0,
    salesperson_name: '',
  }),
  /**
   * The export writes a customer as the import reads it: its first contact (the sheet holds one a
   * row; the others are in no column) and its salesperson by name.
   */
  sheet: async (_conn, _caller, customers) =>
    customers.map((c) => {
      const [first] = (c.contacts ?? []) as CustomerContact[];
      return {
        contact_name: first?.name ?? '',
        contact_mobile: first?.mobile ?? '',
        contact_email: first?.email ?? '',
        salesperson: c.salesperson_name ?? '',
      };
    }),
  import: {
    /**
     * A sheet row (one contact, the salesperson by name) as the values to store; a name two of the
     * company's salespeople share is refused rather than guessed.
     */
    async prepare(conn, caller) {
      const people = await inCompany(conn, caller.companyId)
        .selectFrom('users')
        .select(['id', 'real_name', 'username'])
        .where('role', 'in', [...SALESPERSON_ROLES])
        .where('status', '=', 1)
        .execute();
      const byName = new Map<string, { id: number; name: string }[]>();
      for (const p of people)
        for (const key of new Set([p.real_name, p.username]))
          if (key)
            byName.set(key, [...(byName.get(key) ?? []), { id: p.id, name: p.real_name || p.username }]);
      return (row): SheetValues => {
        const r = row as z.output<z.ZodObject<typeof customerSheetFields>>;
        const errors: Record<string, string> = {};
        if (!r.contact_mobile && !r.contact_email) errors.contact_mobile = '每位联系人须填写手机号或邮箱';
        let salesperson: { id: number; name: string } | undefined;
        if (r.salesperson) {
          const found = byName.get(r.salesperson) ?? [];
          if (found.length === 1) salesperson = found[0];
          else
            errors.salesperson =
              found.length === 0
                ? `业务员「${r.salesperson}」不是本单位在职的商城管理员或销售人员`
                : `业务员「${r.salesperson}」有重名，请在页面上选择`;
        }
        if (Object.keys(errors).length > 0) return { errors };
        return {
          values: {
            name: r.name,
            contacts: JSON.stringify([
              { name: r.contact_name, mobile: r.contact_mobile ?? '', email: r.contact_email ?? '' },
            ]),
            address: r.address ?? '',
            payment_terms: r.payment_terms,
            credit_days: r.payment_terms === 'credit' ? (r.credit_days ?? 0) : 0,
            credit_limit: r.credit_limit ?? 0,
            salesperson_id: salesperson?.id ?? null,
            salesperson_name: salesperson?.name ?? '',
            status: r.status,
            remark: r.remark ?? '',
          },
        };
      };
    },
  },
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
