import { expect } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 商城设置 (ADR 0028): the shop administrator sets a goods' per-order limit, adds a picture to its
// gallery and makes it the cover, and stops one specification; a visitor's goods page shows the
// gallery, offers only the specification still sold and stops the quantity at the limit.

test('the shop sets a limit, a gallery and the specifications it sells; the goods page follows at once', async ({
  page,
  openPage,
  request,
}) => {
  test.slow();
  const tag = uniqueSuffix();
  const name = `商城设置衬衫${tag}`;
  const token = await signIn(page, 'shop');
  const any = await apiCall(request, token, '/goods/list', { keyword: '星耀', page: 1, page_size: 5 });
  const made = await apiCall(request, token, '/shop/goods/create', {
    code: `SZ-${tag}`,
    name,
    category_id: any.results[0].category_id,
    goods_type: 'normal',
    unit: '件',
    status: 1,
    on_sale: 1,
    images: '/demo/goods/green-tea.svg',
    skus: JSON.stringify([
      { specs: [{ name: '尺码', value: 'M' }], price: 9900, stock: 10 },
      { specs: [{ name: '尺码', value: 'L' }], price: 10900, stock: 10 },
    ]),
  });

  await page.goto(`/crm/goods_detail?id=${made.id}`);
  const card = page.getByRole('region', { name: '商城设置' });
  await expect(card.getByRole('table', { name: '商城规格' }).getByRole('row')).toHaveCount(3);

  // The limit, saved with the specifications' prices.
  await card.getByLabel('每单限购（件）').fill('2');
  await card.getByRole('button', { name: '保存商城设置' }).click();
  await expect(toast(page, '商城设置已保存')).toBeVisible();

  // A picture uploaded to the gallery, then moved first: the cover.
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2f7d4f' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: '添加商品图片' }).click();
  await (await chooser).setFiles({ name: '衬衫.png', mimeType: 'image/png', buffer: picture });
  await expect(toast(page, '已添加图片')).toBeVisible();
  const gallery = page.getByRole('region', { name: '商品图片' });
  await expect(gallery.getByRole('listitem')).toHaveCount(2);
  await gallery.getByRole('button', { name: '前移 商品图片 2' }).click();
  await expect(toast(page, '已调整图片顺序')).toBeVisible();
  await expect(gallery.getByRole('img', { name: '商品图片 1（封面）' })).toHaveAttribute(
    'src',
    /\/api\/file\/image\?key=/,
  );

  // Size L off the shop, after a confirmation.
  const rowL = card.getByRole('table', { name: '商城规格' }).getByRole('row').filter({ hasText: 'L' });
  await rowL.getByRole('button', { name: '停售' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '停售' }).click();
  await expect(toast(page, '已停售「L」')).toBeVisible();
  await expect(rowL).toContainText('已停售');

  // The visitor's goods page: two pictures, size M only, at most 2 pieces.
  const visitor = await openPage();
  await visitor.goto(`/goodsDetail?id=${made.id}`);
  await expect(visitor.getByText(name).first()).toBeVisible();
  await expect(visitor.getByText('每单限购 2 件')).toBeVisible();
  await expect(visitor.getByRole('button', { name: '查看第 2 张图片' })).toBeVisible();
  const sizes = visitor.getByRole('group', { name: '尺码' });
  await expect(sizes.getByRole('button', { name: 'M' })).toBeVisible();
  await expect(sizes.getByRole('button', { name: 'L' })).toHaveCount(0);
  const more = visitor.getByRole('button', { name: '增加数量' });
  await more.click();
  await expect(more).toBeDisabled();
});
