import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, expectAccessible, newMobile, test, toast, uniqueSuffix } from './helpers.ts';
import { addConsignee, placedOrderNo, register } from './shop.ts';

// The shop sells specifications (docs/shop.md "Specifications"): a goods with two of them, made by
// the shop's administrator through the API, is chosen on its page, carried through the guest
// cart, registration and checkout, and the order names the specification chosen.

test.describe.configure({ timeout: 180_000 });

/** The shop's administrator makes a T-shirt in 红色 (¥59.00, 4 left) and 蓝色 (¥69.00, sold out), on sale. */
async function makeShirt(request: APIRequestContext) {
  const login = await (
    await request.post('/api/account/login', { data: { username: 'shop', password: DEMO_PASSWORD } })
  ).json();
  expect(login.c).toBe(0);
  const token = login.d.token as string;
  const found = await (
    await request.get('/api/goods/staff/shopgoods/', { params: { keyword: '毛峰', page: 1, page_size: 1 } })
  ).json();
  const categoryId = found.d.results[0].category_id as number;
  const suffix = uniqueSuffix();
  const name = `规格T恤 ${suffix}`;
  const made = await apiCall(request, token, '/goods/create', {
    code: `E2E-SKU-${suffix}`,
    name,
    category_id: categoryId,
    goods_type: 'normal',
    unit: '件',
    status: 1,
    skus: JSON.stringify([
      { specs: [{ name: '颜色', value: '红色' }], price: 5900, stock: 4 },
      { specs: [{ name: '颜色', value: '蓝色' }], price: 6900, stock: 0 },
    ]),
  });
  await apiCall(request, token, '/goods/push/to/shop', { ids: made.id, on_sale: 1 });
  return { id: made.id as number, name };
}

test('a visitor chooses a specification, carries it through the cart and checkout, and the order shows it', async ({
  page,
  request,
}) => {
  const made = await makeShirt(request);
  const name = made.name;

  // The goods page: one row of choices; the sold-out blue cannot be chosen.
  await page.goto(`/goodsDetail?id=${made.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const colours = page.getByRole('group', { name: '颜色' });
  const red = colours.getByRole('button', { name: '红色' });
  await expect(red).toHaveAttribute('aria-pressed', 'false');
  await expect(colours.getByRole('button', { name: /蓝色/ })).toBeDisabled();

  // Without a choice, adding is refused beside the chooser.
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择颜色' })).toBeVisible();

  // Chosen with the keyboard: the price and stock follow.
  await red.focus();
  await page.keyboard.press('Enter');
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.buy-box-price-now')).toHaveText('¥59.00');
  await expect(page.getByText('库存 4 件')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '请选择颜色' })).toHaveCount(0);
  await expectAccessible(page, 'goods page with its specification chooser');

  await page.getByRole('spinbutton').fill('2');
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '已加入购物车')).toBeVisible();

  // The guest cart shows the specification and its price.
  await page.goto('/cart');
  const line = page.getByRole('list', { name: '购物车商品' }).getByRole('listitem').filter({ hasText: name });
  await expect(line).toContainText('规格：红色');
  await expect(line).toContainText('¥118.00');

  // Registering merges it into the member's cart; checkout names it, and so does the order.
  const mobile = newMobile();
  await register(page, mobile, '规格买家');
  await page.goto('/cart');
  await expect(line).toContainText('规格：红色');
  await page.getByRole('button', { name: /去结算/ }).click();
  await expect(page).toHaveURL(/\/settle/);
  await addConsignee(page, '规格买家', mobile);
  await expect(page.getByRole('list', { name: '商品清单' })).toContainText('规格：红色');
  await page
    .getByRole('complementary', { name: '订单金额' })
    .getByRole('button', { name: '提交订单' })
    .click();
  const orderNo = await placedOrderNo(page);

  await page.goto('/Workbench');
  const card = page.getByRole('article', { name: `订单 ${orderNo}` });
  await expect(card).toContainText('规格：红色');
  // ¥118.00 less the best coupon that applies, chosen at checkout (新人专享 满99减10).
  await expect(card).toContainText('应付¥108.00');

  // Two of the red are gone; the page tells 2 left.
  await page.goto(`/goodsDetail?id=${made.id}`);
  await page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '红色' }).click();
  await expect(page.getByText('库存 2 件')).toBeVisible();
});

test('on a phone, the buy bar without a choice brings the chooser to the shopper; buy-now carries the specification', async ({
  page,
  request,
}) => {
  const made = await makeShirt(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/goodsDetail?id=${made.id}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择颜色' })).toBeVisible();
  const red = page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '红色' });
  await expect(red).toBeFocused();
  await expect(red).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('sku-chooser-375.png'), fullPage: true });
  await page.keyboard.press('Space');
  await expect(red).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '立即购买' }).click();
  // A visitor logs in first; the checkout it returns to names the specification.
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(decodeURIComponent(page.url())).toMatch(
    new RegExp(`goods_id=${made.id}&sku_id=\\d+&quantity=1&price=5900`),
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/goodsDetail?id=${made.id}`);
  await page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '红色' }).click();
  await page.screenshot({ path: test.info().outputPath('sku-chooser-1366.png') });
});
