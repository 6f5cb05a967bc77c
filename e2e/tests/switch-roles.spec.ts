import { expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, expectAccessible, sideMenu, signIn, test, uniqueSuffix } from './helpers.ts';

// 切换角色 (issue 34, docs/adr/0038 decision 3): a person holding two roles switches between them;
// the session's menu, landing area and permissions follow. The server's side (the session's role
// drives every check, a role taken away ends the sessions) is the API test's (test/users.test.ts).

test('a person with two roles switches role, and the menu and the landing change', async ({ page }) => {
  const admin = await page.request.post('/api/account/login', {
    form: { username: 'unit', password: DEMO_PASSWORD },
  });
  const token = (await admin.json()).d.token as string;
  const username = `roles_${uniqueSuffix()}`;
  await apiCall(page.request, token, '/account/company/user/create', {
    username,
    password: 'Roles12345',
    real_name: '双角色',
    role: 12,
    other_roles: '5',
  });
  await page.context().clearCookies();

  await signIn(page, username, '/crm/switch-roles', 'Roles12345');
  const role = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(role('商城管理员').getByText('当前角色')).toBeVisible();
  await expect(role('业务人员')).toBeVisible();
  await expect(sideMenu(page).getByRole('menuitem', { name: /商品管理/ })).toBeVisible();
  await expectAccessible(page, '切换角色');

  await page.getByRole('button', { name: '切换为业务人员' }).click();
  await expect(page).toHaveURL(/\/business(\/|$)/);
  await expect(sideMenu(page).getByRole('menuitem', { name: /商品管理/ })).toHaveCount(0);
  // The shop's back office is no longer theirs in this session.
  await page.goto('/crm/goods_category');
  await expect(page.getByText('无权访问')).toBeVisible();

  await page.goto('/business/switch-roles');
  await expect(role('业务人员').getByText('当前角色')).toBeVisible();
  await page.getByRole('button', { name: '切换为商城管理员' }).click();
  await expect(page).toHaveURL(/\/crm(\/|$)/);
  await expect(sideMenu(page).getByRole('menuitem', { name: /商品管理/ })).toBeVisible();
});
