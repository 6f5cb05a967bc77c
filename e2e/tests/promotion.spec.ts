import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { registerMember, submitLogin, test } from './helpers.ts';

/** A new member registered through the API, with one address. */
async function memberWithAddress(request: APIRequestContext) {
  const member = await registerMember(request, { realName: '购票会员', password: 'Promo12345' });
  const address = await (
    await request.post('/api/consignee/update', {
      headers: { authorization: `Token ${member.token}` },
      form: {
        name: '李四',
        mobile: member.mobile,
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        address: '世纪大道 100 号',
      },
    })
  ).json();
  expect(address.c).toBe(0);
  return member;
}

/** Scrolls the page: the window, or the root's full-height container when that is the scroller. */
const scrollTo = (page: Page, y: number) =>
  page.evaluate((top) => {
    document.querySelector('.page')?.scrollTo(0, top);
    window.scrollTo(0, top);
  }, y);

const carList = (page: Page) => page.getByRole('list', { name: '车型列表' }).getByRole('listitem');

test('the price and range sliders, moved with the keyboard, filter the cars', async ({ page }) => {
  await page.goto('/promotion');
  await expect(page.getByRole('heading', { level: 1, name: '新能源汽车嘉年华' })).toBeVisible();
  await expect(page).toHaveTitle(/新能源汽车嘉年华/);
  // Defaults ¥18,000–48,000 and 200–700 km: five of the ten cars.
  await expect(carList(page)).toHaveCount(5);
  await expect(page.getByText('5 辆符合条件（共 10 辆）')).toBeVisible();

  const maxPrice = page.getByRole('slider', { name: '最高价格' });
  await maxPrice.focus();
  for (let i = 0; i < 3; i++) await maxPrice.press('ArrowLeft');
  await expect(maxPrice).toHaveAttribute('aria-valuenow', '45000');
  await expect(page.getByText('¥18,000 – ¥45,000')).toBeVisible();
  await expect(carList(page)).toHaveCount(3);
  await expect(carList(page).filter({ hasText: '欧拉好猫GT' })).toHaveCount(0);

  const minRange = page.getByRole('slider', { name: '最短续航' });
  await minRange.focus();
  await minRange.press('ArrowRight');
  await expect(minRange).toHaveAttribute('aria-valuenow', '250');
  await expect(carList(page)).toHaveCount(2);
  await expect(carList(page).first()).toContainText('哪吒V');
  await expect(carList(page).first()).toContainText('¥26800.00');

  for (let i = 0; i < 4; i++) await minRange.press('ArrowRight');
  await expect(minRange).toHaveAttribute('aria-valuenow', '450');
  await expect(page.getByText('没有符合条件的车型，试试放宽价格或续航范围')).toBeVisible();
  await page.getByRole('button', { name: '重置筛选' }).last().click();
  await expect(carList(page)).toHaveCount(5);
});

test('the header sticks after 150 px on a desktop and after 10 px on a phone', async ({ page }) => {
  await page.goto('/promotion');
  const header = page.locator('header.promo-header');
  await expect(page.getByRole('heading', { level: 1, name: '新能源汽车嘉年华' })).toBeVisible();
  await expect(header).toHaveAttribute('data-stuck', 'false');
  await scrollTo(page, 120);
  await expect(header).toHaveAttribute('data-stuck', 'false');
  await scrollTo(page, 600);
  await expect(header).toHaveAttribute('data-stuck', 'true');
  await expect(header).toHaveCSS('position', 'fixed');
  await expect(header).toBeInViewport();
  await scrollTo(page, 0);
  await expect(header).toHaveAttribute('data-stuck', 'false');

  await page.setViewportSize({ width: 375, height: 740 });
  await scrollTo(page, 8);
  await expect(header).toHaveAttribute('data-stuck', 'false');
  await scrollTo(page, 40);
  await expect(header).toHaveAttribute('data-stuck', 'true');
  await expect(header).toHaveCSS('position', 'fixed');
});

test('a ticket counter stops at 12', async ({ page }) => {
  await page.goto('/promotion#tickets');
  const more = page.getByRole('button', { name: '增加家庭套票' });
  const count = page.getByRole('spinbutton', { name: '家庭套票数量' });
  await expect(page.getByRole('button', { name: '购票', exact: true })).toBeDisabled();
  for (let i = 0; i < 12; i++) await more.click();
  await expect(count).toHaveValue('12');
  await expect(more).toBeDisabled();
  await count.fill('20');
  await count.blur();
  await expect(count).toHaveValue('12');
  await expect(page.getByText('共 12 张，合计 ¥2400.00')).toBeVisible();
});

/** The member's server cart as the API answers it. */
async function cartOf(request: APIRequestContext, token: string) {
  const r = await (
    await request.post('/api/cart/list', { headers: { authorization: `Token ${token}` } })
  ).json();
  expect(r.c).toBe(0);
  return r.d;
}

test('2 adult and 1 child tickets: log in, buy now, and the order awaits payment; the cart is untouched', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithAddress(request);
  // Something in the cart first: buying tickets must leave it exactly as it is.
  const tea = '黄山毛峰 一级 200g';
  const found = await (
    await request.get('/api/goods/staff/shopgoods/', { params: { keyword: tea, company_id: 125 } })
  ).json();
  const teaId = found.d.results.find((g: { name: string }) => g.name === tea)?.id;
  expect(teaId).toBeGreaterThan(0);
  const added = await (
    await request.post('/api/cart/add', {
      headers: { authorization: `Token ${member.token}` },
      form: { goods_id: teaId, quantity: 2 },
    })
  ).json();
  expect(added.c).toBe(0);
  const cartBefore = await cartOf(request, member.token);
  expect(cartBefore.results).toEqual([
    expect.objectContaining({ goods_id: teaId, quantity: 2, selected: 1 }),
  ]);

  await page.goto('/promotion');
  await page.getByRole('button', { name: '增加成人票' }).click();
  await page.getByRole('button', { name: '增加成人票' }).click();
  await page.getByRole('button', { name: '增加儿童票' }).click();
  await expect(page.getByText('共 3 张，合计 ¥200.00')).toBeVisible();

  // A guest is sent to the login and comes back with the same choice.
  await page.getByRole('button', { name: '购票', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitLogin(page, member.mobile, member.password);
  await expect(page).toHaveURL(/\/promotion\?tickets=/);
  await expect(page.getByRole('spinbutton', { name: '成人票数量' })).toHaveValue('2');
  await expect(page.getByRole('spinbutton', { name: '儿童票数量' })).toHaveValue('1');
  await page.getByRole('button', { name: '购票', exact: true }).click();

  // A buy-now of the two ticket types with the prices shown: /settle?items=<id>x2@8000,<id>x1@4000.
  await expect(page).toHaveURL(/\/settle\?items=\d+x2(@|%40)8000(,|%2C)\d+x1(@|%40)4000$/);
  const lines = page.getByRole('list', { name: '商品清单' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: tea })).toHaveCount(0);
  await expect(lines.filter({ hasText: '成人票' })).toContainText('¥80.00 × 2');
  await expect(lines.filter({ hasText: '儿童票' })).toContainText('¥40.00 × 1');
  await expect(page.getByText('世纪大道 100 号').first()).toBeVisible();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('订单提交成功')).toBeVisible();

  await page.getByRole('button', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/Workbench/);
  const order = page.getByRole('article').filter({ hasText: '成人票' }).first();
  await expect(order).toContainText('待付款');
  await expect(order).toContainText('¥80.00 × 2');
  await expect(order).toContainText('¥40.00 × 1');
  // The best coupon that applies was chosen at checkout (issue 35): 新人专享 满99减10.
  await expect(order).toContainText('应付¥190.00');
  await expect(order).not.toContainText(tea);

  // The cart is as it was: the tea, two of it, still selected; no ticket in it.
  expect(await cartOf(request, member.token)).toEqual(cartBefore);
  await page.goto('/cart');
  const cartLines = page.getByRole('list', { name: '购物车商品' }).getByRole('listitem');
  await expect(cartLines).toHaveCount(1);
  await expect(cartLines.getByRole('spinbutton', { name: `${tea}的数量` })).toHaveValue('2');
});
