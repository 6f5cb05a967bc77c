import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, memberOrder, test } from './helpers.ts';

const GOODS = '每日坚果 30 袋装';

/** Today in Beijing time (the company's zone and the browser's here), YYYY-MM-DD. */
const beijingToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(new Date());

/**
 * The finance role (issue 35 items 6 and 7): its login lands on the orders with nothing refused
 * (no red 没有权限执行此操作), and it exports the orders of a range of days to an Excel file whose
 * money is a number of yuan and whose time is a date cell.
 */
test('finance lands on the orders and exports those of a range of days', async ({ page, request }) => {
  const { order } = await memberOrder(request, GOODS, '财务导出会员');

  // Every answer of the landing: none refused.
  const refused: string[] = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/api/') || !r.headers()['content-type']?.includes('json')) return;
    const body = await r.json().catch(() => null);
    if (body && typeof body === 'object' && 'c' in body && body.c !== 0) refused.push(`${r.url()} ${body.c}`);
  });
  await page.goto('/login');
  await login(page, 'finance');
  await expect(page).toHaveURL(/\/crm\/order_manager$/);
  const table = page.getByRole('table', { name: '订单列表' });
  await expect(table).toBeVisible();
  await expect(page.getByText('没有权限执行此操作')).toHaveCount(0);
  expect(refused).toEqual([]);

  // Today's orders, found by the number: the list and then its file.
  const today = beijingToday();
  await page.getByLabel('下单日期从').fill(today);
  await page.getByLabel('下单日期到').fill(today);
  const search = page.getByRole('searchbox', { name: '搜索订单' });
  await search.fill(order.order_no);
  await search.press('Enter');
  await expect(table.getByRole('row').filter({ hasText: order.order_no })).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: '导出 Excel' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  const rows: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n > 1) rows.push((row.values as unknown[]).slice(1));
  });
  expect(rows).toHaveLength(1);
  const cell = (label: string) => rows[0]?.[header.indexOf(label)];
  expect(cell('订单号')).toBe(order.order_no);
  // Money a number of yuan (the order's cents / 100), the time a date cell of today (Beijing time).
  const placed = await (
    await request.post('/api/order/manage/list', {
      form: { keyword: order.order_no },
      headers: { authorization: `Token ${await page.evaluate(() => localStorage.getItem('token'))}` },
    })
  ).json();
  expect(cell('订单金额')).toBe(placed.d.results[0].pay_amount / 100);
  expect(cell('下单时间')).toBeInstanceOf(Date);
  expect((cell('下单时间') as Date).toISOString().slice(0, 10)).toBe(today);
});
