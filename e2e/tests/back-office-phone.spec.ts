import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { memberOrder, signIn, test } from './helpers.ts';

// Issue 11, item 3: the back office on a 375 px phone. Each list shows its rows as cards (the
// row's name and status, its fields labelled, its actions as buttons), the category tree folds
// into a button, and nothing makes the page scroll sideways.

const PHONE = { width: 375, height: 812 };
// A goods no other journey orders, with stock to spare.
const GOODS = '每日坚果 30 袋装';

test.describe.configure({ timeout: 120_000 });

/** A new member's order of GOODS, paid by transfer and waiting for the shop; its number. */
async function placedOrder(request: APIRequestContext): Promise<string> {
  return (await memberOrder(request, GOODS, '手机端会员')).order.order_no;
}

/** The page does not scroll sideways: nothing is wider than the phone. */
async function expectFits(page: Page, where: string) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width, `${where}: the page is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** Wholly on the phone's screen, left to right. */
async function expectAcross(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, `${target} has a box`).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
}

test('on a phone the shop manager reads and works the order list, the category screen and the supplier list', async ({
  page,
  request,
}) => {
  const orderNo = await placedOrder(request);
  await page.setViewportSize(PHONE);
  await signIn(page, 'shop', '/crm/goods_manager');
  await expect(page.getByRole('main').getByText('商品库').first()).toBeVisible({ timeout: 30_000 });
  await expectFits(page, 'the goods library');

  // 订单列表: the search and its button, then the order as a card.
  await page.goto('/crm/order_manager');
  const search = page.getByRole('searchbox', { name: '搜索订单' });
  await expectAcross(search);
  await expectAcross(page.getByRole('button', { name: '搜索', exact: true }));
  await search.fill(orderNo);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const orders = page.getByRole('list', { name: '订单列表' });
  const card = orders.getByRole('listitem').filter({ hasText: orderNo });
  await expect(card).toHaveCount(1);
  // The whole order number, its status and amount, each field named.
  await expectAcross(card.getByRole('button', { name: orderNo }));
  await expect(card.getByText('待付款')).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '手机端会员' })).toBeVisible();
  // An unpaid order's amount is 应付 (issue 35), never 实付.
  await expect(card.getByRole('term').filter({ hasText: '订单金额' })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /应付\s*¥/ })).toBeVisible();
  for (const name of ['详情', '确认收款', '取消订单']) await expectAcross(card.getByRole('button', { name }));
  await expectFits(page, '订单列表');
  // Its buttons work: 详情 opens the order, 取消订单 asks first.
  await card.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog').filter({ hasText: orderNo });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await card.getByRole('button', { name: '取消订单' }).click();
  const ask = page.getByRole('dialog', { name: `确定取消订单 ${orderNo} 吗？` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '再想想' }).click();
  await expect(ask).toBeHidden();
  await expect(card.getByText('待付款')).toBeVisible();

  // 商品分类: the tree folds into a button above the list, which opens it in a drawer.
  await page.goto('/crm/goods_category');
  const treeButton = page.getByRole('button', { name: '分类树：全部分类' });
  await expectAcross(treeButton);
  await expect(page.getByRole('tree', { name: '分类树' })).toBeHidden();
  const categories = page.getByRole('list', { name: '分类列表' });
  const digital = categories.getByRole('listitem').filter({ hasText: '数码电器' }).first();
  await expect(digital).toBeVisible();
  await expect(digital.getByRole('term').filter({ hasText: '商品数' })).toBeVisible();
  // A card unfolds into its sub-categories.
  const unfold = digital.getByRole('button', { name: /^展开子分类（\d+）：数码电器$/ });
  await expectAcross(unfold);
  await unfold.click();
  await expect(digital.getByRole('button', { name: '收起子分类：数码电器' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const children = categories.getByRole('list', { name: '数码电器的子分类' });
  await expect(children.getByText('手机通讯', { exact: true })).toBeVisible();
  await expectAcross(children.getByRole('listitem').first());
  for (const name of ['编辑', '删除']) await expectAcross(digital.getByRole('button', { name }).first());
  await expectFits(page, '商品分类 with a branch open');

  // The tree in its drawer: choosing 服饰鞋包 closes it and lists that branch.
  await treeButton.click();
  const drawer = page.getByRole('dialog', { name: '分类树' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('treeitem', { name: '服饰鞋包' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: '分类树：服饰鞋包' })).toBeFocused();
  await expect(categories.getByText('男装', { exact: true })).toBeVisible();
  await expect(categories.getByText('数码电器', { exact: true })).toHaveCount(0);
  await expectFits(page, '商品分类 of one branch');

  // 供应商管理: an application's card with its company, status and buttons.
  await page.goto('/crm/supplier_index');
  const suppliers = page.getByRole('list', { name: '供应商申请列表' });
  const pending = suppliers.getByRole('listitem').filter({ hasText: '待审核' }).first();
  await expect(pending).toBeVisible();
  await expect(pending.getByRole('term').filter({ hasText: '供应品类' })).toBeVisible();
  for (const name of ['详情', '通过', '拒绝']) await expectAcross(pending.getByRole('button', { name }));
  await pending.getByRole('button', { name: '通过' }).click();
  const review = page.getByRole('dialog', { name: '通过供应商申请' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: '取消' }).click();
  await expect(review).toBeHidden();
  await expectFits(page, '供应商管理');
});

test('the phone’s cards select rows like the table’s checkboxes', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await signIn(page, 'shop', '/crm/goods_category');
  const categories = page.getByRole('list', { name: '分类列表' });
  await expect(categories.getByText('数码电器', { exact: true })).toBeVisible();

  // Selecting a card enables 批量删除; 全选本页 takes every card of the page.
  const batch = page.getByRole('button', { name: '批量删除' });
  await expect(batch).toBeDisabled();
  await categories.getByRole('checkbox', { name: '选择 数码电器' }).check();
  await expect(batch).toBeEnabled();
  await page.getByRole('checkbox', { name: '全选本页' }).check();
  const boxes = categories.getByRole('checkbox');
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await page.getByRole('checkbox', { name: '全选本页' }).uncheck();
  await expect(batch).toBeDisabled();

  // The pager is below the cards, on the screen.
  await expectAcross(page.getByText(/^共 \d+ 条$/));
  await expectFits(page, '商品分类 with its cards selected');
});
