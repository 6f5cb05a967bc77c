import { expect } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// The file store's upload field (apps/web/src/shared/ui/ImageUpload.tsx) on the brand form's
// 品牌标志: refusals in Chinese beside the field, a picture picked from the keyboard, its preview,
// the saved brand showing its logo, and the logo readable by an anonymous visitor (ADR 0018).

test('a shop administrator uploads a brand logo with the image field; anyone sees the logo', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = uniqueSuffix();
  const logo = await sharp({ create: { width: 240, height: 120, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();
  await signIn(page, 'shop', '/crm/goods_brand');
  await page.getByRole('button', { name: '新增品牌' }).click();
  const dialog = page.getByRole('dialog', { name: '新增品牌' });
  await dialog.getByLabel('品牌名称').fill(`标志${tag}`);

  // The field's label names its button; a keyboard user opens the file picker with Enter.
  const pick = dialog.getByLabel('品牌标志');
  await expect(pick).toHaveText(/选择图片/);
  await pick.focus();
  const refused = [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') },
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('这只是文字，不是 PNG 图片'.repeat(20)) },
  ];
  const messages = ['请选择 JPG、PNG、WebP 或 GIF 图片', '文件类型不支持'];
  for (const [i, file] of refused.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await pick.press('Enter');
    await (await chooser).setFiles(file);
    await expect(dialog.getByRole('alert').filter({ hasText: messages[i] as string })).toBeVisible();
  }
  await expect(dialog.getByRole('img', { name: '品牌标志' })).toHaveCount(0);

  const chooser = page.waitForEvent('filechooser');
  await pick.press('Enter');
  await (await chooser).setFiles({ name: '标志.png', mimeType: 'image/png', buffer: logo });
  const preview = dialog.getByRole('img', { name: '品牌标志' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByRole('button', { name: '移除品牌标志' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('');
  await expectAccessible(page, '新增品牌 dialog with a logo');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增品牌')).toBeVisible();

  // The list shows the logo; its address is the file store's public image address.
  const search = page.getByRole('searchbox', { name: '搜索品牌' });
  await search.fill(tag);
  await search.press('Enter');
  const shown = page
    .getByRole('table', { name: '品牌列表' })
    .getByRole('img', { name: `标志${tag} 品牌标志` });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  const src = (await shown.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/file\/image\?key=[0-9a-f]{32}\.png$/);

  // An anonymous visitor (no session) reads the logo; the reply is a picture that cannot run anything.
  const stranger = await browser.newContext({ baseURL });
  const reply = await stranger.request.get(src);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toBe('image/png');
  expect(reply.headers()['x-content-type-options']).toBe('nosniff');
  expect(reply.headers()['content-security-policy']).toContain('sandbox');
  expect((await reply.body()).equals(logo)).toBe(true);
  // …but not the company's file list.
  const list = await (await stranger.request.post('/api/file/get', { form: {} })).json();
  expect(list.c).toBe(10003);
  await stranger.close();

  // Editing keeps the logo; 移除 clears it.
  await page.getByRole('button', { name: `编辑 标志${tag}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑品牌 · 标志${tag}` });
  await expect(edit.getByRole('img', { name: '品牌标志' })).toHaveAttribute('src', src);
  await edit.getByRole('button', { name: '移除品牌标志' }).click();
  await expect(edit.getByRole('img', { name: '品牌标志' })).toHaveCount(0);
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存品牌')).toBeVisible();
  await expect(page.getByRole('table', { name: '品牌列表' }).getByRole('img')).toHaveCount(0);
});

test('文件管理: upload a document, find it, rename it and delete it; sales staff only read', async ({
  page,
  openPage,
}) => {
  const tag = uniqueSuffix();
  const pdf = Buffer.from(`%PDF-1.4\n% 报价单 ${tag}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n`);
  await signIn(page, 'shop', '/crm/file_manager');
  await expect(page.getByText('文件管理').first()).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传文件' }).click();
  await (await chooser).setFiles({ name: `报价单${tag}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await expect(toast(page, `已上传「报价单${tag}.pdf」`)).toBeVisible();

  const search = page.getByRole('searchbox', { name: '搜索文件' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '文件列表' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + 1
  await expect(table.getByRole('link', { name: `报价单${tag}.pdf` })).toHaveAttribute(
    'href',
    /\/api\/file\/content\?id=\d+/,
  );
  await expect(table).toContainText('PDF');
  await expectAccessible(page, '文件管理');

  // Rename: an empty name is refused beside the field, then saved.
  await page.getByRole('button', { name: `重命名 报价单${tag}.pdf` }).click();
  const dialog = page.getByRole('dialog', { name: `重命名 · 报价单${tag}.pdf` });
  await dialog.getByLabel('文件名').fill('');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('文件名不能为空')).toBeVisible();
  await dialog.getByLabel('文件名').fill(`采购报价${tag}.pdf`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已重命名')).toBeVisible();
  await expect(table.getByRole('link', { name: `采购报价${tag}.pdf` })).toBeVisible();

  // Sales staff see the list, not the buttons that change it.
  const sales = await openPage('sales');
  await sales.goto('/crm/file_manager');
  await expect(sales.getByRole('table', { name: '文件列表' })).toBeVisible();
  await expect(sales.getByRole('button', { name: '上传文件' })).toHaveCount(0);
  await expect(sales.getByRole('button', { name: /^删除 / })).toHaveCount(0);

  // Delete after a confirmation.
  await page.getByRole('checkbox', { name: `选择 采购报价${tag}.pdf` }).check();
  await page.getByRole('button', { name: '批量删除（1）' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `确定删除文件「采购报价${tag}.pdf」吗？` });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '已删除 1 个文件')).toBeVisible();
  await expect(page.getByText('没有找到符合条件的文件')).toBeVisible();
});
