import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, JOB_WAIT, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// Excel import on a declared resource (design/back-office.md "Excel import", ADR 0017), on 品牌管理:
// the template downloaded, a sheet with good and bad rows previewed with its errors, the refused
// rows' file downloaded and read, the valid rows committed and found in the list.

async function readSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { wb, rows };
}

test('a shop administrator previews an Excel file of brands, downloads its refused rows and imports the valid ones', async ({
  page,
}, testInfo) => {
  const tag = uniqueSuffix();
  await signIn(page, 'shop', '/crm/goods_brand');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入品牌' });
  await expect(dialog.getByText('选择文件').first()).toBeVisible();

  // The template: headers from the declaration, an example row, the allowed values.
  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载导入模板' }).click();
  const template = await readSheet(await (await templateDownload).path());
  expect(template.rows[0]).toEqual(['品牌名称*', '品牌标志', '品牌介绍', '排序', '状态*']);
  expect(template.wb.getWorksheet('可选值')).toBeTruthy();

  // A file that is not an .xlsx is refused in the browser.
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });
  const txt = path.join(dir, '品牌.txt');
  fs.writeFileSync(txt, '品牌名称\n清芳\n');
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles(txt);
  await expect(dialog.getByRole('alert')).toContainText('只支持 Excel 工作簿（.xlsx）');
  await expect(dialog.getByRole('button', { name: '上传并预览' })).toBeDisabled();

  // Two good rows, three bad ones (no name, sort not a number, a duplicate of row 2).
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('品牌');
  ws.addRow(['品牌名称', '品牌介绍', '排序', '状态']);
  ws.addRow([`导入甲${tag}`, '高山绿茶', 1, '启用']);
  ws.addRow(['', '没有名称', 2, '启用']);
  ws.addRow([`导入乙${tag}`, '', '第三', '启用']);
  ws.addRow([`导入甲${tag}`, '重复', 4, '停用']);
  ws.addRow([`导入丙${tag}`, '', 5, '停用']);
  const xlsx = path.join(dir, '品牌导入.xlsx');
  await wb.xlsx.writeFile(xlsx);
  await input.setInputFiles(xlsx);
  await expect(dialog.getByText('已选择：')).toContainText('品牌导入.xlsx');
  await dialog.getByRole('button', { name: '上传并预览' }).click();

  await expect(dialog.getByRole('heading', { name: /预览：共 5 行，可导入 2 行，有误 3 行/ })).toBeFocused(
    JOB_WAIT,
  );
  const preview = dialog.getByRole('table', { name: '品牌导入预览' });
  // Opened on the refused rows, each error beside its cell.
  await expect(preview.getByText('品牌名称不能为空')).toBeVisible();
  await expect(preview.getByText('排序必须是整数')).toBeVisible();
  await expect(preview.getByText(`品牌名称「导入甲${tag}」与第2行重复`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '导入全部' })).toBeDisabled();
  await expectAccessible(page, '导入品牌 preview');
  await dialog.getByText('全部行', { exact: true }).click();
  await expect(preview.getByText(`导入丙${tag}`)).toBeVisible();

  // The refused rows as a file with 错误原因, read back.
  const errorsDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载错误行' }).click();
  const refused = await readSheet(await (await errorsDownload).path());
  expect(refused.rows[0]).toEqual(['原行号', '品牌名称', '品牌标志', '品牌介绍', '排序', '状态', '错误原因']);
  expect(refused.rows.slice(1).map((r) => [r[0], r[6]])).toEqual([
    [3, '品牌名称不能为空'],
    [4, '排序必须是整数'],
    [5, `品牌名称「导入甲${tag}」与第2行重复`],
  ]);

  // Only the valid rows.
  await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
  await expect(dialog.getByRole('heading', { name: '导入完成' })).toBeFocused(JOB_WAIT);
  await expect(dialog.getByText('已导入 2 个品牌')).toBeVisible();
  await expect(toast(page, '已导入 2 个品牌')).toBeVisible();
  await expectAccessible(page, '导入品牌 result');
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toBeHidden();
  // Focus is back on the button that opened the dialog.
  await expect(page.getByRole('button', { name: '导入', exact: true })).toBeFocused();

  const search = page.getByRole('searchbox', { name: '搜索品牌' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '品牌列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expect(table).toContainText(`导入甲${tag}`);
  await expect(table.getByRole('row').filter({ hasText: `导入丙${tag}` })).toContainText('停用');

  // Tidy: the two brands go again.
  await page.getByRole('checkbox', { name: `选择 导入甲${tag}` }).check();
  await page.getByRole('checkbox', { name: `选择 导入丙${tag}` }).check();
  await page.getByRole('button', { name: '批量删除（2）' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(toast(page, '已删除 2 个品牌')).toBeVisible();
});
