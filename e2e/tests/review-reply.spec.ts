import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, memberOrder, test, toast } from './helpers.ts';

// Staff answer a review on the goods page (回复, permission order.reply_review); everyone sees it.
// The goods is one no other test orders.
const GOODS = '手撕牛肉干 五香味';

test.describe.configure({ timeout: 120_000 });

async function staffToken(request: APIRequestContext, username: string): Promise<string> {
  const body = await (
    await request.post('/api/account/login', { form: { username, password: DEMO_PASSWORD } })
  ).json();
  expect(body.c).toBe(0);
  return body.d.token as string;
}

/** A new member orders the goods, the shop confirms payment and ships, the member receives and reviews. */
async function reviewedGoods(request: APIRequestContext, content: string): Promise<number> {
  const { goodsId, member, order } = await memberOrder(request, GOODS, '评价会员');
  const shop = await staffToken(request, 'shop');
  await apiCall(request, shop, '/order/pay/confirm', { id: order.id });
  await apiCall(request, shop, '/order/ship', {
    id: order.id,
    shipping_company: '顺丰',
    tracking_no: 'SF100',
  });
  await apiCall(request, member.token, '/order/receive', { id: order.id });
  await apiCall(request, member.token, '/goods/review', {
    order_item_id: order.items[0]?.id ?? 0,
    rating: 5,
    content,
  });
  return goodsId;
}

test('the shop replies to a review on the goods page and a guest sees the reply', async ({
  page,
  openPage,
  request,
}) => {
  const content = `牛肉干很有嚼劲 ${Math.random().toString(36).slice(2, 8)}`;
  const goodsId = await reviewedGoods(request, content);
  const url = `/goodsDetail?id=${goodsId}`;

  // A guest sees the review, without 回复.
  await page.goto(url);
  const reviews = page.getByRole('region', { name: /^商品评价/ });
  const item = reviews.getByRole('listitem').filter({ hasText: content });
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: '回复' })).toHaveCount(0);

  // The shop administrator answers it.
  const staff = await openPage('shop');
  await staff.goto(url);
  const staffItem = staff
    .getByRole('region', { name: /^商品评价/ })
    .getByRole('listitem')
    .filter({ hasText: content });
  await staffItem.getByRole('button', { name: '回复' }).click();
  const form = staff.getByRole('form', { name: '回复评价' });
  await form.getByRole('button', { name: /提交回复/ }).click();
  await expect(form.getByText('回复内容不能为空')).toBeVisible();
  await form.getByLabel('回复内容').fill('感谢您的支持，欢迎再来！');
  await form.getByRole('button', { name: /提交回复/ }).click();
  await expect(toast(staff, '回复成功')).toBeVisible();
  await expect(staffItem).toContainText('商家回复：感谢您的支持，欢迎再来！');
  await expect(staffItem.getByRole('button', { name: '回复' })).toHaveCount(0);

  // The guest sees the reply.
  await page.reload();
  await expect(item).toContainText('商家回复：感谢您的支持，欢迎再来！');
});
