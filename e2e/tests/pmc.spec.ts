import { expect } from '@playwright/test';
import {
  apiCall,
  expectAccessible,
  expectNoSidewaysScroll,
  firstCategoryId,
  highlightedOption,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 生产计划 (/crm/pmc_index, ADR 0024): a plan is made from a product's bill of materials (the
// product is set up through the API), warns of a material shortage, a count adjustment fixes it,
// it gets a progress report and is finished: the output goes into stock and the materials out,
// as the plan's drawer and 库存管理's ledger show. Axe at 1366 and 375 px.

test('a production plan from a bill of materials warns of a shortage, is reported and finished into stock', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueSuffix();
  const token = await signIn(page, 'shop');
  const categoryId = await firstCategoryId(request, token);
  const goods = (code: string, name: string, stock: number) =>
    apiCall(request, token, '/goods/create', {
      code,
      name,
      category_id: categoryId,
      goods_type: code.startsWith('CP') ? 'finished' : 'material',
      unit: '件',
      status: 1,
      price: 1000,
      stock,
    });
  const flour = await goods(`MF-${tag}`, `面粉${tag}`, 50);
  const sugar = await goods(`MS-${tag}`, `白糖${tag}`, 2);
  const cake = await goods(`CP-${tag}`, `蛋糕${tag}`, 0);
  const product = await apiCall(request, token, '/product/create', {
    code: `P-${tag}`,
    name: `蛋糕产品${tag}`,
    goods_id: cake.id,
    batch_size: 1,
    unit: '个',
    status: 1,
    // A form post carries the bill of materials as its JSON text.
    materials: JSON.stringify([
      { goods_id: flour.id, quantity: 2 },
      { goods_id: sugar.id, quantity: 1 },
    ]),
  });

  // The plan, made in the form: the bill of materials' needs show the sugar short.
  await page.goto('/crm/pmc_index');
  await page.getByRole('button', { name: '新增生产计划' }).click();
  const dialog = page.getByRole('dialog', { name: '新增生产计划' });
  await dialog.getByLabel('产品').fill(product.name);
  await expect(highlightedOption(page, product.name)).toBeVisible();
  await dialog.getByLabel('产品').press('Enter');
  await dialog.getByLabel('计划数量').fill('5');
  await dialog.getByLabel('入库仓库').focus();
  await dialog.getByLabel('入库仓库').press('ArrowDown');
  await expect(highlightedOption(page, '默认仓库')).toBeVisible();
  await dialog.getByLabel('入库仓库').press('Enter');
  const needs = dialog.getByRole('region', { name: '物料需求' });
  await expect(needs.getByRole('row').filter({ hasText: sugar.name })).toContainText('缺 3');
  await expect(needs.getByRole('row').filter({ hasText: flour.name })).toContainText('足够');
  await expectAccessible(page, '新增生产计划 dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增生产计划')).toBeVisible();

  const search = page.getByRole('searchbox', { name: '搜索生产计划' });
  await search.fill(product.name);
  await search.press('Enter');
  const row = page
    .getByRole('table', { name: '生产计划列表' })
    .getByRole('row')
    .filter({ hasText: product.name });
  await expect(row).toContainText('缺料');
  await expect(row).toContainText('计划中');
  const planNo = ((await row.getByRole('button', { name: /^查看生产计划/ }).textContent()) ?? '').trim();
  expect(planNo).toMatch(/^SC\d{14}$/);
  const warnings = page.getByRole('table', { name: '生产预警列表' });
  await expect(warnings.getByRole('row').filter({ hasText: planNo })).toContainText(
    `「${sugar.name}」需要5，在库2，缺3`,
  );

  // 完工 is refused while sugar is short, naming it; nothing changes.
  await row.getByRole('button', { name: `完工 生产计划 ${planNo}` }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确定生产计划 ${planNo} 完工入库吗？` })
    .getByRole('button', { name: '完工入库' })
    .click();
  await expect(page.getByText(`物料「${sugar.name}」库存不足`).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A count adjustment brings the sugar in; the warning goes.
  const warehouse = (await apiCall(request, token, '/stock/warehouses')).results.find(
    (w: { label: string }) => w.label === '默认仓库',
  );
  await apiCall(request, token, '/stock/adjust', {
    warehouse_id: warehouse.id,
    goods_id: sugar.id,
    quantity: 10,
    reason: `补料 ${tag}`,
  });
  await page.reload();
  await page.getByRole('searchbox', { name: '搜索生产计划' }).fill(product.name);
  await page.getByRole('searchbox', { name: '搜索生产计划' }).press('Enter');
  await expect(row).not.toContainText('缺料');

  // The drawer: a progress report, then 完工入库 after a confirmation.
  await row.getByRole('button', { name: `查看生产计划 ${planNo}` }).click();
  const drawer = page.getByRole('dialog', { name: `生产计划 · ${planNo}` });
  await drawer.getByLabel('完成数量').fill('2');
  await drawer.getByRole('button', { name: '报工' }).click();
  await expect(toast(page, '已填写报工')).toBeVisible();
  await expect(drawer.getByRole('table', { name: '报工记录' })).toContainText('2');
  await expect(drawer).toContainText('2/5');
  await expectAccessible(page, '生产计划 drawer');

  // The 商城管理 home shows the plan in production with its progress.
  await page.goto('/crm/home');
  const home = page.getByRole('region', { name: '生产计划进度' });
  await expect(home.getByRole('listitem').filter({ hasText: planNo })).toContainText('2/5');

  await page.goto('/crm/pmc_index');
  await page.getByRole('searchbox', { name: '搜索生产计划' }).fill(product.name);
  await page.getByRole('searchbox', { name: '搜索生产计划' }).press('Enter');
  await row.getByRole('button', { name: `查看生产计划 ${planNo}` }).click();
  await drawer.getByRole('button', { name: '完工入库' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定生产计划 ${planNo} 完工入库吗？` });
  await confirm.getByRole('button', { name: '完工入库' }).click();
  await expect(toast(page, `生产计划 ${planNo} 已完工入库`)).toBeVisible();
  await expect(drawer).toContainText('已完成');
  await expect(drawer).toContainText('5/5');
  await page.keyboard.press('Escape');
  // A finished plan is kept as it is: no 编辑, 删除 nor 完工 on its row.
  await expect(row).toContainText('已完成');
  await expect(row.getByRole('button', { name: `编辑 生产计划 ${planNo}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `删除 生产计划 ${planNo}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `完工 生产计划 ${planNo}` })).toHaveCount(0);

  // The ledger: the cakes in, flour and sugar out, under the plan's number.
  await page.goto('/crm/stock_manager?tab=moves');
  await page.getByRole('searchbox', { name: '搜索库存流水' }).fill(planNo);
  await page.getByRole('searchbox', { name: '搜索库存流水' }).press('Enter');
  const ledger = page.getByRole('table', { name: '库存流水列表' });
  // Rows of the plan only (the unfiltered list may still be on screen for a moment).
  const moved = (name: string) =>
    ledger.getByRole('row').filter({ hasText: planNo }).filter({ hasText: name });
  await expect(moved(cake.name)).toContainText('生产入库');
  await expect(moved(cake.name)).toContainText('+5');
  await expect(moved(flour.name)).toContainText('-10');
  await expect(moved(sugar.name)).toContainText('领料出库');

  // The plans' list holds at a phone's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/crm/pmc_index');
  await expect(page.getByRole('button', { name: '新增生产计划' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/crm/pmc_index at 375 px');
});
