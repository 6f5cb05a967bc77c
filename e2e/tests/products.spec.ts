import { expect } from '@playwright/test';
import {
  apiCall,
  expectAccessible,
  firstCategoryId,
  highlightedOption,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 产品管理 (/crm/product_index, ADR 0023): the shop administrator makes a product with two
// materials in the form, pushes 2 into stock after seeing each material's need against the
// warehouse, and 库存管理's ledger shows the output in (生产入库) and the materials out (领料出库).
// Axe at 1366 and 375 px.

test('a product with two materials is made and 2 are pushed into stock: the ledger shows output in, materials out', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueSuffix();
  const token = await signIn(page, 'shop');
  const categoryId = await firstCategoryId(request, token);
  const goods = (code: string, name: string, stock: number, type: string) =>
    apiCall(request, token, '/goods/create', {
      code,
      name,
      category_id: categoryId,
      goods_type: type,
      unit: '件',
      status: 1,
      price: 1000,
      stock,
    });
  await goods(`PM-T${tag}`, `茶叶${tag}`, 30, 'material');
  await goods(`PM-B${tag}`, `茶盒${tag}`, 10, 'material');
  await goods(`PC-${tag}`, `茶礼${tag}`, 0, 'finished');

  await page.goto('/crm/product_index');
  await page.getByRole('button', { name: '新增产品' }).click();
  const dialog = page.getByRole('dialog', { name: '新增产品' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('产品编码不能为空')).toBeVisible();
  await dialog.getByLabel('产品编码').fill(`P-${tag}`);
  await dialog.getByLabel('产品名称').fill(`茶礼产品${tag}`);
  const pick = async (field: ReturnType<typeof dialog.getByLabel>, text: string) => {
    await field.fill(text);
    await expect(highlightedOption(page, text)).toBeVisible();
    await field.press('Enter');
  };
  await pick(dialog.getByLabel('成品'), `茶礼${tag}`);
  await dialog.getByLabel('每批数量').fill('2');
  await dialog.getByRole('button', { name: '添加物料' }).click();
  await pick(dialog.getByLabel('第1行物料', { exact: true }), `茶叶${tag}`);
  await dialog.getByLabel('第1行物料每批用量').fill('3');
  await dialog.getByRole('button', { name: '添加物料' }).click();
  await pick(dialog.getByLabel('第2行物料', { exact: true }), `茶盒${tag}`);
  await dialog.getByLabel('第2行物料每批用量').fill('2');
  await expectAccessible(page, '新增产品 dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增产品')).toBeVisible();

  const search = page.getByRole('searchbox', { name: '搜索产品' });
  await search.fill(`P-${tag}`);
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: `P-${tag}` });
  await expect(row).toContainText(`茶礼${tag}`);
  await expect(row).toContainText('2 件');

  // 编辑 loads the stored lines into the form.
  await row.getByRole('button', { name: `编辑 茶礼产品${tag}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑产品 · 茶礼产品${tag}` });
  await expect(edit.getByTitle(`茶叶${tag}`)).toBeVisible();
  await expect(edit.getByTitle(`茶盒${tag}`)).toBeVisible();
  await expect(edit.getByLabel('第1行物料每批用量')).toHaveValue('3');
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await expect(edit).toBeHidden();

  // 生产入库 of 2: per batch of 2, 3 tea and 2 boxes; the warehouse's stock shown beside.
  await row.getByRole('button', { name: `生产入库 茶礼产品${tag}` }).click();
  const push = page.getByRole('dialog', { name: `生产入库 · 茶礼产品${tag}` });
  await expect(push.getByLabel('仓库')).toBeVisible();
  await expect(push.getByTitle('默认仓库')).toBeVisible();
  await push.getByLabel('生产数量（件）').fill('2');
  const needs = push.getByRole('table');
  await expect(needs.getByRole('row').filter({ hasText: `茶叶${tag}` })).toContainText('330');
  await expect(needs.getByRole('row').filter({ hasText: `茶盒${tag}` })).toContainText('210');
  await expectAccessible(page, '生产入库 dialog');
  await push.getByRole('button', { name: '确认入库' }).click();
  await expect(toast(page, `已入库 2 件茶礼${tag}`)).toBeVisible();

  // The ledger: the output in, the materials out, under the product's code.
  await page.goto('/crm/stock_manager?tab=moves');
  const ledgerSearch = page.getByRole('searchbox', { name: '搜索库存流水' });
  await ledgerSearch.fill(tag);
  await ledgerSearch.press('Enter');
  const ledger = page.getByRole('table', { name: '库存流水列表' });
  await expect(
    ledger
      .getByRole('row')
      .filter({ hasText: `茶礼${tag}` })
      .filter({ hasText: '生产入库' }),
  ).toContainText('+2');
  await expect(
    ledger
      .getByRole('row')
      .filter({ hasText: `茶叶${tag}` })
      .filter({ hasText: '领料出库' }),
  ).toContainText('-3');
  await expect(
    ledger
      .getByRole('row')
      .filter({ hasText: `茶盒${tag}` })
      .filter({ hasText: '领料出库' }),
  ).toContainText('-2');
});
