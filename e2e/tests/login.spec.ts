import { expect } from '@playwright/test';
import { DEMO_PASSWORD, loginForm, submitLogin, test, toast } from './helpers.ts';

// Where each role's login lands: area-home.spec.ts (one login of each kind, with the top bar's area
// and company) and, for every seeded role, apps/web/src/app/routes/roleLanding.test.ts.

test.describe('login form', () => {
  test('what is typed before the app starts is kept (the page comes rendered from the server)', async ({
    browser,
  }) => {
    // A context of its own: its goto does not wait for the app, and the app's entry comes late.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-ready]')).toHaveCount(0);
    await page.getByLabel('用户名').fill('shop');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await expect(page.locator('html[data-ready]')).toHaveCount(1, { timeout: 15_000 });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/crm\//);
    await context.close();
  });

  test('empty fields show the Chinese messages next to them', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.getByRole('button', { name: '登录', exact: true }).click();

    await expect(form.getByLabel('用户名', { exact: true })).toHaveAccessibleDescription('请输入用户名');
    await expect(form.getByLabel('密码', { exact: true })).toHaveAccessibleDescription('请输入密码');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong credentials are refused and the user stays on /login', async ({ page }) => {
    // An account that does not exist: no demo account's failure counter is touched.
    await submitLogin(page, 'e2e_nobody', 'not-the-password-1');

    // The server message is toasted (spec §7) and also kept above the form until the next edit.
    await expect(toast(page, '用户名或密码错误')).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('alert')).toHaveText('用户名或密码错误');
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginForm(page)).toBeVisible();
  });
});
