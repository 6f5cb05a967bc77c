import { expect, type Locator, type Page } from '@playwright/test';
import { loginForm, registerMember, test, toast } from './helpers.ts';
import { tabTo } from './keyboard.ts';
import { addConsignee, placedOrderNo } from './shop.ts';

/**
 * The shop on a 375 px phone as JD and Tmall have taught people to use one (issue 11): the tab bar
 * at the bottom (首页 / 分类 / 购物车 / 我的), a fixed 加入购物车 / 立即购买 bar on the goods page, a
 * fixed 提交订单 bar at checkout, −/+ steppers. No page scrolls sideways, nothing ends under a bar,
 * and keyboard focus is never hidden under one. The goods are ordered by no other journey.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 180_000 });

const GOODS = '锐行 14 轻薄笔记本 i5/16G/512G';

/** Neither the window nor the page's own scrolling box (the shop's full-height page) is wider than 375 px. */
async function expectFits(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    doc: document.scrollingElement?.scrollWidth ?? 0,
    box: document.querySelector('.page')?.scrollWidth ?? 0,
  }));
  expect(widths.doc, `${where}: page width`).toBeLessThanOrEqual(375);
  expect(widths.box, `${where}: width of the page's scrolling box`).toBeLessThanOrEqual(375);
}

/** The bar fixed to the window that holds `control`: its top, and that it reaches the window's bottom. */
async function fixedBarTop(control: Locator): Promise<number> {
  const bar = await control.evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (getComputedStyle(e).position === 'fixed') {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, view: window.innerHeight };
      }
    }
    return null;
  });
  expect(bar, 'the control sits in a bar fixed to the window').not.toBeNull();
  if (!bar) return 0;
  expect(Math.abs(bar.bottom - bar.view)).toBeLessThanOrEqual(1);
  return bar.top;
}

/** At the end of the page the footer's last line shows above the bar (the page is padded by its height). */
async function expectEndAbove(page: Page, barTop: number, where: string) {
  await page.evaluate(() => {
    const box = document.querySelector('.page--full') ?? document.scrollingElement;
    box?.scrollTo(0, box.scrollHeight);
  });
  const last = page.getByText(/京ICP备/).last();
  await expect(last).toBeInViewport();
  const box = await last.boundingBox();
  expect(box && box.y + box.height, `${where}: the footer ends above the bar`).toBeLessThanOrEqual(barTop);
}

test('on a phone: the tab bar, the goods page’s buy bar and checkout’s 提交订单 bar', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, { realName: '手机用户' });
  const tabs = page.getByRole('navigation', { name: '底部导航' });
  const tab = (name: string | RegExp) => tabs.getByRole('link', { name });

  // 首页: the tab bar at the bottom, the page's own tab marked; nothing ends under it.
  await page.goto('/');
  await expect(tab('首页')).toHaveAttribute('aria-current', 'page');
  await expect(tab('分类')).not.toHaveAttribute('aria-current', 'page');
  for (const name of ['首页', '分类', /^购物车/, '我的']) {
    const box = await tab(name).boundingBox();
    expect(box && box.height >= 44 && box.width >= 44, `${name}: a 44 px target`).toBe(true);
  }
  const tabsTop = await fixedBarTop(tab('首页'));
  await expectFits(page, '/');
  await expectEndAbove(page, tabsTop, '/');

  // 分类: all goods with the category to choose.
  await tab('分类').click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(tab('分类')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('combobox', { name: '选择商品分类' })).toBeVisible();
  await expectFits(page, '/product');

  // 我的 while logged out: the login, then the member's workbench.
  await tab('我的').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FWorkbench$/);
  await page.waitForLoadState('networkidle');
  await loginForm(page).getByLabel('用户名', { exact: true }).fill(member.mobile);
  await loginForm(page).getByLabel('密码', { exact: true }).fill(member.password);
  await loginForm(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/Workbench$/);
  await expect(tab('我的')).toHaveAttribute('aria-current', 'page');
  await expect(tab(/^购物车/)).toHaveAccessibleName('购物车，0 种商品');

  // The goods page: no tab bar; its own bar holds 购物车, 加入购物车 and 立即购买.
  await page.getByRole('searchbox', { name: '搜索商品' }).fill('锐行 14');
  await page.getByRole('searchbox', { name: '搜索商品' }).press('Enter');
  await page.getByRole('link', { name: GOODS }).first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=\d+/);
  await expect(page.getByRole('heading', { name: GOODS, level: 1 })).toBeVisible();
  await expect(tabs).toHaveCount(0);
  const addToCart = page.getByRole('button', { name: '加入购物车' });
  const buyNow = page.getByRole('button', { name: '立即购买' });
  const barCart = page.getByRole('link', { name: /^购物车，/ }).last();
  await expect(addToCart).toBeVisible();
  await expect(buyNow).toBeVisible();
  const buyBarTop = await fixedBarTop(buyNow);
  expect(await fixedBarTop(addToCart)).toBe(buyBarTop);
  expect(await fixedBarTop(barCart)).toBe(buyBarTop);
  await expectFits(page, '/goodsDetail');

  // The quantity with − and +, then into the cart: the bar's cart counts it.
  const quantity = page.getByRole('spinbutton', { name: '数量' });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: '增加数量' }).click();
  await expect(quantity).toHaveValue('2');
  await addToCart.click();
  await expect(toast(page, '已加入购物车')).toBeVisible();
  await expect(barCart).toHaveAccessibleName('购物车，1 种商品');
  await expectEndAbove(page, buyBarTop, '/goodsDetail');

  // With the keyboard from the quantity to the footer's last link: no stop hides under the bar.
  await quantity.focus();
  await tabTo(page, page.getByRole('navigation', { name: '网站导航' }).getByRole('link').last(), { max: 60 });

  // 立即购买 checks out the stepper's quantity.
  await buyNow.click();
  await expect(page).toHaveURL(/\/settle\?goods_id=\d+&quantity=2&price=\d+/);
  await expect(page.getByRole('heading', { name: '确认订单', level: 3 })).toBeVisible();
  await expect(tabs).toHaveCount(0);

  // Checkout: 应付金额 and 提交订单 in the bar; why it cannot submit yet is said there too.
  const submit = page.getByRole('button', { name: '提交订单' });
  const submitBarTop = await fixedBarTop(submit);
  const payable = page.getByText(/^应付金额 ¥/);
  // The best coupon that applies is chosen already (issue 35): 满500减50 of the demo shop's three.
  await expect(page.getByRole('radio', { name: /满500减50/ })).toBeChecked();
  await expect(payable).toHaveText('应付金额 ¥9948.00');
  expect(await fixedBarTop(payable)).toBe(submitBarTop);
  await expect(page.getByText('请选择收货地址')).toBeVisible();
  expect(await fixedBarTop(page.getByText('请选择收货地址'))).toBeLessThanOrEqual(submitBarTop);
  await expect(submit).toBeDisabled();
  await expectFits(page, '/settle');

  await addConsignee(page, '手机用户', member.mobile);
  await expect(submit).toBeEnabled();
  await expect(page.getByText('请选择收货地址')).toHaveCount(0);
  await expectEndAbove(page, await fixedBarTop(submit), '/settle');

  // With the keyboard from the first address to 提交订单 and back: never under the bar.
  const firstAddress = page.getByRole('radiogroup', { name: '选择收货地址' }).getByRole('radio').first();
  await firstAddress.focus();
  await tabTo(page, submit);
  await tabTo(page, firstAddress, { back: true });

  await submit.click();
  const orderNo = await placedOrderNo(page);

  // The success page is the order's own address: a reload shows it again (issue 35).
  await expect(page).toHaveURL(/\/settle\?placed=\d+$/);
  await page.reload();
  await expect(page.getByRole('region', { name: '订单提交成功' })).toContainText(orderNo);
  // 查看订单: the order's number stands on its own line, above 去支付 / 取消订单, never under them.
  await page.getByRole('button', { name: '查看订单' }).click();
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${orderNo}` });
  const title = drawer.getByText(`订单详情 · ${orderNo}`);
  const cancel = drawer.getByRole('button', { name: '取消订单' });
  await expect(cancel).toBeVisible();
  // Asked until the drawer has slid in (its boxes move while it opens).
  await expect
    .poll(async () => {
      const [t, c] = [await title.boundingBox(), await cancel.boundingBox()];
      return Boolean(t && c && t.y + t.height <= c.y && t.x >= 0 && t.x + t.width <= 375);
    })
    .toBe(true);
  await expectFits(page, 'the order drawer');

  // Three more goods in the cart (through the API), so the cart is longer than the window.
  const listed = await (
    await request.get('/api/goods/staff/shopgoods/', { params: { page_size: 10, sort: 'sales' } })
  ).json();
  const others = (listed.d.results as { id: number; name: string; stock: number }[])
    .filter((g) => g.name !== GOODS && g.stock > 0)
    .slice(0, 3);
  expect(others).toHaveLength(3);
  for (const g of others) {
    const added = await (
      await request.post('/api/cart/add', {
        form: { goods_id: g.id, quantity: 1 },
        headers: { authorization: `Token ${member.token}` },
      })
    ).json();
    expect(added.c).toBe(0);
  }

  // The cart: its tab marked and counted; − and + change the quantity; 去结算 sits on the tab bar.
  await page.goto('/cart');
  await expect(tab(/^购物车/)).toHaveAttribute('aria-current', 'page');
  await expect(tab(/^购物车/)).toHaveAccessibleName('购物车，4 种商品');
  const line = page
    .getByRole('list', { name: '购物车商品' })
    .getByRole('listitem')
    .filter({ hasText: GOODS });
  const lineQuantity = line.getByRole('spinbutton', { name: `${GOODS}的数量` });
  await expect(lineQuantity).toHaveValue('2');
  await line.getByRole('button', { name: `减少${GOODS}的数量` }).click();
  await expect(lineQuantity).toHaveValue('1');
  await expect(line).toContainText('¥4999.00');
  const checkout = page.getByRole('button', { name: /去结算/ });
  await expect(checkout).toBeVisible();
  const checkoutBox = await checkout.boundingBox();
  expect(checkoutBox && checkoutBox.y + checkoutBox.height).toBeLessThanOrEqual(
    await fixedBarTop(tab('首页')),
  );
  await expectFits(page, '/cart');

  // With the keyboard to 去结算 and back to the first line: nothing under the 结算 bar or the tabs.
  await tabTo(page, checkout);
  await tabTo(page, page.getByRole('checkbox', { name: `选择${GOODS}` }), { back: true, max: 60 });

  // 首页 from the tab bar; on a desktop the tab bar is gone.
  await tab('首页').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(tab('首页')).toHaveAttribute('aria-current', 'page');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs).toBeHidden();
});
