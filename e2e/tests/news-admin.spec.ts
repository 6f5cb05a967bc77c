import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expectAccessible, JOB_WAIT, signIn, test, toast, uniqueSuffix } from './helpers.ts';

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

  await page.getByLabel('标题', { exact: true }).fill(title);
  await page.getByLabel('作者').fill('市场部');
  await page.getByLabel('摘要').fill('三款新品在展会上亮相');
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('封面图片').press('Enter');
  await (await chooser).setFiles({ name: '封面.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByRole('img', { name: '封面图片' })).toBeVisible();
  // The body is rich text (ADR 0030): two paragraphs typed in the editor, the second one bold
  // from the toolbar; what looks like a tag is typed text and stays text.
  const body = page.getByRole('textbox', { name: '正文', exact: true });
  await body.click();
  await page.keyboard.type(`第一段：展会${tag}开幕，<b>不是标签</b>。`);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^粗体/ }).click();
  await page.keyboard.type('第二段加粗。');
  await expect(body.locator('strong')).toHaveText('第二段加粗。');
  // The toolbar is one Tab stop before the text, walked with the arrow keys.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: /^粗体/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: /^斜体/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(body).toBeFocused();
  await expectAccessible(page, '新闻编辑 with the body typed');
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
  await expect(visitor.getByText(`第一段：展会${tag}开幕，<b>不是标签</b>。`)).toBeVisible();
  await expect(visitor.locator('.article-body strong')).toHaveText('第二段加粗。');
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

test('a shop administrator imports news from Excel on 新闻管理: template, preview with a refused row, the valid rows', async ({
  page,
}, testInfo) => {
  const tag = uniqueSuffix();
  await signIn(page, 'shop', '/crm/news_index');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入新闻' });

  // The template names the category as the list shows it.
  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '下载导入模板' }).click();
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await (await templateDownload).path());
  const headers = ((template.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
  expect(headers.slice(0, 2)).toEqual(['栏目*', '标题*']);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('新闻');
  ws.addRow(headers.map((h) => String(h).replace('*', '')));
  const row = (category: string, title: string, status: string) => {
    const cells: Record<string, string> = { 栏目: category, 标题: title, 作者: '市场部', 状态: status };
    return headers.map((h) => cells[String(h).replace('*', '')] ?? '');
  };
  ws.addRow(row('新闻资讯', `导入新闻${tag}`, '已发布'));
  ws.addRow(row('没有的栏目', `栏目不对${tag}`, '草稿'));
  ws.addRow(row('技术服务', `导入草稿${tag}`, '草稿'));
  const dir = testInfo.outputPath('excel');
  fs.mkdirSync(dir, { recursive: true });
  const xlsx = path.join(dir, '新闻导入.xlsx');
  await wb.xlsx.writeFile(xlsx);
  await dialog.locator('input[type="file"]').setInputFiles(xlsx);
  await dialog.getByRole('button', { name: '上传并预览' }).click();

  await expect(dialog.getByRole('heading', { name: /预览：共 3 行，可导入 2 行，有误 1 行/ })).toBeFocused(
    JOB_WAIT,
  );
  const preview = dialog.getByRole('table', { name: '新闻导入预览' });
  await expect(preview.getByText(/栏目「没有的栏目」不存在，可填「新闻资讯」/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: '导入全部' })).toBeDisabled();
  await expectAccessible(page, '导入新闻 preview');
  await dialog.getByRole('button', { name: /仅导入有效行/ }).click();
  await expect(dialog.getByRole('heading', { name: '导入完成' })).toBeFocused(JOB_WAIT);
  await expect(dialog.getByText('已导入 2 篇新闻')).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toBeHidden();

  // The list shows them in their categories, published and a draft.
  const search = page.getByRole('searchbox', { name: '搜索新闻' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '新闻列表' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: `导入新闻${tag}` })).toContainText('新闻资讯');
  await expect(table.getByRole('row').filter({ hasText: `导入草稿${tag}` })).toContainText('草稿');
});
