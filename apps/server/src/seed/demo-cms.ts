import {
  DEFAULT_COMPANY_ID,
  DEFAULT_NEWS_CATEGORIES,
  NEWS_STATUS,
  type NewsLang,
  textToRichText,
} from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';

/** One article to seed. `body` is plain text: paragraphs separated by a blank line (stored as rich text, ADR 0030). */
export interface NewsSeed {
  /** Category code (`news`, `technology`, `goodsService`, `documentary`, or one of the company's own). */
  category: string;
  title: string;
  summary?: string;
  body: string;
  /** Image URL, e.g. `/demo/cms/expo.svg`; '' for none. */
  cover?: string;
  /** Video URL; '' (the default) for none — the detail page shows a player only when it is set. */
  video?: string;
  author?: string;
  /** 'zh' (default) or 'en' — the English microsite lists `lang=en`. */
  lang?: NewsLang;
  /** ISO time; defaults to `daysAgo` days before now (0 when not given either). */
  published_at?: string;
  daysAgo?: number;
  /** 1 published (default) or 0 draft. */
  status?: number;
  views?: number;
}

/**
 * The company's news categories: the four defaults (新闻资讯, 技术服务, 商品服务, 纪录片) are created
 * when missing; returns code → id.
 */
export async function ensureNewsCategories(
  db: PlatformDatabase,
  companyId: number,
): Promise<Map<string, number>> {
  const now = nowIso();
  const existing = await db
    .selectFrom('news_categories')
    .select(['id', 'code'])
    .where('company_id', '=', companyId)
    .execute();
  const ids = new Map(existing.map((r) => [r.code, r.id]));
  let sort = 0;
  for (const c of DEFAULT_NEWS_CATEGORIES) {
    sort += 1;
    if (ids.has(c.code)) continue;
    const row = await db
      .insertInto('news_categories')
      .values({
        company_id: companyId,
        code: c.code,
        name: c.name,
        en_name: c.en_name,
        sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(c.code, row.id);
  }
  return ids;
}

/**
 * Seeds articles for a company (the demo data, tests, and other companies' microsites — English
 * ones with `lang: 'en'`). Creates the default categories when missing; an unknown category code
 * becomes a new category named after the code. Returns the new ids in the order given.
 */
export async function seedNews(
  db: PlatformDatabase,
  companyId: number,
  items: readonly NewsSeed[],
): Promise<number[]> {
  const categories = await ensureNewsCategories(db, companyId);
  const now = nowIso();
  const ids: number[] = [];
  for (const n of items) {
    let categoryId = categories.get(n.category);
    if (categoryId === undefined) {
      const row = await db
        .insertInto('news_categories')
        .values({
          company_id: companyId,
          code: n.category,
          name: n.category,
          sort: categories.size + 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryId = row.id;
      categories.set(n.category, categoryId);
    }
    const published = n.published_at ?? new Date(Date.now() - (n.daysAgo ?? 0) * 86_400_000).toISOString();
    const row = await db
      .insertInto('news')
      .values({
        company_id: companyId,
        category_id: categoryId,
        lang: n.lang ?? 'zh',
        title: n.title,
        summary: n.summary ?? n.body.split(/\n\s*\n/)[0]?.slice(0, 120) ?? '',
        // Rich text (ADR 0030): the seeded plain text as its paragraphs.
        body: textToRichText(n.body),
        cover: n.cover ?? '',
        video: n.video ?? '',
        author: n.author ?? '',
        status: n.status ?? NEWS_STATUS.PUBLISHED,
        published_at: published,
        views: n.views ?? 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** One advertising to seed (`position` 'home' is the home carousel). */
export interface AdvertisingSeed {
  position?: string;
  title: string;
  image: string;
  link: string;
  summary?: string;
  body?: string;
  sort?: number;
  status?: number;
  starts_at?: string | null;
  ends_at?: string | null;
}

export async function seedAdvertisings(
  db: PlatformDatabase,
  companyId: number,
  items: readonly AdvertisingSeed[],
) {
  const now = nowIso();
  const ids: number[] = [];
  for (const [i, a] of items.entries()) {
    const row = await db
      .insertInto('advertisings')
      .values({
        company_id: companyId,
        position: a.position ?? 'home',
        title: a.title,
        image: a.image,
        link: a.link,
        summary: a.summary ?? '',
        body: a.body ?? '',
        sort: a.sort ?? i + 1,
        status: a.status ?? 1,
        starts_at: a.starts_at ?? null,
        ends_at: a.ends_at ?? null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const cover = (key: string) => `/demo/cms/${key}.svg`;

const DEMO_NEWS: NewsSeed[] = [
  {
    category: 'news',
    title: '启航商城亮相2026智慧零售博览会，数字化供应链方案受关注',
    summary:
      '在本届智慧零售博览会上，公司展示了覆盖选品、仓储、配送到售后的全链路数字化方案，吸引众多采购商洽谈。',
    cover: cover('expo'),
    author: '品牌部',
    daysAgo: 1,
    views: 326,
    body: `11月18日至20日，2026智慧零售博览会在国家会展中心举行。启航企业服务有限公司携旗下网上商城及企业采购平台参展，展台面积达两百平方米。

本次展出的重点是“从下单到签收”的全链路数字化方案：商城订单实时同步至仓储系统，库存在下单时即完成锁定，超时未付款的订单自动释放库存，有效避免超卖。现场演示中，一笔订单从提交到出库仅用时不到三分钟。

展会期间，公司与十余家区域经销商签署了合作意向书，并就企业集中采购、员工福利采购等场景与多家制造企业展开深入交流。

公司负责人表示，未来一年将继续加大在供应链协同和客户服务方面的投入，让中小企业也能以较低成本用上成熟的数字化工具。`,
  },
  {
    category: 'news',
    title: '公司荣获“年度优秀企业服务商”称号',
    summary: '凭借稳定的服务质量和良好的客户口碑，公司在本年度企业服务评选中获得“年度优秀企业服务商”称号。',
    cover: cover('award'),
    author: '综合管理部',
    daysAgo: 3,
    views: 518,
    body: `近日，由行业协会主办的年度企业服务评选结果揭晓，启航企业服务有限公司获评“年度优秀企业服务商”。

评选综合考察了服务响应时效、客户满意度、合规经营和技术创新等多个维度。过去一年，公司客服团队平均首次响应时间缩短至两分钟以内，客户满意度保持在百分之九十六以上。

公司在获奖感言中表示，这份荣誉属于每一位一线员工，也属于长期信任我们的客户。我们将以此为新的起点，继续把每一单服务做细做实。`,
  },
  {
    category: 'news',
    title: '华东智能仓储中心正式投入使用，次日达覆盖范围再扩大',
    summary: '新仓储中心采用自动化分拣和智能货位管理，投入使用后华东地区大部分城市可实现次日送达。',
    cover: cover('warehouse'),
    author: '物流中心',
    daysAgo: 6,
    views: 412,
    body: `本月，位于杭州的华东智能仓储中心正式投入使用。中心总面积约三万平方米，配备自动化分拣线和智能货位管理系统。

新系统根据商品销量自动调整货位，热销商品就近存放，拣货路径平均缩短百分之四十。分拣线每小时可处理订单一万二千单，高峰期也能保证当日订单当日出库。

随着中心投入运营，华东地区大部分地级市可实现次日送达，偏远地区的配送时效也提升了一天左右。

下一步，公司计划在西南地区建设第二座区域仓储中心，进一步缩短全国范围的配送时间。`,
  },
  {
    category: 'news',
    title: '“书香乡村”助学活动走进云南，为三所小学捐建图书角',
    summary: '公司员工志愿者走进云南山区小学，捐赠图书三千余册，并为孩子们带来了科普课堂。',
    cover: cover('charity'),
    author: '工会',
    daysAgo: 9,
    views: 201,
    body: `十月下旬，公司“书香乡村”助学活动志愿者一行十二人来到云南省临沧市，为当地三所小学捐建图书角。

此次共捐赠图书三千二百余册，涵盖绘本、科普读物和经典文学，另有书架、台灯等学习用品。捐赠资金全部来自员工自愿捐款和公司配捐。

活动期间，志愿者们还为孩子们上了一堂“看得见的科学”科普课，用简单的实验讲解光的折射和静电原理，课堂气氛十分热烈。

“书香乡村”活动已连续开展五年，累计捐建图书角二十一个。公司表示将把这项活动长期坚持下去。`,
  },
  {
    category: 'news',
    title: '新员工入职培训圆满结束，百余名新人走上工作岗位',
    summary: '为期两周的新员工培训涵盖企业文化、业务流程、信息安全与客户服务等内容，学员全部通过结业考核。',
    cover: cover('training'),
    author: '人力资源部',
    daysAgo: 13,
    views: 158,
    body: `11月上旬，公司2026届新员工入职培训在北京总部结束，一百零六名新员工全部通过结业考核，陆续走上工作岗位。

培训内容包括企业文化、业务流程、信息安全、客户服务和职业素养等模块，既有管理层的专题分享，也有业务骨干带队的实地演练。

在信息安全模块中，讲师结合真实案例讲解了钓鱼邮件识别、客户数据保护等要点，并进行了现场演练，新员工普遍反映收获很大。

结业仪式上，各部门负责人为新员工佩戴工牌，并为培训中表现突出的十名学员颁发了“优秀学员”证书。`,
  },
  {
    category: 'news',
    title: '公司与青峰贸易签署战略合作协议，共建区域供应网络',
    summary: '双方将在商品供应、仓储共享和渠道拓展等方面深入合作，为浙江地区企业客户提供更快捷的服务。',
    cover: cover('partner'),
    author: '市场部',
    daysAgo: 18,
    views: 275,
    body: `近日，启航企业服务有限公司与青峰贸易有限公司在杭州签署战略合作协议。

根据协议，双方将在商品供应、仓储共享、渠道拓展和联合营销等方面开展合作。青峰贸易的茶叶、食品等特色商品将陆续上架启航商城，启航的仓储和配送网络也将向青峰贸易开放。

双方负责人表示，此次合作能够充分发挥各自优势，降低物流和运营成本，为浙江及周边地区的企业客户提供更丰富的商品和更快的配送。`,
  },
  {
    category: 'news',
    title: '年货节预售开启：企业福利礼盒可按需定制',
    summary: '年货节预售即日起开启，提供茶叶、坚果、生鲜等多款礼盒，企业客户可定制包装和贺卡。',
    cover: cover('festival'),
    author: '商城运营部',
    daysAgo: 24,
    views: 689,
    body: `距离春节还有两个多月，启航商城年货节预售即日起正式开启。

本次年货节共上架礼盒六十余款，涵盖茶叶、坚果零食、生鲜水果和家居用品等品类，价格从一百元到一千元不等，满足不同预算的企业福利采购需求。

企业客户单次采购满五十份即可免费定制外包装和贺卡，满两百份可享受分批配送到各地分支机构的服务。

预售期间下单的客户还可领取满减优惠券，具体活动规则请以商城页面公布为准。`,
  },
  {
    category: 'news',
    title: '数字化办公平台完成升级，审批流程平均提速三成',
    summary: '升级后的办公平台支持移动端审批和流程可视化，跨部门审批平均用时缩短约百分之三十。',
    cover: cover('digital'),
    author: '信息技术部',
    daysAgo: 30,
    views: 233,
    body: `本月初，公司内部数字化办公平台完成年度升级，新增移动端审批、流程可视化和电子归档等功能。

升级后，员工可以在手机上随时处理请假、报销和采购审批，流程图实时显示当前所在环节和处理人，避免了“审批卡在哪里不知道”的问题。

据统计，升级上线一个月来，跨部门审批的平均用时从两天缩短到一天半左右，提速约三成，纸质单据用量下降了一半以上。`,
  },
  {
    category: 'technology',
    title: '企业上云实践：如何平稳迁移核心业务系统',
    summary: '从评估、演练到切换，分享我们为客户迁移核心业务系统到云端的做法和注意事项。',
    cover: cover('cloud'),
    author: '技术服务中心',
    daysAgo: 2,
    views: 142,
    body: `越来越多的企业开始把核心业务系统迁移到云端，但迁移过程中的停机时间和数据一致性始终是客户最关心的问题。

我们的做法是“先评估、再演练、后切换”：首先梳理系统之间的依赖关系和数据流向，确定迁移顺序；然后在测试环境完整演练两次以上，记录每一步的耗时；最后选择业务低峰期进行切换，并准备好回退方案。

数据迁移采用“全量加增量”的方式：先同步历史数据，再持续同步切换前的增量变化，切换窗口通常可以控制在半小时以内。

迁移完成后，还需要持续观察一至两周，重点关注性能指标和错误日志，确保系统稳定运行。`,
  },
  {
    category: 'technology',
    title: '物联网定位方案在仓储管理中的应用',
    summary: '通过为叉车、托盘加装定位标签，实现仓库内设备与货物的实时定位，盘点效率显著提升。',
    cover: cover('iot'),
    author: '技术服务中心',
    daysAgo: 8,
    views: 97,
    body: `在大型仓库中，“货在哪里”“车在哪里”往往需要人工寻找，既耗时又容易出错。

我们为客户提供的物联网定位方案，在叉车、托盘和重要货物上加装低功耗定位标签，通过仓库内布设的基站实现亚米级定位，管理人员在电脑或手机上就能看到设备和货物的实时位置。

某制造企业应用该方案后，月度盘点时间从三天缩短到一天，叉车空驶率下降了约百分之二十。

方案支持与现有仓储管理系统对接，标签电池续航可达两年以上，部署周期一般在两周以内。`,
  },
  {
    category: 'technology',
    title: '中小企业信息安全防护的五个要点',
    summary: '账号、口令、备份、终端和员工意识，是中小企业信息安全最需要关注的五个方面。',
    cover: cover('security'),
    author: '安全服务团队',
    daysAgo: 15,
    views: 311,
    body: `中小企业往往没有专职的安全团队，但面临的风险并不比大企业少。结合服务经验，我们总结了五个最值得优先投入的要点。

一是账号管理：员工离职要及时停用账号，不同系统避免共用同一个管理员账号。二是口令与多因素认证：重要系统开启短信或动态口令验证。

三是数据备份：按照“三二一”原则备份关键数据，即三份副本、两种介质、一份异地，并定期演练恢复。四是终端防护：办公电脑及时更新补丁，安装正版防护软件。

五是员工意识：定期开展钓鱼邮件演练和安全培训，很多安全事件都源于一次不经意的点击。`,
  },
  {
    category: 'goodsService',
    title: '次日达服务说明：下单时间、覆盖范围与常见问题',
    summary: '工作日下午四点前下单、有库存的商品，覆盖城市可在次日送达。本文解答次日达的常见问题。',
    cover: cover('delivery'),
    author: '客户服务中心',
    daysAgo: 4,
    views: 264,
    body: `为了让客户更快收到商品，商城在华东、华北和华南的主要城市提供次日达服务。

工作日下午四点前下单并完成付款、且商品有现货的订单，当天出库，次日送达。周末和法定节假日的订单顺延处理。

如订单中同时包含现货和预售商品，系统会优先发出现货部分。订单发货后，您可以在“我的订单”中查看物流单号和配送进度。

如遇恶劣天气或不可抗力导致延误，客服会第一时间通过短信通知您。`,
  },
  {
    category: 'goodsService',
    title: '售后服务政策：七天无理由退货与质保说明',
    summary: '商城商品支持七天无理由退货（特殊商品除外），数码电器提供一年质保和上门取件服务。',
    cover: cover('aftersale'),
    author: '客户服务中心',
    daysAgo: 11,
    views: 387,
    body: `商城销售的商品在签收之日起七天内，商品完好、不影响二次销售的，可以申请无理由退货。生鲜食品、定制商品等特殊商品除外，具体以商品页面说明为准。

数码电器类商品自签收之日起提供一年质保。质保期内非人为损坏的故障，可申请免费维修或更换，商城提供上门取件服务。

退货退款将在收到退回商品并检验无误后三个工作日内原路退回。如有疑问，请通过页面底部的联系方式联系客服。`,
  },
  {
    category: 'goodsService',
    title: '企业定制服务：礼品、工装与办公用品一站式采购',
    summary: '为企业客户提供礼品定制、工装定制和办公用品集中采购服务，专属客户经理全程跟进。',
    cover: cover('custom'),
    author: '企业客户部',
    daysAgo: 20,
    views: 176,
    body: `除了零售商品，商城还为企业客户提供一站式定制和集中采购服务。

礼品定制支持印制企业标识、定制包装和贺卡，适用于节日福利、会议礼品和客户答谢等场景。工装定制提供面料选择、尺码统计和分批配送服务。

办公用品集中采购可按部门或分支机构分别开具发票、分别配送，并提供月结服务。

企业客户可通过页面底部的联系电话预约专属客户经理，我们将在一个工作日内与您联系。`,
  },
  {
    category: 'documentary',
    title: '纪录片《一片茶叶的旅程》：从茶园到茶杯',
    summary: '跟随镜头走进浙江的高山茶园，记录一片茶叶从采摘、杀青、揉捻到包装上架的全过程。',
    cover: cover('tea'),
    author: '品牌部',
    daysAgo: 5,
    views: 448,
    body: `清明前后，是浙江高山茶园最忙碌的时节。天刚亮，采茶工人就已背着竹篓走进茶园，只采一芽一叶的嫩尖。

鲜叶采回后要经过摊晾、杀青、揉捻和烘干等工序。杀青的火候全凭老师傅的手感，温度高了会焦，低了会闷，一锅茶往往要翻炒二十多分钟。

制好的茶叶经过检验、分级后装袋，再通过冷链运到仓库，最终出现在消费者的茶杯里。

这部纪录片记录了这段旅程中的每一个环节，也记录了那些默默守护一杯好茶的人。`,
  },
  {
    category: 'documentary',
    title: '纪录片《匠心》：一只紫砂壶的七十二道工序',
    summary: '走进宜兴的制壶工作室，看老匠人如何用七十二道工序完成一只紫砂壶。',
    cover: cover('craft'),
    author: '品牌部',
    daysAgo: 16,
    views: 305,
    body: `宜兴丁蜀镇，几乎家家户户都与紫砂有关。老匠人张师傅已经做了四十年壶，工作台上的工具大多是他自己打磨的。

一只全手工紫砂壶，从练泥、打身筒、镶接到修坯，要经过七十二道工序，前后耗时半个多月。任何一道工序出错，前面的功夫就都白费了。

张师傅说，做壶最难的不是手艺，而是耐得住性子。这部纪录片用镜头记下了这份耐心，也记下了一门手艺的传承。`,
  },
  {
    category: 'documentary',
    title: '纪录片《出发》：一家企业服务公司的十年',
    summary: '从三个人的小团队到服务上万家企业，回顾公司十年来的创业历程和那些难忘的瞬间。',
    cover: cover('journey'),
    author: '品牌部',
    daysAgo: 27,
    views: 512,
    body: `2016年，三个年轻人在中关村的一间小办公室里创立了公司，第一个客户是楼下的一家打印店。

十年间，公司经历了从单一软件服务到综合企业服务的转型，也经历过资金紧张、客户流失的艰难时刻。每一次困难，都是团队一起扛过来的。

今天，公司已经服务了一万多家企业客户，员工也从三个人发展到六百多人。

纪录片通过数十位员工和客户的讲述，还原了这十年里那些难忘的瞬间。出发时的初心，我们一直记得。`,
  },
];

const DEMO_ADVERTISINGS: AdvertisingSeed[] = [
  {
    title: '精选好物，限时特惠',
    image: cover('banner-product'),
    link: '/product',
    summary: '数码电器、服饰鞋包、食品生鲜，精选好物限时特惠。',
    body: `商城精选数码电器、服饰鞋包和食品生鲜等品类的热销商品，限时特惠进行中。

活动期间部分商品直降，叠加满减优惠券更划算。数量有限，先到先得。`,
  },
  {
    title: '汽车主题促销季',
    image: cover('banner-promotion'),
    link: '/promotion',
    summary: '看车、选车、领门票，购车优惠享不停。',
    body: `汽车主题促销季火热进行中：按价格和续航挑选心仪车型，领取车展门票，更有购车专享优惠。

活动详情请进入活动页面查看。`,
  },
  {
    title: '注册会员，立享新人礼',
    image: cover('banner-register'),
    link: '/register',
    summary: '手机号一分钟注册，领取专属优惠券。',
    body: `使用手机号即可注册成为商城会员，注册后可领取新人专属优惠券。

会员可以收藏商品、查看订单、管理收货地址，享受更便捷的购物体验。`,
  },
];

/** Demo content of the default company: categories, articles in each category, home advertisings. */
export async function seedDemoCms(db: PlatformDatabase) {
  await seedNews(db, DEFAULT_COMPANY_ID, DEMO_NEWS);
  await seedAdvertisings(db, DEFAULT_COMPANY_ID, DEMO_ADVERTISINGS);
}
