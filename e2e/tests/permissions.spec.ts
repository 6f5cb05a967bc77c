import { expect } from '@playwright/test';
import { sideMenu, signIn, test } from './helpers.ts';

test('warehouse sees the category screen without add, edit or delete', async ({ page }) => {
  await signIn(page, 'warehouse', '/crm/home');
  // The side menu offers the category screen: viewing is allowed.
  await sideMenu(page).getByRole('menuitem', { name: '商品分类' }).click();
  await expect(page).toHaveURL(/\/crm\/goods_category$/);

  const table = page.getByRole('table', { name: '分类列表' });
  // Wait for the data before asserting that something is absent.
  await expect(table.getByRole('row').filter({ hasText: '数码电器' }).first()).toBeVisible();
  await expect(page.getByRole('tree', { name: '分类树' })).toContainText('智能手机');
  await expect(sideMenu(page).getByRole('menuitem', { name: '商品分类' })).toBeVisible();

  await expect(page.getByRole('button', { name: '新增分类' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '批量删除' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: '操作' })).toHaveCount(0);
});

test('finance gets 403 on the category screen and no 商品分类 menu item', async ({ page }) => {
  await signIn(page, 'finance', '/crm/goods_category');

  await expect(page.getByText('无权访问', { exact: true })).toBeVisible();
  await expect(page.getByText('您没有访问该页面的权限，如需开通请联系管理员。')).toBeVisible();
  await expect(page.getByRole('tree', { name: '分类树' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/crm\/goods_category$/);

  const menu = sideMenu(page);
  await expect(menu.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '商品分类' })).toHaveCount(0);
  // Finance reads the goods library (stock values), so the group is there without the categories.
  await expect(menu.getByRole('menuitem', { name: '商品库' })).toBeVisible();
});
