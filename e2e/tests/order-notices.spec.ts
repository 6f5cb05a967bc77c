import { type APIRequestContext, expect } from '@playwright/test';
import { type Member, registerMember, signIn, test } from './helpers.ts';

// Issue 35, items 2 and 3: a transfer receipt seen by both sides, the member told when the shop
// confirms; a new order signalled in an open back office without a reload.

test.describe.configure({ timeout: 120_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An order placed through the API as the member (the shop journeys walk the checkout itself). */
async function placeOrder(request: APIRequestContext, member: Member, method: 'bank_transfer' | 'cod') {
  const auth = { authorization: `Token ${member.token}` };
  const found = await (
    await request.get(`/api/goods/staff/shopgoods/?keyword=${encodeURIComponent('墨印 P200')}`, {
      headers: auth,
    })
  ).json();
  const goodsId = found.d.results[0].id as number;
  const address = await (
    await request.post('/api/consignee/update', {
      headers: auth,
      form: {
        name: '通知顾客',
        mobile: member.mobile,
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        address: '文三路 1 号',
      },
    })
  ).json();
  expect(address.c, JSON.stringify(address)).toBe(0);
  const placed = await (
    await request.post('/api/order/create', {
      headers: auth,
      form: { goods_id: goodsId, quantity: 1, consignee_id: address.d.id, payment_method: method },
    })
  ).json();
  expect(placed.c, JSON.stringify(placed)).toBe(0);
  return placed.d.order as { id: number; order_no: string };
}

test('a transfer receipt is seen as waiting by the member and the shop; the shop confirms and the member is told', async ({
  page,
  openPage,
  request,
}) => {
  const member = await registerMember(request, { realName: '凭证顾客' });
  const order = await placeOrder(request, member, 'bank_transfer');
  const upload = await (
    await request.post('/api/order/receipt/upload', {
      headers: { authorization: `Token ${member.token}` },
      multipart: { id: String(order.id), file: { name: '回单.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  expect(upload.c).toBe(0);

  // The member: waiting for the shop, no countdown.
  await signIn(page, member.mobile, undefined, member.password);
  await page.goto('/Workbench');
  const card = page.getByRole('article', { name: `订单 ${order.order_no}` });
  await expect(card).toContainText('已上传凭证，等待商家确认');
  await expect(card).not.toContainText('超时订单将自动取消');

  // The shop: the mark, and the filter of orders awaiting confirmation.
  const staff = await openPage('shop');
  await staff.goto('/crm/order_manager');
  await staff.getByRole('checkbox', { name: '只看待确认收款' }).check();
  const table = staff.getByRole('table', { name: '订单列表' });
  const row = table.getByRole('row').filter({ hasText: order.order_no });
  await expect(row).toContainText('待确认收款');
  await row.getByRole('button', { name: '确认收款' }).click();
  const dialog = staff.getByRole('dialog', { name: `确认收款 · ${order.order_no}` });
  await dialog.getByRole('button', { name: '确认收款' }).click();
  await expect(row).toHaveCount(0);

  // The member is told: the unread count on 我的消息, and the message.
  await page.reload();
  await expect(page.getByTestId('member-unread')).toContainText('1');
  await page.getByRole('tab', { name: /我的消息/ }).click();
  await expect(page.getByRole('table', { name: '消息列表' })).toContainText('订单已确认收款');
  await expect(page.getByRole('table', { name: '消息列表' })).toContainText(order.order_no);
});

test('a new order is signalled in an open back office without a reload', async ({ openPage, request }) => {
  const staff = await openPage('shop');
  await staff.goto('/crm/order_manager');
  const table = staff.getByRole('table', { name: '订单列表' });
  await expect(table).toBeVisible();
  await expect(staff.getByTestId('new-order-signal')).toHaveCount(0);

  // Another person, in another browser, places an order.
  const member = await registerMember(request, { realName: '新单顾客' });
  const order = await placeOrder(request, member, 'cod');

  // The signal arrives on the open page; the list shows the order; nothing was reloaded.
  const signal = staff.getByTestId('new-order-signal');
  await expect(signal).toBeVisible();
  await expect(signal).toHaveAccessibleName(/新订单 \d+ 个/);
  await expect(staff.getByTestId('order-signal-news')).toHaveText(`新订单：${order.order_no}`);
  await expect(table.getByRole('row').filter({ hasText: order.order_no })).toBeVisible();
  expect(await staff.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});
