import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { DEMO_PASSWORD, DZC_SHOP } from './demo-accounts.ts';
import { createCategory, createUser } from './seed.ts';

/** The demo bulk catalogue (ADR 0026): categories of the /dzc company, and bands per goods. */
const BULK_DEMO: { category: string; goods: string; unit: string; tiers: [number, number][] }[] = [
  {
    category: '传感器',
    goods: 'DZC-T100',
    unit: 'pcs',
    tiers: [
      [100, 15800],
      [500, 14800],
      [2000, 13500],
    ],
  },
  {
    category: '传感器',
    goods: 'DZC-P200',
    unit: 'pcs',
    tiers: [
      [50, 55000],
      [200, 52000],
    ],
  },
  {
    category: '网关',
    goods: 'DZC-G5',
    unit: 'pcs',
    tiers: [
      [10, 125000],
      [50, 118000],
    ],
  },
];

/**
 * The /dzc and /dzcen company's bulk catalogue: two categories and three of its goods on sale with
 * their tiers, and its shop administrator `dzc_shop` (role 12) who keeps them.
 */
export async function seedDemoBulk(db: PlatformDatabase, companyId: number | undefined) {
  if (companyId === undefined) return;
  await createUser(db, { companyId, password: DEMO_PASSWORD, ...DZC_SHOP });
  const now = nowIso();
  const categories = new Map<string, number>();
  let sort = 0;
  for (const row of BULK_DEMO) {
    let categoryId = categories.get(row.category);
    if (categoryId === undefined) {
      categoryId = (await createCategory(db, companyId, row.category, null, sort++, 'bulk_categories')).id;
      categories.set(row.category, categoryId);
    }
    const goods = await db
      .selectFrom('goods')
      .select(['id', 'name', 'code', 'cover'])
      .where('company_id', '=', companyId)
      .where('name', 'like', `${row.goods} %`)
      .executeTakeFirst();
    if (!goods) continue;
    const tiers = row.tiers.map(([from, price]) => ({ from, price }));
    await db
      .insertInto('bulk_goods')
      .values({
        company_id: companyId,
        goods_id: goods.id,
        sku_id: 0,
        goods_key: `${goods.id}:0`,
        category_id: categoryId,
        goods_name: goods.name,
        goods_code: goods.code,
        spec_text: '',
        image: goods.cover,
        unit: row.unit,
        min_qty: tiers[0]?.from ?? 1,
        tiers: JSON.stringify(tiers),
        price: tiers[0]?.price ?? 0,
        on_sale: 1,
        sort: sort++,
        remark: '',
        created_by: null,
        updated_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
