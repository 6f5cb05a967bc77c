import type { MicrositeHighlight, MicrositeLocale } from '@portal/contract';
import { textToRichText } from '@portal/contract';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { type NewsSeed, seedNews } from './demo-cms.ts';
import { createCategory, createCompany, createGoods } from './seed.ts';

/** name, subtitle, price (cents), stock, image key (apps/web/public/demo/…/<key>.svg) */
type SiteGoods = [name: string, subtitle: string, price: number, stock: number, image: string];

interface SiteCompany {
  /** An existing company (126 for /qf) or a new one with these fields. */
  id?: number;
  code: string;
  company_name: string;
  en_name: string;
  address: string;
  phone: string;
  mobile: string;
  email: string;
  icp: string;
  category: string;
  goods: SiteGoods[];
}

interface SiteRow {
  path: string;
  code: string;
  locale: MicrositeLocale;
  title: string;
  slogan: string;
  banner: string;
  theme_color: string;
  intro: string[];
  highlights: MicrositeHighlight[];
  /** Overrides the shop's address (the English site gives it in English). */
  contact_address?: string;
}

/** Goods images: the shop's demo goods, or the microsite's own under /demo/microsite/goods/. */
const img = (key: string) =>
  key.startsWith('shop:') ? `/demo/goods/${key.slice(5)}.svg` : `/demo/microsite/goods/${key}.svg`;

export const MICROSITE_COMPANIES: SiteCompany[] = [
  {
    id: 126,
    code: 'qf',
    company_name: '青峰贸易有限公司',
    en_name: 'Qingfeng Trading',
    address: '浙江省杭州市西湖区文三路2号',
    phone: '0571-88880126',
    mobile: '13800000126',
    email: 'hello@qingfeng.example.cn',
    icp: '浙ICP备00000126号-1',
    category: '青峰精选',
    goods: [
      ['青峰 牛皮公文包', '头层牛皮，商务通勤', 46800, 60, 'shop:bag'],
      ['青峰 纯棉牛津纺衬衫', '免烫易打理', 12900, 200, 'shop:shirt'],
      ['青峰 坚果礼盒 1.2kg', '八种坚果，年节送礼', 15800, 150, 'shop:snack'],
      ['青峰 西湖龙井 雨前 150g', '产地直采，罐装', 19800, 90, 'shop:green-tea'],
      ['青峰 旅行拉杆箱 24 英寸', '静音万向轮', 35900, 40, 'shop:bag'],
    ],
  },
  {
    code: 'zc',
    company_name: '正辰机械制造有限公司',
    en_name: 'Zhengchen Machinery',
    address: '江苏省苏州市工业园区星湖街88号',
    phone: '0512-66880201',
    mobile: '13900000201',
    email: 'sales@zhengchen.example.cn',
    icp: '苏ICP备20260201号-1',
    category: '传动部件',
    goods: [
      ['正辰 ZC-60 精密行星减速机', '回程间隙 ≤3 弧分', 286000, 30, 'gear'],
      ['正辰 ZC-90 斜齿轮减速机', '大扭矩，低噪音', 358000, 25, 'gear'],
      ['正辰 同步带轮 HTD-5M', '铝合金，表面阳极氧化', 6800, 500, 'gear'],
      ['正辰 直线导轨 HGR20 1 米', '含两只滑块', 42000, 120, 'gear'],
      ['正辰 联轴器 梅花弹性款', '缓冲减振，安装方便', 3900, 800, 'gear'],
    ],
  },
  {
    code: 'dzc',
    company_name: '德泽创电子科技有限公司',
    en_name: 'Dezechuang Electronics',
    address: '广东省深圳市宝安区西乡街道宝源路168号',
    phone: '0755-27880303',
    mobile: '13900000303',
    email: 'contact@dezechuang.example.com',
    icp: '粤ICP备20260303号-1',
    category: 'Sensors',
    goods: [
      ['DZC-T100 Temperature & Humidity Sensor', 'RS485 Modbus', 16800, 400, 'sensor'],
      ['DZC-P200 Pressure Transmitter', '0–10 bar, 4–20 mA', 58000, 150, 'sensor'],
      ['DZC-L30 Laser Distance Module', '30 m range, ±1 mm', 42000, 90, 'sensor'],
      ['DZC-G5 LoRa Gateway', '8 channels, Ethernet and 4G', 129000, 40, 'sensor'],
    ],
  },
  {
    code: 'zg',
    company_name: '中冠农业发展有限公司',
    en_name: 'Zhongguan Agriculture',
    address: '黑龙江省哈尔滨市五常市民乐乡工业路6号',
    phone: '0451-53880404',
    mobile: '13900000404',
    email: 'service@zhongguan.example.cn',
    icp: '黑ICP备20260404号-1',
    category: '五常大米',
    goods: [
      ['中冠 五常稻花香大米 5kg', '当季新米，真空包装', 8900, 600, 'rice'],
      ['中冠 有机糙米 2.5kg', '有机认证，保留胚芽', 6900, 300, 'rice'],
      ['中冠 东北黄小米 2kg', '颗粒饱满，熬粥香', 4500, 400, 'rice'],
      ['中冠 黑龙江非转基因大豆 5kg', '打豆浆、做豆腐', 5900, 200, 'rice'],
    ],
  },
  {
    code: 'zt',
    company_name: '卓通供应链管理有限公司',
    en_name: 'Zhuotong Supply Chain',
    address: '上海市浦东新区航头镇沪南公路5508号',
    phone: '021-58880505',
    mobile: '13900000505',
    email: 'biz@zhuotong.example.cn',
    icp: '沪ICP备20260505号-1',
    category: '包装物料',
    goods: [
      ['卓通 五层加硬瓦楞纸箱 50 只', '规格 40×30×30cm', 9900, 300, 'box'],
      ['卓通 塑料托盘 川字 1.2 米', '承重动载 1 吨', 16500, 120, 'box'],
      ['卓通 缠绕膜 50cm 宽 6 卷', '拉伸率 300%', 8800, 250, 'box'],
      ['卓通 防震气泡袋 200 只', '电商发货专用', 3600, 500, 'box'],
      ['卓通 城配冷链周卡', '上海市内次日达', 59900, 50, 'box'],
    ],
  },
  {
    code: 'lx',
    company_name: '灵犀文化传媒有限公司',
    en_name: 'Lingxi Culture Media',
    address: '四川省成都市锦江区红星路三段1号',
    phone: '028-86880606',
    mobile: '13900000606',
    email: 'hi@lingxi.example.cn',
    icp: '蜀ICP备20260606号-1',
    category: '文创图书',
    goods: [
      ['灵犀 熊猫手绘笔记本 A5', '锁线装订，可平摊', 3900, 800, 'book'],
      ['灵犀 蜀地风物志 精装版', '300 幅原创插画', 12800, 200, 'book'],
      ['灵犀 川剧脸谱书签 6 枚', '金属蚀刻工艺', 2900, 1000, 'book'],
      ['灵犀 城市手账贴纸套装', '成都主题 120 张', 1990, 600, 'book'],
    ],
  },
  {
    code: 'qingfang',
    company_name: '清芳茶业有限公司',
    en_name: 'Qingfang Tea',
    address: '福建省南平市武夷山市星村镇桐木村18号',
    phone: '0599-52880707',
    mobile: '13900000707',
    email: 'tea@qingfang.example.cn',
    icp: '闽ICP备20260707号-1',
    category: '武夷岩茶',
    goods: [
      ['清芳 大红袍 特级 200g', '岩骨花香，足火焙制', 56800, 80, 'shop:black-tea'],
      ['清芳 金骏眉 150g', '芽尖精制，蜜韵悠长', 68800, 60, 'shop:black-tea'],
      ['清芳 白毫银针 100g', '福鼎头采，毫香显', 39800, 70, 'shop:green-tea'],
      ['清芳 肉桂 一级 250g', '桂皮香，滋味醇厚', 29800, 100, 'shop:black-tea'],
      ['清芳 旅行茶具套装', '一壶三杯，便携收纳', 16800, 150, 'vase'],
    ],
  },
  {
    code: 'zhonggu',
    company_name: '中谷粮油食品有限公司',
    en_name: 'Zhonggu Grain and Oil',
    address: '河南省郑州市金水区农业路东28号',
    phone: '0371-65880808',
    mobile: '13900000808',
    email: 'market@zhonggu.example.cn',
    icp: '豫ICP备20260808号-1',
    category: '粮油调味',
    goods: [
      ['中谷 压榨一级花生油 5L', '物理压榨，浓香型', 13900, 300, 'bottle'],
      ['中谷 小磨香油 400ml', '石磨慢研', 3980, 500, 'bottle'],
      ['中谷 高筋小麦粉 5kg', '适合面包和饺子', 3590, 400, 'rice'],
      ['中谷 非转基因大豆油 5L', '一级，烹炒煎炸', 7990, 350, 'bottle'],
    ],
  },
  {
    code: 'jdzc',
    company_name: '景德镇瓷韵陶瓷有限公司',
    en_name: 'Jingdezhen Ciyun Ceramics',
    address: '江西省景德镇市珠山区陶阳南路99号',
    phone: '0798-82880909',
    mobile: '13900000909',
    email: 'art@ciyun.example.cn',
    icp: '赣ICP备20260909号-1',
    category: '陶瓷器皿',
    goods: [
      ['瓷韵 青花缠枝莲梅瓶', '手工拉坯，釉下彩', 128000, 12, 'vase'],
      ['瓷韵 玲珑瓷茶具 一壶六杯', '米通透光，高温烧制', 46800, 40, 'vase'],
      ['瓷韵 粉彩花鸟赏盘 10 寸', '附木质底座', 32800, 30, 'vase'],
      ['瓷韵 影青釉主人杯', '单只礼盒装', 8800, 200, 'vase'],
    ],
  },
  {
    code: 'jy',
    company_name: '嘉源教育科技有限公司',
    en_name: 'Jiayuan Education Technology',
    address: '湖北省武汉市洪山区珞喻路1037号',
    phone: '027-87881010',
    mobile: '13900001010',
    email: 'learn@jiayuan.example.cn',
    icp: '鄂ICP备20261010号-1',
    category: '课程与学具',
    goods: [
      ['嘉源 Python 编程入门 线上课', '48 课时，含作业批改', 69900, 999, 'book'],
      ['嘉源 初中数学同步精讲 全年卡', '人教版，名师直播', 129900, 999, 'book'],
      ['嘉源 点读学习平板 S8', '10.1 英寸护眼屏', 199900, 80, 'shop:laptop'],
      ['嘉源 少儿编程机器人套件', '图形化编程，120 个零件', 49900, 150, 'gear'],
    ],
  },
  {
    code: 'nsu',
    company_name: '宁顺医疗器械有限公司',
    en_name: 'Ningshun Medical Devices',
    address: '山东省济南市高新区舜华路2000号',
    phone: '0531-88881111',
    mobile: '13900001111',
    email: 'care@ningshun.example.cn',
    icp: '鲁ICP备20261111号-1',
    category: '家用医疗',
    goods: [
      ['宁顺 上臂式电子血压计 B6', '语音播报，双人记忆', 19900, 300, 'medical'],
      ['宁顺 红外额温枪 T2', '1 秒测温，静音模式', 9900, 500, 'medical'],
      ['宁顺 指夹式血氧仪 O1', 'OLED 屏，四向显示', 12900, 400, 'medical'],
      ['宁顺 家用制氧机 5L', '医用级，低噪音', 299000, 30, 'medical'],
      ['宁顺 折叠轮椅 轻便款', '铝合金车架 11kg', 89900, 40, 'medical'],
    ],
  },
];

const zh = (title: string, text: string): MicrositeHighlight => ({ title, text });

export const MICROSITE_ROWS: SiteRow[] = [
  {
    path: '/qf',
    code: 'qf',
    locale: 'zh-CN',
    title: '青峰贸易',
    slogan: '好物直达，诚信经营二十年',
    banner: '/demo/microsite/qf.svg',
    theme_color: '#2f7d5b',
    intro: [
      '青峰贸易有限公司成立于2006年，总部位于杭州，专注于箱包服饰、休闲食品和名优茶叶的批发与零售。',
      '公司与全国两百余家源头工厂和茶园长期合作，坚持产地直采、层层质检，为企业客户和家庭消费者提供放心好物。',
    ],
    highlights: [
      zh('源头直采', '两百余家合作工厂与茶园'),
      zh('严格质检', '每批次出厂检验可追溯'),
      zh('企业团购', '节日礼品定制，一站式配送'),
    ],
  },
  {
    path: '/zc',
    code: 'zc',
    locale: 'zh-CN',
    title: '正辰机械',
    slogan: '精密传动，稳定每一次运转',
    banner: '/demo/microsite/zc.svg',
    theme_color: '#2b4c7e',
    intro: [
      '正辰机械制造有限公司位于苏州工业园区，是一家集研发、制造、销售于一体的精密传动部件企业。',
      '主要产品包括行星减速机、斜齿轮减速机、直线导轨和联轴器，广泛应用于数控机床、自动化产线和机器人。',
      '公司通过 ISO 9001 质量管理体系认证，拥有发明专利十二项。',
    ],
    highlights: [
      zh('自主研发', '发明专利 12 项'),
      zh('精密加工', '进口五轴加工中心 30 台'),
      zh('快速交付', '常规型号 48 小时发货'),
      zh('技术支持', '工程师一对一选型'),
    ],
  },
  {
    path: '/dzc',
    code: 'dzc',
    locale: 'zh-CN',
    title: '德泽创电子',
    slogan: '感知世界，连接万物',
    banner: '/demo/microsite/dzc.svg',
    theme_color: '#0f6cbd',
    intro: [
      '德泽创电子科技有限公司成立于2012年，位于深圳宝安，专业从事工业传感器与物联网网关的研发和生产。',
      '产品出口欧洲、东南亚等三十多个国家和地区，为智慧农业、楼宇自控和工业监测提供可靠的数据采集方案。',
    ],
    highlights: [
      zh('全系列传感器', '温湿度、压力、距离一应俱全'),
      zh('出口三十国', '通过 CE、RoHS 认证'),
      zh('定制开发', '支持协议与外形定制'),
    ],
  },
  {
    path: '/dzcen',
    code: 'dzc',
    locale: 'en',
    title: 'Dezechuang Electronics',
    slogan: 'Sensing the world, connecting everything',
    banner: '/demo/microsite/dzc.svg',
    theme_color: '#0f6cbd',
    intro: [
      'Founded in 2012 in Bao’an, Shenzhen, Dezechuang Electronics designs and manufactures industrial sensors and IoT gateways.',
      'Our products are exported to more than thirty countries in Europe and Southeast Asia and provide reliable data acquisition for smart farming, building automation and industrial monitoring.',
    ],
    highlights: [
      { title: 'Full sensor range', text: 'Temperature, humidity, pressure and distance' },
      { title: 'Exported to 30+ countries', text: 'CE and RoHS certified' },
      { title: 'Custom engineering', text: 'Protocols and housings made to order' },
    ],
    contact_address: '168 Baoyuan Road, Xixiang, Bao’an District, Shenzhen, Guangdong, China',
  },
  {
    path: '/zg',
    code: 'zg',
    locale: 'zh-CN',
    title: '中冠农业',
    slogan: '黑土地上的好粮食',
    banner: '/demo/microsite/zg.svg',
    theme_color: '#7a8b2a',
    intro: [
      '中冠农业发展有限公司扎根黑龙江五常，拥有自营稻田一万二千亩，从育种、种植到加工全程可追溯。',
      '公司以“订单农业”带动周边两千余户农户增收，产品覆盖大米、杂粮和大豆。',
    ],
    highlights: [
      zh('自营稻田', '一万二千亩黑土地'),
      zh('全程追溯', '一袋一码，扫码可查'),
      zh('当季新米', '现磨现发，锁住米香'),
    ],
  },
  {
    path: '/zt',
    code: 'zt',
    locale: 'zh-CN',
    title: '卓通供应链',
    slogan: '让每一件货物准时抵达',
    banner: '/demo/microsite/zt.svg',
    theme_color: '#d4561c',
    intro: [
      '卓通供应链管理有限公司总部位于上海浦东，提供仓储、城市配送、冷链和包装物料一体化服务。',
      '公司在长三角拥有八座现代化仓库，日均处理订单超过十万单。',
    ],
    highlights: [
      zh('八大仓库', '长三角仓配网络'),
      zh('次日达', '上海市内城配次日送达'),
      zh('冷链全程温控', '实时温度记录'),
      zh('包装一站购', '纸箱、托盘、耗材'),
    ],
  },
  {
    path: '/lx',
    code: 'lx',
    locale: 'zh-CN',
    title: '灵犀文化',
    slogan: '把城市的故事装进文创里',
    banner: '/demo/microsite/lx.svg',
    theme_color: '#a33b6b',
    intro: [
      '灵犀文化传媒有限公司来自成都，由一群插画师、编辑和设计师创立，专注于城市文创与原创出版。',
      '我们与博物馆、景区和高校合作开发文创产品，让传统文化以年轻的方式走进日常生活。',
    ],
    highlights: [
      zh('原创设计', '签约插画师 40 余位'),
      zh('文博合作', '合作博物馆与景区 20 家'),
      zh('企业定制', '会议礼品与品牌周边'),
    ],
  },
  {
    path: '/qingfang',
    code: 'qingfang',
    locale: 'zh-CN',
    title: '清芳茶业',
    slogan: '一杯岩茶，一山清芳',
    banner: '/demo/microsite/qingfang.svg',
    theme_color: '#8a5a2b',
    intro: [
      '清芳茶业有限公司坐落于武夷山桐木村，三代人坚持传统制茶工艺，主营大红袍、金骏眉和白茶。',
      '公司自有生态茶园八百亩，坚持不施化肥、人工除草，每一泡茶都来自核心产区。',
    ],
    highlights: [
      zh('核心产区', '自有生态茶园 800 亩'),
      zh('传统工艺', '炭焙足火，三代传承'),
      zh('品鉴服务', '预约到店免费品茶'),
    ],
  },
  {
    path: '/zhonggu',
    code: 'zhonggu',
    locale: 'zh-CN',
    title: '中谷粮油',
    slogan: '中原好粮油，餐桌好味道',
    banner: '/demo/microsite/zhonggu.svg',
    theme_color: '#c8961e',
    intro: [
      '中谷粮油食品有限公司位于郑州，是河南省农业产业化重点龙头企业，主营食用油、面粉和调味品。',
      '公司坚持物理压榨工艺，不添加任何防腐剂，产品进入全国三千余家商超。',
    ],
    highlights: [
      zh('物理压榨', '不添加防腐剂'),
      zh('龙头企业', '省级农业产业化重点企业'),
      zh('商超覆盖', '三千余家门店有售'),
    ],
  },
  {
    path: '/jdzc',
    code: 'jdzc',
    locale: 'zh-CN',
    title: '瓷韵陶瓷',
    slogan: '千年瓷都，匠心一器',
    banner: '/demo/microsite/jdzc.svg',
    theme_color: '#1f4e8c',
    intro: [
      '景德镇瓷韵陶瓷有限公司传承景德镇千年制瓷技艺，拥有国家级工艺美术师三名。',
      '产品涵盖青花、玲珑、粉彩和颜色釉四大名瓷，既有收藏级艺术瓷，也有日用茶具餐具。',
    ],
    highlights: [
      zh('大师工作室', '国家级工艺美术师 3 名'),
      zh('四大名瓷', '青花、玲珑、粉彩、颜色釉'),
      zh('安全包装', '破损包赔'),
    ],
  },
  {
    path: '/jy',
    code: 'jy',
    locale: 'zh-CN',
    title: '嘉源教育',
    slogan: '让每个孩子都有好老师',
    banner: '/demo/microsite/jy.svg',
    theme_color: '#3a7bd5',
    intro: [
      '嘉源教育科技有限公司成立于武汉光谷，提供中小学同步课程、少儿编程和学习硬件。',
      '公司教研团队由一百余名一线骨干教师组成，累计服务学员超过三十万人次。',
    ],
    highlights: [
      zh('名师教研', '一线骨干教师 100 余名'),
      zh('学员三十万', '累计服务人次'),
      zh('课后答疑', '每天 18:00–22:00 在线'),
    ],
  },
  {
    path: '/nsu',
    code: 'nsu',
    locale: 'zh-CN',
    title: '宁顺医疗',
    slogan: '守护家人健康每一天',
    banner: '/demo/microsite/nsu.svg',
    theme_color: '#12897f',
    intro: [
      '宁顺医疗器械有限公司位于济南高新区，专注家用医疗器械的研发与生产，持有二类医疗器械注册证十八项。',
      '产品包括血压计、额温枪、血氧仪和制氧机，并为社区医院和养老机构提供整体解决方案。',
    ],
    highlights: [
      zh('注册证齐全', '二类医疗器械注册证 18 项'),
      zh('三年质保', '全国联保，上门维修'),
      zh('养老机构方案', '设备与数据平台一体化'),
    ],
  },
];

/** [title, body (paragraphs separated by a blank line), days ago] */
type SiteNews = [title: string, body: string, daysAgo: number];

/** News of each microsite company (category `news`); `dzc:en` is the English site's. */
export const MICROSITE_NEWS: Record<string, SiteNews[]> = {
  qf: [
    [
      '青峰贸易中秋企业团购开启',
      '中秋礼盒企业团购即日起接受预订，满 50 份可定制贺卡与包装。\n\n团购热线：0571-88880126。',
      3,
    ],
    ['青峰贸易新增龙井茶园直采基地', '公司与西湖龙井核心产区茶园签订三年直采协议，今年春茶已全部入库。', 12],
  ],
  zc: [
    [
      '正辰机械亮相上海工业博览会',
      '正辰机械携新一代 ZC 系列行星减速机参展，现场签约意向订单二十余份。\n\n新产品回程间隙降至 3 弧分以内。',
      4,
    ],
    [
      '正辰机械获评省级专精特新企业',
      '凭借在精密传动领域的持续投入，公司入选本年度江苏省专精特新中小企业名单。',
      15,
    ],
    ['正辰机械二期厂房投产', '二期厂房新增两条自动化装配线，年产能提升百分之四十。', 30],
  ],
  dzc: [
    [
      '德泽创发布 LoRa 网关 DZC-G5',
      'DZC-G5 支持八通道并发，内置 4G 与以太网双链路，适用于大型园区的传感器组网。',
      5,
    ],
    [
      '德泽创通过欧盟 CE 认证复审',
      '公司全系列传感器顺利通过 CE 与 RoHS 认证复审，为海外客户交付提供保障。',
      20,
    ],
  ],
  'dzc:en': [
    [
      'Dezechuang launches the DZC-G5 LoRa gateway',
      'The DZC-G5 handles eight channels at once and links over both 4G and Ethernet, built for sensor networks across large campuses.',
      5,
    ],
    [
      'CE certification renewed for our sensor range',
      'Every Dezechuang sensor passed the CE and RoHS re-assessment this year, so deliveries to customers in Europe continue without change.',
      20,
    ],
    [
      'Meet us at the Hannover Messe',
      'Visit our stand in Hall 11 to see the new pressure transmitters and talk to our engineers about custom protocols.',
      40,
    ],
  ],
  zg: [
    ['中冠农业新米开镰', '五常稻花香今秋开镰，预计产量较去年增长一成，新米将于十月中旬发货。', 2],
    ['中冠农业订单农业带动农户增收', '今年公司与两千余户农户签订收购订单，户均增收八千元。', 18],
  ],
  zt: [
    ['卓通供应链嘉兴新仓启用', '嘉兴智能仓面积三万平方米，配备自动分拣线，长三角次日达覆盖率提升至九成。', 6],
    ['卓通冷链获评优秀服务商', '卓通冷链在本年度生鲜电商服务商评选中获评优秀服务商。', 25],
  ],
  lx: [
    ['灵犀文化推出“熊猫城市”系列文创', '新系列包括手账本、书签和帆布包，全部由签约插画师原创绘制。', 7],
    ['灵犀文化与省博物馆联名开发文创', '双方将围绕三星堆青铜器开发二十款文创产品。', 21],
  ],
  qingfang: [
    ['清芳茶业春茶品鉴会圆满举行', '来自全国的两百位茶友走进桐木村，品鉴今年的金骏眉与大红袍。', 8],
    ['清芳大红袍获斗茶赛金奖', '在今年武夷山岩茶斗茶赛中，清芳大红袍获得传统工艺组金奖。', 33],
  ],
  zhonggu: [
    ['中谷粮油新榨季花生油上市', '采用当季新花生物理压榨，浓香型花生油已陆续到店。', 4],
    ['中谷粮油入选农业产业化重点龙头企业', '公司再次入选河南省农业产业化重点龙头企业名单。', 26],
  ],
  jdzc: [
    ['瓷韵陶瓷大师作品展开幕', '三位国家级工艺美术师的五十件青花、粉彩作品在景德镇陶溪川展出。', 9],
    ['瓷韵玲珑茶具获设计大奖', '玲珑瓷茶具“月影”获本年度中国陶瓷设计大赛银奖。', 40],
  ],
  jy: [
    ['嘉源教育秋季课程开放报名', '初中数学同步精讲与少儿编程秋季班开放报名，前一百名赠送学习资料包。', 1],
    ['嘉源教育学员获编程竞赛一等奖', '三名学员在全省青少年编程竞赛中获得一等奖。', 14],
  ],
  nsu: [
    ['宁顺医疗血压计 B6 获注册证', '上臂式电子血压计 B6 取得二类医疗器械注册证，即将全国上市。', 3],
    ['宁顺医疗走进社区义诊', '公司联合社区医院开展免费测血压、测血氧活动，服务居民五百余人。', 17],
  ],
};

const toNews = (items: SiteNews[], author: string, lang: NewsSeed['lang'] = 'zh'): NewsSeed[] =>
  items.map(([title, body, daysAgo]) => ({ category: 'news', title, body, daysAgo, author, lang }));

async function insertGoods(db: PlatformDatabase, companyId: number, site: SiteCompany, base: number) {
  const category = await createCategory(db, companyId, site.category);
  let n = 0;
  for (const [name, subtitle, price, stock, image] of site.goods) {
    n += 1;
    const created = new Date(base + n * 6 * 3600_000).toISOString();
    const src = img(image);
    // A catalogue written in English (the exporter of /dzc and /dzcen) is described in English.
    const english = !/\p{Script=Han}/u.test(name);
    await createGoods(db, companyId, {
      category_id: category.id,
      name,
      subtitle,
      cover: src,
      images: JSON.stringify([src]),
      specs: JSON.stringify([
        english ? { name: 'Brand', value: site.en_name } : { name: '品牌', value: site.company_name },
      ]),
      description: textToRichText(
        english
          ? `${name}: ${subtitle}. Supplied directly by ${site.en_name}.`
          : `${name}：${subtitle}。${site.company_name}官方直供。`,
      ),
      price,
      original_price: Math.round((price * 1.15) / 100) * 100,
      sales: (n * 23) % 300,
      stock,
      is_new: n === 1 ? 1 : 0,
      is_recommend: n <= 2 ? 1 : 0,
      created_at: created,
      updated_at: created,
    });
  }
}

/**
 * The microsite companies (126 for /qf, one new company per other path), each with a default
 * shop, a category and goods of its own, and one `microsites` row per path (/dzcen is the English
 * site of the /dzc company). Returns the company id of each tenant code.
 */
export async function seedDemoMicrosites(db: PlatformDatabase): Promise<Map<string, number>> {
  const now = nowIso();
  const base = Date.now() - 20 * 24 * 3600_000;
  const ids = new Map<string, number>();
  for (const site of MICROSITE_COMPANIES) {
    const companyId =
      site.id ??
      (await createCompany(db, {
        code: site.code,
        company_name: site.company_name,
        en_name: site.en_name,
        address: site.address,
        phone: site.phone,
        mobile: site.mobile,
        email: site.email,
        login_path: `/${site.code}`,
        icp_company: site.company_name,
        icp: site.icp,
        icp_url: 'https://beian.miit.gov.cn/',
      }));
    ids.set(site.code, companyId);
    if (site.id === undefined) {
      await db
        .insertInto('shops')
        .values({
          company_id: companyId,
          shop_name: `${site.company_name}官方商城`,
          mobile: site.mobile,
          phone: site.phone,
          address: site.address,
          email: site.email,
          is_default: 1,
          created_at: now,
        })
        .execute();
    }
    await insertGoods(db, companyId, site, base);
    await seedNews(db, companyId, toNews(MICROSITE_NEWS[site.code] ?? [], site.company_name));
    const english = MICROSITE_NEWS[`${site.code}:en`];
    if (english) await seedNews(db, companyId, toNews(english, site.en_name, 'en'));
  }
  let sort = 0;
  for (const row of MICROSITE_ROWS) {
    const companyId = ids.get(row.code);
    if (companyId === undefined) throw new Error(`microsite ${row.path}: no company ${row.code}`);
    await db
      .insertInto('microsites')
      .values({
        path: row.path,
        company_id: companyId,
        locale: row.locale,
        title: row.title,
        slogan: row.slogan,
        banner: row.banner,
        theme_color: row.theme_color,
        intro: row.intro.join('\n\n'),
        highlights: JSON.stringify(row.highlights),
        contact_phone: null,
        contact_mobile: null,
        contact_email: null,
        contact_address: row.contact_address ?? null,
        sort: sort++,
        status: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return ids;
}
