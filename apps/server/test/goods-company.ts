import { expect } from 'vitest';
import { createCategory } from '#server/seed/seed.ts';
import type { Harness } from './harness.ts';
import { defaultWarehouseId } from './stock-checks.ts';

type Body = Record<string, unknown>;
type Headers = Record<string, string>;

/**
 * What a test's library goods are unless it says otherwise (`/goods/create`'s fields): codes are
 * `${code}${n}`, names `${name}${n}` (n counts the company's goods from 1); a normal goods in 件 at
 * ¥1.00 with no stock unless given.
 */
export interface GoodsDefaults {
  code: string;
  name: string;
  goods_type?: 'normal' | 'material' | 'finished';
  unit?: string;
  price?: number;
  stock?: number;
}

/** A library goods as `/goods/create` answers it. */
export interface LibraryGoods {
  id: number;
  code: string;
  name: string;
  stock: number;
}

/**
 * The company the goods, stock, product, production and purchase API tests start from, made
 * through the harness: its 商城管理员 (`admin`, who makes the goods) and one goods category, then
 * as a test asks: its staff of other roles, a user of another company (for the refusals), library
 * goods with the test's defaults (opening stock goes into the default warehouse, which the
 * company's first goods with stock makes) and suppliers.
 */
export async function goodsCompany(h: Harness, name: string, category: string, given: GoodsDefaults) {
  const defaults = { goods_type: 'normal', unit: '件', price: 100, stock: 0, ...given };
  const companyId = await h.company(name);
  const admin = (await h.as(12, companyId)).headers;
  const categoryId = (await createCategory(h.db, companyId, category, null)).id;
  let count = 0;

  return {
    companyId,
    categoryId,
    admin,

    /** Headers of a new user of each role named (`{ keeper: 13 }` → `keeper`'s headers). */
    async staff<K extends string>(roles: Record<K, number>) {
      const headers = {} as Record<K, Headers>;
      for (const [key, role] of Object.entries(roles) as [K, number][])
        headers[key] = (await h.as(role, companyId)).headers;
      return headers;
    },

    /** Headers of a user of `role` (商城管理员 unless named) in a company of its own. */
    stranger: async (role = 12) => (await h.as(role, await h.company('别家单位'))).headers,

    /** A library goods made by `admin` through `/goods/create`; `name` is the name before its number. */
    async goods(over: Body = {}, namePrefix = defaults.name): Promise<LibraryGoods> {
      count += 1;
      const made = await h.json(
        '/goods/create',
        {
          code: `${defaults.code}${count}`,
          name: `${namePrefix}${count}`,
          category_id: categoryId,
          goods_type: defaults.goods_type,
          unit: defaults.unit,
          status: 1,
          images: [],
          price: defaults.price,
          stock: defaults.stock,
          ...over,
        },
        admin,
      );
      expect(made.c, JSON.stringify(made)).toBe(0);
      return made.d;
    },

    /** A supplier of the company (reviewed unless `status` is 0 待审核), written straight to the table. */
    async supplier(supplierName: string, fields: { status?: number } = {}) {
      const now = new Date().toISOString();
      const s = await h.db
        .insertInto('suppliers')
        .values({
          company_id: companyId,
          name: supplierName,
          contact: '王五',
          mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          supply_category: category,
          status: fields.status ?? 1,
          reviewed_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return s.id;
    },
  };
}

export type GoodsCompany = Awaited<ReturnType<typeof goodsCompany>>;

/**
 * The company of the bill-of-materials tests (产品, 生产计划): material goods in 个 under 原料, its
 * 仓库管理员 (`keeper`), 采购员 (`buyer`) and 销售人员 (`seller`), another company's 商城管理员
 * (`otherAdmin`), and its default warehouse, made by a first goods with stock.
 */
export async function materialsCompany(h: Harness, name: string, code: string) {
  const co = await goodsCompany(h, name, '原料', { code, name: '物料', goods_type: 'material', unit: '个' });
  const staff = await co.staff({ keeper: 13, buyer: 14, seller: 20 });
  const otherAdmin = await co.stranger();
  await co.goods({ stock: 1 });
  return { ...co, ...staff, otherAdmin, warehouseId: await defaultWarehouseId(h, co.companyId) };
}
export type MaterialsCompany = Awaited<ReturnType<typeof materialsCompany>>;
