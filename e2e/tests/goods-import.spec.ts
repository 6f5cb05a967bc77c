import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, JOB_WAIT, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// The goods import on 商品库 (spec §7 /goods/excel_data_save, ADR 0017 "The goods import"): the
// template, a sheet with good and bad rows (unknown category, bad price, a type that is no type's
// word, a code repeated in the file) previewed with its errors, the refused rows' file downloaded
// and read, the valid rows committed and found in the list.

async function readSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { wb, rows };
}

const HEADERS = [
  '商品编码',
  '商品名称',
  '商品分类',
  '品牌',
  '单位',
  '商品类型',
  '销售价（元）',
  '期初库存',
  '副标题',
  '搜索关键词',
  '状态',
  '商品详情',
];

test('a shop administrator imports goods from Excel on 商品库: preview, refused rows file, valid rows into the library', async ({
  page,
}, testInfo) => {
  // Two axe scans of a wide preview table at two widths each take their time on a loaded machine.
  test.setTimeout(120_000);
  const tag = uniqueSuffix().toUpperCase();
  await signIn(page, 'shop', '/crm/goods_manager');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入商品' });

  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载导入模板' }).click();
  const template = await readSheet(await (await templateDownload).path());
  expect(template.rows[0]).toEqual(
    HEADERS.map((h) =>
      ['商品编码', '商品名称', '商品分类', '商品类型', '销售价（元）'].includes(h) ? `${h}*` : h,
    ),
  );
  expect(template.rows[1]?.[2]).toBe('茶叶/绿茶');

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEADERS);
  ws.addRow([
    `IM-${tag}-1`,
    `导入绿茶${tag}`,
    '茶叶/绿茶',
    '',
    '盒',
    '普通商品',
    '88.8',
    12,
    '',
    `导入${tag}`,
    '启用',
  ]);
  ws.addRow([`IM-${tag}-2`, `未知分类${tag}`, '咖啡', '', '', '普通商品', '10', '', '', '', '启用']);
  ws.addRow([`IM-${tag}-3`, `坏价格${tag}`, '红茶', '', '', '普通商品', '9.999', '', '', '', '启用']);
  ws.addRow([`IM-${tag}-4`, `坏类型${tag}`, '红茶', '', '', '饮料', '10', '', '', '', '启用']);
  ws.addRow([`IM-${tag}-1`, `重复编码${tag}`, '红茶', '', '', '普通商品', '10', '', '', '', '启用']);
  ws.addRow([`IM-${tag}-6`, `导入红茶${tag}`, '红茶', '', '', '原材料', 25, '', '', `导入${tag}`, '停用']);
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });
  const xlsx = path.join(dir, '商品导入.xlsx');
  await wb.xlsx.writeFile(xlsx);
  await dialog.locator('input[type="file"]').setInputFiles(xlsx);
  await expect(dialog.getByText('已选择：')).toContainText('商品导入.xlsx');
  await dialog.getByRole('button', { name: '上传并预览' }).click();

  await expect(dialog.getByRole('heading', { name: /预览：共 6 行，可导入 2 行，有误 4 行/ })).toBeFocused(
    JOB_WAIT,
  );
  const preview = dialog.getByRole('table', { name: '商品导入预览' });
  await expect(preview.getByText('商品分类「咖啡」不存在，请先在商品分类中添加')).toBeVisible();
  await expect(preview.getByText('销售价（元）须为数字，最多两位小数')).toBeVisible();
  await expect(preview.getByText(/商品类型只能是「普通商品」/)).toBeVisible();
  await expect(preview.getByText(`商品编码「IM-${tag}-1」与第2行重复`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '导入全部' })).toBeDisabled();
  await expectAccessible(page, '导入商品 preview');

  const errorsDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载错误行' }).click();
  const refused = await readSheet(await (await errorsDownload).path());
  expect(refused.rows[0]).toEqual(['原行号', ...HEADERS, '错误原因']);
  expect(refused.rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
    [3, '商品分类「咖啡」不存在，请先在商品分类中添加'],
    [4, '销售价（元）须为数字，最多两位小数'],
    [5, '商品类型只能是「普通商品」、「原材料」、「成品」、「服务」、「虚拟商品」'],
    [6, `商品编码「IM-${tag}-1」与第2行重复`],
  ]);

  await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
  await expect(dialog.getByRole('heading', { name: '导入完成' })).toBeFocused(JOB_WAIT);
  await expect(toast(page, '已导入 2 个商品')).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: '搜索商品' });
  await search.fill(`导入${tag}`);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '商品列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  const green = table.getByRole('row').filter({ hasText: `导入绿茶${tag}` });
  await expect(green).toContainText('绿茶');
  await expect(green).toContainText('88.80');
  await expect(green).toContainText('未推送');
  await expect(table.getByRole('row').filter({ hasText: `导入红茶${tag}` })).toContainText('原材料');

  // Tidy: the two goods go again.
  await page.getByRole('checkbox', { name: `选择 导入绿茶${tag}` }).check();
  await page.getByRole('checkbox', { name: `选择 导入红茶${tag}` }).check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(toast(page, '已删除 2 个商品')).toBeVisible();
});
