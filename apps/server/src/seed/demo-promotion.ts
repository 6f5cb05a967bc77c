import { DEFAULT_COMPANY_ID, PROMOTION_TICKET_MAX, textToRichText } from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { createCategory, createGoods } from './seed.ts';

/** [name, subtitle, price (yuan), mileage (km, CLTC range), stock]; images car-<n>.svg. */
const CARS: [string, string, number, number, number][] = [
  ['五菱宏光MINIEV 马卡龙版 2022款', '2022年上牌 · 一手车 · 电池健康度95%', 12_800, 170, 3],
  ['奇瑞QQ冰淇淋 甜筒款 2023款', '2023年上牌 · 城市代步 · 慢充7小时', 16_800, 150, 2],
  ['长安Lumin 橙子版 2023款', '2023年上牌 · 准新车 · 电池健康度98%', 21_800, 210, 2],
  ['哪吒V 潮400 2022款', '2022年上牌 · 一手车 · 快充0.5小时', 26_800, 400, 2],
  ['零跑T03 403 2022款', '2022年上牌 · 智能座舱 · 电池健康度96%', 29_800, 403, 1],
  ['欧拉好猫GT 木兰版 2022款', '2022年上牌 · 复古造型 · 原厂质保中', 45_800, 480, 1],
  ['吉利几何A Pro 550 2022款', '2022年上牌 · 家用轿车 · 电池健康度97%', 47_800, 550, 1],
  ['比亚迪海鸥 飞翔版 2023款', '2023年上牌 · 刀片电池 · 准新车', 49_800, 405, 2],
  ['比亚迪秦PLUS EV 600 2021款', '2021年上牌 · 网约车未营运 · 电池健康度93%', 55_800, 600, 1],
  ['广汽埃安AION S Plus 2022款', '2022年上牌 · 长续航 · 原厂质保中', 59_800, 780, 1],
];

/** [name, subtitle, price (yuan), image]. */
const TICKETS: [string, string, number, string][] = [
  ['成人票', '新能源汽车嘉年华 · 单人入场 · 含试驾体验券一张', 80, 'ticket-adult'],
  ['儿童票', '新能源汽车嘉年华 · 1.2米以下儿童 · 需成人陪同', 40, 'ticket-child'],
  ['家庭套票', '新能源汽车嘉年华 · 两大一小 · 含亲子互动区', 200, 'ticket-family'],
];

const DAY = 24 * 3600_000;

/**
 * The demo company's car promotion 新能源汽车嘉年华: ten used electric cars under 汽车 and three ticket
 * types under 活动门票 (real goods: price and stock from the catalogue, tickets ordered through the cart
 * and checkout, at most 12 of a type per order), running for the next 60 days.
 */
export async function seedDemoPromotion(db: PlatformDatabase) {
  const now = nowIso();
  const cars = await createCategory(db, DEFAULT_COMPANY_ID, '汽车', null, 90);
  const tickets = await createCategory(db, DEFAULT_COMPANY_ID, '活动门票', null, 91);

  const goods = async (v: {
    category: number;
    name: string;
    subtitle: string;
    price: number;
    stock: number;
    image: string;
    unit: string;
    maxPerOrder: number;
    specs: { name: string; value: string }[];
  }) =>
    createGoods(
      db,
      DEFAULT_COMPANY_ID,
      {
        category_id: v.category,
        name: v.name,
        subtitle: v.subtitle,
        cover: v.image,
        images: JSON.stringify([v.image]),
        specs: JSON.stringify(v.specs),
        description: textToRichText(`${v.name}：${v.subtitle}。新能源汽车嘉年华活动期间有效。`),
        price: v.price,
        original_price: Math.round((v.price * 1.15) / 10_000) * 10_000,
        stock: v.stock,
        unit: v.unit,
        max_per_order: v.maxPerOrder,
      },
      // Bought in at about 85% of the price (库存's 单价 and 金额).
      { unit_cost: Math.round(v.price * 0.85) },
    );

  const promotion = await db
    .insertInto('promotions')
    .values({
      company_id: DEFAULT_COMPANY_ID,
      title: '新能源汽车嘉年华',
      theme: 'car',
      banner: '/demo/promotion/banner.svg',
      intro:
        '精选准新车源，每辆车都经过 128 项检测、电池健康度报告公开可查。到场可免费试驾，购票入场还可参加亲子互动与抽奖。',
      starts_at: new Date(Date.now() - DAY).toISOString(),
      ends_at: new Date(Date.now() + 60 * DAY).toISOString(),
      status: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  let sort = 0;
  for (const [i, [name, subtitle, yuan, mileage, stock]] of CARS.entries()) {
    const id = await goods({
      category: cars.id,
      name,
      subtitle,
      price: yuan * 100,
      stock,
      image: `/demo/promotion/car-${i + 1}.svg`,
      unit: '辆',
      maxPerOrder: 0,
      specs: [
        { name: '续航里程', value: `${mileage} km` },
        { name: '能源类型', value: '纯电动' },
      ],
    });
    await db
      .insertInto('promotion_items')
      .values({
        promotion_id: promotion.id,
        company_id: DEFAULT_COMPANY_ID,
        goods_id: id,
        kind: 'car',
        mileage,
        sort: sort++,
      })
      .execute();
  }
  for (const [name, subtitle, yuan, image] of TICKETS) {
    const id = await goods({
      category: tickets.id,
      name,
      subtitle,
      price: yuan * 100,
      stock: 500,
      image: `/demo/promotion/${image}.svg`,
      unit: '张',
      maxPerOrder: PROMOTION_TICKET_MAX,
      specs: [{ name: '有效期', value: '活动期间任意一天' }],
    });
    await db
      .insertInto('promotion_items')
      .values({
        promotion_id: promotion.id,
        company_id: DEFAULT_COMPANY_ID,
        goods_id: id,
        kind: 'ticket',
        mileage: null,
        sort: sort++,
      })
      .execute();
  }
}
