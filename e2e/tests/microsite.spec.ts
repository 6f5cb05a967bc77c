import { expect, type Page } from '@playwright/test';
import { CHINESE_WORDS } from '../../apps/web/src/modules/microsite/i18n.ts';
import { expectNoSidewaysScroll, test } from './helpers.ts';

/**
 * The demo microsites (apps/server/src/seed/demo-microsites.ts): each path shows its own company,
 * a goods only that company sells, and its phone.
 */
const SITES = [
  { path: '/qf', name: '青峰贸易有限公司', goods: '青峰 坚果礼盒 1.2kg', phone: '0571-88880126' },
  { path: '/zc', name: '正辰机械制造有限公司', goods: '正辰 ZC-60 精密行星减速机', phone: '0512-66880201' },
  {
    path: '/dzc',
    name: '德泽创电子科技有限公司',
    goods: 'DZC-P200 Pressure Transmitter',
    phone: '0755-27880303',
  },
  { path: '/zg', name: '中冠农业发展有限公司', goods: '中冠 五常稻花香大米 5kg', phone: '0451-53880404' },
  { path: '/zt', name: '卓通供应链管理有限公司', goods: '卓通 塑料托盘 川字 1.2 米', phone: '021-58880505' },
  { path: '/lx', name: '灵犀文化传媒有限公司', goods: '灵犀 蜀地风物志 精装版', phone: '028-86880606' },
  { path: '/qingfang', name: '清芳茶业有限公司', goods: '清芳 大红袍 特级 200g', phone: '0599-52880707' },
  { path: '/zhonggu', name: '中谷粮油食品有限公司', goods: '中谷 小磨香油 400ml', phone: '0371-65880808' },
  { path: '/jdzc', name: '景德镇瓷韵陶瓷有限公司', goods: '瓷韵 青花缠枝莲梅瓶', phone: '0798-82880909' },
  { path: '/jy', name: '嘉源教育科技有限公司', goods: '嘉源 Python 编程入门 线上课', phone: '027-87881010' },
  { path: '/nsu', name: '宁顺医疗器械有限公司', goods: '宁顺 红外额温枪 T2', phone: '0531-88881111' },
  { path: '/dzcen', name: 'Dezechuang Electronics', goods: 'DZC-G5 LoRa Gateway', phone: '0755-27880303' },
] as const;

/** /dzc and /dzcen are one company in two languages: they sell the same goods. */
const companyOf = (path: string) => (path === '/dzcen' ? '/dzc' : path);

async function openSite(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Goods and news load after the site: wait until the products grid has its cards (the bulk
  // catalogue's on /dzc and /dzcen, ADR 0026).
  await expect(page.locator('#products :is(.goods-card, .bulk-card)').first()).toBeVisible();
}

test('every microsite path shows its own company, goods and phone', async ({ page }) => {
  for (const site of SITES) {
    await openSite(page, site.path);
    await expect(page.locator('.ms-brand-name')).toHaveText(site.name);
    const products = page.locator('#products');
    // /dzc and /dzcen list the bulk catalogue (ADR 0026): its cards are headed by the goods' name.
    const bulk = companyOf(site.path) === '/dzc';
    const name = new RegExp(`^${escapeRegExp(site.goods)}`);
    await expect(
      bulk ? products.getByRole('heading', { name }) : products.getByRole('link', { name }),
    ).toBeVisible();
    for (const other of SITES) {
      if (companyOf(other.path) !== companyOf(site.path))
        await expect(products).not.toContainText(other.goods);
    }
    await expect(page.locator('#contact')).toContainText(site.phone);
  }
});

test('a goods and a news item of a microsite open inside the site, in its frame', async ({ page }) => {
  await openSite(page, '/zc');
  await page
    .locator('#products')
    .getByRole('link', { name: /^正辰 ZC-60 精密行星减速机/ })
    .click();
  await expect(page).toHaveURL(/\/zc\?goods=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '正辰 ZC-60 精密行星减速机' })).toBeFocused();
  await expect(page.locator('.ms-brand-name')).toHaveText('正辰机械制造有限公司');
  // Ordered from the company itself: the way there is its contact.
  await page.getByRole('link', { name: '联系我们订购' }).click();
  await expect(page).toHaveURL(/\/zc#contact$/);
  await expect(page.locator('#contact')).toContainText('0512-66880201');

  const first = page.locator('#news').getByRole('link').first();
  const title = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(/\/zc\?news=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('文章不存在或已下线')).toHaveCount(0);
  await page.getByRole('link', { name: '← 返回新闻动态' }).click();
  await expect(page.locator('#news')).toBeVisible();
});

test('/dzcen is in English: headings, no Chinese interface words, html lang=en', async ({ page }) => {
  await openSite(page, '/dzcen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const heading of ['About us', 'Why choose us', 'Bulk procurement', 'News', 'Contact us']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dezechuang Electronics');
  await expect(page.locator('#news')).toContainText('Dezechuang launches the DZC-G5 LoRa gateway');
  await expect(page.locator('#contact')).toContainText('Shenzhen');
  const text = (await page.locator('body').textContent()) ?? '';
  for (const word of CHINESE_WORDS) expect(text, word).not.toContain(word);
  await expect(page).toHaveTitle(/Dezechuang/);

  // Its news and products open inside the English site, with English words around them.
  await page
    .locator('#news')
    .getByRole('link', { name: 'Dezechuang launches the DZC-G5 LoRa gateway' })
    .click();
  await expect(page).toHaveURL(/\/dzcen\?news=\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Dezechuang launches the DZC-G5 LoRa gateway' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: '← Back to news' })).toBeVisible();
  const article = (await page.locator('body').textContent()) ?? '';
  for (const word of CHINESE_WORDS) expect(article, word).not.toContain(word);
  // The products section lists the bulk catalogue (ADR 0026) in English: tiers and an inquiry link.
  await page.goto('/dzcen');
  const products = page.locator('#products');
  await expect(products.getByRole('heading', { name: /^DZC-G5 LoRa Gateway/ })).toBeVisible();
  const goods = (await products.textContent()) ?? '';
  for (const word of CHINESE_WORDS) expect(goods, word).not.toContain(word);
  // No card links to the site's goods page any more (a bulk card's inquiry leads to the contact,
  // ADR 0026), but the page still answers a link to a goods made before, in English.
  const site = await (await page.request.get('/api/microsite?path=/dzcen')).json();
  const bulk = await (
    await page.request.get(`/api/dzc/goods/public?company_id=${site.d.company.id}&page_size=20`)
  ).json();
  const gateway = bulk.d.results.find((g: { name: string }) => g.name.startsWith('DZC-G5 LoRa Gateway'));
  await page.goto(`/dzcen?goods=${gateway.goods_id}`);
  await expect(page.getByRole('link', { name: 'Contact us to order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.getByText('Supplied directly by Dezechuang Electronics')).toBeVisible();
  const detail = (await page.locator('body').textContent()) ?? '';
  for (const word of CHINESE_WORDS) expect(detail, word).not.toContain(word);

  // Leaving the English site gives the document its Chinese language back.
  await page.goto('/dzc');
  await expect(page.locator('#products :is(.goods-card, .bulk-card)').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '关于我们', exact: true })).toBeVisible();
});

test('an unknown microsite row shows 站点不存在', async ({ page }) => {
  // Every registered path has a row; an unregistered one is the router's 404 instead.
  const res = await page.request.get('/api/microsite?path=/nowhere');
  const missing = await res.json();
  expect(missing).toMatchObject({ c: 20901, m: '站点不存在' });

  // A registered path whose row is gone (closed, say) gets the same answer: the page says so.
  await page.route(
    (url) => url.pathname === '/api/microsite' && url.searchParams.get('path') === '/qf',
    (route) => route.fulfill({ status: res.status(), json: missing }),
  );
  // Opened within the app, so the browser asks for the row (a document request for /qf is rendered
  // by the server from the real row, and a row the server cannot find is left to the browser).
  await page.goto('/aboutUs');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/qf');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('站点不存在', { exact: true })).toBeVisible();
  await expect(page.getByText('您访问的企业微站不存在或已关闭。')).toBeVisible();
  await expect(page.locator('#products')).toHaveCount(0);
  // No toast on top of the page's own message.
  await expect(page.locator('.ant-message').getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/aboutUs tells who the company is, /company lists its record (two pages, one company)', async ({
  page,
}) => {
  await page.goto('/aboutUs');
  await expect(page.getByRole('heading', { level: 1, name: '启航企业服务有限公司' })).toBeVisible();
  const card = page.locator('.ms-contact');
  await expect(card).toContainText('010-88880125');
  await expect(card).toContainText('北京市海淀区中关村大街1号');
  await expect(card).toContainText('京ICP备00000125号-1');
  await expect(page.getByRole('heading', { name: '公司信息' })).toHaveCount(0);

  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1, name: '启航企业服务有限公司' })).toBeVisible();
  const facts = page.getByRole('region', { name: '公司信息' });
  await expect(facts).toContainText('010-88880125');
  await expect(facts).toContainText('北京市海淀区中关村大街1号');
  await expect(facts).toContainText('京ICP备00000125号-1');
  await expect(page.locator('.ms-contact')).toHaveCount(0);
  await page.getByRole('link', { name: '了解更多：关于我们' }).click();
  await expect(page).toHaveURL(/\/aboutUs$/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('microsites and the company page fit without sideways scrolling', async ({ page }) => {
    for (const path of ['/qf', '/jdzc', '/dzcen', '/aboutUs']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path !== '/aboutUs')
        await expect(page.locator('#products :is(.goods-card, .bulk-card)').first()).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
  });
});

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
