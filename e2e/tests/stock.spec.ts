import { expect } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  highlightedOption,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 库存管理 (/crm/stock_manager, ADR 0022): a warehouse keeper writes a stock-in record, the shop
// administrator (a second person) checks it after a confirmation, and the stock and the ledger
// show it; the keeper cannot check; axe at 1366 and 375 px.

const GOODS = '墨印 P200 黑白激光打印机';

test('a warehouse keeper writes a stock-in record, the shop administrator checks it, the stock and ledger show it', async ({
  page,
  openPage,
}) => {
  test.setTimeout(180_000);
  const tag = `e2e${uniqueSuffix()}`;
  await signIn(page, 'warehouse', '/crm/stock_manager?tab=inputs');
  await expect(page.getByRole('tab', { name: '入库单', selected: true })).toBeVisible();

  // The form: required fields refused beside them, then a record for 7 printers.
  await page.getByRole('button', { name: '新增入库单' }).click();
  const dialog = page.getByRole('dialog', { name: '新增入库单' });
  await dialog.getByLabel('入库日期').fill('');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('商品不能为空')).toBeVisible();
  await expectAccessible(page, '新增入库单 dialog');
  // The pickers from the keyboard: type, then Enter takes the highlighted option.
  await dialog.getByLabel('商品').fill('墨印 P200');
  await expect(highlightedOption(page, GOODS)).toBeVisible();
  await dialog.getByLabel('商品').press('Enter');
  await expect(dialog.getByTitle(GOODS)).toBeVisible();
  await dialog.getByLabel('仓库').focus();
  await dialog.getByLabel('仓库').press('ArrowDown');
  await expect(highlightedOption(page, '默认仓库')).toBeVisible();
  await dialog.getByLabel('仓库').press('Enter');
  await expect(dialog.getByTitle('默认仓库')).toBeVisible();
  await dialog.getByLabel('入库数量').fill('7');
  await dialog.getByLabel('单价（元）').fill('120.50');
  await dialog.getByLabel('入库日期').fill('2026-11-20');
  await dialog.getByLabel('备注').fill(tag);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增入库单')).toBeVisible();

  const search = page.getByRole('searchbox', { name: '搜索入库单' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '入库单列表' });
  const row = table.getByRole('row').filter({ hasText: GOODS });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('¥843.50');
  const inputNo = ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
  expect(inputNo).toMatch(/^RK\d{14}$/);
  // The keeper has no 审核.
  await expect(page.getByRole('button', { name: `审核 入库单 ${inputNo}` })).toHaveCount(0);

  // The shop administrator checks it after a confirmation.
  const admin = await openPage('shop');
  await admin.goto('/crm/stock_manager?tab=inputs');
  await admin.getByRole('searchbox', { name: '搜索入库单' }).fill(tag);
  await admin.getByRole('searchbox', { name: '搜索入库单' }).press('Enter');
  await admin.getByRole('button', { name: `审核 入库单 ${inputNo}` }).click();
  const confirm = admin.getByRole('dialog').filter({ hasText: `确定审核入库单 ${inputNo} 吗？` });
  await expect(confirm).toContainText('库存增加 7');
  await expectAccessible(admin, '审核入库单 confirmation');
  await confirm.getByRole('button', { name: '审核通过' }).click();
  await expect(toast(admin, `入库单 ${inputNo} 已审核，已计入库存`)).toBeVisible();
  const checked = admin
    .getByRole('table', { name: '入库单列表' })
    .getByRole('row')
    .filter({ hasText: GOODS });
  await expect(checked).toContainText('已审核');
  await expect(admin.getByRole('button', { name: `审核 入库单 ${inputNo}` })).toHaveCount(0);

  // The ledger shows the receipt with its record's number.
  await admin.getByRole('tab', { name: '库存流水' }).click();
  await expect(admin.getByRole('table', { name: '库存流水列表' })).toBeVisible();
  await admin.getByRole('searchbox', { name: '搜索库存流水' }).fill(inputNo);
  await admin.getByRole('searchbox', { name: '搜索库存流水' }).press('Enter');
  const ledger = admin.getByRole('table', { name: '库存流水列表' });
  const move = ledger.getByRole('row').filter({ hasText: inputNo });
  await expect(move).toContainText('采购入库');
  await expect(move).toContainText('+7');
  await expectAccessible(admin, '/crm/stock_manager 库存流水');

  // The stock list shows the printer in the default warehouse.
  await admin.getByRole('tab', { name: '库存', exact: true }).click();
  await expect(admin.getByRole('table', { name: '库存列表' })).toBeVisible();
  await admin.getByRole('searchbox', { name: '搜索库存' }).fill('墨印 P200');
  await admin.getByRole('searchbox', { name: '搜索库存' }).press('Enter');
  const levels = admin.getByRole('table', { name: '库存列表' });
  await expect(levels.getByRole('row').filter({ hasText: GOODS })).toContainText('默认仓库');
  await expectAccessible(admin, '/crm/stock_manager 库存');

  // The keeper sees it as checked; the list is cards on a phone without sideways scrolling.
  await page.reload();
  await page.getByRole('searchbox', { name: '搜索入库单' }).fill(tag);
  await page.getByRole('searchbox', { name: '搜索入库单' }).press('Enter');
  await expect(page.getByText('已审核').first()).toBeVisible();
  await expectAccessible(page, '/crm/stock_manager 入库单');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, '/crm/stock_manager at 375 px');
});
