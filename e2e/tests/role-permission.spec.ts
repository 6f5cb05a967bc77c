import { type APIRequestContext, expect } from '@playwright/test';
import {
  apiCall,
  DEMO_PASSWORD,
  expectAccessible,
  expectNoSidewaysScroll,
  sideMenu,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 角色权限 (inner-permission; issue 34, docs/adr/0038 decision 5). Other journeys use the demo
// company's roles at the same time (商城管理员 of the demo HQ), so this one works in a company of its
// own: a new group, a company in it with its manager, and a 商城管理员 of that company. What a caller
// may give, the roles they may set and the other companies are the API test's
// (apps/server/test/role-permission.test.ts).

/** A session token for `username` (the login through the API; `request` keeps its cookie). */
async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const body = await (await request.post('/api/account/login', { form: { username, password } })).json();
  expect(body.c, `login ${username}: ${body.m}`).toBe(0);
  return body.d.token as string;
}

test('a company manager removes an action from a role in inner-permission and its holder, already logged in, loses the button on the next page', async ({
  page,
  openPage,
  request,
}) => {
  const suffix = uniqueSuffix();
  const managerName = `rp_mgr_${suffix}`;
  const managerPassword = 'Manager12345';
  const shopName = `rp_shop_${suffix}`;
  const shopPassword = 'Shop123456';

  const admin = await tokenOf(request, 'admin', DEMO_PASSWORD);
  const group = await apiCall(request, admin, '/group/create', {
    name: `角色权限集群${suffix}`,
    is_public: 1,
    is_default: 0,
  });
  await apiCall(request, admin, '/group/company/create', {
    group_id: group.id,
    company_name: `角色权限测试公司${suffix}`,
    code: `rp-${suffix}`,
    manager_username: managerName,
    manager_name: '权限测试管理员',
    manager_password: managerPassword,
  });
  const manager = await tokenOf(request, managerName, managerPassword);
  await apiCall(request, manager, '/account/company/user/create', {
    username: shopName,
    password: shopPassword,
    real_name: '权限测试商城管理员',
    role: 12,
  });

  // The 商城管理员, logged in, may add categories.
  const shop = await openPage();
  await signIn(shop, shopName, '/crm/goods_category', shopPassword);
  await expect(shop.getByRole('button', { name: '新增分类' })).toBeVisible();

  // The manager takes 新增商品分类 from 商城管理员.
  await signIn(page, managerName, '/manager/inner-permission', managerPassword);
  await page.getByRole('button', { name: /^商城管理员/ }).click();
  await expect(page.getByText('「商城管理员」可做的操作')).toBeVisible();
  const add = page.getByRole('checkbox', { name: '新增商品分类', exact: true });
  await expect(add).toBeChecked();
  // An action the manager does not hold, and 商城管理员 neither has nor has by default, cannot be given.
  await expect(
    page.getByRole('checkbox', { name: '管理全部集群（新增、修改、删除，指定单位）' }),
  ).toBeDisabled();
  const save = page.getByRole('button', { name: /保\s*存/ });
  await expect(save).toBeDisabled();
  await add.uncheck();
  await expect(page.getByText('1 项修改未保存')).toBeVisible();

  // Switching the role with the change unsaved asks first; 继续编辑 keeps it.
  await page.getByRole('button', { name: /^单位管理员助理/ }).click();
  const ask = page.getByRole('dialog', { name: '放弃对「商城管理员」的修改吗？' });
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toBeHidden();
  await expect(add).not.toBeChecked();

  await save.click();
  await expect(toast(page, '已保存「商城管理员」的权限，对其人员立即生效')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(add).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^商城管理员.*已调整/ })).toBeVisible();
  // 恢复默认 ticks it again until 放弃修改.
  await page.getByRole('button', { name: '恢复默认' }).click();
  await expect(add).toBeChecked();
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: '放弃修改' }).click();
  await expect(add).not.toBeChecked();
  await expect(save).toBeDisabled();

  // The 商城管理员 goes to another screen and back: no 新增分类, the rest as before.
  await sideMenu(shop).getByRole('menuitem', { name: '品牌管理' }).click();
  await expect(shop).toHaveURL(/\/crm\/goods_brand$/);
  // Its screen on show (the permissions are read again as a route is shown).
  await expect(shop.getByRole('button', { name: '新增品牌' })).toBeVisible();
  await sideMenu(shop).getByRole('menuitem', { name: '商品分类' }).click();
  await expect(shop).toHaveURL(/\/crm\/goods_category$/);
  await expect(shop.getByRole('button', { name: '批量删除' })).toBeVisible();
  await expect(shop.getByRole('button', { name: '新增分类' })).toHaveCount(0);

  await expectAccessible(page, '角色权限 with a change saved');
  // On a phone the roles are a select above the actions, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('combobox', { name: '角色' })).toBeVisible();
  await expect(page.getByText('「商城管理员」可做的操作')).toBeVisible();
  await expectNoSidewaysScroll(page, '角色权限 at 375 px');
});

test('a group manager chooses another company of their group, asked first to drop a change not saved', async ({
  page,
}) => {
  await signIn(page, 'cluster', '/manager/inner-permission');
  await expect(page.getByText('「单位管理员」可做的操作')).toBeVisible();
  const view = page.getByRole('checkbox', { name: '查看人员', exact: true });
  await expect(view).toBeChecked();
  await view.uncheck();
  await expect(page.getByText('1 项修改未保存')).toBeVisible();

  const company = page.getByRole('combobox', { name: '单位' });
  await company.click();
  await company.fill('青峰');
  await page.locator('.ant-select-item-option').filter({ hasText: '青峰贸易有限公司' }).click();
  const ask = page.getByRole('dialog', { name: '放弃对「单位管理员」的修改吗？' });
  await expectAccessible(page, '角色权限 asking before a switch');
  await ask.getByRole('button', { name: '放弃修改' }).click();
  await expect(ask).toBeHidden();
  await expect(page.locator('.scope-company-select')).toContainText('青峰贸易有限公司');
  await expect(view).toBeChecked();
  await expect(page.getByText('项修改未保存')).toHaveCount(0);
});
