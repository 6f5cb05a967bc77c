import { expect } from '@playwright/test';
import { expectAccessible, newMobile, test } from './helpers.ts';
import { expectFocusOn, tabTo } from './keyboard.ts';

/**
 * The accessibility check (a11y.ts) scans every page a journey visits. These are the public pages
 * no other journey opens; visiting them puts them through the same scan at both widths.
 */
test('the public pages no other journey opens pass the accessibility check', async ({ page }) => {
  for (const [path, heading] of [
    ['/home', /.+/],
    ['/shop', /用户登录/],
    ['/loginIndex', /用户登录/],
    ['/forgotPassword', /找回密码/],
    ['/goodsService', /商品服务/],
    ['/product', /全部商品/],
    ['/404', /页面不存在/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(heading).first(), path).toBeVisible();
  }
});

test('the check refuses a page whose requests it does not count, rather than scan it unsettled', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<main><h1>未计数的页面</h1></main>');
  await expect(expectAccessible(page, 'an untracked page')).rejects.toThrow('its requests are not counted');
  await context.close();
});

test('获取验证码 sends the code and moves focus to the code field (the button disables itself)', async ({
  page,
}) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: '注册会员' });
  await form.getByLabel('手机号').fill(newMobile());
  const send = form.getByRole('button', { name: '获取验证码' });
  await tabTo(page, send, { max: 6 });
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  await expectFocusOn(form.getByLabel('验证码', { exact: true }), 'the 验证码 field');
});

test('registration names its 用户协议 and 隐私政策: each opens in a dialog and focus comes back to its link', async ({
  page,
}) => {
  await page.goto('/register');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('form', { name: '注册会员' });
  for (const [link, heading] of [
    ['《用户协议》', '三、购买与付款'],
    ['《隐私政策》', '一、我们收集的信息'],
  ] as const) {
    await form.getByRole('button', { name: link }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(link.slice(1, -1)) });
    await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    await expect(dialog).toContainText('启航企业服务有限公司');
    await expectAccessible(page, `${link} dialog`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(form.getByRole('button', { name: link }), `the ${link} link`);
  }
});
