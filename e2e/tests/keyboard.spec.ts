import { expect } from '@playwright/test';
import { expectAccessible, registerMember, test, toast, uniqueSuffix } from './helpers.ts';
import { expectFocusOn, expectFocusSeen, focusState, tabTo } from './keyboard.ts';

/**
 * The two journeys of issue 21 with the keyboard alone, at the width of a laptop with the page
 * zoomed (1024 × 640: the sticky header takes a larger share of the window). At every stop focus
 * must be seen — on screen, not under the sticky header or the cart's bottom bar, drawn, ringed —
 * and after each dialog and submit it must land where the next step is.
 */
test.use({ viewport: { width: 1024, height: 640 } });

test('a member buys with the keyboard alone: skip link, search, goods, cart, address, coupon, submit', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, { realName: '键盘用户' });
  // No other journey orders it (shop-journey reads 黄山毛峰's stock while this may run beside it).
  const goods = '明前龙井 特级 250g';

  // Log in: the form's fields in order, Enter submits.
  await page.goto('/login');
  const form = page.getByRole('form', { name: '用户登录' });
  await tabTo(page, form.getByLabel('用户名', { exact: true }));
  await page.keyboard.type(member.mobile);
  await page.keyboard.press('Tab');
  await expectFocusOn(form.getByLabel('密码', { exact: true }), '密码');
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);

  // The shop's first stop is the skip link; it moves focus past the header to the page.
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expectFocusOn(skip, 'the skip link');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expectFocusOn(page.getByRole('main'), 'the main region');

  // Back up into the header's search box (Shift+Tab), search, and open the goods.
  await tabTo(page, page.getByRole('searchbox', { name: '搜索商品' }), { back: true });
  await page.keyboard.type('龙井');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?keyword=/);
  await tabTo(page, page.getByRole('link', { name: goods }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/goodsDetail\?id=\d+/);

  // Add it to the cart and go to the cart through the header link.
  await tabTo(page, page.getByRole('button', { name: '加入购物车' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, '已加入购物车')).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: /^购物车，/ }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);

  // In the cart, moving back from 去结算 never leaves a control under the bottom bar or the header.
  const checkout = page.getByRole('button', { name: /去结算/ });
  await tabTo(page, checkout);
  await tabTo(page, page.getByRole('spinbutton', { name: `${goods}的数量` }), { back: true });
  await tabTo(page, checkout);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settle/);

  // A new address: the dialog opens on its first field and closes back on its button.
  const addAddress = page.getByRole('button', { name: '新增收货地址' });
  // The checkout has loaded (keys pressed while the cart was leaving would start from its end).
  await expect(addAddress).toBeVisible();
  await tabTo(page, addAddress);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const address = page.getByRole('form', { name: '收货地址' });
  await expectFocusOn(address.getByLabel('收货人'), 'the first field of the address dialog');
  await expectAccessible(page, '收货地址 dialog');
  for (const [label, value] of [
    ['收货人', '键盘用户'],
    ['手机号', member.mobile],
  ] as const) {
    await tabTo(page, address.getByLabel(label), { max: 5 });
    await page.keyboard.type(value);
  }
  // 所在地区: typed to search the divisions, the arrow key to the match, Enter picks it.
  const region = address.getByRole('combobox', { name: '所在地区' });
  await expect(region).toBeEnabled({ timeout: 20_000 });
  await tabTo(page, region, { max: 5 });
  await page.keyboard.type('杭州 西湖');
  await expect(page.locator('.consignee-region-popup').getByRole('menuitemcheckbox').first()).toHaveText(
    '浙江省 / 杭州市 / 西湖区',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(address.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
    '浙江省 / 杭州市 / 西湖区',
  );
  await tabTo(page, address.getByLabel('详细地址'), { max: 5 });
  await page.keyboard.type('文三路 100 号 3 幢 201 室');
  await tabTo(page, dialog.getByRole('button', { name: /保\s*存/ }), { max: 6 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('radiogroup', { name: '选择收货地址' })).toContainText('键盘用户');
  await expectFocusSeen(page, 'after the address dialog closed');
  expect((await focusState(page)).tag).not.toBe('body');

  // The coupon code field, then 提交订单; then back up: nothing hides under the header.
  await tabTo(page, page.getByRole('searchbox', { name: '优惠码' }));
  await page.keyboard.type('NEW10');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已使用「新人专享 满99减10」，优惠 ¥10.00')).toBeVisible();
  const submit = page
    .getByRole('complementary', { name: '订单金额' })
    .getByRole('button', { name: '提交订单' });
  await tabTo(page, submit);
  await tabTo(page, page.getByRole('radiogroup', { name: '选择收货地址' }).getByRole('radio').first(), {
    back: true,
  });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  // The result takes focus, so it is read out and Tab goes on from it.
  const placed = page.getByRole('region', { name: '订单提交成功' });
  await expect(placed).toBeVisible();
  await expectFocusOn(placed, 'the 订单提交成功 panel');
  await tabTo(page, placed.getByRole('button', { name: '查看订单' }), { max: 3 });
});

test('a shop administrator works the category list with the keyboard alone', async ({ page }) => {
  // Many single key presses, each waiting for the focus to be seen: slow on a loaded machine.
  test.slow();
  const name = `键盘分类${uniqueSuffix()}`;
  await page.goto('/login');
  const form = page.getByRole('form', { name: '用户登录' });
  await tabTo(page, form.getByLabel('用户名', { exact: true }));
  await page.keyboard.type('shop');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo123456');
  await page.keyboard.press('Enter');
  // The area opens on the goods library; its home offers the screen: its link, then Enter.
  await expect(page).toHaveURL(/\/crm\/goods_manager$/);
  await page.goto('/crm/home');
  await tabTo(
    page,
    page.getByRole('region', { name: '现在可以做的事' }).getByRole('link', { name: /^商品分类/ }),
    { max: 60 },
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/crm\/goods_category$/);
  const add = page.getByRole('button', { name: '新增分类' });
  await expect(add).toBeVisible();
  // The link left with its page: focus stays on the page (its main part, or the list once it has
  // come), never the document's body. 新增分类 is reached from there, forwards or back.
  await expectFocusSeen(page, 'after the link to 商品分类');
  const addIsBehind = await add.evaluate(
    (el) =>
      document.activeElement !== null &&
      (el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );

  // 新增分类 opens on the first field; the parent picked by typing, then its clear button is
  // reached, named and drawn; Enter on 保存 closes the dialog back onto 新增分类.
  await tabTo(page, add, { back: addIsBehind });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增分类' });
  const parent = dialog.getByRole('combobox', { name: '上级分类' });
  await expectFocusOn(parent, 'the first field of 新增分类');
  await page.keyboard.type('数码电器');
  const options = page.getByRole('tree').filter({ hasNot: page.getByRole('treeitem', { name: '全部分类' }) });
  await expect(options.getByRole('treeitem', { name: '数码电器', exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTitle('数码电器', { exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  const clear = dialog.getByRole('button', { name: '清除' });
  await expectFocusOn(clear, 'the parent’s clear button');
  await expectFocusSeen(page, 'the clear button');
  await tabTo(page, dialog.getByLabel('分类名称', { exact: true }), { max: 6 });
  await page.keyboard.type(name);
  await expectAccessible(page, '新增分类 dialog');
  await tabTo(page, dialog.getByRole('button', { name: '保存' }), { max: 12 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectFocusOn(add, '新增分类 after its dialog closed');

  // Search the list with the keyboard; the row is there.
  await tabTo(page, page.getByRole('searchbox', { name: '搜索关键字' }), { back: true });
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: '分类列表' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);

  // 删除 asks in a dialog that takes focus; after deleting, focus stays on the list.
  await tabTo(page, row.getByRole('button', { name: '删除' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `确定删除分类「${name}」吗？` });
  await expect(confirm).toBeVisible();
  await expect.poll(() => confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page, 'the delete confirmation');
  await tabTo(page, confirm.getByRole('button', { name: '删除' }), { max: 4 });
  await page.keyboard.press('Enter');
  await expect(toast(page, '已删除 1 个分类')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-focus-home') ?? false), {
      message: 'focus should stay on the list after the row left',
    })
    .toBe(true);
  await page.keyboard.press('Tab');
  await expectFocusSeen(page, 'the first stop after the list');
});

test.describe('at 200 % zoom (a 1366 × 768 screen is a 683 × 384 window)', () => {
  test.use({ viewport: { width: 683, height: 384 } });

  test('moving back through /news with Shift+Tab never leaves focus under the sticky header', async ({
    page,
  }) => {
    await page.goto('/news');
    await expect(page.getByRole('heading', { name: '新闻资讯', level: 1 })).toBeVisible();
    // From the footer's last link back up through the articles, the pager and the search box.
    await tabTo(page, page.getByRole('navigation', { name: '网站导航' }).getByRole('link').last(), {
      max: 120,
    });
    // Every stop up to the first, the skip link (the issue counted 7–13 of 60 hidden here).
    await tabTo(page, page.getByRole('link', { name: '跳到主要内容' }), { back: true, max: 120 });
  });
});
