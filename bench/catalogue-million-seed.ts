// Seeding of the 1,000,000-goods catalogue benchmark (issue 22): a category tree of about 1,100
// categories in three levels with real Chinese names, and goods with realistic names built from
// per-category vocabulary (brand + model + qualifiers + product noun + spec + variant, 3–52
// characters), subtitles, skewed prices, stock, sales and leaf sizes. Everything random comes from
// one seeded generator, so two runs seed the same catalogue.

import type { DatabaseHandle } from '@portal/server/src/platform/db/database.ts';
import { SQLite } from '@portal/server/src/platform/db/sqlite.ts';
import { createCategory } from '@portal/server/src/seed/seed.ts';
import pg from 'pg';

/** mulberry32: a small seeded generator (Math.random cannot be seeded). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Model = 'phone' | 'pc' | 'appliance' | 'none';

/** A category tree as written: lists are comma-separated. */
interface RawSecond {
  name: string;
  /** Leaves; `leaf=noun1|noun2` gives the product nouns goods names use (default: the leaf's name). */
  leaves: string;
  specs?: string;
  variants?: string;
}

interface RawTop {
  name: string;
  cover: string;
  /** Median price in yuan and the spread (sigma of the log-normal). */
  price: [number, number];
  model: Model;
  brands: string;
  quals: string;
  specs: string;
  variants: string;
  subtitles: string;
  seconds: RawSecond[];
}

interface SecondDef {
  name: string;
  leaves: { name: string; nouns: string[] }[];
  specs: string[] | undefined;
  variants: string[] | undefined;
}

interface TopDef extends Omit<RawTop, 'brands' | 'quals' | 'specs' | 'variants' | 'subtitles' | 'seconds'> {
  brands: string[];
  quals: string[];
  specs: string[];
  variants: string[];
  subtitles: string[];
  seconds: SecondDef[];
}

const RAW: RawTop[] = [
  {
    name: '茶叶',
    cover: '/demo/goods/green-tea.svg',
    price: [120, 0.9],
    model: 'none',
    brands: '清芳,茗山,福茗,溪谷,云岭,竹韵,雪峰,龙润堂,华茗苑,天茗,一叶轩,山中客',
    quals: '明前,特级,一级,雨前,高山,有机,原产地,头采,手工,古树,核心产区,浓香型,清香型,2025新茶,传统工艺',
    specs: '50g,100g,125g,150g,200g,250g,500g,100g×2罐,250g×2,357g,18包,30袋',
    variants: '礼盒装,罐装,袋装,散装,铁盒装,纸包装,自饮装,送礼佳品,口粮茶',
    subtitles:
      '核心产区 原料可溯源,香气高扬 回甘持久,当季新茶 顺丰发货,独立小包 方便冲泡,送长辈送客户,一芽一叶 手工采摘,密封保鲜 持久留香',
    seconds: [
      {
        name: '绿茶',
        leaves:
          '龙井=西湖龙井|龙井茶|明前龙井,碧螺春=洞庭碧螺春|碧螺春,黄山毛峰,信阳毛尖,六安瓜片,太平猴魁,安吉白茶,竹叶青,蒙顶甘露,日照绿茶',
      },
      {
        name: '红茶',
        leaves:
          '正山小种,金骏眉,祁门红茶,滇红=滇红|云南滇红茶,英德红茶,宜兴红茶,九曲红梅,坦洋工夫,红茶包=红茶|红茶包|袋泡红茶',
      },
      {
        name: '乌龙茶',
        leaves:
          '铁观音=安溪铁观音|铁观音,大红袍=武夷山大红袍|大红袍,肉桂=武夷肉桂,水仙=武夷水仙,凤凰单丛=凤凰单丛|鸭屎香单丛,冻顶乌龙,东方美人,漳平水仙,高山乌龙=台湾高山乌龙|高山乌龙茶',
      },
      { name: '白茶', leaves: '白毫银针,白牡丹,寿眉,贡眉,老白茶,白茶饼=福鼎白茶饼,月光白,福鼎白茶' },
      {
        name: '黑茶',
        leaves: '安化黑茶,茯砖茶=金花茯砖茶,千两茶,六堡茶=梧州六堡茶,青砖茶,藏茶=雅安藏茶,天尖茶,花卷茶',
      },
      {
        name: '普洱茶',
        leaves:
          '普洱生茶,普洱熟茶,普洱茶饼=云南七子饼普洱茶|普洱茶饼,小青柑=新会小青柑普洱,老班章=老班章古树普洱,冰岛普洱,易武普洱,普洱沱茶,碎银子=碎银子茶化石',
      },
      {
        name: '花草茶',
        leaves:
          '菊花茶=胎菊|菊花茶,玫瑰花茶,茉莉花茶,大麦茶,苦荞茶,柠檬片=冻干柠檬片,桂花茶,蒲公英茶,红枣枸杞茶,决明子茶',
      },
      { name: '黄茶', leaves: '君山银针,蒙顶黄芽,霍山黄芽,莫干黄芽,平阳黄汤,远安鹿苑,北港毛尖,沩山毛尖' },
      {
        name: '茶具',
        leaves:
          '紫砂壶=宜兴紫砂壶|紫砂壶,盖碗=陶瓷盖碗|盖碗,茶杯=品茗杯|茶杯,茶盘=实木茶盘|茶盘,公道杯,功夫茶具=功夫茶具套装,茶叶罐,电热水壶=烧水壶|电热水壶,煮茶器=蒸汽煮茶器,茶宠',
        specs: '150ml,200ml,300ml,6件套,8件套,单只,一壶四杯,1.2L',
        variants: '礼盒装,青瓷,白瓷,汝窑,朱泥,原矿紫泥,家用套装',
      },
    ],
  },
  {
    name: '数码电器',
    cover: '/demo/goods/phone.svg',
    price: [900, 1.0],
    model: 'phone',
    brands: '星耀,华辰,小觅,极光,云米,锐思,领克斯,朗拓,飞羽,青橙,魅声,智果',
    quals: '5G,全网通,旗舰,新款,2025款,轻薄,降噪,高清,长续航,快充,智能,无线',
    specs:
      '8GB+128GB,8GB+256GB,12GB+256GB,12GB+512GB,16GB+1TB,64GB,128GB,256GB,512GB,4K,1080P,20000mAh,65W,120W',
    variants: '曜石黑,冰川蓝,晨曦白,星空紫,远峰蓝,钛金属色,雅川青,流光金,套装版,标准版,官方标配',
    subtitles:
      '官方正品 全国联保,12期免息 以旧换新,旗舰芯片 畅玩不卡,超长续航 快充不伤电,顺丰包邮 七天无理由,影像旗舰 夜景更清晰',
    seconds: [
      {
        name: '手机通讯',
        leaves:
          '智能手机,老人手机,游戏手机,折叠屏手机,5G手机,对讲机,儿童手表=儿童电话手表,备用机=功能机|备用机,卫星电话',
      },
      {
        name: '手机配件',
        leaves:
          '手机壳=手机壳|保护套,手机贴膜=钢化膜|手机贴膜,数据线=快充数据线|数据线,充电器=氮化镓充电器|充电器|快充充电头,移动电源=充电宝|移动电源,手机支架,无线充电器,自拍杆,手机散热器,车载支架',
      },
      {
        name: '摄影摄像',
        leaves:
          '微单相机,单反相机,运动相机,拍立得,摄像机=数码摄像机,镜头=相机镜头|定焦镜头,三脚架,云台稳定器=手持云台|稳定器,存储卡=SD卡|相机存储卡,相机包',
      },
      {
        name: '影音娱乐',
        leaves:
          '蓝牙耳机=真无线蓝牙耳机|蓝牙耳机,头戴耳机=头戴式耳机|降噪耳机,有线耳机,蓝牙音箱=蓝牙音箱|便携音箱,回音壁=回音壁音响,麦克风=K歌麦克风|麦克风,收音机,播放器=MP3播放器|音乐播放器,声卡,功放',
      },
      {
        name: '智能设备',
        leaves:
          '智能手表,智能手环=运动手环|智能手环,智能眼镜=AR眼镜,无人机=航拍无人机,智能音箱,翻译机,智能门锁,监控摄像头=家用监控摄像头,儿童机器人=早教机器人',
      },
      {
        name: '电子教育',
        leaves:
          '学习机,点读笔,词典笔=扫描词典笔,电子书阅读器=墨水屏阅读器|电子书,学生平板,早教机,电纸书,录音笔',
      },
      {
        name: '游戏设备',
        leaves:
          '游戏机=家用游戏机|掌上游戏机,游戏手柄=无线游戏手柄|手柄,游戏耳机=电竞耳机,电竞椅,方向盘=游戏方向盘,VR眼镜=VR一体机|VR眼镜,游戏卡带,摇杆',
      },
      {
        name: '存储设备',
        leaves:
          '移动硬盘,固态硬盘=移动固态硬盘,U盘=U盘|优盘,内存卡=TF卡|内存卡,读卡器,NAS=NAS网络存储,硬盘盒,光驱=外置光驱',
      },
      {
        name: '平板电脑',
        leaves: '平板电脑,二合一平板,绘画平板,儿童平板,平板保护套,手写笔=电容笔|手写笔,平板键盘,平板支架',
      },
    ],
  },
  {
    name: '电脑办公',
    cover: '/demo/goods/laptop.svg',
    price: [1500, 1.1],
    model: 'pc',
    brands: '锐思,极光,华辰,雷霆,星云,玄武,墨影,博锐,启点,方正达',
    quals: '轻薄,高性能,游戏本,商务,办公,学生,14英寸,16英寸,酷睿i5,酷睿i7,锐龙R7,2025款',
    specs: '16GB 512GB,32GB 1TB,8GB 256GB,2.5K 120Hz,4K,RTX4060,A4,黑白激光,彩色喷墨,27英寸,24英寸',
    variants: '深空灰,银色,星光白,黑色,标配,套装,官方标配,企业版',
    subtitles:
      '高性能处理器 多任务不卡顿,轻薄便携 长续航,企业采购 支持开票,两年质保 上门服务,学生优惠 办公利器',
    seconds: [
      {
        name: '电脑整机',
        leaves:
          '笔记本=笔记本电脑|笔记本,游戏本=游戏笔记本|游戏本,台式机=台式电脑|台式机,一体机=一体机电脑,迷你主机,工作站=图形工作站,服务器=塔式服务器,二合一笔记本,轻薄本=轻薄笔记本',
      },
      {
        name: '电脑配件',
        leaves:
          '显示器=电脑显示器|显示器,显卡,处理器=CPU|处理器,主板,内存条,机械硬盘,电源=电脑电源,机箱=电脑机箱,散热器=CPU散热器|风冷散热器',
      },
      {
        name: '外设产品',
        leaves:
          '键盘=机械键盘|无线键盘|键盘,鼠标=无线鼠标|游戏鼠标|鼠标,键鼠套装,鼠标垫,摄像头=电脑摄像头,手写板,扩展坞=扩展坞|拓展坞,笔记本支架,电脑包=电脑双肩包|笔记本内胆包,USB集线器',
      },
      {
        name: '网络产品',
        leaves:
          '路由器=无线路由器|WiFi6路由器,交换机,网卡=无线网卡,网线,随身WiFi,5G CPE,电力猫,信号放大器=WiFi信号放大器,光猫',
      },
      {
        name: '办公设备',
        leaves:
          '打印机=激光打印机|喷墨打印机|打印机,复印机,扫描仪,投影仪=家用投影仪|商务投影仪,碎纸机,考勤机,收银机,保险柜,标签机,装订机',
      },
      {
        name: '办公耗材',
        leaves: '硒鼓,墨盒,打印纸=A4打印纸|复印纸,色带,墨粉=碳粉|墨粉,标签纸,刻录碟片,传真纸',
      },
      {
        name: '文具',
        leaves:
          '中性笔=中性笔|签字笔,钢笔,记事本=笔记本本子|记事本,文件夹,计算器,订书机,便利贴,胶带,马克笔,铅笔',
        specs: '12支装,0.5mm,10本装,A5,B5,24色,3卷',
        variants: '黑色,蓝色,红色,混色,盒装,办公套装',
      },
      {
        name: '软件服务',
        leaves: '办公软件,杀毒软件,操作系统,设计软件,云存储会员,教育软件,财务软件,翻译软件',
        specs: '1年,3年,永久授权,单用户,5用户',
        variants: '电子版,激活码,企业版',
      },
      {
        name: '学生电脑',
        leaves: '学生笔记本,网课平板,学习电脑,护眼显示器,学生台式机,编程电脑,入门笔记本,竞赛计算器',
      },
    ],
  },
  {
    name: '家用电器',
    cover: '/demo/goods/printer.svg',
    price: [1200, 1.0],
    model: 'appliance',
    brands: '云米,美厨,海川,格雅,晨光电器,苏瑞,奥维,凯驰,澳柯,家乐美',
    quals: '变频,一级能效,家用,大容量,智能,静音,节能,新一级,除菌,2025新款',
    specs: '1.5匹,3匹,10公斤,8公斤,500升,65英寸,75英寸,55英寸,5L,3L,1.8L,2200W',
    variants: '白色,灰色,星空灰,典雅金,套装,官方标配,以旧换新',
    subtitles: '国家补贴 以旧换新,送装一体 免费安装,一级能效 省电节能,全国联保 十年包修,家电下乡 包邮到家',
    seconds: [
      {
        name: '电视',
        leaves:
          '智能电视=智能电视|液晶电视,4K电视,激光电视,游戏电视,OLED电视,MiniLED电视,投影电视,电视挂架,电视盒子=网络机顶盒|电视盒子',
      },
      {
        name: '空调',
        leaves:
          '挂机空调=壁挂式空调|空调挂机,柜机空调=立式空调|空调柜机,中央空调,移动空调,新风空调,变频空调,空调扇,窗式空调',
      },
      {
        name: '洗衣机',
        leaves: '滚筒洗衣机,波轮洗衣机,洗烘一体机,干衣机=热泵干衣机|干衣机,迷你洗衣机,洗鞋机,脱水机',
      },
      { name: '冰箱', leaves: '双开门冰箱,多门冰箱,十字对开门冰箱,冷柜=冷柜|冰柜,酒柜,迷你冰箱,嵌入式冰箱' },
      {
        name: '厨房小电',
        leaves: '电饭煲,电压力锅,空气炸锅,破壁机,豆浆机,电水壶=电热水壶|烧水壶,电磁炉,料理机,电烤箱,养生壶',
      },
      {
        name: '厨卫大电',
        leaves:
          '油烟机=吸油烟机|油烟机,燃气灶,消毒柜,洗碗机,燃气热水器,电热水器,集成灶,净水器=家用净水器|净水机,蒸烤一体机',
      },
      {
        name: '生活电器',
        leaves:
          '扫地机器人,吸尘器=无线吸尘器|吸尘器,洗地机,空气净化器,加湿器,除湿机,电风扇=落地扇|电风扇,取暖器=暖风机|取暖器,挂烫机,电熨斗',
      },
      {
        name: '个护健康',
        leaves:
          '电动牙刷,电吹风=吹风机|电吹风,剃须刀=电动剃须刀|剃须刀,理发器,卷发棒,按摩仪=颈椎按摩仪|按摩仪,足浴盆,体重秤=体脂秤|体重秤,冲牙器,美容仪',
      },
      {
        name: '视听影音',
        leaves:
          '家庭影院,电视回音壁,功放机,音响=落地音响|书架音箱,KTV音响,蓝光播放机,唱片机=黑胶唱片机,老人收音机',
      },
    ],
  },
  {
    name: '服饰内衣',
    cover: '/demo/goods/shirt.svg',
    price: [150, 0.8],
    model: 'none',
    brands: '衣然,素白,森野,海蓝之家,雅格,青鸟,初语,茵曼,拉菲,伊芙,布衣坊,恒祥',
    quals: '2025春季新款,秋冬新款,夏季,宽松,修身,纯棉,加绒,加厚,冰丝,韩版,法式,复古,休闲,商务,简约',
    specs: 'S,M,L,XL,XXL,均码,160/84A,170/88A,175/92A,180/96A',
    variants: '黑色,白色,米白,卡其,藏青,燕麦色,雾霾蓝,酒红,墨绿,灰色,两件套,三件装',
    subtitles: '舒适亲肤 不起球,显瘦百搭 通勤约会,运费险 七天无理由,新品上市 限时折扣,宽松版型 遮肉显瘦',
    seconds: [
      {
        name: '女装',
        leaves:
          '连衣裙,女士T恤=女士T恤|短袖T恤,女士衬衫=女士衬衫|雪纺衫,半身裙,女士牛仔裤=女士牛仔裤|阔腿牛仔裤,女士卫衣=连帽卫衣|女士卫衣,女士羽绒服=女士羽绒服|轻薄羽绒服,风衣=女士风衣,毛衣=针织开衫|毛衣,西装外套=女士西装',
      },
      {
        name: '男装',
        leaves:
          '男士衬衫=男士衬衫|商务衬衫,男士T恤=男士T恤|纯棉短袖,夹克=男士夹克,休闲裤=男士休闲裤,西服=男士西服套装|西服,男士羽绒服,男士卫衣,男士牛仔裤=男士牛仔裤|直筒牛仔裤,POLO衫,冲锋衣=男士冲锋衣',
      },
      {
        name: '内衣',
        leaves:
          '文胸,内裤=女士内裤|男士内裤,睡衣=家居服|睡衣套装,保暖内衣,袜子=棉袜|袜子,打底裤,塑身衣,背心=吊带背心|背心,泳衣',
      },
      {
        name: '童装',
        leaves:
          '儿童T恤,儿童外套,儿童羽绒服,儿童裤子,儿童套装,公主裙=女童连衣裙|公主裙,校服,婴儿连体衣=连体衣|爬服,儿童睡衣,儿童袜子',
      },
      {
        name: '中老年装',
        leaves: '妈妈装,爸爸装=中老年夹克,中老年羽绒服,唐装,中老年套装,老人棉衣,老人裤子,奶奶装',
      },
      {
        name: '汉服旗袍',
        leaves:
          '汉服=明制汉服|汉服,旗袍=改良旗袍|旗袍,马面裙,唐装外套,新中式上衣,盘扣衬衫,中式连衣裙,古风披风',
      },
      {
        name: '服饰配件',
        leaves:
          '围巾=羊毛围巾|围巾,帽子=棒球帽|渔夫帽|帽子,手套,腰带=男士皮带|腰带,领带,太阳镜=墨镜|太阳镜,发饰=发夹|发圈,丝巾,袖扣',
      },
      {
        name: '大码女装',
        leaves: '大码连衣裙,大码T恤,大码牛仔裤,大码外套,大码毛衣,大码半身裙,大码卫衣,大码衬衫',
      },
      { name: '运动服饰', leaves: '运动套装,运动T恤,运动裤,瑜伽服,速干衣,健身服,运动内衣,运动外套' },
    ],
  },
  {
    name: '鞋靴箱包',
    cover: '/demo/goods/bag.svg',
    price: [260, 0.8],
    model: 'none',
    brands: '步履,行者,途尚,驼峰,赤蜻,百履,卡帝,新秀,稻草人家,老人头',
    quals: '真皮,头层牛皮,透气,防水,轻便,加绒,厚底,软底,大容量,防泼水,2025新款,百搭',
    specs: '35,36,37,38,39,40,41,42,43,44',
    variants: '黑色,白色,棕色,米色,灰色,酒红色,焦糖色,礼盒装',
    subtitles: '头层牛皮 柔软舒适,轻便减震 久走不累,大容量 多隔层收纳,万向轮 静音顺滑,正品保障 支持专柜验货',
    seconds: [
      {
        name: '男鞋',
        leaves:
          '休闲鞋=男士休闲鞋,商务皮鞋=男士皮鞋|商务皮鞋,男士运动鞋,板鞋,帆布鞋,男士凉鞋,男士拖鞋,马丁靴,雪地靴,豆豆鞋',
      },
      {
        name: '女鞋',
        leaves:
          '高跟鞋,单鞋=女士单鞋|平底鞋,小白鞋,乐福鞋,女靴=短靴|长靴,女士凉鞋,女士拖鞋,老爹鞋,玛丽珍鞋,妈妈鞋',
      },
      { name: '童鞋', leaves: '儿童运动鞋,儿童凉鞋,学步鞋,儿童靴子,儿童板鞋,儿童拖鞋,儿童皮鞋,儿童雨鞋' },
      { name: '运动鞋', leaves: '跑步鞋,篮球鞋,足球鞋,训练鞋,徒步鞋,网球鞋,羽毛球鞋,登山鞋' },
      {
        name: '女包',
        leaves: '单肩包,斜挎包,手提包,女士双肩包,钱包=女士钱包|长款钱包,托特包,腋下包,链条包,水桶包,手拿包',
        specs: '小号,中号,大号,迷你款',
      },
      {
        name: '男包',
        leaves: '公文包,男士双肩包,胸包,男士钱包,腰包,手包=男士手包,商务背包,卡包',
        specs: '小号,中号,大号,14英寸,15.6英寸',
      },
      {
        name: '旅行箱包',
        leaves: '拉杆箱=行李箱|拉杆箱,登机箱,旅行包,旅行收纳袋,旅行背包,洗漱包,行李牌,旅行箱套',
        specs: '20英寸,24英寸,26英寸,28英寸,32英寸',
      },
      {
        name: '功能箱包',
        leaves:
          '电脑双肩包=电脑背包,相机包,运动包=健身包,书包=学生书包|儿童书包,妈咪包,户外背包=登山包,跑步腰包,防盗包',
        specs: '15.6英寸,20L,30L,40L,大容量',
      },
      {
        name: '皮具护理',
        leaves: '鞋油,鞋垫,鞋带,增高垫,鞋撑,擦鞋布=擦鞋神器,皮具护理剂,防水喷雾',
        specs: '2双装,100ml,3瓶装',
        variants: '黑色,无色,通用',
      },
    ],
  },
  {
    name: '食品生鲜',
    cover: '/demo/goods/snack.svg',
    price: [45, 0.8],
    model: 'none',
    brands: '良品阁,百味林,三只熊,来伊家,沃丰,果园鲜,丰谷,金粮,稻香坊,老街口,源味,山里人家',
    quals: '新鲜,原味,每日,香脆,无添加,有机,当季,产地直发,特产,手工,低脂,即食',
    specs: '500g,1kg,2.5kg,5kg,10kg,250g,120g,200g×3袋,1箱,30包,12枚,2斤,5斤',
    variants: '礼盒装,家庭装,袋装,箱装,罐装,量贩装,独立小包装',
    subtitles: '产地直发 新鲜到家,坏果包赔 冷链配送,办公室零食 追剧必备,无添加 宝宝也能吃,年货送礼 团购优选',
    seconds: [
      {
        name: '休闲零食',
        leaves:
          '坚果=每日坚果|混合坚果,牛肉干=风干牛肉干|牛肉干,饼干=苏打饼干|饼干,薯片,糖果=硬糖|糖果,巧克力=黑巧克力|巧克力,果干=芒果干|果干,肉脯=猪肉脯,辣条,膨化食品',
      },
      {
        name: '坚果炒货',
        leaves:
          '碧根果,夏威夷果,开心果,巴旦木,腰果,核桃=纸皮核桃|核桃,瓜子=焦糖瓜子|瓜子,花生=香酥花生|花生,松子,榛子',
      },
      {
        name: '粮油调味',
        leaves:
          '大米=东北大米|五常大米|大米,面粉,食用油=花生油|菜籽油|食用油,酱油=生抽酱油|酱油,醋=陈醋|香醋,食盐,挂面,杂粮=五谷杂粮,调味料=火锅底料|调味料,蜂蜜=土蜂蜜|蜂蜜',
      },
      {
        name: '新鲜水果',
        leaves:
          '苹果=红富士苹果|苹果,橙子=赣南脐橙|橙子,车厘子,猕猴桃=红心猕猴桃,芒果=海南芒果|芒果,葡萄=阳光玫瑰葡萄|葡萄,榴莲=金枕榴莲,蓝莓,草莓=丹东草莓|草莓,柑橘=沃柑|砂糖橘',
      },
      {
        name: '蔬菜蛋品',
        leaves:
          '鸡蛋=土鸡蛋|鲜鸡蛋,土豆,西红柿,黄瓜,菌菇=香菇|菌菇,叶菜=时令叶菜,玉米=甜玉米|玉米,红薯=烟薯|红薯,鸭蛋=咸鸭蛋',
      },
      {
        name: '肉禽冷冻',
        leaves:
          '牛肉=牛排|牛腩|牛肉,猪肉=黑猪肉|五花肉,鸡肉=鸡胸肉|鸡翅,羊肉=羊排|羊肉卷,速冻饺子=水饺|速冻饺子,汤圆,丸子=牛肉丸|鱼丸,火腿肠,培根',
      },
      {
        name: '海鲜水产',
        leaves:
          '虾=大虾|虾仁|对虾,蟹=大闸蟹|梭子蟹,鱼=三文鱼|鲈鱼|带鱼,贝类=扇贝|生蚝,海参,鱿鱼,小龙虾,海带=海带|紫菜',
      },
      {
        name: '乳品烘焙',
        leaves:
          '牛奶=纯牛奶|牛奶,酸奶,奶酪=奶酪棒|奶酪,面包=吐司面包|面包,蛋糕=蛋糕|糕点,月饼,麦片=燕麦片|麦片,奶粉=成人奶粉,黄油',
      },
      {
        name: '方便速食',
        leaves:
          '方便面=泡面|方便面,自热火锅,螺蛳粉=柳州螺蛳粉,酸辣粉,速食粥=八宝粥,罐头=黄桃罐头|午餐肉罐头,即食燕窝,拌面=热干面|拌面',
      },
    ],
  },
  {
    name: '酒水饮料',
    cover: '/demo/goods/snack.svg',
    price: [120, 1.2],
    model: 'none',
    brands: '古井坊,汾阳府,泸州窖,西凤岭,青岛湾,雪原,长城堡,张裕园,农夫泉,元气林,东鹏山,百威狮',
    quals: '53度,52度,42度,酱香型,浓香型,清香型,陈酿,原浆,精酿,干红,低糖,无糖,整箱',
    specs: '500ml,500ml×6瓶,750ml,750ml×6,330ml×24罐,1.5L,250ml×12,2.5L,450ml×15瓶',
    variants: '礼盒装,整箱装,单瓶装,双支装,收藏版,婚宴用酒',
    subtitles: '厂家直供 假一赔十,纯粮酿造 口感醇厚,聚会宴请 送礼有面,整箱发货 破损包赔,冰爽解渴 夏日必备',
    seconds: [
      {
        name: '白酒',
        leaves:
          '酱香白酒=酱香型白酒,浓香白酒=浓香型白酒,清香白酒=清香型汾酒|清香型白酒,米香白酒,凤香白酒,兼香白酒,高粱酒,二锅头,光瓶酒,白酒礼盒',
      },
      {
        name: '葡萄酒',
        leaves:
          '干红葡萄酒=干红|干红葡萄酒,干白葡萄酒,起泡酒=起泡酒|香槟,甜白葡萄酒,桃红葡萄酒,冰酒,葡萄酒礼盒,醒酒器',
      },
      { name: '啤酒', leaves: '精酿啤酒,白啤=小麦白啤,黑啤,拉格啤酒,原浆啤酒,果味啤酒,无醇啤酒,扎啤' },
      {
        name: '洋酒',
        leaves:
          '威士忌=单一麦芽威士忌|威士忌,白兰地=干邑白兰地|白兰地,伏特加,朗姆酒,金酒,利口酒,龙舌兰,清酒=日本清酒',
      },
      {
        name: '黄酒养生酒',
        leaves: '黄酒=绍兴黄酒|花雕酒,米酒=甜米酒|米酒,果酒=梅子酒|青梅酒,养生酒,桂花酒,桑葚酒,女儿红',
      },
      { name: '饮用水', leaves: '矿泉水=天然矿泉水,纯净水,苏打水,气泡水,饮用天然水,桶装水,山泉水' },
      {
        name: '饮料',
        leaves:
          '果汁=NFC果汁|橙汁|果汁,碳酸饮料=可乐|汽水,茶饮料=冰红茶|绿茶饮料|茶饮料,功能饮料=能量饮料|功能饮料,植物蛋白饮料=核桃露|椰汁|杏仁露,咖啡饮料=即饮咖啡,奶茶=奶茶|瓶装奶茶,凉茶,运动饮料,乳酸菌饮料',
      },
      {
        name: '冲调饮品',
        leaves:
          '咖啡豆,速溶咖啡=速溶咖啡|三合一咖啡,挂耳咖啡,冻干咖啡,固体饮料=酸梅汤|固体饮料,奶茶粉=速溶奶茶,蜂蜜柚子茶,藕粉,黑芝麻糊,豆奶粉',
      },
      {
        name: '饮酒器具',
        leaves: '酒杯=红酒杯|白酒杯,分酒器,酒具套装,开瓶器,冰桶,醒酒壶,酒架,调酒器',
        specs: '6只装,2只装,单只,套装',
        variants: '水晶玻璃,无铅玻璃,礼盒装',
      },
    ],
  },
  {
    name: '美妆个护',
    cover: '/demo/goods/dress.svg',
    price: [150, 0.9],
    model: 'none',
    brands: '珀莱,花语,自然谷,百雀,御泥,相宜,佰草,丸美,韩尚,薇诺,润颜,逐本',
    quals: '补水保湿,美白,抗皱,紧致,控油,温和,敏感肌,修护,提亮,持久,清爽,滋润',
    specs: '50ml,100ml,120ml,150ml,30g,50g,5片,10片,3.5g,400ml,500ml,750ml',
    variants: '套装,礼盒装,正装,旅行装,替换装,买一送一,家庭装',
    subtitles: '官方正品 假一赔十,敏感肌可用 温和不刺激,持久不脱妆,限时加赠小样,送女友送妈妈',
    seconds: [
      {
        name: '面部护肤',
        leaves:
          '面霜,精华液=精华液|精华,爽肤水=爽肤水|化妆水,乳液,洁面乳=洗面奶|洁面乳,面膜=补水面膜|面膜,眼霜,防晒霜=防晒霜|防晒乳,卸妆水=卸妆水|卸妆油,护肤套装',
      },
      {
        name: '彩妆',
        leaves:
          '口红=口红|唇膏,粉底液,眼影=眼影盘,睫毛膏,眉笔,腮红,散粉=定妆散粉|散粉,气垫=气垫BB霜|气垫,唇釉,遮瑕膏=遮瑕膏|遮瑕液',
      },
      {
        name: '洗发护发',
        leaves:
          '洗发水=去屑洗发水|洗发水,护发素,发膜,护发精油,染发剂=染发膏,头皮护理,干发喷雾,生发液,发蜡=发蜡|发泥',
      },
      { name: '身体护理', leaves: '沐浴露,身体乳,护手霜,香皂,止汗露,脱毛膏,磨砂膏,足膜' },
      {
        name: '口腔护理',
        leaves: '牙膏,牙刷,漱口水,牙线=牙线棒|牙线,牙贴=美白牙贴,口喷=口腔喷雾,假牙清洁片,儿童牙膏',
      },
      {
        name: '香水香氛',
        leaves: '女士香水,男士香水,中性香水,香薰=无火香薰|香薰,香薰蜡烛,车载香水,香水小样,衣物香氛',
      },
      {
        name: '男士护理',
        leaves: '男士洗面奶,男士面霜,男士爽肤水,剃须膏,男士护肤套装,男士香体,须后水,男士面膜',
      },
      {
        name: '美容工具',
        leaves: '化妆刷=化妆刷套装|化妆刷,美妆蛋,化妆镜,睫毛夹,修眉刀,卷发器,粉扑,美甲工具=美甲套装',
      },
      { name: '女性护理', leaves: '卫生巾,护垫,卫生棉条,私处护理液,安心裤,暖宫贴,经期裤,湿厕纸' },
    ],
  },
  {
    name: '母婴玩具',
    cover: '/demo/goods/snack.svg',
    price: [130, 0.9],
    model: 'none',
    brands: '贝亲,好孩,飞羽宝,伊贝,优比,巴拉,积木王,贝乐,童趣,星宝,小鹿蓝,嘟嘟',
    quals: '新生儿,婴儿,宝宝,儿童,0-6个月,1-3岁,3-6岁,益智,安全无毒,加厚,超薄,有机',
    specs: '800g,900g×2罐,S码,M码,L码,XL码,150ml,240ml,80抽×10包,1段,2段,3段',
    variants: '礼盒装,家庭装,单罐装,箱装,粉色,蓝色,套装',
    subtitles: '母婴级材质 安全放心,新生儿可用,妈妈的放心之选,正品溯源 一罐一码,益智启蒙 寓教于乐',
    seconds: [
      {
        name: '奶粉',
        leaves: '婴儿奶粉=婴幼儿配方奶粉,1段奶粉,2段奶粉,3段奶粉,羊奶粉,有机奶粉,特殊配方奶粉,孕妇奶粉',
      },
      { name: '尿裤湿巾', leaves: '纸尿裤,拉拉裤,婴儿湿巾,成长裤,隔尿垫,尿布=棉尿布,手口湿巾,夜用纸尿裤' },
      {
        name: '喂养用品',
        leaves: '奶瓶=玻璃奶瓶|奶瓶,奶嘴,吸奶器,辅食机,儿童餐具,学饮杯,温奶器,消毒器=奶瓶消毒器,围兜,暖奶器',
      },
      {
        name: '营养辅食',
        leaves:
          '米粉=婴儿米粉,果泥,磨牙棒,婴儿面条,宝宝零食,肉松=儿童肉松,DHA,益生菌=儿童益生菌,钙铁锌,鱼肝油',
      },
      {
        name: '童车童床',
        leaves: '婴儿推车,安全座椅,婴儿床,餐椅=宝宝餐椅,学步车,儿童自行车,滑板车,摇篮,婴儿背带',
      },
      {
        name: '洗护用品',
        leaves: '婴儿洗发沐浴露,婴儿润肤乳,护臀膏,婴儿爽身粉,婴儿洗衣液,宝宝面霜,婴儿浴盆,儿童牙刷',
      },
      {
        name: '玩具',
        leaves:
          '积木=拼装积木|积木,毛绒玩具=毛绒公仔|毛绒玩具,遥控车=遥控汽车|遥控车,娃娃=洋娃娃|芭比娃娃,拼图,益智玩具,玩具枪=水枪|玩具枪,模型=合金车模|模型,早教玩具,过家家玩具',
      },
      { name: '孕产用品', leaves: '孕妇装,哺乳文胸,妈咪包,防辐射服,孕妇枕=护腰枕,月子服,产褥垫,收腹带' },
      {
        name: '童书文具',
        leaves: '绘本=儿童绘本|绘本,早教卡片,儿童书包,文具盒,彩笔=水彩笔|蜡笔,儿童画板,点读书,儿童故事书',
      },
    ],
  },
  {
    name: '家居家装',
    cover: '/demo/goods/bag.svg',
    price: [200, 1.1],
    model: 'none',
    brands: '宜居,林氏,木语,全友,顾家,水星,罗莱,富安,欧普照,雷士光,德力,乐扣',
    quals: '北欧,简约,现代,实木,轻奢,日式,加厚,纯棉,全棉,防滑,家用,可折叠',
    specs: '1.5m,1.8m,2m×2.3m,三人位,单人,双人,4件套,120×60cm,80×120cm,5件套',
    variants: '原木色,胡桃色,白色,灰色,米白色,奶油风,套装',
    subtitles: '送货上门 免费安装,环保板材 无异味,大牌品质 工厂直供,亲肤透气 可机洗,小户型 省空间',
    seconds: [
      {
        name: '家具',
        leaves:
          '沙发=布艺沙发|真皮沙发|沙发,床=实木床|双人床,床垫=乳胶床垫|弹簧床垫,餐桌=餐桌椅组合|餐桌,衣柜,书桌=电脑桌|书桌,茶几,电视柜,椅子=办公椅|人体工学椅|椅子,书架=书架|置物架',
      },
      {
        name: '家纺',
        leaves:
          '四件套=床上四件套|四件套,被子=羽绒被|蚕丝被|被子,枕头=乳胶枕|枕头,毛巾=纯棉毛巾|毛巾,浴巾,凉席=冰丝凉席|凉席,毯子=毛毯|盖毯,窗帘=遮光窗帘|窗帘,地毯,抱枕',
      },
      {
        name: '厨具',
        leaves:
          '炒锅=不粘锅|铁锅|炒锅,刀具=菜刀|刀具套装,砧板,保温杯=保温杯|保温壶,水杯=玻璃杯|马克杯,碗碟=陶瓷碗|餐具套装,保鲜盒,汤锅,蒸锅,筷子=合金筷|筷子',
      },
      {
        name: '灯具',
        leaves:
          '吸顶灯=客厅吸顶灯|吸顶灯,台灯=护眼台灯|台灯,吊灯,落地灯,筒灯,灯泡=LED灯泡,灯带,小夜灯,壁灯,射灯',
      },
      { name: '收纳整理', leaves: '收纳箱,收纳盒,衣架,鞋架,置物架=厨房置物架,真空压缩袋,脏衣篮,首饰盒,挂钩' },
      {
        name: '清洁用品',
        leaves:
          '洗衣液,洗洁精,垃圾袋,拖把=平板拖把|拖把,抽纸=抽纸|卫生纸,湿巾,清洁剂=厨房清洁剂|清洁剂,消毒液,洗衣凝珠,抹布',
      },
      {
        name: '五金工具',
        leaves:
          '电钻=冲击钻|电钻,螺丝刀=螺丝刀套装,工具箱,插线板=插排|插线板,门锁=智能门锁|门锁,卷尺,梯子=人字梯|梯子,胶枪,扳手',
      },
      {
        name: '卫浴',
        leaves: '花洒=花洒套装|花洒,马桶=智能马桶|马桶,浴室柜,水龙头,地漏,浴霸,毛巾架,马桶盖=智能马桶盖',
      },
      {
        name: '家装建材',
        leaves:
          '瓷砖,地板=强化地板|实木地板,墙纸=墙纸|壁纸,涂料=乳胶漆|涂料,开关插座,门=室内门|木门,吊顶,防水涂料',
      },
    ],
  },
  {
    name: '运动户外',
    cover: '/demo/goods/bag.svg',
    price: [180, 1.0],
    model: 'none',
    brands: '动力,探途,凯乐,驼峰,飞跃,回风,峰行,速跑,野马,狼爪',
    quals: '专业,户外,防水,透气,速干,轻量化,耐磨,便携,大容量,加厚,碳纤维,2025新款',
    specs: '1.5m,2人,3-4人,40L,60L,20kg,10kg,26英寸,27.5英寸,700C,M码,L码',
    variants: '黑色,军绿色,卡其色,深蓝,荧光绿,套装,单件',
    subtitles: '专业装备 户外必备,轻量耐磨 防风防水,健身房同款,一年质保 售后无忧,露营野餐 全家出游',
    seconds: [
      {
        name: '户外装备',
        leaves:
          '帐篷=露营帐篷|帐篷,睡袋,防潮垫,登山杖,户外桌椅=折叠桌椅|露营椅,天幕,头灯,炉具=卡式炉|户外炉具,户外水壶=运动水壶|户外水壶,望远镜',
      },
      {
        name: '户外服装',
        leaves: '户外冲锋衣,软壳衣,抓绒衣,速干裤,户外羽绒服,防晒衣=皮肤衣|防晒衣,登山裤,滑雪服',
      },
      {
        name: '健身器材',
        leaves: '跑步机,动感单车,哑铃,瑜伽垫,健腹轮,跳绳,椭圆机,拉力器=弹力带|拉力器,仰卧板,筋膜枪',
      },
      {
        name: '骑行运动',
        leaves:
          '山地车=山地自行车|山地车,公路车=公路自行车,折叠车=折叠自行车,电动车=电动自行车|电动车,骑行服,头盔=骑行头盔|头盔,码表,车灯=自行车灯,平衡车',
      },
      {
        name: '球类运动',
        leaves: '篮球,足球,羽毛球拍=羽毛球拍|羽毛球,乒乓球拍,网球拍,排球,高尔夫球杆,台球杆,护膝',
      },
      { name: '游泳', leaves: '泳镜,泳帽,男士泳裤,女士泳衣,游泳圈,浮板,潜水镜,冲浪板' },
      {
        name: '垂钓',
        leaves: '鱼竿=碳素鱼竿|台钓竿|鱼竿,鱼线,鱼钩,渔轮=纺车轮,鱼饵=饵料|鱼饵,钓箱,钓鱼椅,浮漂,鱼护',
      },
      { name: '体育用品', leaves: '乒乓球,跳绳计数器,秒表,运动护具,运动毛巾,运动水杯,护腕,计步器,哨子' },
      { name: '滑雪冰上', leaves: '滑雪板,滑雪鞋,滑雪镜,轮滑鞋=轮滑鞋|旱冰鞋,滑板,冰球杆,滑雪手套,雪地护具' },
    ],
  },
];

const split = (text: string) => text.split(',');
const TREE: TopDef[] = RAW.map((top) => ({
  ...top,
  brands: split(top.brands),
  quals: split(top.quals),
  specs: split(top.specs),
  variants: split(top.variants),
  subtitles: split(top.subtitles),
  seconds: top.seconds.map((second) => ({
    name: second.name,
    leaves: split(second.leaves).map((leaf) => {
      const [name, nouns] = leaf.split('=') as [string, string | undefined];
      return { name, nouns: nouns ? nouns.split('|') : [name] };
    }),
    specs: second.specs === undefined ? undefined : split(second.specs),
    variants: second.variants === undefined ? undefined : split(second.variants),
  })),
}));

/** Keywords asked of every category (the random queries mix these with the category's own words). */
export const COMMON_KEYWORDS =
  '茶,酒,鞋,包,米,杯,笔,裙,油,灯,机,新,手机,龙井,红茶,绿茶,耳机,电脑,坚果,牛奶,面膜,口红,沙发,白酒,键盘,礼盒,儿童,家用,西湖龙井,智能手机,蓝牙耳机,笔记本电脑,无线鼠标,羽绒服,保温杯,铁观音,连衣裙,纸尿裤,空气炸锅,跑步鞋,x5,pro,max,5g,usb,256gb,wifi,k70'.split(
    ',',
  );

/** The leaves a general shop sells most of (the biggest categories, in this order). */
const HOT = '智能手机,连衣裙,笔记本,女士T恤,纸尿裤,坚果,蓝牙耳机,龙井,面霜,跑步鞋,四件套,牛奶'.split(',');

export interface SeededCategory {
  id: number;
  level: number;
  top: number;
  name: string;
}

export interface SeedResult {
  categories: SeededCategory[];
  tops: { id: number; name: string }[];
  /** Per top category id: the words its goods are named with (for keyword queries). */
  keywordsByTop: Map<number, string[]>;
  minId: number;
  maxId: number;
  maxPrice: number;
  leafSizes: { smallest: number; median: number; largest: number };
  categoriesMs: number;
  goodsMs: number;
  rowsPerSecond: number;
}

interface Leaf {
  id: number;
  name: string;
  top: number;
  second: number;
  nouns: string[];
}

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

/** Normal deviate (Box–Muller) for log-normal prices. */
const gauss = (rand: () => number) => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());

const SERIES: Record<Exclude<Model, 'none'>, string[]> = {
  phone: ['X', 'K', 'Note', 'Mate', 'Nova', 'Y', 'S', 'A', 'Z', 'Find', 'Reno', 'Air', 'Neo', 'GT', 'iQ'],
  pc: ['Book', 'Pro', 'Air', 'X', 'ThinkBook', 'G', 'R', 'Y', 'V', 'Slim', 'Zen', 'Legion'],
  appliance: ['KFR', 'XQG', 'BCD', 'JZT', 'CXW', 'MB', 'EG', 'TV', 'FS'],
};
const SUFFIX = ['', '', '', ' Pro', ' Pro+', ' Max', ' Ultra', ' Lite', ' SE', ' Plus', ' Pro Max'];

function modelName(rand: () => number, model: Model): string {
  if (model === 'none') return '';
  const series = pick(rand, SERIES[model]);
  if (model === 'appliance')
    return `${series}-${10 + Math.floor(rand() * 90)}${pick(rand, ['A', 'B', 'GW', 'L', 'S', ''])}`;
  const n = rand() < 0.5 ? 1 + Math.floor(rand() * 9) : 10 + Math.floor(rand() * 70);
  return `${series}${n}${pick(rand, SUFFIX)}`;
}

const LATIN_END = /[A-Za-z0-9+]$/;
const length = (s: string) => [...s].length;

/** A goods name of 3–52 characters. */
function goodsName(rand: () => number, top: TopDef, second: SecondDef, noun: string): string {
  if (rand() < 0.06) {
    // Short names: the noun alone, or one qualifier and the noun.
    const q = pick(rand, top.quals);
    return length(noun) >= 3 && rand() < 0.5 ? noun : `${q}${noun}`;
  }
  const brand = rand() < 0.93 ? pick(rand, top.brands) : '';
  const model = top.model !== 'none' && rand() < 0.85 ? modelName(rand, top.model) : '';
  const quals: string[] = [];
  if (rand() < 0.7) quals.push(pick(rand, top.quals));
  if (rand() < 0.25) quals.push(pick(rand, top.quals));
  const spec = rand() < 0.6 ? pick(rand, second.specs ?? top.specs) : '';
  const variant = rand() < 0.5 ? pick(rand, second.variants ?? top.variants) : '';
  const tag =
    rand() < 0.08
      ? pick(rand, ['【官方旗舰店】', '【新品首发】', '【限时特惠】', '（顺丰包邮）', '【正品保障】'])
      : '';
  const build = (parts: { q: string[]; spec: string; variant: string; tag: string }) => {
    let qualText = '';
    for (const q of [...new Set(parts.q)]) qualText += LATIN_END.test(q) ? `${q} ` : q;
    const head = [brand, model].filter(Boolean).join(' ');
    const body = `${qualText}${noun}`;
    const text = [head, body, parts.spec, parts.variant].filter(Boolean).join(' ');
    return parts.tag.startsWith('【') ? `${parts.tag}${text}` : `${text}${parts.tag}`;
  };
  let parts = { q: quals, spec, variant, tag };
  let name = build(parts);
  // Over 52 characters: drop the tag, then the variant, the spec and the second qualifier.
  for (const drop of ['tag', 'variant', 'spec', 'q'] as const) {
    if (length(name) <= 52) break;
    parts = drop === 'q' ? { ...parts, q: parts.q.slice(0, 1) } : { ...parts, [drop]: '' };
    name = build(parts);
  }
  return [...name].slice(0, 52).join('');
}

function subtitle(rand: () => number, top: TopDef): string {
  const generic = ['正品保障 全国包邮', '七天无理由退换', '厂家直发 品质保证', '限时特惠 买贵包退', ''];
  const first = pick(rand, top.subtitles);
  return rand() < 0.4 ? `${first} ${pick(rand, generic)}`.trim() : first;
}

/** Sales: Zipf-like (a long tail of goods that sold little, a few that sold a lot). */
const salesOf = (rand: () => number) =>
  Math.min(2_000_000, Math.floor(3 * ((1 - rand()) ** (-1 / 1.15) - 1)));

interface GoodsRow {
  category_id: number;
  name: string;
  subtitle: string;
  cover: string;
  price: number;
  original_price: number;
  stock: number;
  sales: number;
  is_new: number;
  is_recommend: number;
  created_at: string;
}

const COLUMNS = [
  'company_id',
  'category_id',
  'name',
  'subtitle',
  'cover',
  'price',
  'original_price',
  'stock',
  'sales',
  'on_sale',
  'del_flag',
  'is_new',
  'is_recommend',
  'created_at',
  'updated_at',
] as const;

/**
 * Seeds the catalogue of `companyId` on a migrated, reference-seeded database: the category tree
 * through `createCategory` (the app's own helper, so `path` and `level` are as the app writes
 * them), then `goods` goods in big batches — better-sqlite3 prepared statements in transactions of
 * 50,000 rows on SQLite (the file at `target.url`), multi-row INSERTs from arrays (`unnest`) of
 * 5,000 rows on PostgreSQL.
 */
export async function seedCatalogue(
  handle: DatabaseHandle,
  target: { url: string },
  companyId: number,
  goods: number,
  log: (line: string) => void,
): Promise<SeedResult> {
  const rand = seeded(22);
  const t0 = performance.now();
  const categories: SeededCategory[] = [];
  const tops: { id: number; name: string }[] = [];
  const leaves: Leaf[] = [];
  const keywordsByTop = new Map<number, string[]>();
  await handle.db.transaction().execute(async (trx) => {
    for (const [ti, top] of TREE.entries()) {
      const t = await createCategory(trx, companyId, top.name, null, ti);
      tops.push({ id: t.id, name: top.name });
      categories.push({ id: t.id, level: 1, top: t.id, name: top.name });
      const words = new Set<string>([top.name, ...top.brands.slice(0, 3)]);
      for (const [si, second] of top.seconds.entries()) {
        const s = await createCategory(trx, companyId, second.name, t, si);
        categories.push({ id: s.id, level: 2, top: t.id, name: second.name });
        words.add(second.name);
        for (const [li, leaf] of second.leaves.entries()) {
          const l = await createCategory(trx, companyId, leaf.name, s, li);
          categories.push({ id: l.id, level: 3, top: t.id, name: leaf.name });
          const nouns = leaf.nouns;
          leaves.push({ id: l.id, name: leaf.name, top: ti, second: si, nouns });
          for (const n of nouns) {
            words.add(n);
            // One-character keywords: the last character of a product noun (茶, 机, 鞋, 酒…).
            words.add([...n].at(-1) as string);
          }
        }
      }
      if (top.model === 'phone' || top.model === 'pc')
        for (const w of ['pro', 'max', 'x5', 'ultra']) words.add(w);
      keywordsByTop.set(t.id, [...words]);
    }
  });
  const categoriesMs = performance.now() - t0;
  log(
    `categories: ${categories.length} (${tops.length} top, ${categories.filter((c) => c.level === 2).length} second, ${leaves.length} leaves) in ${(categoriesMs / 1000).toFixed(1)} s`,
  );

  // Skewed leaf sizes: Zipf weights (exponent 0.8) over the leaves in a shuffled order, except
  // that the best sellers of a general shop (HOT) take every other rank at the top.
  const hot = HOT.map((name) => leaves.findIndex((l) => l.name === name)).filter((i) => i >= 0);
  const rest = leaves.map((_, i) => i).filter((i) => !hot.includes(i));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  const order: number[] = [];
  while (hot.length || rest.length) {
    const next = order.length % 2 === 0 && hot.length ? hot.shift() : (rest.shift() ?? hot.shift());
    order.push(next as number);
  }
  const weights = new Array<number>(leaves.length);
  order.forEach((leaf, rank) => {
    weights[leaf] = 1 / (rank + 1) ** 0.8;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) {
    acc += w / total;
    cumulative.push(acc);
  }
  const leafOf = (u: number) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return leaves[lo] as Leaf;
  };
  const sizes = new Map<number, number>();

  const now = Date.now();
  const TWO_YEARS = 730 * 86_400_000;
  let maxPrice = 0;
  const makeRow = (): GoodsRow => {
    const leaf = leafOf(rand());
    sizes.set(leaf.id, (sizes.get(leaf.id) ?? 0) + 1);
    const top = TREE[leaf.top] as TopDef;
    const second = top.seconds[leaf.second] as SecondDef;
    const noun = pick(rand, leaf.nouns);
    const [median, sigma] = top.price;
    const yuan = Math.max(1, Math.min(500_000, median * Math.exp(sigma * gauss(rand))));
    // Shop prices: whole yuan, often ending in 9, sometimes .9.
    let price = Math.round(yuan) * 100;
    if (rand() < 0.5) price = Math.max(100, price - (price % 1000) + 900);
    if (rand() < 0.15) price -= 10;
    maxPrice = Math.max(maxPrice, price);
    const ageMs = rand() * TWO_YEARS;
    const created = new Date(now - ageMs).toISOString();
    return {
      category_id: leaf.id,
      name: goodsName(rand, top, second, noun),
      subtitle: subtitle(rand, top),
      cover: top.cover,
      price,
      original_price: rand() < 0.4 ? Math.round((price * (1.1 + rand() * 0.5)) / 100) * 100 : 0,
      stock: rand() < 0.05 ? 0 : Math.floor(Math.exp(rand() * Math.log(5000))),
      sales: salesOf(rand),
      is_new: ageMs < 30 * 86_400_000 ? (rand() < 0.6 ? 1 : 0) : rand() < 0.01 ? 1 : 0,
      is_recommend: rand() < 0.03 ? 1 : 0,
      created_at: created,
    };
  };

  const t1 = performance.now();
  let done = 0;
  const progress = () => {
    if (done % 200_000 === 0 || done === goods)
      log(
        `  ${done.toLocaleString('en')} goods, ${Math.round(done / ((performance.now() - t1) / 1000))} rows/s`,
      );
  };
  if (handle.dialect === 'sqlite') {
    const raw = new SQLite(target.url);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('busy_timeout = 5000');
    const insert = raw.prepare(
      `insert into goods (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    const batch = raw.transaction((n: number) => {
      for (let i = 0; i < n; i++) {
        const r = makeRow();
        insert.run(
          companyId,
          r.category_id,
          r.name,
          r.subtitle,
          r.cover,
          r.price,
          r.original_price,
          r.stock,
          r.sales,
          1,
          0,
          r.is_new,
          r.is_recommend,
          r.created_at,
          r.created_at,
        );
      }
    });
    try {
      while (done < goods) {
        const n = Math.min(50_000, goods - done);
        batch(n);
        done += n;
        progress();
      }
    } finally {
      raw.close();
    }
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      while (done < goods) {
        const n = Math.min(5000, goods - done);
        const rows = Array.from({ length: n }, makeRow);
        const col = <K extends keyof GoodsRow>(k: K) => rows.map((r) => r[k]);
        await client.query(
          `insert into goods (${COLUMNS.join(', ')})
           select $1::int, c, n, s, cv, p, op, st, sa, 1, 0, nw, rc, ca, ca
           from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::text[])
             as t(c, n, s, cv, p, op, st, sa, nw, rc, ca)`,
          [
            companyId,
            col('category_id'),
            col('name'),
            col('subtitle'),
            col('cover'),
            col('price'),
            col('original_price'),
            col('stock'),
            col('sales'),
            col('is_new'),
            col('is_recommend'),
            col('created_at'),
          ],
        );
        done += n;
        progress();
      }
    } finally {
      await client.end();
    }
  }
  const goodsMs = performance.now() - t1;
  const range = await handle.db
    .selectFrom('goods')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const counts = [...sizes.values()].sort((a, b) => a - b);
  return {
    categories,
    tops,
    keywordsByTop,
    minId: Number(range?.lo ?? 0),
    maxId: Number(range?.hi ?? 0),
    maxPrice,
    leafSizes: {
      smallest: counts[0] ?? 0,
      median: counts[Math.floor(counts.length / 2)] ?? 0,
      largest: counts.at(-1) ?? 0,
    },
    categoriesMs,
    goodsMs,
    rowsPerSecond: Math.round(goods / (goodsMs / 1000)),
  };
}

/**
 * A settled database before the server starts: PostgreSQL's autovacuum would have analysed a table
 * this size within a minute of the load, so it is done here rather than during the measurement;
 * SQLite's write-ahead log is folded back into the file.
 */
export async function settleDatabase(dialect: 'sqlite' | 'pg', url: string) {
  if (dialect === 'pg') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
  } else {
    const raw = new SQLite(url);
    try {
      raw.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      raw.close();
    }
  }
}

/** How many goods hold each keyword in name or subtitle (case-insensitive), to show the match counts are realistic. */
export async function keywordCounts(handle: DatabaseHandle, companyId: number, words: string[]) {
  const out: Record<string, number> = {};
  for (const w of words) {
    const like = `%${w.toLowerCase()}%`;
    const r = await handle.db
      .selectFrom('goods')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['subtitle']), 'like', like)]),
      )
      .executeTakeFirst();
    out[w] = Number(r?.n ?? 0);
  }
  return out;
}

/** A few names spread over the goods, to show what was seeded. */
export async function sampleNames(handle: DatabaseHandle, seededGoods: SeedResult, n: number) {
  const { minId, maxId } = seededGoods;
  const ids = Array.from({ length: n }, (_, i) => minId + Math.floor((i * (maxId - minId)) / n));
  const rows = await handle.db.selectFrom('goods').select('name').where('id', 'in', ids).execute();
  return rows.map((r) => r.name);
}

/** The highest price of the company's goods. */
export async function maxPriceOf(handle: DatabaseHandle, companyId: number) {
  const r = await handle.db
    .selectFrom('goods')
    .select((eb) => eb.fn.max('price').as('p'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.p ?? 0);
}
