import { randomBytes } from 'node:crypto';
import { DEFAULT_COMPANY_ID, type ProjectCategory } from '@portal/contract';
import { hashPassword } from '../modules/account/index.ts';
import type { PlatformDatabase } from '../platform/db/database.ts';
import { nowIso } from '../platform/time.ts';
import { createUser } from './seed.ts';

const day = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * day).toISOString();

/** Releases per platform, oldest first; no package is put up for them (/app offers no download). */
const RELEASES: {
  platform: 'android' | 'ios';
  version: string;
  build: number;
  force: number;
  ago: number;
  notes: string;
}[] = [
  {
    platform: 'android',
    version: '2.2.0',
    build: 220,
    force: 1,
    ago: 90,
    notes: '全新登录方式，支持短信验证码登录\n修复部分机型推送收不到的问题',
  },
  {
    platform: 'android',
    version: '2.3.0',
    build: 230,
    force: 0,
    ago: 30,
    notes: '商城支持优惠券领取与使用\n订单详情可查看物流进度',
  },
  {
    platform: 'android',
    version: '2.3.1',
    build: 231,
    force: 0,
    ago: 7,
    notes: '新增扫码注册，推荐好友更方便\n实训项目支持按分类查找\n优化首页加载速度，修复已知问题',
  },
  {
    platform: 'ios',
    version: '2.2.0',
    build: 220,
    force: 1,
    ago: 88,
    notes: '全新登录方式，支持短信验证码登录\n适配最新系统的深色模式',
  },
  {
    platform: 'ios',
    version: '2.3.0',
    build: 230,
    force: 0,
    ago: 10,
    notes: '商城支持优惠券领取与使用\n新增扫码注册，推荐好友更方便\n修复个别情况下闪退的问题',
  },
];

/** People of the demo company that /searchPerson finds (directory entries; random passwords). */
const PEOPLE: { username: string; role: number; real_name: string; position: string; group: string }[] = [
  { username: 'demo_chensiyuan', role: 14, real_name: '陈思远', position: '采购主管', group: '采购部' },
  { username: 'demo_linxiaowen', role: 18, real_name: '林晓雯', position: '财务主管', group: '财务部' },
  { username: 'demo_zhouminxuan', role: 20, real_name: '周明轩', position: '销售经理', group: '销售部' },
  { username: 'demo_wuyutong', role: 21, real_name: '吴雨桐', position: '客服主管', group: '客户服务中心' },
  { username: 'demo_zhaowenbo', role: 4, real_name: '赵文博', position: '实训讲师', group: '实训教研室' },
  { username: 'demo_sunjingyi', role: 8, real_name: '孙静怡', position: '助理讲师', group: '实训教研室' },
];

/** Public training projects (and one internal one, which the public search must not show). */
const PROJECTS: {
  name: string;
  category: ProjectCategory;
  level: number;
  intro: string;
  purpose: string;
  public?: number;
}[] = [
  {
    name: '企业采购全流程模拟',
    category: 'purchase',
    level: 1,
    intro: '从请购、询价比价、下单到验收入库和付款，扮演请购人、采购员、仓管员与财务完成一次完整采购。',
    purpose: '掌握采购申请、询价比价与三单匹配的要点。',
  },
  {
    name: '销售订单处理实训',
    category: 'sales',
    level: 1,
    intro: '客户询价、报价审批、签订合同、发货开票、回款确认，体验销售订单在各部门之间的流转。',
    purpose: '理解订单评审与信用控制，熟悉发货与开票的衔接。',
  },
  {
    name: '费用报销审批流程',
    category: 'finance',
    level: 1,
    intro: '员工填写报销单并附票据，经部门负责人、财务审核和出纳付款，学习报销制度与审批权限。',
    purpose: '熟悉报销单据、审批层级与票据审核要点。',
  },
  {
    name: '公开招标与投标模拟',
    category: 'bidding',
    level: 3,
    intro: '招标人发布招标公告，投标人编制标书，开标、评标、定标与中标公示全过程角色扮演。',
    purpose: '掌握招投标法规定的程序、时限与评标方法。',
  },
  {
    name: '供应商准入与评估',
    category: 'purchase',
    level: 2,
    intro: '供应商提交资质，采购、质量与财务联合考察打分，形成合格供应商名录并定期复评。',
    purpose: '学会制定供应商评价指标并组织评审。',
  },
  {
    name: '员工招聘与入职办理',
    category: 'hr',
    level: 1,
    intro: '用人部门提出需求，人事发布职位、筛选简历、组织面试，发放录用通知并办理入职手续。',
    purpose: '了解招聘流程各环节的职责与单据。',
  },
  {
    name: '固定资产采购与验收',
    category: 'finance',
    level: 2,
    intro: '资产购置立项、预算审批、采购执行、到货验收与入账登记，体会资产管理的内部控制。',
    purpose: '理解资产从立项到入账的控制点。',
  },
  {
    name: '会议室预订与公文流转',
    category: 'admin',
    level: 1,
    intro: '行政部门受理会议室预订，起草会议通知，经领导签发后分发签收，完成一次办公协同。',
    purpose: '熟悉公文起草、签发与分发签收的规范。',
  },
  {
    name: '年度预算编制（内部试运行）',
    category: 'finance',
    level: 3,
    intro: '各部门编制预算草案，财务汇总平衡后报管理层审批。尚在内部试运行，未对外公开。',
    purpose: '内部试运行项目。',
    public: 0,
  },
];

/** Demo data of the finder pages: app releases, directory people and training projects. */
export async function seedDemoFinder(db: PlatformDatabase) {
  const now = nowIso();
  await db
    .insertInto('app_versions')
    .values(
      RELEASES.map((r) => ({
        company_id: DEFAULT_COMPANY_ID,
        platform: r.platform,
        version: r.version,
        build: r.build,
        notes: r.notes,
        // No package is put up in the demo: /app tells the releases and offers no download (issue 35).
        download_url: '',
        force_update: r.force,
        released_at: daysAgo(r.ago),
        status: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // Directory entries never log in: one hash of a random password nobody knows (one argon2 run).
  const locked = { hash: await hashPassword(randomBytes(16).toString('base64url')) };
  for (const p of PEOPLE) {
    await createUser(db, {
      companyId: DEFAULT_COMPANY_ID,
      username: p.username,
      password: locked,
      role: p.role,
      real_name: p.real_name,
      position: p.position,
      group: p.group,
    });
  }

  await db
    .insertInto('projects')
    .values(
      PROJECTS.map((p, i) => ({
        company_id: DEFAULT_COMPANY_ID,
        flow_id: null,
        name: p.name,
        intro: p.intro,
        purpose: p.purpose,
        requirement: '',
        category: p.category,
        level: p.level,
        cover: `/demo/finder/${p.category}.svg`,
        is_public: p.public ?? 1,
        status: 1,
        del_flag: 0,
        created_by: null,
        created_at: daysAgo(60 - i * 5),
        updated_at: daysAgo(60 - i * 5),
      })),
    )
    .execute();
}
