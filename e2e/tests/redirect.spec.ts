import { expect } from '@playwright/test';
import { login, loginForm, submitLogin, test, userMenu } from './helpers.ts';

test('anonymous visit to a protected screen goes through login and back', async ({ page }) => {
  await page.goto('/crm/goods_category');

  await expect(page).toHaveURL(/\/login\?redirect=/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.search).toBe('?redirect=%2Fcrm%2Fgoods_category');
  await expect(loginForm(page)).toBeVisible();

  await submitLogin(page, 'shop');

  await expect(page).toHaveURL(/\/crm\/goods_category$/);
  await expect(userMenu(page)).toContainText('商城管理员');
  await expect(page.getByRole('tree', { name: '分类树' })).toContainText('数码电器');
  await expect(page.getByRole('table', { name: '分类列表' })).toBeVisible();
});

test('the redirect keeps the query of the wanted path', async ({ page }) => {
  await page.goto('/crm/goods_category?tab=1');

  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/crm/goods_category?tab=1');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(page.getByText('抱歉，您访问的页面不存在或已被移除。')).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

test('an unknown screen inside an area shows the 404 page in the shell', async ({ page }) => {
  await login(page, 'shop');
  await page.goto('/crm/no_such_screen');

  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(userMenu(page)).toContainText('商城管理员');
  await page.getByRole('link', { name: '返回首页' }).click();
  // Back to the area index, which forwards to its first allowed screen.
  await expect(page).toHaveURL(/\/crm\/goods_category$/);
});

test('a redirect that normalises to another host is ignored: the login lands on the role’s area', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/.//evil.example/steal')}`);
  await submitLogin(page, 'shop');

  await expect(page).toHaveURL(/\/crm\/goods_category$/);
  await expect(userMenu(page)).toContainText('商城管理员');
});
