import { DEFAULT_COMPANY_ID, textToRichText } from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { createGoods } from './seed.ts';

type DemoGoods = [name: string, subtitle: string, price: number, stock: number, specs: [string, string][]];

/** Demo goods per leaf category: image key (apps/web/public/demo/goods/<key>.svg) and goods. */
const DEMO_GOODS: Record<string, { image: string; goods: DemoGoods[] }> = {
  智能手机: {
    image: 'phone',
    goods: [
      [
        '星耀 X5 智能手机 8GB+256GB',
        '6.7英寸高刷屏，5000mAh 长续航',
        299900,
        120,
        [
          ['屏幕', '6.7英寸 OLED'],
          ['存储', '8GB+256GB'],
          ['电池', '5000mAh'],
        ],
      ],
      [
        '星耀 X5 Pro 12GB+512GB',
        '影像旗舰，一英寸大底主摄',
        459900,
        60,
        [
          ['屏幕', '6.8英寸 OLED'],
          ['存储', '12GB+512GB'],
          ['相机', '5000万像素'],
        ],
      ],
      [
        '青春版 A3 智能手机',
        '轻薄机身，学生首选',
        109900,
        300,
        [
          ['屏幕', '6.5英寸 LCD'],
          ['存储', '6GB+128GB'],
        ],
      ],
    ],
  },
  老人手机: {
    image: 'phone-senior',
    goods: [
      [
        '安康 L1 老人手机 大字大声',
        '一键呼救，超长待机',
        19900,
        200,
        [
          ['屏幕', '2.8英寸'],
          ['待机', '30天'],
        ],
      ],
      [
        '安康 L2 老人手机 4G 全网通',
        '视频通话，大按键',
        39900,
        150,
        [
          ['网络', '4G 全网通'],
          ['按键', '大按键'],
        ],
      ],
    ],
  },
  笔记本: {
    image: 'laptop',
    goods: [
      [
        '锐行 14 轻薄笔记本 i5/16G/512G',
        '1.3kg 金属机身，2.8K 屏',
        499900,
        80,
        [
          ['处理器', 'i5'],
          ['内存', '16GB'],
          ['硬盘', '512GB SSD'],
        ],
      ],
      [
        '锐行 16 创作本 i7/32G/1T',
        '高色域大屏，独立显卡',
        799900,
        40,
        [
          ['处理器', 'i7'],
          ['内存', '32GB'],
          ['硬盘', '1TB SSD'],
        ],
      ],
    ],
  },
  打印机: {
    image: 'printer',
    goods: [
      [
        '墨印 P200 黑白激光打印机',
        '家用办公，自动双面',
        89900,
        90,
        [
          ['类型', '黑白激光'],
          ['双面', '自动'],
        ],
      ],
      [
        '墨印 C500 彩色喷墨一体机',
        '打印复印扫描，无线连接',
        129900,
        70,
        [
          ['类型', '彩色喷墨'],
          ['功能', '打印/复印/扫描'],
        ],
      ],
    ],
  },
  男装: {
    image: 'shirt',
    goods: [
      [
        '纯棉商务衬衫 男士长袖',
        '免烫抗皱，四季可穿',
        15900,
        500,
        [
          ['面料', '100%棉'],
          ['版型', '修身'],
        ],
      ],
      [
        '男士休闲夹克 春秋款',
        '立领设计，防泼水',
        29900,
        260,
        [
          ['面料', '聚酯纤维'],
          ['季节', '春秋'],
        ],
      ],
    ],
  },
  女装: {
    image: 'dress',
    goods: [
      [
        '法式碎花连衣裙',
        '收腰显瘦，度假通勤两相宜',
        25900,
        180,
        [
          ['面料', '雪纺'],
          ['裙长', '中长款'],
        ],
      ],
      [
        '女士羊毛针织开衫',
        '柔软亲肤，百搭外套',
        32900,
        150,
        [
          ['面料', '羊毛混纺'],
          ['领型', 'V领'],
        ],
      ],
    ],
  },
  箱包: {
    image: 'bag',
    goods: [
      [
        '真皮通勤手提包',
        '大容量，可放 14 英寸电脑',
        59900,
        90,
        [
          ['材质', '头层牛皮'],
          ['尺寸', '36×28×12cm'],
        ],
      ],
      [
        '20 英寸登机箱 万向轮',
        '铝框静音轮，TSA 海关锁',
        39900,
        120,
        [
          ['尺寸', '20英寸'],
          ['材质', 'PC'],
        ],
      ],
    ],
  },
  休闲零食: {
    image: 'snack',
    goods: [
      [
        '每日坚果 30 袋装',
        '七种坚果果干，独立小包',
        9900,
        800,
        [
          ['净含量', '750g'],
          ['保质期', '180天'],
        ],
      ],
      [
        '手撕牛肉干 五香味',
        '内蒙古草原牛肉',
        6800,
        600,
        [
          ['净含量', '250g'],
          ['口味', '五香'],
        ],
      ],
    ],
  },
  绿茶: {
    image: 'green-tea',
    goods: [
      [
        '明前龙井 特级 250g',
        '西湖产区，豆香馥郁',
        68800,
        60,
        [
          ['产地', '杭州西湖'],
          ['等级', '特级'],
        ],
      ],
      [
        '黄山毛峰 一级 200g',
        '清香回甘，罐装',
        23800,
        120,
        [
          ['产地', '安徽黄山'],
          ['等级', '一级'],
        ],
      ],
    ],
  },
  红茶: {
    image: 'black-tea',
    goods: [
      [
        '正山小种 红茶礼盒 300g',
        '桐木关松烟香',
        39800,
        80,
        [
          ['产地', '福建武夷山'],
          ['包装', '礼盒'],
        ],
      ],
      [
        '滇红金芽 250g',
        '金毫显露，蜜香甜润',
        29800,
        100,
        [
          ['产地', '云南凤庆'],
          ['等级', '特级'],
        ],
      ],
    ],
  },
};

/** Goods in the demo company's leaf categories, plus coupons, for a first `npm start`. */
export async function seedDemoShop(db: PlatformDatabase, leaves: { id: number; name: string }[]) {
  const base = Date.now() - 30 * 24 * 3600_000;
  let n = 0;
  for (const leaf of leaves) {
    const demo = DEMO_GOODS[leaf.name];
    if (!demo) continue;
    const image = `/demo/goods/${demo.image}.svg`;
    for (const [name, subtitle, price, stock, specs] of demo.goods) {
      n += 1;
      const created = new Date(base + n * 12 * 3600_000).toISOString();
      await createGoods(
        db,
        DEFAULT_COMPANY_ID,
        {
          category_id: leaf.id,
          name,
          subtitle,
          cover: image,
          images: JSON.stringify([image]),
          specs: JSON.stringify(specs.map(([k, v]) => ({ name: k, value: v }))),
          description: textToRichText(`${name}：${subtitle}。正品保障，七天无理由退换，全国包邮。`),
          price,
          original_price: Math.round((price * 1.2) / 100) * 100,
          sales: (n * 37) % 500,
          stock,
          is_new: n % 3 === 0 ? 1 : 0,
          is_recommend: n % 4 === 1 ? 1 : 0,
          created_at: created,
          updated_at: created,
        },
        // The demo's stock was bought at about 60% of its price, so 库存 shows a value.
        { unit_cost: Math.round(price * 0.6) },
      );
    }
  }
  const now = nowIso();
  const year = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
  for (const c of [
    { name: '新人专享 满99减10', code: 'NEW10', amount: 1000, min_amount: 9900, total: 0 },
    { name: '满500减50', code: 'SAVE50', amount: 5000, min_amount: 50000, total: 1000 },
    { name: '茶叶节 满300减30', code: 'TEA30', amount: 3000, min_amount: 30000, total: 200 },
  ]) {
    await db
      .insertInto('coupons')
      .values({
        company_id: DEFAULT_COMPANY_ID,
        ...c,
        start_time: now,
        end_time: year,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  // The shop's receiving account, so bank transfer is offered (an example account, not a real one).
  await db
    .insertInto('payment_accounts')
    .values({
      company_id: DEFAULT_COMPANY_ID,
      bank_name: '中国工商银行',
      branch_name: '北京海淀支行',
      account_name: '启航企业服务有限公司',
      account_no: '6222 0202 0000 1234 567',
      updated_at: now,
    })
    .execute();
}
