import { expect, type Page } from '@playwright/test';
import { newMobile, registerMember, signIn, test, toast } from './helpers.ts';
import { addConsignee, placedOrderNo, register } from './shop.ts';

// The shop journeys of issue 3, through the real UI on a freshly seeded server. Each test uses goods
// no other test orders, so the stock it reads is its own.

// Long journeys through many pages: more than the default minute on a loaded 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** The stock the goods detail page shows (库存 N 件). */
async function shownStock(page: Page, goodsUrl: string): Promise<number> {
  await page.goto(goodsUrl);
  return stockOnPage(page);
}

async function stockOnPage(page: Page): Promise<number> {
  const text = (await page.getByText(/^库存 \d+ 件$/).textContent()) ?? '';
  return Number(text.match(/\d+/)?.[0]);
}

const orderCard = (page: Page, orderNo: string) => page.getByRole('article', { name: `订单 ${orderNo}` });

/**
 * Searches from the header's box as a shopper does, and waits until the results page says it is
 * this keyword's (关键字：…): a result the previous search also showed proves nothing, and the box
 * must not be typed into before the page it sent is there.
 */
async function search(page: Page, keyword: string) {
  const box = page.getByRole('searchbox', { name: '搜索商品' });
  await box.fill(keyword);
  await box.press('Enter');
  await expect(page.getByText(`关键字：${keyword}`, { exact: true })).toBeVisible();
}

test('a guest finds tea, registers with the outbox code, keeps the cart, orders with a coupon, cancels and the stock comes back', async ({
  page,
}) => {
  const mobile = newMobile();
  const goods = '黄山毛峰 一级 200g';

  // Browse and search as a guest.
  await page.goto('/');
  await search(page, '毛峰');
  await expect(page).toHaveURL(/\/search\?keyword=%E6%AF%9B%E5%B3%B0/);
  await expect(page.getByRole('link', { name: goods }).first()).toBeVisible();
  // 茶 finds the teas by their category (绿茶) too, not only goods with 茶 in the name.
  await search(page, '茶');
  await expect(page).toHaveURL(/\/search\?keyword=%E8%8C%B6/);
  await expect(page.getByRole('link', { name: goods }).first()).toBeVisible();
  // Covers keep their whole picture in every card size (contained, never cropped).
  await expect(page.locator('.goods-cover img').first()).toHaveCSS('object-fit', 'contain');
  // Pinyin initials, as typed on a phone: hsmf finds 黄山毛峰. The box keeps the focus after a search.
  await search(page, 'hsmf');
  await expect(page.getByRole('searchbox', { name: '搜索商品' })).toBeFocused();
  await expect(page.getByRole('link', { name: goods }).first()).toBeVisible();
  // Nothing found: no dead end — nearby categories and the best sellers.
  await search(page, '量子红茶机');
  await expect(page.getByText('没有找到与“量子红茶机”相关的商品')).toBeVisible();
  // Back and forward: the box shows the keyword of the page it is on.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: '搜索商品' })).toHaveValue('hsmf');
  await page.goForward();
  await expect(page.getByRole('searchbox', { name: '搜索商品' })).toHaveValue('量子红茶机');
  const nearby = page.getByRole('region', { name: '看看这些分类' });
  await expect(nearby.getByRole('link', { name: '红茶', exact: true })).toBeVisible();
  const popular = page.getByRole('region', { name: '热销商品' });
  await expect(popular.getByRole('link').first()).toBeVisible();
  await nearby.getByRole('link', { name: '红茶', exact: true }).click();
  await expect(page.getByRole('link', { name: /滇红金芽/ }).first()).toBeVisible();

  // Filter: the 绿茶 category and a price range keep it; a range above its price drops it.
  await page.goto('/product');
  await page.getByRole('complementary', { name: '商品分类' }).getByText('绿茶', { exact: true }).click();
  await expect(page.getByRole('link', { name: goods }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /星耀 X5/ })).toHaveCount(0);
  const price = page.getByRole('form', { name: '价格区间' });
  await price.getByLabel('最低价（元）').fill('300');
  await price.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('link', { name: goods })).toHaveCount(0);
  await price.getByLabel('最低价（元）').fill('200');
  await price.getByLabel('最高价（元）').fill('250');
  await price.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('link', { name: goods }).first()).toBeVisible();

  // Detail: add two to the guest cart.
  await page.getByRole('link', { name: goods }).first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=\d+/);
  const goodsUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  const stockBefore = await stockOnPage(page);
  await page.getByRole('spinbutton').fill('2');
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '已加入购物车')).toBeVisible();

  // Register: the guest cart is merged into the member's cart.
  await register(page, mobile, '茶客小林');
  await page.goto('/cart');
  const line = page
    .getByRole('list', { name: '购物车商品' })
    .getByRole('listitem')
    .filter({ hasText: goods });
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('spinbutton', { name: `${goods}的数量` })).toHaveValue('2');

  // Settle: a new address, the NEW10 code (满99减10), bank transfer.
  await page.getByRole('button', { name: /去结算/ }).click();
  await expect(page).toHaveURL(/\/settle/);
  await addConsignee(page, '林茶客', mobile);
  await page.getByRole('searchbox', { name: '优惠码' }).fill('NEW10');
  await page.getByRole('button', { name: '使用' }).click();
  await expect(page.getByText('已使用「新人专享 满99减10」，优惠 ¥10.00')).toBeVisible();
  const amounts = page.getByRole('complementary', { name: '订单金额' });
  await expect(amounts).toContainText('¥466.00'); // 2 × ¥238.00 − ¥10.00
  await amounts.getByRole('button', { name: '提交订单' }).click();
  const orderNo = await placedOrderNo(page);
  expect(await shownStock(page, goodsUrl)).toBe(stockBefore - 2);

  // Workbench: awaiting payment; cancel it.
  await page.goto('/Workbench');
  const card = orderCard(page, orderNo);
  await expect(card).toContainText('待付款');
  await expect(card).toContainText('¥466.00');
  await card.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消订单' }).click();
  await expect(card).toContainText('已取消');

  // The two reserved come back to stock.
  expect(await shownStock(page, goodsUrl)).toBe(stockBefore);
});

test('an order is paid and shipped by the shop, received and reviewed by the member', async ({
  page,
  openPage,
  request,
}) => {
  const goods = '滇红金芽 250g';
  // A new member (registered through the API: the journey above walks the registration).
  const { mobile, password } = await registerMember(request, { realName: '茶客小周' });
  await signIn(page, mobile, undefined, password);

  // Buy now from the detail page, paid by bank transfer.
  await page.goto(`/search?keyword=${encodeURIComponent('滇红金芽')}`);
  await page.getByRole('link', { name: goods }).first().click();
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle/);
  await addConsignee(page, '周茶客', mobile);
  await page
    .getByRole('complementary', { name: '订单金额' })
    .getByRole('button', { name: '提交订单' })
    .click();
  const orderNo = await placedOrderNo(page);

  // The shop confirms the payment and ships.
  const staff = await openPage('shop');
  await staff.goto('/crm/order_manager');
  await staff.getByRole('searchbox', { name: '搜索订单' }).fill(orderNo);
  await staff.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
  const row = staff.getByRole('table', { name: '订单列表' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('待付款');
  await row.getByRole('button', { name: '确认收款' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '确认收款' }).click();
  await expect(row).toContainText('待发货');
  await row.getByRole('button', { name: '发货' }).click();
  const ship = staff.getByRole('form', { name: '发货' });
  await ship.getByLabel('物流公司').fill('顺丰速运');
  await ship.getByLabel('运单号').fill('SF1234567890');
  await staff.getByRole('dialog').getByRole('button', { name: '确认发货' }).click();
  await expect(row).toContainText('已发货');

  // The member receives and reviews.
  await page.goto('/Workbench');
  const card = orderCard(page, orderNo);
  await expect(card).toContainText('已发货');
  await card.getByRole('button', { name: '确认收货' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
  await expect(card).toContainText('已完成');
  await card.getByRole('button', { name: '评价' }).click();
  const review = page.getByRole('form', { name: '评价商品' });
  // Five stars with the keyboard.
  await review.getByRole('list', { name: '评分' }).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  const words = `红茶香甜，包装很好 ${orderNo.slice(-4)}`;
  await review.getByLabel('评价内容').fill(words);
  await page.getByRole('dialog').getByRole('button', { name: '提交评价' }).click();
  await expect(card.getByRole('button', { name: '评价' })).toHaveCount(0);

  // The review is on the goods page for everyone.
  const guest = await openPage();
  await guest.goto(`/search?keyword=${encodeURIComponent('滇红金芽')}`);
  await guest.getByRole('link', { name: goods }).first().click();
  await expect(guest.getByText(words)).toBeVisible();
});
