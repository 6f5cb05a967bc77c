import { expect } from '@playwright/test';
import { expectNoSidewaysScroll, test } from './helpers.ts';

/** The seeded content of the default company (apps/server/src/seed/demo-cms.ts). */
const LATEST = '启航商城亮相2026智慧零售博览会，数字化供应链方案受关注';

test('the home page shows the advertising carousel and the latest news, which opens an article', async ({
  page,
}) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: '广告' });
  const first = carousel.getByRole('img', { name: '精选好物，限时特惠' });
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(carousel.getByRole('img', { name: '注册会员，立享新人礼' })).toHaveAttribute(
    'loading',
    'lazy',
  );
  await carousel.getByRole('button', { name: /第 3 张/ }).click();
  await expect(carousel.getByRole('button', { name: /第 3 张/ })).toHaveAttribute('aria-current', 'true');

  const news = page.getByRole('region', { name: '最新资讯' });
  await expect(news.getByRole('listitem')).toHaveCount(5);
  await news.getByRole('link', { name: LATEST }).click();

  await expect(page).toHaveURL(/\/detail\?id=\d+$/);
  const article = page.getByRole('article', { name: LATEST });
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(LATEST);
  await expect(article.locator('.article-body p')).toHaveCount(4);
  await expect(article).toContainText('启航企业服务有限公司携旗下网上商城');
  await expect(page).toHaveTitle(new RegExp(`^${LATEST}`));
  await expect(article.getByText('上一篇：没有了')).toBeVisible();
  await article.getByRole('link', { name: '公司荣获“年度优秀企业服务商”称号' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('公司荣获“年度优秀企业服务商”称号');

  await page.goto('/detail?id=999999');
  await expect(page.getByText('文章不存在或已下线')).toBeVisible();
});

test('/news: category links, keyword search and paging', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: '新闻资讯', level: 1 })).toBeVisible();
  const items = page.getByRole('article');
  await expect(items).toHaveCount(10);
  await expect(page.getByText('共 17 篇')).toBeVisible();

  await page.locator('.news-pagination .ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(items).toHaveCount(7);

  const categories = page.getByRole('navigation', { name: '新闻栏目' });
  await categories.getByRole('link', { name: '技术服务' }).click();
  await expect(page).toHaveURL(/category=technology/);
  await expect(categories.getByRole('link', { name: '技术服务' })).toHaveAttribute('aria-current', 'page');
  await expect(items).toHaveCount(3);
  await expect(page.getByRole('link', { name: '企业上云实践：如何平稳迁移核心业务系统' })).toBeVisible();

  await categories.getByRole('link', { name: '全部' }).click();
  // The whole list is back before the search is typed (the page renders its box afresh).
  await expect(page).not.toHaveURL(/category=/);
  await expect(items).toHaveCount(10);
  const search = page.getByRole('searchbox', { name: '搜索文章' });
  await search.fill('纪录片');
  await search.press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  await expect(items).toHaveCount(3);
  await search.fill('没有这样的文章');
  await search.press('Enter');
  await expect(page.getByText('没有找到相关文章')).toBeVisible();
});

test('/technology and /documentary list their own articles', async ({ page }) => {
  await page.goto('/technology');
  await expect(page.getByRole('heading', { name: '技术服务', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('link', { name: '中小企业信息安全防护的五个要点' })).toBeVisible();
  await expect(page).toHaveTitle(/^技术服务/);

  await page.goto('/documentary');
  await expect(page.getByRole('article')).toHaveCount(3);
  // No play button on a documentary without a video: a badge that plays nothing is a broken promise.
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.locator('.news-item-video')).toHaveCount(0);
});

test('/advertisings and /advertising/<id> show an advertising and where it leads', async ({
  page,
  request,
}) => {
  const ads = (await (await request.get('/api/cms/advertising/list?position=home')).json()).d as {
    id: number;
    title: string;
  }[];
  const promotion = ads.find((a) => a.title === '汽车主题促销季');
  expect(promotion).toBeDefined();

  await page.goto('/advertisings');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(3);
  await page.getByRole('link', { name: '汽车主题促销季' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertising/${promotion?.id}$`));
  await expect(page.getByRole('heading', { name: '汽车主题促销季', level: 1 })).toBeVisible();
  await expect(page.getByText('领取车展门票')).toBeVisible();
  await expect(page.getByRole('link', { name: /立即前往/ })).toHaveAttribute('href', '/promotion');

  await page.goto('/advertising/999999');
  await expect(page.getByText('广告不存在或已下线')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the home page and an article have no horizontal scroll', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: '广告' }).getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '最新资讯' }).getByRole('listitem')).toHaveCount(5);
    await expectNoSidewaysScroll(page);

    await page
      .getByRole('region', { name: '最新资讯' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .click();
    await expect(page.locator('.article-body p').first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto('/news');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
