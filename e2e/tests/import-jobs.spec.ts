import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { gbk } from '../../apps/server/src/platform/excel/gbk.testing.ts';
import { expectAccessible, JOB_WAIT, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// Imports as jobs (issue 33, ADR 0037 "The web: a job followed"): an import started on 商品库 waits
// in the server's queue behind another company's big check, survives a reload of the page (shown
// above the list, its progress still moving), ends with the rows written, the list refreshed and
// the refused rows' file downloaded and read. And what a Chinese office brings (ADR 0017): a CSV
// that Excel on Chinese Windows saved (GBK), and the list's own export, edited, imported back.

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

/** A goods' details as a shop writes them: a few lines of text. */
const DETAIL =
  '<p>精选原料，工艺考究，每一件都经过严格检验。</p><p>规格：标准装；保质期：十二个月；产地：浙江杭州。</p><p>收到商品后如有问题，七天内可联系客服退换。</p>';

async function writeSheet(file: string, rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEADERS);
  for (const row of rows) ws.addRow(row);
  await wb.xlsx.writeFile(file);
}

async function readSheet(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: unknown[][] = [];
  (wb.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Opens 导入 on 商品库, sends `file` for its check and waits until the check is under way. */
async function startCheck(page: Page, file: string) {
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入商品' });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: '上传并预览' }).click();
  return dialog;
}

test('an import on 商品库 waits its turn, survives a reload, and ends with its rows written and its refused rows downloaded', async ({
  page,
  openPage,
}, testInfo) => {
  // A 50,000-row sheet is written, sent and checked; the journey waits for it in the queue.
  test.setTimeout(240_000);
  const tag = uniqueSuffix().toUpperCase();
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });

  // Three goods and two refused rows.
  const mine = path.join(dir, '任务商品.xlsx');
  const row = (n: number, category: string, price: string | number) => [
    `JOB-${tag}-${n}`,
    `任务商品${tag}-${n}`,
    category,
    '',
    '盒',
    '普通商品',
    price,
    2,
    '',
    `任务${tag}`,
    '启用',
  ];
  await writeSheet(mine, [
    row(1, '茶叶/绿茶', '12.5'),
    row(2, '咖啡', 10),
    row(3, '红茶', 20),
    row(4, '红茶', '9.999'),
    row(5, '红茶', 30),
  ]);
  // Another company's sheet of 50,000 goods (the most an import reads), each with its details.
  const big = path.join(dir, '青峰商品.xlsx');
  await writeSheet(
    big,
    Array.from({ length: 50_000 }, (_, i) => [
      `QF-${tag}-${i}`,
      `青峰商品${tag}-${i}`,
      '青峰精选',
      '',
      '件',
      '普通商品',
      '9.9',
      1,
      '青峰贸易 年度精选',
      `青峰 精选 ${i}`,
      '启用',
      DETAIL,
    ]),
  );

  // The warehouse keeper imports (the journeys of the shop's administrator import goods too, and a
  // user's unfinished imports are all shown on the page).
  await signIn(page, 'warehouse', '/crm/goods_manager');
  const dialog = await startCheck(page, mine);
  // A check is a job: it may wait in the queue behind others' imports.
  await expect(dialog.getByRole('heading', { name: '预览：共 5 行，可导入 3 行，有误 2 行' })).toBeFocused(
    JOB_WAIT,
  );

  // Meanwhile 青峰贸易's manager checks a big sheet; the server runs one import at a time.
  const other = await openPage('qf_shop');
  await other.goto('/crm/goods_manager');
  const otherDialog = await startCheck(other, big);
  await expect(otherDialog.getByRole('heading', { name: /正在校验/ })).toBeVisible();

  // 仅导入有效行: the import waits its turn, its progress shown in the dialog.
  await dialog.getByRole('button', { name: '仅导入有效行（3）' }).click();
  await expect(dialog.getByRole('heading', { name: '正在导入：任务商品.xlsx' })).toBeFocused();
  await expect(dialog.getByRole('progressbar', { name: '导入商品进度' })).toBeVisible();
  await expect(dialog.getByText('排队中', { exact: true })).toBeVisible();

  // The page reloaded: the import is found again and shown above the list, still unfinished.
  await page.reload();
  const banner = page.getByRole('region', { name: '导入商品' });
  await expect(banner.getByRole('progressbar', { name: '导入商品进度' })).toBeVisible();
  await expect(banner).toContainText(/排队中|进行中/);
  await expect(banner.getByRole('button', { name: '取消导入商品' })).toBeVisible();
  await expectAccessible(page, '商品库 with an unfinished import above the list');
  const search = page.getByRole('searchbox', { name: '搜索商品' });
  await search.fill(`任务${tag}`);
  await search.press('Enter');

  // It ends: what it came to, the refused rows to download, and the list shows the new goods.
  await expect(banner).toContainText('已导入 3 个商品', JOB_WAIT);
  await expect(banner).toContainText('有误的 2 行没有导入');
  const table = page.getByRole('table', { name: '商品列表' });
  await expect(table.getByRole('row')).toHaveCount(4); // header + 3
  await expect(table).toContainText(`任务商品${tag}-5`);
  await expectAccessible(page, '商品库 with a finished import above the list');

  const download = page.waitForEvent('download');
  await banner.getByRole('link', { name: '下载错误行' }).click();
  const refused = await readSheet(await (await download).path());
  expect(refused[0]).toEqual(['原行号', ...HEADERS, '错误原因']);
  expect(refused.slice(1).map((r) => [r[0], r[1], r.at(-1)])).toEqual([
    [3, `JOB-${tag}-2`, '商品分类「咖啡」不存在，请先在商品分类中添加'],
    [5, `JOB-${tag}-4`, '销售价（元）须为数字，最多两位小数'],
  ]);

  // Closed, the banner is gone; the other company's check ended on its own page.
  await banner.getByRole('button', { name: '关闭「导入商品」的提示' }).click();
  await expect(banner).toBeHidden();
  await expect(otherDialog.getByRole('heading', { name: /预览：共 50000 行/ })).toBeVisible(JOB_WAIT);

  // Tidy: the shop's administrator deletes the three goods again (a keeper may not).
  const admin = await openPage('shop');
  await admin.goto('/crm/goods_manager');
  const adminSearch = admin.getByRole('searchbox', { name: '搜索商品' });
  await adminSearch.fill(`任务${tag}`);
  await adminSearch.press('Enter');
  for (const n of [1, 3, 5]) await admin.getByRole('checkbox', { name: `选择 任务商品${tag}-${n}` }).check();
  await admin.getByRole('button', { name: '批量删除' }).click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(toast(admin, '已删除 3 个商品')).toBeVisible();
});

test('an .xls is answered with the way forward, a CSV saved by Excel on Chinese Windows (GBK) is imported, and the export, edited in its download, comes back', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueSuffix().toUpperCase();
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });
  await signIn(page, 'shop', '/crm/goods_manager');
  const dialog = page.getByRole('dialog', { name: '导入商品' });

  /** Sends `file` for its check and, every row valid, imports them all. */
  async function importAll(file: string, rows: number) {
    await page.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: '上传并预览' }).click();
    await expect(
      dialog.getByRole('heading', { name: `预览：共 ${rows} 行，可导入 ${rows} 行，有误 0 行` }),
    ).toBeFocused(JOB_WAIT);
    await dialog.getByRole('button', { name: '导入全部' }).click();
    await expect(dialog.getByRole('heading', { name: '导入完成' })).toBeFocused(JOB_WAIT);
    await expect(dialog.getByText(`已导入 ${rows} 个商品`)).toBeVisible();
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(dialog).toBeHidden();
  }

  // An Excel 97–2003 workbook (its bytes, whatever its name) is answered with the way forward.
  const xls = path.join(dir, '商品.xls');
  fs.writeFileSync(
    xls,
    Buffer.concat([
      Buffer.from('d0cf11e0a1b11ae1', 'hex'),
      Buffer.alloc(504),
      Buffer.from('Root Entry', 'utf16le'),
      Buffer.alloc(4096),
    ]),
  );
  await page.getByRole('button', { name: '导入', exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles(xls);
  await dialog.getByRole('button', { name: '上传并预览' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后重新上传',
    JOB_WAIT,
  );
  await expect(dialog.getByRole('button', { name: '上传并预览' })).toBeFocused();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // "CSV (逗号分隔)" as Excel on Chinese Windows saves it: GBK, CRLF, a name with a comma quoted.
  const csv = path.join(dir, '商品.csv');
  fs.writeFileSync(
    csv,
    gbk(
      [
        HEADERS.join(','),
        `CSV-${tag}-1,"表格红茶${tag}，礼盒, 两罐",红茶,,盒,普通商品,58.5,3,,表格${tag},启用,`,
        `CSV-${tag}-2,表格绿茶${tag},茶叶/绿茶,,罐,普通商品,32,,,表格${tag},停用,`,
        '',
      ].join('\r\n'),
    ),
  );
  await importAll(csv, 2);
  const search = page.getByRole('searchbox', { name: '搜索商品' });
  await search.fill(`表格${tag}`);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '商品列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expect(table.getByRole('row').filter({ hasText: `表格红茶${tag}，礼盒, 两罐` })).toContainText(
    '58.50',
  );

  // The filtered list's export, edited in the download: each row becomes a new goods (a new code
  // and name), and the red tea's price changes; then it goes back in as it is.
  const exported = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出 Excel' }).click();
  const file = await (await exported).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['商品编码', '商品名称', '商品分类']);
  const col = (name: string) => header.indexOf(name) + 1;
  expect(col('销售价（元）')).toBeGreaterThan(0);
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const code = String(row.getCell(col('商品编码')).value);
    row.getCell(col('商品编码')).value = code.replace('CSV-', 'EXP-');
    row.getCell(col('商品名称')).value = String(row.getCell(col('商品名称')).value).replace('表格', '再导入');
    if (code.endsWith('-1')) {
      expect(row.getCell(col('销售价（元）')).value).toBe(58.5);
      row.getCell(col('销售价（元）')).value = 66;
    }
  }
  const edited = path.join(dir, '商品导出-改.xlsx');
  await wb.xlsx.writeFile(edited);
  await importAll(edited, 2);

  await search.fill(`再导入红茶${tag}`);
  await search.press('Enter');
  const red = table.getByRole('row').filter({ hasText: `再导入红茶${tag}，礼盒, 两罐` });
  await expect(red).toContainText('66.00');
  await expect(red).toContainText('红茶');
  await search.fill(`再导入绿茶${tag}`);
  await search.press('Enter');
  await expect(table.getByRole('row').filter({ hasText: `再导入绿茶${tag}` })).toContainText('绿茶');

  // Tidy: the four goods go again.
  await search.fill(`表格${tag}`);
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(5); // header + 4 (their keyword came along)
  await page.getByRole('checkbox', { name: '全选本页' }).check();
  await page.getByRole('button', { name: '批量删除' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(toast(page, '已删除 4 个商品')).toBeVisible();
});
