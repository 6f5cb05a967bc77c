import type { UserPermission } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { areaIndexTarget, canAccess, findScreen, screensOf, visibleMenu, workAreas } from './access.ts';
import { AREAS } from './table.ts';

const crm = AREAS.find((a) => a.area === 'crm');
const manager = AREAS.find((a) => a.area === 'manager');
if (!crm || !manager) throw new Error('route table lost an area');

const viewer: UserPermission = { goods: [{ codename: 'view_goods_category', name: '查看商品分类' }] };
const nobody: UserPermission = {};

describe('areaIndexTarget', () => {
  const bare = { ...crm, children: crm.children.filter((e) => e.kind === 'group' || !e.home) };
  it('goes to the first permitted screen when the spec first screen is not there', () => {
    expect(areaIndexTarget(bare, viewer)).toBe('/crm/goods_category');
  });
  it('falls back to personal-info when nothing else is allowed', () => {
    expect(areaIndexTarget(bare, nobody)).toBe('/crm/personal-info');
  });
  it('opens 管理中心 on 流程管理 (spec §2), for whoever may see it', () => {
    const flows: UserPermission = { training: [{ codename: 'view_flow', name: '查看流程' }] };
    expect(areaIndexTarget(manager, flows)).toBe('/manager/workflow');
    // No permission object loaded: every action allowed (spec 001 §6).
    expect(areaIndexTarget(manager, null)).toBe('/manager/workflow');
    expect(areaIndexTarget(manager, viewer)).not.toBe('/manager/workflow');
  });
});

describe('area homes', () => {
  // Spec §2: each area index redirects to this screen; until it is built, the area home is there.
  const FIRST_SCREENS = {
    crm: 'goods_manager',
    car: 'car_auto_parts',
    tool: 'double_color_ball',
    business: 'prepare',
    student: 'business-watch',
    instructor: 'business-guide',
    manager: 'workflow',
  } as const;

  // An area whose first screen is built keeps its home at a path of its own.
  const HOMES: Record<string, string> = {
    crm: 'home',
    student: 'home',
    instructor: 'home',
    business: 'overview',
  };
  // Areas whose first screen is built and that need no home of their own.
  const NO_HOME = new Set(['manager']);

  it.each(Object.entries(FIRST_SCREENS).filter(([key]) => !(key in HOMES) && !NO_HOME.has(key)))(
    '/%s/%s is the area home, and the index goes there',
    (key, first) => {
      const a = AREAS.find((x) => x.area === key);
      if (!a) throw new Error(`no area ${key}`);
      expect(a.firstScreen).toBe(first);
      const home = findScreen(AREAS, `/${key}/${first}`);
      expect(home?.home?.purpose).toMatch(/。$/);
      expect(home?.title).toBe(`${a.title}首页`);
      expect(home?.access).toBeUndefined();
      expect(areaIndexTarget(a, nobody)).toBe(`/${key}/${first}`);
      // First in the side menu, for everyone.
      expect(visibleMenu(a.children, nobody)[0]).toBe(home);
    },
  );

  it.each([
    ['student', '业务观摩', '学生中心首页'],
    ['instructor', '业务指导', '指导中心首页'],
  ])('/%s opens on its first screen (%s), its home at /%s/home', (key, first, homeTitle) => {
    const a = AREAS.find((x) => x.area === key);
    if (!a) throw new Error(`no area ${key}`);
    expect(findScreen(AREAS, `/${key}/${a.firstScreen}`)?.title).toBe(first);
    expect(findScreen(AREAS, `/${key}/home`)?.title).toBe(homeTitle);
    expect(areaIndexTarget(a, nobody)).toBe(`/${key}/${a.firstScreen}`);
  });

  it('/crm opens on the goods library for whoever may see goods, else on its home at /crm/home', () => {
    const crm = AREAS.find((x) => x.area === 'crm');
    if (!crm) throw new Error('no crm area');
    expect(crm.firstScreen).toBe('goods_manager');
    const home = findScreen(AREAS, '/crm/home');
    expect(home?.home?.purpose).toMatch(/。$/);
    expect(home?.title).toBe('商城管理首页');
    expect(findScreen(AREAS, '/crm/goods_manager')?.title).toBe('商品库');
    const keeper = { goods: [{ codename: 'view_goods', name: '查看商品' }] };
    expect(areaIndexTarget(crm, keeper)).toBe('/crm/goods_manager');
    expect(areaIndexTarget(crm, nobody)).toBe('/crm/home');
    expect(visibleMenu(crm.children, nobody)[0]).toBe(home);
  });

  it('/business opens on 业务准备 for whoever may see projects, else on its home at /business/overview', () => {
    const business = AREAS.find((x) => x.area === 'business');
    if (!business) throw new Error('no business area');
    expect(findScreen(AREAS, '/business/prepare')?.title).toBe('业务准备');
    expect(findScreen(AREAS, '/business/overview')?.title).toBe('业务中心首页');
    expect(findScreen(AREAS, '/business/home')?.title).toBe('管理首页');
    const agent = { training: [{ codename: 'view_project', name: '查看实训项目' }] };
    expect(areaIndexTarget(business, agent)).toBe('/business/prepare');
    expect(areaIndexTarget(business, nobody)).toBe('/business/overview');
  });

  it('an area home does not make an area one the user may switch to', () => {
    expect(workAreas(AREAS, nobody, 'car').map((a) => a.path)).toEqual(['/car']);
  });

  it('no area routes two screens at one path', () => {
    for (const a of AREAS) {
      const paths = screensOf(a.children).map((s) => s.path);
      expect(new Set(paths).size, a.path).toBe(paths.length);
    }
  });
});

describe('visibleMenu', () => {
  const titles = (perm: UserPermission | null) =>
    visibleMenu(crm.children, perm).map((e) =>
      e.kind === 'group' ? e.children.map((c) => c.title) : e.title,
    );

  it('hides a screen the user lacks, and its emptied group', () => {
    expect(titles(nobody)).toEqual(['商城管理首页', ['个人信息', '修改密码', '切换角色', '我的消息']]);
  });
  it('shows it with the view permission', () => {
    expect(titles(viewer)).toEqual([
      '商城管理首页',
      ['商品分类'],
      ['个人信息', '修改密码', '切换角色', '我的消息'],
    ]);
  });
});

describe('canAccess and findScreen', () => {
  it('checks the codename of a screen', () => {
    const screen = findScreen(AREAS, '/crm/goods_category');
    expect(screen?.title).toBe('商品分类');
    expect(canAccess(screen?.access, viewer)).toBe(true);
    expect(canAccess(screen?.access, nobody)).toBe(false);
    expect(canAccess(undefined, nobody)).toBe(true);
  });
  it('finds the shared screens under every area', () => {
    for (const a of AREAS) expect(findScreen(AREAS, `${a.path}/personal-info`)?.title).toBe('个人信息');
  });
  it('puts 管理首页 at home in every area but 商城管理, whose own home holds that path', () => {
    expect(findScreen(AREAS, '/manager/home')?.title).toBe('管理首页');
    expect(findScreen(AREAS, '/business/home')?.title).toBe('管理首页');
    expect(findScreen(AREAS, '/crm/home')?.home).toBeDefined();
    expect(findScreen(AREAS, '/manager/workflow')?.title).toBe('流程管理');
    expect(screensOf(crm.children).filter((s) => s.path === 'home')).toHaveLength(1);
  });
  it('finds a screen the specification routes outside its area, in its area', () => {
    const draw = findScreen(AREAS, '/workflow/draw/12');
    expect(draw?.title).toBe('绘制流程图');
    expect(draw?.linkOnly).toBe(true);
    expect(findScreen(AREAS, '/manager/workflow/draw/12')).toBeUndefined();
    expect(findScreen(AREAS, '/workflow/draw')).toBeUndefined();
  });
});

describe('workAreas', () => {
  const paths = (perm: UserPermission | null, own: string) => workAreas(AREAS, perm, own).map((a) => a.path);
  const outbox: UserPermission = { message: [{ codename: 'view_sms_outbox', name: '查看短信发件箱' }] };

  it('offers every area whose own screens the permissions open, and the role’s area', () => {
    expect(paths(outbox, 'manager')).toEqual(['/crm', '/manager']);
    expect(paths(viewer, 'manager')).toEqual(['/crm', '/manager']);
  });
  it('does not count the shared screens every area carries (单位管理)', () => {
    const admin: UserPermission = { organization: [{ codename: 'view_department', name: '查看部门和职务' }] };
    expect(paths(admin, 'manager')).toEqual(['/manager']);
  });
  it('offers only the role’s area when nothing else opens, or before the permissions arrive', () => {
    expect(paths(nobody, 'student')).toEqual(['/student']);
    expect(paths(null, 'crm')).toEqual(['/crm']);
  });
});
