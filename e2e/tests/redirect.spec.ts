import { expect } from '@playwright/test';
import { loginForm, signIn, submitLogin, test, userMenu } from './helpers.ts';

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

test('a guest sent from checkout to the login is told why and can go back to the cart', async ({ page }) => {
  await page.goto('/settle');

  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettle$/);
  await expect(page.getByText('结算前请先登录：登录后回到确认订单，购物车中的商品不会丢失。')).toBeVisible();
  await page.getByRole('link', { name: '返回购物车' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: '购物车', level: 1 })).toBeVisible();
});

test('the redirect keeps the query of the wanted path', async ({ page }) => {
  await page.goto('/crm/goods_category?tab=1');

  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/crm/goods_category?tab=1');
});

test('an unknown path answers 404 and shows the 404 page in the shop’s frame', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);

  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(page.getByText('抱歉，您访问的页面不存在或已被移除。')).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  // The shop's header (search) and footer are there, and a way on.
  await expect(page.getByRole('searchbox').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('link', { name: '看看全部商品' }).click();
  await expect(page).toHaveURL(/\/product$/);
});

test('an unknown screen inside an area shows the 404 page in the shell', async ({ page }) => {
  await signIn(page, 'shop', '/crm/no_such_screen');

  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(userMenu(page)).toContainText('商城管理员');
  await page.getByRole('link', { name: '返回首页' }).click();
  // Back to the area index, which forwards to the area's home (its first screen of spec §2).
  await expect(page).toHaveURL(/\/crm\/goods_manager$/);
  await expect(page.getByText('页面不存在', { exact: true })).toHaveCount(0);
});

test('a redirect that normalises to another host is ignored: the login lands on the role’s area', async ({
  page,
}) => {
  await page.goto(`/login?redirect=${encodeURIComponent('/.//evil.example/steal')}`);
  await submitLogin(page, 'shop');

  await expect(page).toHaveURL(/\/crm\/goods_manager$/);
  await expect(userMenu(page)).toContainText('商城管理员');
});
