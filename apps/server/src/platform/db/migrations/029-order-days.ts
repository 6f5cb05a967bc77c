import type { Kysely } from 'kysely';
import { createIndex } from './helpers.ts';

/** The 商城管理 home counts a company's orders per day placed and paid (modules/order/dashboard.ts). */
export const orderDays = {
  async up(db: Kysely<unknown>) {
    await createIndex(db, 'orders_company_created', 'orders', ['company_id', 'created_at']);
    await createIndex(db, 'orders_company_paid', 'orders', ['company_id', 'paid_at']);
  },
};
