import { expect, type Page } from '@playwright/test';
import { apiCall, memberOrder, signIn, test, uniqueSuffix } from './helpers.ts';

// Issue 35 item 1, the company's clock: the server runs in UTC (playwright.config.ts) and the
// browser in Asia/Shanghai; the demo company keeps the default zone, Beijing time. The pages the
// server renders and the browser then hydrates write the same dates (no React #418), and an order
// number's day and minute are those the order shows. (An order at 00:05 Beijing time numbered with
// that day: apps/server/test/time-zone.test.ts, the server's clock set there.)

// A goods whose stock no other journey counts.
const GOODS = '手撕牛肉干 五香味';

/** Every console error and uncaught error of the page from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** `YYYY-MM-DD` in Beijing of an instant. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

test('public pages rendered by a server in UTC hydrate in a Beijing browser without a mismatch; an order’s number carries its Beijing day and minute', async ({
  page,
  openPage,
  request,
}) => {
  // An article published at 01:00 Beijing time yesterday: the day before in UTC, so a server
  // writing its own zone's day would disagree with the browser.
  const token = await signIn(await openPage(), 'shop');
  const day = beijingDay(Date.now() - 86_400_000);
  const publishedAt = new Date(Date.parse(`${day}T01:00:00+08:00`)).toISOString();
  const categories = (await apiCall(request, token, '/cms/news/admin/categories')) as {
    id: number;
    name: string;
  }[];
  const category = categories.find((c) => c.name === '新闻资讯') ?? categories[0];
  const title = `时区检查 ${uniqueSuffix()}`;
  const news = await apiCall(request, token, '/cms/news/admin/add', {
    category_id: category?.id ?? 0,
    title,
    summary: '凌晨发布的一篇',
    status: 1,
    published_at: publishedAt,
    body: '<p>正文。</p>',
  });

  try {
    const errors = errorsOf(page);
    for (const path of ['/', '/news', '/technology', '/goodsService', '/promotion']) {
      const response = await page.goto(path);
      // Server-rendered (its data in the page; /promotion is the browser's), then running (`goto`
      // waits for data-ready, set once the page is mounted: hydrated).
      if (path !== '/promotion')
        expect(await response?.text(), `${path} is rendered by the server`).toContain('id="ssr-data"');
      await expect(page.getByRole('main')).toBeVisible();
      expect(errors, `console errors on ${path}`).toEqual([]);
    }
    // The article shows its Beijing day, in the server's HTML and on screen alike.
    const html = await (await page.goto('/news'))?.text();
    expect(html).toContain(title);
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card.locator('time')).toHaveText(day);
    expect(errors).toEqual([]);

    // A back-office list, logged in (rendered by the browser on the company's clock).
    const { order } = await memberOrder(request, GOODS, '时区会员');
    await signIn(page, 'shop', '/crm/order_manager');
    await page.getByRole('searchbox', { name: '搜索订单' }).fill(order.order_no);
    await page.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
    const row = page
      .getByRole('table', { name: '订单列表' })
      .getByRole('row')
      .filter({ hasText: order.order_no });
    await expect(row).toBeVisible();
    // 20261128071105…: the day and minute in the number are the ones the list shows (Beijing time).
    const [, y, m, d, hh, mm] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(order.order_no) ?? [];
    await expect(row).toContainText(`${y}-${m}-${d} ${hh}:${mm}`);
    expect(errors).toEqual([]);
  } finally {
    await apiCall(request, token, '/cms/news/admin/delete', { id: news.id });
  }
});
