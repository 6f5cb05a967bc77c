import { expect } from '@playwright/test';
import { expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 库存管理's 仓库 tab (/crm/stock_manager?tab=warehouses, ADR 0022; declared from its columns, ADR
// 0036): a warehouse keeper adds a warehouse (a missing and a taken name refused beside the field),
// finds it, edits and stops it, and deletes it after a confirmation; the default warehouse is not
// deleted. axe on the list and the dialog at 1366 and 375 px.

test('a warehouse keeper adds, finds, edits and deletes a warehouse; the default one stays', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const name = `三号仓${tag}`;
  await signIn(page, 'warehouse', '/crm/stock_manager?tab=warehouses');
  await expect(page.getByRole('tab', { name: '仓库', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: '仓库列表' });
  await expect(table.getByRole('row').filter({ hasText: '默认仓库' }).first()).toContainText('默认');

  // Add: the name is required, then a warehouse with its code, address and keeper.
  await page.getByRole('button', { name: '新增仓库' }).click();
  const dialog = page.getByRole('dialog', { name: '新增仓库' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('仓库名称不能为空')).toBeVisible();
  await expectAccessible(page, '新增仓库 dialog');
  await dialog.getByLabel('仓库名称').fill(name);
  await dialog.getByLabel('仓库编码').fill(`WH${tag}`.slice(0, 20));
  await dialog.getByLabel('地址').fill('杭州市余杭区仓前街道8号');
  await dialog.getByLabel('负责人').fill('李四');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增仓库')).toBeVisible();

  // A second warehouse of the same name is refused by the server beside the field.
  await page.getByRole('button', { name: '新增仓库' }).click();
  await dialog.getByLabel('仓库名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('已有同名仓库')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // Search by its keeper's address, then edit: the form holds the row; a new name, stopped.
  const search = page.getByRole('searchbox', { name: '搜索仓库' });
  await search.fill('仓前街道8号');
  await search.press('Enter');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('李四');
  await expect(row).toContainText('启用');
  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑仓库 · ${name}` });
  await expect(edit.getByLabel('负责人')).toHaveValue('李四');
  await edit.getByLabel('仓库名称').fill(`${name}北`);
  await edit.getByText('停用（不能再入库）').click();
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存仓库')).toBeVisible();
  const edited = table.getByRole('row').filter({ hasText: `${name}北` });
  await expect(edited).toContainText('停用');
  await expectAccessible(page, '/crm/stock_manager 仓库');

  // Delete it after a confirmation that names it; the list then finds none.
  await page.getByRole('button', { name: `删除 ${name}北` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定删除仓库「${name}北」吗？` });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '已删除 1 个仓库')).toBeVisible();
  await expect(page.getByText('没有找到符合条件的仓库')).toBeVisible();

  // The default warehouse (where opening stock goes) is refused with its reason.
  await search.fill('默认仓库');
  await search.press('Enter');
  await page.getByRole('button', { name: '删除 默认仓库' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定删除仓库「默认仓库」吗？' })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(toast(page, '「默认仓库」是默认仓库，不能删除')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '默认仓库' }).first()).toBeVisible();
});
