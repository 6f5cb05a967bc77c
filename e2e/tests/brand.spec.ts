import { expect } from '@playwright/test';
import { readWorkbook } from '../../apps/server/src/platform/excel/index.ts';
import { expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 品牌管理, the first screen of the back-office resource block (design/back-office.md): search,
// add with field errors beside the fields, edit, batch delete with a confirmation, permissions.

test('a shop administrator adds, edits, finds and batch-deletes brands; a warehouse keeper only reads', async ({
  page,
  openPage,
}) => {
  const tag = uniqueSuffix();
  await signIn(page, 'shop', '/crm/goods_brand');
  await expect(
    page.getByRole('heading', { name: '品牌管理' }).or(page.getByText('品牌管理').first()),
  ).toBeVisible();

  // Add: empty name refused beside the field; then two brands.
  await page.getByRole('button', { name: '新增品牌' }).click();
  const dialog = page.getByRole('dialog', { name: '新增品牌' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('品牌名称不能为空')).toBeVisible();
  await expectAccessible(page, '新增品牌 dialog');
  await dialog.getByLabel('品牌名称').fill(`青峰${tag}`);
  await dialog.getByLabel('品牌介绍').fill('坚果炒货');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增品牌')).toBeVisible();
  await page.getByRole('button', { name: '新增品牌' }).click();
  await dialog.getByLabel('品牌名称').fill(`清芳${tag}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增品牌')).toBeVisible();

  // A duplicate name is refused by the server beside the field.
  await page.getByRole('button', { name: '新增品牌' }).click();
  await dialog.getByLabel('品牌名称').fill(`清芳${tag}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('已有同名品牌')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // Search, then edit one.
  const search = page.getByRole('searchbox', { name: '搜索品牌' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '品牌列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await page.getByRole('button', { name: `编辑 青峰${tag}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑品牌 · 青峰${tag}` });
  await expect(edit.getByLabel('品牌介绍')).toHaveValue('坚果炒货');
  await edit.getByLabel('品牌名称').fill(`青峰食品${tag}`);
  await edit.getByText('停用（不再供新商品选择）').click();
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存品牌')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `青峰食品${tag}` })).toContainText('停用');

  // The filtered list as an Excel file: the test reads it back.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出 Excel' }).click();
  const file = await (await download).path();
  const names: string[] = [];
  for await (const row of readWorkbook(file, {
    columns: [{ key: 'name', label: '品牌名称' }],
    maxRows: 100,
    maxColumns: 20,
    maxCells: 2000,
  }))
    names.push(row.values.name ?? '');
  expect(names.sort()).toEqual([`清芳${tag}`, `青峰食品${tag}`].sort());

  // A warehouse keeper sees the list, not the buttons that change it.
  const keeper = await openPage('warehouse');
  await keeper.goto('/crm/goods_brand');
  await expect(keeper.getByRole('table', { name: '品牌列表' })).toBeVisible();
  await expect(keeper.getByRole('button', { name: '新增品牌' })).toHaveCount(0);
  await expect(keeper.getByRole('button', { name: /^编辑 / })).toHaveCount(0);

  // Batch delete both, after a confirmation that says how many.
  await page.getByRole('checkbox', { name: `选择 青峰食品${tag}` }).check();
  await page.getByRole('checkbox', { name: `选择 清芳${tag}` }).check();
  await page.getByRole('button', { name: '批量删除（2）' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定删除选中的 2 个品牌吗？' });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '已删除 2 个品牌')).toBeVisible();
  await expect(page.getByText('没有找到符合条件的品牌')).toBeVisible();
});

test('the super administrator keeps the public brands every company picks from', async ({ page }) => {
  const tag = uniqueSuffix();
  await signIn(page, 'admin', '/manager/public-brand');
  await page.getByRole('button', { name: '新增公共品牌' }).click();
  const dialog = page.getByRole('dialog', { name: '新增公共品牌' });
  await dialog.getByLabel('品牌名称').fill(`公共${tag}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增公共品牌')).toBeVisible();
  await expect(page.getByRole('table', { name: '公共品牌列表' })).toContainText(`公共${tag}`);
});
