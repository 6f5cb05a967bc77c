import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, JOB_WAIT, newMobile, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 人员管理's Excel import (issue 34, docs/adr/0038): the demo 单位管理员 imports people from a sheet
// with one bad row (a role they may not give), sees the row's reason in the preview, downloads the
// refused rows' file, imports the good rows and finds them in the list. Every rule of a row is the
// API test's (apps/server/test/users-import.test.ts).

async function readSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('users are imported from Excel with one bad row and the refused-rows file is downloaded', async ({
  page,
}, testInfo) => {
  const tag = uniqueSuffix();
  await signIn(page, 'unit', '/manager/company-user1_1');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入人员' });

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人员');
  ws.addRow(['用户名', '姓名', '初始密码', '角色', '性别', '手机号']);
  ws.addRow([`e2e_imp_a_${tag}`, `导入甲${tag}`, 'abc12345', '学生', '男', newMobile()]);
  ws.addRow([`e2e_imp_b_${tag}`, `导入乙${tag}`, 'abc12345', '单位管理员', '', '']);
  ws.addRow([`e2e_imp_c_${tag}`, `导入丙${tag}`, 'abc12345', '业务人员', '女', '']);
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '人员导入.xlsx');
  await wb.xlsx.writeFile(file);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: '上传并预览' }).click();

  await expect(dialog.getByRole('heading', { name: /预览：共 3 行，可导入 2 行，有误 1 行/ })).toBeFocused(
    JOB_WAIT,
  );
  const preview = dialog.getByRole('table', { name: '人员导入预览' });
  await expect(preview.getByText('不能授予「单位管理员」角色')).toBeVisible();
  await expectAccessible(page, '导入人员 preview');

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载错误行' }).click();
  const refused = await readSheet(await (await download).path());
  expect(refused[0]?.[0]).toBe('原行号');
  expect(refused.slice(1).map((r) => [r[0], r[1], r.at(-1)])).toEqual([
    [3, `e2e_imp_b_${tag}`, '不能授予「单位管理员」角色'],
  ]);

  await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
  await expect(dialog.getByRole('heading', { name: '导入完成' })).toBeFocused(JOB_WAIT);
  await expect(toast(page, '已导入 2 名人员')).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: '搜索人员' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '人员列表' });
  await expect(table).toContainText(`导入甲${tag}`);
  await expect(table).toContainText(`导入丙${tag}`);
  await expect(table).not.toContainText(`导入乙${tag}`);
});
