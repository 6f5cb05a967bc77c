import { expect } from '@playwright/test';
import {
  chooseUserMenu,
  cookieNamed,
  expectAccessible,
  localToken,
  login,
  loginForm,
  signIn,
  test,
  userMenu,
} from './helpers.ts';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
/** The clock's text: HH:mm:ss, the weekday and YYYY年MM月DD日 (three spans, no separator). */
const CLOCK = /^(\d{2}):(\d{2}):(\d{2})(星期[一二三四五六日])(\d{4})年(\d{2})月(\d{2})日$/;
/** The browser runs in Asia/Shanghai (playwright.config.ts), which has no daylight saving. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

test.describe('logout', () => {
  test('asks 是否要退出系统?, cancel keeps the session, confirm ends it', async ({ page, context }) => {
    await login(page, 'shop');
    await expect(page).toHaveURL(/\/crm\/goods_manager$/);
    const token = await localToken(page);
    expect(token).toBeTruthy();
    expect(await cookieNamed(context, 'sessionid')).toMatchObject({ httpOnly: true });

    await chooseUserMenu(page, '退出登录');
    const prompt = page.getByRole('dialog', { name: '是否要退出系统?', exact: true });
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveAccessibleName('是否要退出系统?');
    // antd also keeps a hidden copy of the title for screen readers; the visible one is exact.
    await expect(
      prompt.getByText('是否要退出系统?', { exact: true }).filter({ visible: true }),
    ).toBeVisible();

    await prompt.getByRole('button', { name: '取消' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/crm\/goods_manager$/);
    await expect(userMenu(page)).toContainText('商城管理员');
    expect(await cookieNamed(context, 'userInfo')).toBeDefined();
    expect(await localToken(page)).toBe(token);

    await chooseUserMenu(page, '退出登录');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: '确定' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page)).toBeVisible();
    expect(await cookieNamed(context, 'userInfo')).toBeUndefined();
    expect(await cookieNamed(context, 'sessionid')).toBeUndefined();
    expect(await localToken(page)).toBeNull();

    // The old token no longer opens a session on the server.
    const after = await page.request.get('/api/account/info', {
      headers: { Authorization: `Token ${token}` },
    });
    expect((await after.json()) as { c: number }).toMatchObject({ c: 10003 });

    await page.goto('/crm/goods_category');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcrm%2Fgoods_category$/);
    await expect(loginForm(page)).toBeVisible();
  });
});

test.describe('top bar', () => {
  test('the clock shows time, weekday and date, and ticks', async ({ page }) => {
    await signIn(page, 'student', '/student');
    const clock = page.getByTestId('clock');
    await expect(clock).toHaveText(CLOCK);

    const first = (await clock.textContent()) ?? '';
    const [, hh, mm, ss, weekday, y, mo, d] = CLOCK.exec(first) ?? [];
    const shown = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mm), Number(ss));
    // The weekday belongs to the date shown.
    expect(weekday).toBe(WEEKDAYS[new Date(shown).getUTCDay()]);
    // And the clock tells the real time (Asia/Shanghai), to the second it was read.
    expect(Math.abs(shown - SHANGHAI_OFFSET_MS - Date.now())).toBeLessThan(5_000);

    // It refreshes on its own: the text changes within a couple of seconds.
    await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(first);
    await expect(clock).toHaveText(CLOCK);
  });

  test('the login time is shown', async ({ page }) => {
    const before = Date.now();
    await signIn(page, 'student', '/student');
    const loginTime = page.getByRole('banner').getByText(/^登录时间：/);
    await expect(loginTime).toHaveText(/^登录时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const [, y, mo, d, hh, mm, ss] =
      /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec((await loginTime.textContent()) ?? '') ?? [];
    const shown =
      Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mm), Number(ss)) - SHANGHAI_OFFSET_MS;
    // Shown in local time, whole seconds: between the start of this test and now.
    expect(shown).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(shown).toBeLessThanOrEqual(Date.now());
  });

  test('the company address and the shop phone of the user’s company are shown', async ({ page }) => {
    await signIn(page, 'qf_shop', '/crm/home');
    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('company-address')).toHaveText(/浙江省杭州市西湖区文三路2号/);
    await expect(banner.getByTestId('shop-phone')).toHaveText(/0571-88880126/);
  });

  test('the super administrator switches from 管理中心 to 商城管理 in the top bar', async ({ page }) => {
    await login(page, 'admin');
    await expect(page).toHaveURL(/\/manager\//);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: '管理中心：切换工作区域' }).click();
    await expect(page.getByRole('menuitem', { name: '商城管理' })).toBeVisible();
    await expectAccessible(page, '切换工作区域 menu');
    await page.getByRole('menuitem', { name: '商城管理' }).click();
    await expect(page).toHaveURL(/\/crm\/goods_manager$/);
    await expect(banner.getByRole('button', { name: '商城管理：切换工作区域' })).toBeVisible();
    // 商城管理 opens on its goods library.
    await expect(page.getByRole('main').getByText('商品库').first()).toBeVisible({ timeout: 30_000 });
  });

  test('a user of one area sees its name only', async ({ page }) => {
    await signIn(page, 'instructor', '/instructor');
    await expect(page.getByRole('banner').getByText('指导中心', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /切换工作区域/ })).toHaveCount(0);
  });

  test('the user menu opens personal info', async ({ page }) => {
    await signIn(page, 'instructor', '/instructor');
    await chooseUserMenu(page, '个人信息');

    await expect(page).toHaveURL(/\/instructor\/personal-info$/);
    const content = page.getByRole('main');
    await expect(content.getByText('王老师', { exact: true })).toBeVisible();
    await expect(content.getByText('instructor', { exact: true })).toBeVisible();
  });
});

test.describe('change password', () => {
  test('a wrong old password is refused next to the field', async ({ page, context }) => {
    await signIn(page, 'service', '/crm/home');
    await chooseUserMenu(page, '修改密码');

    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    const oldPassword = dialog.getByLabel('原密码', { exact: true });
    await oldPassword.fill('not-the-old-password-1');
    await dialog.getByLabel('新密码', { exact: true }).fill('NewPassw0rd');
    await dialog.getByLabel('确认新密码', { exact: true }).fill('NewPassw0rd');
    await dialog.getByRole('button', { name: '确定' }).click();

    await expect(oldPassword).toHaveAccessibleDescription('原密码不正确');
    await expect(oldPassword).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    // Still logged in with the same session.
    await expect(userMenu(page)).toContainText('客服人员');
    expect(await cookieNamed(context, 'userInfo')).toBeDefined();
  });

  test('the form checks the new password before asking the server', async ({ page }) => {
    await signIn(page, 'service', '/crm/home');
    await chooseUserMenu(page, '修改密码');

    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('原密码', { exact: true }).fill('demo123456');
    await dialog.getByLabel('新密码', { exact: true }).fill('NewPassw0rd');
    await dialog.getByLabel('确认新密码', { exact: true }).fill('OtherPassw0rd');
    await dialog.getByRole('button', { name: '确定' }).click();

    await expect(dialog.getByLabel('确认新密码', { exact: true })).toHaveAccessibleDescription(
      '两次输入的新密码不一致',
    );
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('on a phone the side menu starts folded to its icons and opens on demand', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'shop', '/crm/home');
  const sider = page.getByRole('complementary', { name: '侧边栏' });
  await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
  expect((await sider.boundingBox())?.width).toBeLessThanOrEqual(64);
  // Folded, no group's flyout is open until pointed at.
  await expect(page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')).toHaveCount(0);
  // The top bar keeps the area's name, the time and the user menu on one line, within the screen.
  const header = page.getByRole('banner');
  await expect(header.getByText('商城管理', { exact: true })).toBeVisible();
  await expect(userMenu(page)).toBeInViewport({ ratio: 1 });
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole('button', { name: '展开侧边栏' }).click();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(220);
  // A desktop window gets the open menu from the start.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('button', { name: '收起侧边栏' })).toBeVisible();
});
