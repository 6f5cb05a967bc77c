import { expect } from '@playwright/test';
import { cookieNamed, localToken, loginForm, signIn, submitLogin, test, toast } from './helpers.ts';

test('a session ended on the server sends the user to login (10003)', async ({ page, context }) => {
  await signIn(page, 'shop', '/crm/goods_category');
  const table = page.getByRole('table', { name: '分类列表' });
  await expect(table.getByRole('row').filter({ hasText: '数码电器' }).first()).toBeVisible();

  // End the session behind the app's back, as an expiry or a logout elsewhere would.
  const token = await localToken(page);
  expect(token).toBeTruthy();
  const quit = await page.request.post('/api/account/quit', {
    headers: { Authorization: `Token ${token}` },
    form: { company_id: 125 },
  });
  expect(await quit.json()).toMatchObject({ c: 0 });
  // The app has not noticed yet.
  await expect(page).toHaveURL(/\/crm\/goods_category$/);
  expect(await cookieNamed(context, 'userInfo')).toBeDefined();

  // The next call the screen makes is answered with 10003.
  await page.getByRole('searchbox', { name: '搜索关键字' }).fill('手机');
  await page.getByRole('button', { name: '搜索', exact: true }).click();

  await expect(toast(page, '登录已失效，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcrm%2Fgoods_category$/);
  await expect(loginForm(page)).toBeVisible();
  expect(await cookieNamed(context, 'userInfo')).toBeUndefined();
  expect(await localToken(page)).toBeNull();

  // Logging in again returns to the screen.
  await submitLogin(page, 'shop');
  await expect(page).toHaveURL(/\/crm\/goods_category$/);
  await expect(page.getByRole('table', { name: '分类列表' })).toBeVisible();
});
