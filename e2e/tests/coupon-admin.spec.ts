import { expect } from '@playwright/test';
import {
  apiCall,
  expectAccessible,
  expectNoSidewaysScroll,
  expectToastFrom,
  registerMember,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';
import { placedOrderNo } from './shop.ts';

// 优惠券 (/crm/coupon_index, issue 12): the shop administrator makes a coupon in the back office and
// issues it to a member by mobile; the member uses it at checkout and the order shows the discount.

// ¥398.00 in the demo shop; no other journey orders it (shop-journey reads 黄山毛峰's stock).
const GOODS = '正山小种 红茶礼盒 300g';

test('a coupon made and issued in the back office is used by the member at checkout', async ({
  page,
  openPage,
  request,
}) => {
  // Two dialogs scanned at two widths, then a member's checkout in a second browser.
  test.setTimeout(150_000);
  const tag = uniqueSuffix();
  const name = `满200减25 ${tag}`;
  const member = await registerMember(request, { realName: '用券会员' });
  await apiCall(request, member.token, '/consignee/update', {
    name: '用券会员',
    mobile: member.mobile,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路 100 号',
  });

  // The shop administrator adds the coupon: an empty form is refused beside its fields.
  await signIn(page, 'shop', '/crm/coupon_index');
  await page.getByRole('button', { name: '新增优惠券' }).click();
  const dialog = page.getByRole('dialog', { name: '新增优惠券' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('优惠券名称不能为空')).toBeVisible();
  await expect(dialog.getByText('优惠金额不能为空')).toBeVisible();
  await expectAccessible(page, '新增优惠券 dialog');
  await dialog.getByLabel('优惠券名称').fill(name);
  await dialog.getByLabel('优惠金额（元）').fill('25.5');
  await dialog.getByLabel('使用门槛（元）').fill('200');
  await dialog.getByLabel('发放总量').fill('10');
  // Three decimals are refused by the form before the server sees them.
  await dialog.getByLabel('优惠金额（元）').fill('25.555');
  await expect(dialog.getByText('优惠金额须为金额，最多两位小数')).toBeVisible();
  await dialog.getByLabel('优惠金额（元）').fill('25');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增优惠券')).toBeVisible();

  const search = page.getByRole('searchbox', { name: '搜索优惠券' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '优惠券列表' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('满¥200.00减¥25.00');
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('发放中');

  // Issue it to the member by mobile: an unknown mobile is refused beside the field.
  await page.getByRole('button', { name: `发放 ${name}` }).click();
  const issue = page.getByRole('dialog', { name: `发放优惠券 · ${name}` });
  await expect(issue).toContainText('剩余 10 张，每位会员最多持有 1 张');
  await issue.getByLabel('会员手机号').fill('13000000001');
  await issue.getByRole('button', { name: /发\s*放/ }).click();
  await expect(issue.getByText('以下手机号不是本单位在用的会员：13000000001')).toBeVisible();
  await expectAccessible(page, '发放优惠券 dialog');
  await issue.getByLabel('会员手机号').fill(member.mobile);
  await issue.getByRole('button', { name: /发\s*放/ }).click();
  await expect(toast(page, '已发放 1 张')).toBeVisible();
  await expect(row).toContainText('1 / 10');

  // The member finds it at checkout and the order total shows the discount.
  const shopper = await openPage();
  await signIn(shopper, member.mobile, `/search?keyword=${encodeURIComponent('小种')}`, member.password);
  await shopper.getByRole('link', { name: GOODS }).first().click();
  await shopper.getByRole('button', { name: '立即购买' }).click();
  await expect(shopper).toHaveURL(/\/settle/);
  const coupons = shopper.getByRole('radiogroup', { name: '选择优惠券' });
  await coupons.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(shopper.getByText(`已使用「${name}」，优惠 ¥25.00`)).toBeVisible();
  const amounts = shopper.getByRole('complementary', { name: '订单金额' });
  await expect(amounts).toContainText('¥373.00'); // ¥398.00 − ¥25.00
  await amounts.getByRole('button', { name: '提交订单' }).click();
  await placedOrderNo(shopper);
  const mine = await apiCall(request, member.token, '/coupon/list', { mine: 1 });
  expect(mine.results).toEqual([expect.objectContaining({ name, mine: 'used' })]);
  const orders = await apiCall(request, member.token, '/order/list', {});
  expect(orders.results[0]).toMatchObject({ discount_amount: 2500, pay_amount: 37300, coupon_name: name });

  // The coupon a member holds unused cannot be deleted; one used can. The list on a phone is cards.
  await page.reload();
  await page.getByRole('searchbox', { name: '搜索优惠券' }).fill(tag);
  await page.getByRole('searchbox', { name: '搜索优惠券' }).press('Enter');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, '/crm/coupon_index at 375 px');
  await page.getByRole('button', { name: `删除 ${name}` }).click();
  await expectToastFrom(page, '已删除 1 个优惠券', () =>
    page
      .getByRole('dialog')
      .filter({ hasText: `确定删除优惠券「${name}」吗？` })
      .getByRole('button', { name: '删除' })
      .click(),
  );
  await expect(page.getByText('没有找到符合条件的优惠券')).toBeVisible();
  await expect(page.getByRole('button', { name: `删除 ${name}` })).toHaveCount(0);
});
