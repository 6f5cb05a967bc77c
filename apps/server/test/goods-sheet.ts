import { goodsResource, MEMBER_ROLE } from '@portal/contract';
import type { PlatformDatabase } from '../src/platform/db/database.ts';
import { writeWorkbook } from '../src/platform/excel/index.ts';
import { nowIso } from '../src/platform/time.ts';
import {
  type CategoryRef,
  createCategory,
  createCompany,
  createGoods,
  createUser,
} from '../src/seed/seed.ts';

/**
 * The goods sheets the import's load test (import-load.test.ts) and the import benchmarks
 * (bench/goods-import.bench.ts, bench/import-load.bench.ts, bench/excel-import.bench.ts) write: a
 * seeded pseudo-random source, so every run writes the same rows; the company's category tree and
 * brands the rows name; the rows as a user fills the goods template.
 */

export const BRANDS = [
  '清芳',
  '华润',
  '星耀',
  '悦享',
  '山野',
  '金禾',
  '东方',
  '鲁花',
  '九阳',
  '美的',
  '晨光',
  '得力',
];

const START = 12_345;
let seed = START;

/** The next number in [0, 1) of the seeded sequence (a linear congruential generator). */
export const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** One of `xs`, drawn with `rand`. */
export const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;

/** Starts the sequence again: the rows drawn next are the same as the first time. */
export const restartRand = () => {
  seed = START;
};

/** The company's category tree: top → leaves (绿茶 twice, so a bare 绿茶 would be ambiguous). */
const TREE: Record<string, string[]> = {
  茶叶: ['绿茶', '红茶'],
  礼盒: ['绿茶', '坚果'],
  数码: ['智能手机', '耳机'],
  粮油: ['大米', '食用油'],
  办公: ['办公用品'],
  家电: ['厨房电器', '空调'],
};
const LEAVES: { cell: string; nouns: string[]; units: string[]; price: [number, number] }[] = [
  {
    cell: '茶叶/绿茶',
    nouns: ['明前特级西湖龙井', '碧螺春', '黄山毛峰'],
    units: ['盒', '罐'],
    price: [60, 1200],
  },
  { cell: '红茶', nouns: ['祁门红茶', '正山小种', '滇红金芽'], units: ['盒', '袋'], price: [40, 600] },
  { cell: '礼盒/绿茶', nouns: ['龙井礼盒', '毛尖礼盒'], units: ['盒'], price: [199, 2999] },
  { cell: '智能手机', nouns: ['X5 Pro 5G 智能手机', 'Note 12 手机'], units: ['台'], price: [999, 9999] },
  { cell: '耳机', nouns: ['真无线蓝牙耳机', '头戴式降噪耳机'], units: ['副', '个'], price: [99, 1999] },
  { cell: '大米', nouns: ['五常稻花香大米', '东北珍珠米'], units: ['袋'], price: [39, 199] },
  { cell: '粮油/食用油', nouns: ['压榨花生油', '山茶油'], units: ['桶', '箱'], price: [49, 399] },
  { cell: '办公用品', nouns: ['A4 复印纸', '中性笔', '文件夹'], units: ['包', '盒'], price: [5, 120] },
  { cell: '厨房电器', nouns: ['电饭煲', '破壁机'], units: ['台'], price: [199, 1999] },
];
const TYPES = ['普通商品', '普通商品', '普通商品', '原材料', '成品'];

/** The words of the goods names `goodsRows` writes, each in a part of the rows (for keyword reads). */
export const GOODS_SHEET_WORDS = LEAVES.flatMap((l) => l.nouns);

/** Gives `companyId` the category tree and the brands the rows name. */
export async function goodsSheetCompany(db: PlatformDatabase, companyId: number) {
  let sort = 0;
  for (const [top, leaves] of Object.entries(TREE)) {
    const t: CategoryRef = await createCategory(db, companyId, top, null, sort++);
    for (const leaf of leaves) await createCategory(db, companyId, leaf, t, sort++);
  }
  const now = nowIso();
  await db
    .insertInto('goods_brands')
    .values(
      BRANDS.map((name) => ({ company_id: companyId, name, status: 1, created_at: now, updated_at: now })),
    )
    .execute();
}

/**
 * A company to import into while others shop: its shop administrator (role 12) who imports, the
 * category tree and brands the rows name, `members` members who order, and four goods on sale in
 * the shop with stock enough for any run. Answers the company, the users' names (all with
 * `password`) and the goods.
 */
export async function importingCompany(db: PlatformDatabase, password: string, members = 1) {
  const tag = Date.now().toString(36);
  const companyId = await createCompany(db, {
    code: `imp${tag}`,
    company_name: `商品导入单位${tag}`,
    address: '—',
  });
  const admin = `import_admin_${tag}`;
  await createUser(db, { companyId, username: admin, password, role: 12 });
  const memberNames = Array.from({ length: members }, (_, i) => `import_member${i}_${tag}`);
  for (const username of memberNames)
    await createUser(db, { companyId, username, password, role: MEMBER_ROLE });
  await goodsSheetCompany(db, companyId);
  const goods: number[] = [];
  for (let i = 0; i < 4; i++)
    goods.push(await createGoods(db, companyId, { name: `在售商品${i}`, price: 100, stock: 1_000_000 }));
  return { companyId, admin, members: memberNames, goods };
}

/**
 * `rows` goods rows as a user fills the template (codes `${codes}000001`…, from the start of the seeded
 * sequence): code, name, category by name or path, brand (70%), unit, type word, price in yuan,
 * opening stock (80%), subtitle, keywords, 启用/停用. `refused: 'some'`: 1% refused (an unknown
 * category, a price with three decimals, a code repeated from the row above); `'last'`: only the
 * last row (an unknown category); `'none'`: every row good.
 */
export function* goodsRows(rows: number, refused: 'some' | 'last' | 'none' = 'some', codes = 'GI') {
  restartRand();
  let lastCode = '';
  for (let i = 1; i <= rows; i++) {
    const leaf = pick(LEAVES);
    const [lo, hi] = leaf.price;
    const brand = rand() < 0.7 ? pick(BRANDS) : '';
    const noun = pick(leaf.nouns);
    const row: Record<string, string | number> = {
      code: `${codes}${String(i).padStart(6, '0')}`,
      name: `${brand}${noun} ${i}`,
      category: leaf.cell,
      brand,
      unit: pick(leaf.units),
      goods_type: pick(TYPES),
      price: (lo + rand() * (hi - lo)).toFixed(2),
      stock: rand() < 0.8 ? Math.floor(rand() * 5000) + 1 : '',
      subtitle: rand() < 0.5 ? `${noun}，产地直供` : '',
      keywords: rand() < 0.5 ? `${leaf.cell.replace('/', ' ')} ${brand}` : '',
      status: rand() < 0.9 ? '启用' : '停用',
    };
    if (refused === 'some') {
      if (i % 100 === 7) row.category = '咖啡';
      if (i % 100 === 42) row.price = `${Math.floor(lo)}.125`;
      if (i % 100 === 77) row.code = lastCode;
    }
    if (refused === 'last' && i === rows) row.category = '咖啡';
    lastCode = String(row.code);
    yield row;
  }
}

/** `goodsRows` as the goods import's .xlsx (the platform's writer, the import's own columns). */
export const goodsSheet = (rows: number, refused: 'some' | 'last' | 'none' = 'some', codes = 'GI') =>
  writeWorkbook(goodsResource.importColumns, goodsRows(rows, refused, codes), '商品');
