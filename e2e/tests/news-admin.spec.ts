import { expect } from '@playwright/test';
import sharp from 'sharp';
import { signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 新闻管理 and 新闻编辑 (/crm/news_index, /crm/news_detail?id=; ADR 0027): the shop administrator
// writes a news with a cover and publishes it; an anonymous visitor reads it on the public news
// pages at once. The rules (drafts, scheduled news, tenancy, roles, input) are in news-admin.test.ts.

test('a shop administrator writes and publishes a news with a cover; a visitor reads it on the news page', async ({
  page,
  openPage,
}) => {
  const tag = uniqueSuffix();
  const title = `春季展会回顾${tag}`;
  const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#0050b3' } })
    .png()
    .toBuffer();
  await signIn(page, 'shop', '/crm/news_index');
  // An empty list is the table with its empty state inside: either one, whichever is found first.
  await expect(
    page.getByRole('table', { name: '新闻列表' }).or(page.getByText('暂无新闻')).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: '写新闻' }).click();
  await expect(page).toHaveURL(/\/crm\/news_detail\?new=1$/);

  // An empty title is refused beside the field.
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('标题不能为空')).toBeVisible();

  await page.getByLabel('标题').fill(title);
  await page.getByLabel('作者').fill('市场部');
  await page.getByLabel('摘要').fill('三款新品在展会上亮相');
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('封面图片').press('Enter');
  await (await chooser).setFiles({ name: '封面.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByRole('img', { name: '封面图片' })).toBeVisible();
  await page.getByLabel('正文').fill(`第一段：展会${tag}开幕。\n\n第二段：<b>不是粗体</b>，原样显示。`);
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(toast(page, '已保存并发布')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/news_detail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // The list finds it, published.
  await page.getByRole('link', { name: '返回新闻管理' }).click();
  const search = page.getByRole('searchbox', { name: '搜索新闻' });
  await search.fill(tag);
  await search.press('Enter');
  const row = page.getByRole('table', { name: '新闻列表' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('已发布');

  // A visitor without a session reads it on the public news list and its page, the cover shown.
  // openPage: its goto and reload wait until the server-rendered page runs (a click before it
  // hydrates is lost or navigates the whole page).
  const visitor = await openPage();
  await visitor.goto('/news');
  await visitor.getByRole('link', { name: title }).first().click();
  await expect(visitor).toHaveURL(new RegExp(`/detail\\?id=${id}`));
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByText('第二段：<b>不是粗体</b>，原样显示。')).toBeVisible();
  const shown = visitor.getByRole('img', { name: title });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // Withdrawn after a confirmation: the public page no longer shows it.
  await row.getByRole('button', { name: `撤回 ${title}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /撤\s*回/ })
    .click();
  await expect(toast(page, '已撤回 1 篇新闻')).toBeVisible();
  await expect(row).toContainText('草稿');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toHaveCount(0);
  await visitor.context().close();

  // The 商城管理 home shows the stock warnings and the new visitors (their counts: API tests).
  await page.goto('/crm/home');
  await expect(page.getByRole('region', { name: '库存预警' })).toBeVisible();
  await expect(page.getByRole('region', { name: '新访客' }).getByText('近7天新访客')).toBeVisible();
});
