import { DEFAULT_ROLE_PERMISSIONS, landingArea, permissionsByModule } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { areaIndexTarget, screensOf, visibleMenu } from './access.ts';
import { AREAS } from './table.ts';

/**
 * Where each role's login lands and what 商城管理 offers each shop role, for every seeded role, from
 * the same rules the browser follows (the role's area, its seeded permissions, the route table).
 * The browser journeys (e2e/tests/login.spec.ts, area-home.spec.ts) walk one role of each kind.
 * A role's permissions are grouped as `/account/permission` answers them.
 */
const permissionsOf = (role: number) => permissionsByModule(new Set(DEFAULT_ROLE_PERMISSIONS[role] ?? []));

function areaOf(role: number) {
  const area = AREAS.find((a) => a.area === landingArea(role));
  if (!area) throw new Error(`no area for role ${role}`);
  return area;
}

/** The demo accounts' roles (apps/server/src/seed/demo-accounts.ts) and where their login lands. */
const LANDINGS: [role: number, path: string][] = [
  [1, '/manager/workflow'],
  [2, '/manager/workflow'],
  [3, '/manager/workflow'],
  [4, '/instructor/business-guide'],
  [5, '/business/prepare'],
  [6, '/manager/workflow'],
  [7, '/manager/workflow'],
  [8, '/manager/workflow'],
  [9, '/student/business-watch'],
  [10, '/car/car_auto_parts'],
  [11, '/tool/double_color_ball'],
  // Whoever keeps or reads goods opens on the goods library, finance on the orders (its own
  // screen, roles.ts landingScreen); customer service on the area home.
  [12, '/crm/goods_manager'],
  [13, '/crm/goods_manager'],
  [14, '/crm/goods_manager'],
  [18, '/crm/order_manager'],
  [20, '/crm/goods_manager'],
  [21, '/crm/home'],
];

describe('the login of each role lands on', () => {
  it.each(LANDINGS)('role %i → %s', (role, path) => {
    expect(areaIndexTarget(areaOf(role), permissionsOf(role), role)).toBe(path);
  });
});

/**
 * What each shop role's permissions must open and must not (DEFAULT_ROLE_PERMISSIONS and the role
 * table in docs/permissions.md); the 商城管理 home offers exactly the side menu's screens.
 */
const CRM_SCREENS: Record<number, { opens: string[]; not: string[] }> = {
  12: {
    opens: [
      '商品库',
      '新增商品',
      '商品分类',
      '品牌管理',
      '文件管理',
      '订单列表',
      '收款账户',
      '供应商管理',
      '留言审核',
    ],
    not: [],
  },
  13: {
    opens: ['商品库', '新增商品', '商品分类', '文件管理', '订单列表'],
    not: ['收款账户', '留言审核'],
  },
  14: { opens: ['商品库', '商品分类', '供应商管理'], not: ['新增商品', '订单列表'] },
  18: { opens: ['商品库', '订单列表', '收款账户'], not: ['新增商品', '商品分类'] },
  20: { opens: ['商品库', '商品分类', '订单列表'], not: ['新增商品', '收款账户'] },
  21: { opens: ['订单列表', '留言审核', '在线咨询'], not: ['商品库', '新增商品', '收款账户'] },
};

describe('the 商城管理 menu (and its home) offers each shop role', () => {
  it.each(Object.entries(CRM_SCREENS))('role %s its screens and no others', (role, { opens, not }) => {
    const crm = areaOf(Number(role));
    expect(crm.area).toBe('crm');
    const titles = screensOf(visibleMenu(crm.children, permissionsOf(Number(role)))).map((s) => s.title);
    for (const title of opens) expect(titles, `may open ${title}`).toContain(title);
    for (const title of not) expect(titles, `may not open ${title}`).not.toContain(title);
    // Every role may see its own data.
    expect(titles).toContain('个人信息');
  });
});
