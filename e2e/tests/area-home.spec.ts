import { expect, type Page } from '@playwright/test';
import {
  AREA_TITLES,
  type Area,
  DEMO_ACCOUNTS,
  expectNoSidewaysScroll,
  login,
  loginForm,
  sideMenu,
  signIn,
  submitLogin,
  test,
  userMenu,
} from './helpers.ts';

/**
 * Issue 11: every area opens on a home that says what the area is for and what the user can do
 * now. Until an area's first screen of spec §2 is built, its home stands there; 商城管理's first
 * screen (the goods library at /crm/goods_manager) is built, so its home has a path of its own
 * (/crm/home) and a role that keeps no goods (客服) lands there; so are 学生中心's, 指导中心's and
 * 业务中心's (业务准备, its home at /business/overview). 管理中心's first screen (流程管理, issue 36) is
 * built and every role of the area may open it: it opens there, with no home of its own.
 */
/** The areas with a home (管理中心 opens on its first screen). */
type Homed = Exclude<Area, 'manager'>;

const FIRST_SCREENS: Record<Homed, string> = {
  crm: 'goods_manager',
  car: 'car_auto_parts',
  tool: 'double_color_ball',
  business: 'prepare',
  student: 'business-watch',
  instructor: 'business-guide',
};

/** Where each area's home stands: its first screen, unless that screen is built. */
const HOMES: Record<Homed, string> = {
  ...FIRST_SCREENS,
  crm: 'home',
  student: 'home',
  instructor: 'home',
  business: 'overview',
};

/** Roles whose area opens on a built first screen rather than on the home: what that screen shows. */
const LANDS_ON_SCREEN = new Map([
  ...['shop', 'warehouse', 'purchaser', 'finance', 'sales', 'qf_shop'].map((u) => [u, '商品库'] as const),
  ['instructor', '业务指导'],
  ['business', '业务准备'],
]);

const main = (page: Page) => page.getByRole('main');
const nowSection = (page: Page) => main(page).getByRole('region', { name: '现在可以做的事' });

/** The area home of `area` is on screen: its name, what it is for, what can be done now. */
async function expectAreaHome(page: Page, area: Homed, { menu = true } = {}) {
  const title = AREA_TITLES[area];
  await expect(page).toHaveURL(new RegExp(`/${area}/${HOMES[area]}$`));
  await expect(main(page).getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  // Plainly: the area's own screens are not there yet — except 商城管理's, which are all built.
  if (area === 'crm') await expect(main(page)).not.toContainText('正在建设中');
  else await expect(main(page)).toContainText(new RegExp(`${title}的(其他)?功能正在建设中`));
  await expect(nowSection(page).getByRole('link', { name: /^个人信息/ })).toBeVisible();
  await expect(nowSection(page).getByRole('link', { name: /^修改密码/ })).toBeVisible();
  // A back-office title names the user's company between the page and the product.
  await expect(page).toHaveTitle(new RegExp(`^${title}首页 - \\S+ - 企业门户$`));
  await expect(page.getByText('页面不存在')).toHaveCount(0);
  if (!menu) return;
  // The side menu names the home, and it is the selected entry.
  const entry = sideMenu(page).getByRole('menuitem', { name: `${title}首页` });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveClass(/ant-menu-item-selected/);
  // A real link (middle-click or ctrl-click opens it in a new tab).
  await expect(entry.getByRole('link')).toHaveAttribute('href', `/${area}/${HOMES[area]}`);
}

/** Opens /login and waits until the server-rendered page is running before typing. */
async function openLogin(page: Page) {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
}

/**
 * One login of each kind (an area of its own, the goods library, 客服's home, another company): the
 * landing of every seeded role follows from the same rules and is tested without a browser
 * (apps/web/src/app/routes/roleLanding.test.ts); the 管理中心 administrator, the car user and the
 * student land in the journeys below.
 */
const LANDING_ACCOUNTS = ['instructor', 'business', 'tool', 'service', 'qf_shop'];

test.describe('login lands each role in its area, on its home', () => {
  for (const who of DEMO_ACCOUNTS.filter((a) => LANDING_ACCOUNTS.includes(a.username))) {
    test(`${who.username} (role ${who.role}) → /${who.area}/${LANDS_ON_SCREEN.has(who.username) ? FIRST_SCREENS[who.area as Homed] : HOMES[who.area as Homed]}`, async ({
      page,
    }) => {
      await openLogin(page);
      await login(page, who.username);
      // The top bar names the area and the user's company.
      const topBar = page.getByRole('banner');
      await expect(topBar).toContainText(AREA_TITLES[who.area]);
      await expect(topBar).toContainText(who.company);
      const screen = LANDS_ON_SCREEN.get(who.username);
      if (screen) {
        await expect(page).toHaveURL(new RegExp(`/${who.area}/${FIRST_SCREENS[who.area as Homed]}$`));
        // The first screen (lazily loaded: a loaded machine may take a while).
        await expect(main(page).getByText(screen).first()).toBeVisible({ timeout: 30_000 });
        await sideMenu(page)
          .getByRole('menuitem', { name: `${AREA_TITLES[who.area]}首页` })
          .click();
      }
      await expectAreaHome(page, who.area as Homed);
      await expect(page).toHaveTitle(`${AREA_TITLES[who.area]}首页 - ${who.company} - 企业门户`);
      await expect(main(page)).toContainText(`您好，${who.realName}`);
    });
  }
});

test('/car/car_auto_parts shows the car area home, and its links lead on and back', async ({ page }) => {
  await page.goto('/car/car_auto_parts');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcar%2Fcar_auto_parts$/);
  await page.waitForLoadState('networkidle');
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, 'car');
  await expect(userMenu(page)).toContainText('车贸专员');
  await expectAreaHome(page, 'car');
  await expect(main(page)).toContainText('汽车配件');
  // A car user works in one area: nothing to switch to.
  await expect(main(page).getByRole('region', { name: '切换工作区域' })).toHaveCount(0);

  await nowSection(page)
    .getByRole('link', { name: /^个人信息/ })
    .click();
  await expect(page).toHaveURL(/\/car\/personal-info$/);
  await expect(main(page).getByText('车贸专员', { exact: true })).toBeVisible();

  await sideMenu(page).getByRole('menuitem', { name: '车贸管理首页' }).click();
  await expectAreaHome(page, 'car');

  // The area index opens the home too.
  await page.goto('/car');
  await expectAreaHome(page, 'car');
});

test('the super administrator lands on 流程管理 and reaches 商城管理’s home from the top bar', async ({
  page,
}) => {
  await openLogin(page);
  await login(page, 'admin');
  await expect(page).toHaveURL(/\/manager\/workflow$/);
  await expect(main(page).getByRole('table', { name: '流程列表' })).toBeVisible();
  await expect(page).toHaveTitle(/^流程管理 - \S+ - 企业门户$/);
  // The area index opens it too.
  await page.goto('/manager');
  await expect(page).toHaveURL(/\/manager\/workflow$/);

  await page.getByRole('banner').getByRole('button', { name: '管理中心：切换工作区域' }).click();
  await page.getByRole('menuitem', { name: /商城管理/ }).click();
  // 商城管理 opens on its goods library; its home is one click away.
  await expect(page).toHaveURL(/\/crm\/goods_manager$/);
  await sideMenu(page).getByRole('menuitem', { name: '商城管理首页' }).click();
  await expectAreaHome(page, 'crm');
  await expect(nowSection(page).getByRole('link', { name: /^商品分类/ })).toBeVisible();
});

/**
 * The 商城管理 home in the browser, for the administrator (every screen, the day's figures) and the
 * purchaser (no figures); the home offers exactly the side menu's screens. What every shop role's
 * permissions open and must not is tested without a browser (roleLanding.test.ts).
 */
const CRM_SCREENS: Record<string, { opens: string[]; not: string[] }> = {
  shop: {
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
  purchaser: { opens: ['商品库', '商品分类', '供应商管理'], not: ['新增商品', '订单列表'] },
};

test.describe('the 商城管理 home offers each shop role the screens it may open', () => {
  for (const [username, { opens, not }] of Object.entries(CRM_SCREENS)) {
    test(`${username}: ${opens.join('、')}`, async ({ page }) => {
      await signIn(page, username, '/crm/home');
      await expectAreaHome(page, 'crm');
      await expect(main(page)).toContainText('左侧菜单和本页列出您可以使用的功能。');
      // Whoever handles orders sees today's figures and the last 14 days; the purchaser does not.
      const figures = main(page).getByRole('region', { name: '今日经营' });
      if (username === 'purchaser') await expect(figures).toHaveCount(0);
      else {
        await expect(figures.getByText('今日订单')).toBeVisible();
        await expect(figures.getByRole('table', { name: '近14天销售额' })).toBeAttached();
      }
      const links = nowSection(page).getByRole('link');
      await expect(links.first()).toBeVisible();
      const offered = (await links.allInnerTexts()).map((t) => t.split('\n')[0]?.trim() ?? '');
      for (const title of opens) expect(offered, `${username} may open ${title}`).toContain(title);
      for (const title of not) expect(offered, `${username} may not open ${title}`).not.toContain(title);
      // The home offers what the side menu offers (its screens, then the personal ones).
      const menu = sideMenu(page);
      for (const title of offered)
        await expect(
          // A menu item's name is its icon's name, then its title.
          menu
            .getByRole('menuitem', {
              name: new RegExp(`(^| )${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
            })
            .first(),
        ).toBeAttached();
      // The first leads on; the side menu's home leads back.
      await links.first().click();
      await expect(page).not.toHaveURL(/\/crm\/home$/);
      await expect(page.getByText('页面不存在')).toHaveCount(0);
      await sideMenu(page).getByRole('menuitem', { name: '商城管理首页' }).click();
      await expectAreaHome(page, 'crm');
    });
  }
});

test('on a phone the area home fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'student', '/student/home');
  // The side menu starts folded to its icons here (shell.spec.ts).
  await expectAreaHome(page, 'student', { menu: false });
  await expect(main(page)).toContainText('投票表决');
  for (const link of await nowSection(page).getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  await expectNoSidewaysScroll(page);
});
