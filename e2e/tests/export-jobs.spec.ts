import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCall, expectAccessible, JOB_WAIT, signIn, test, uniqueSuffix } from './helpers.ts';

// Exports as jobs (issue 33, ADR 0037 "Exports as jobs"): 导出 Excel of a list over 5,000 rows
// starts an export job, shown above the list with its progress, then the rows it wrote and its
// file, downloaded and read back. 青峰贸易's brands: no other journey lists them.

const ROWS = 5_001;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function brandSheet(tag: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('品牌');
  ws.addRow(['品牌名称', '品牌介绍', '排序', '状态']);
  for (let i = 1; i <= ROWS; i++) ws.addRow([`导出${tag}-${i}`, '', i % 100, '启用']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('导出 Excel of 5,001 brands runs as a job above the list, and its file holds every row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueSuffix();
  const token = await signIn(page, 'qf_shop');
  // The brands arrive through the import (the subject here is the export).
  const imported = await page.request.post('/api/goods/brand/import', {
    headers: { authorization: `Token ${token}` },
    multipart: {
      mode: 'all',
      file: { name: '品牌.xlsx', mimeType: XLSX, buffer: await brandSheet(tag) },
    },
  });
  expect((await imported.json()).c).toBe(0);
  const count = async () =>
    (await apiCall(page.request, token, '/goods/brand/list', { keyword: `导出${tag}`, page_size: 5 })).paging
      .count as number;
  await expect.poll(count, JOB_WAIT).toBe(ROWS);

  await page.goto('/crm/goods_brand');
  const search = page.getByRole('searchbox', { name: '搜索品牌' });
  await search.fill(`导出${tag}`);
  await search.press('Enter');
  await expect(page.getByText(`共 ${ROWS} 条`)).toBeVisible();

  // Over 5,000 rows: the button starts a job instead of a download.
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const banner = page.getByRole('region', { name: '导出品牌' });
  await expect(banner.getByRole('progressbar', { name: '导出品牌进度' })).toBeVisible();
  await expect(banner).toContainText('已导出 5,001 行', JOB_WAIT);
  await expectAccessible(page, '品牌管理 with a finished export above the list');

  const download = page.waitForEvent('download');
  await banner.getByRole('link', { name: '下载导出的表格' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^品牌-\d{8}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.rowCount).toBe(1 + ROWS);
  expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual([
    '品牌名称',
    '品牌标志',
    '品牌介绍',
    '排序',
    '状态',
  ]);

  await banner.getByRole('button', { name: '关闭「导出品牌」的提示' }).click();
  await expect(banner).toBeHidden();
});
