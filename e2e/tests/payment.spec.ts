import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SANDBOX_SECRET } from '../sandbox.ts';
import { expectAccessible, registerMember, signIn, test, toast } from './helpers.ts';
import { addConsignee, placedOrderNo } from './shop.ts';

// Paying an order (issue 11): bank transfer with the shop's account and a receipt the shop sees when
// it confirms; the test provider's redirect to its pay page, its signed callback, paid once.

test.describe.configure({ timeout: 180_000 });

/** A 1×1 PNG: a receipt as a phone's screenshot would be, only smaller. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Buy now: from the search to the settle page. */
async function buyNow(page: Page, keyword: string, name: string) {
  await page.goto(`/search?keyword=${encodeURIComponent(keyword)}`);
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle/);
  // Checkout preselects the best coupon (issue 35); these orders pay the full price: it is cleared.
  const coupons = page.getByRole('radiogroup', { name: '选择优惠券' });
  await expect(coupons.getByRole('radio', { checked: true })).not.toHaveAccessibleName('不使用优惠券');
  await coupons.getByText('不使用优惠券').click();
  await expect(coupons.getByRole('radio', { name: '不使用优惠券' })).toBeChecked();
}

async function submitOrder(page: Page) {
  await page
    .getByRole('complementary', { name: '订单金额' })
    .getByRole('button', { name: '提交订单' })
    .click();
  return placedOrderNo(page);
}

async function chooseFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('a shopper pays by bank transfer: the account at checkout, a receipt uploaded, the shop confirms with the receipt in view', async ({
  page,
  openPage,
  request,
}) => {
  // The shop's account screen: a wrong number is refused beside its field; the account is kept.
  const staff = await openPage('shop');
  await staff.goto('/crm/payment_account');
  const accountForm = staff.getByRole('form', { name: '收款账户' });
  await expect(accountForm.getByLabel('开户银行')).toHaveValue('中国工商银行');
  await accountForm.getByLabel('银行账号').fill('6222-ABCD');
  await accountForm.getByRole('button', { name: '保存修改' }).click();
  await expect(accountForm.getByText('银行账号只能包含数字（可用空格分组），8到40位')).toBeVisible();
  await accountForm.getByLabel('银行账号').fill('6222 0202 0000 1234 567');
  await accountForm.getByRole('button', { name: '保存修改' }).click();
  await expect(toast(staff, '收款账户已保存')).toBeVisible();

  // A new member (registered through the API: shop-journey.spec.ts walks the registration).
  const { mobile, password } = await registerMember(request, { realName: '转账顾客' });
  await signIn(page, mobile, undefined, password);
  await buyNow(page, '墨印 P200', '墨印 P200 黑白激光打印机');
  await addConsignee(page, '钱转账', mobile);
  await page.getByRole('radiogroup', { name: '支付方式' }).getByText('银行转账').click();
  const atCheckout = page.locator('.settle-instructions');
  await expect(atCheckout).toContainText('中国工商银行 北京海淀支行');
  await expect(atCheckout).toContainText('启航企业服务有限公司');
  await expect(atCheckout).toContainText('6222 0202 0000 1234 567');
  await expect(atCheckout).toContainText('请在下单后 3 天内完成付款');
  const orderNo = await submitOrder(page);

  // The success page: the account with the amount and the note to write, then the receipt.
  const placed = page.getByRole('region', { name: '订单提交成功' });
  await expect(placed.locator('.transfer-account')).toContainText('6222 0202 0000 1234 567');
  await expect(placed.locator('.transfer-account')).toContainText(orderNo);
  await expect(placed.locator('.transfer-account')).toContainText('¥899.00');
  // Not a picture: refused in the browser; a text file named .png: refused by the server.
  await chooseFile(page, '上传转账凭证', {
    name: '说明.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(placed.getByRole('alert')).toContainText('只能上传JPG、PNG、WebP 图片或 PDF');
  await chooseFile(page, '上传转账凭证', {
    name: '假图片.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all '.repeat(300)),
  });
  await expect(placed.getByRole('alert')).toContainText('文件类型不支持');
  await chooseFile(page, '上传转账凭证', { name: '转账回单.png', mimeType: 'image/png', buffer: PNG });
  await expect(placed.getByRole('img', { name: '转账凭证 转账回单.png' })).toBeVisible();
  await expect(placed.getByRole('alert')).toHaveCount(0);

  // The shop confirms with the receipt in view (the picture really loads).
  await staff.goto('/crm/order_manager');
  await staff.getByRole('searchbox', { name: '搜索订单' }).fill(orderNo);
  await staff.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
  const row = staff.getByRole('table', { name: '订单列表' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('待付款');
  await row.getByRole('button', { name: '确认收款' }).click();
  const dialog = staff.getByRole('dialog', { name: `确认收款 · ${orderNo}` });
  const receipt = dialog.getByRole('img', { name: '转账凭证 转账回单.png' });
  await expect(receipt).toBeVisible();
  await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(dialog).toContainText('¥899.00');
  await expect(dialog).toContainText('6222 0202 0000 1234 567');
  await expectAccessible(staff, '确认收款 dialog');
  await dialog.getByLabel('备注').fill('工行流水 20261124-001');
  await dialog.getByRole('button', { name: '确认收款' }).click();
  await expect(row).toContainText('待发货');

  // The member sees it paid; the receipt stays, no longer removable.
  await page.goto('/Workbench');
  const card = page.getByRole('article', { name: `订单 ${orderNo}` });
  await expect(card).toContainText('待发货');
});

/** The notification the provider would send for an order, signed with the e2e secret. */
function signed(params: Record<string, string>) {
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return { ...params, sign: createHmac('sha256', SANDBOX_SECRET).update(text).digest('hex') };
}

test('the test provider: to its pay page and back paid; its callback pays once however often it comes; a wrong signature or amount is refused', async ({
  page,
  request,
}) => {
  const { mobile, password } = await registerMember(request, { realName: '在线顾客' });
  await signIn(page, mobile, undefined, password);
  await buyNow(page, '安康 L2', '安康 L2 老人手机 4G 全网通');
  await addConsignee(page, '孙在线', mobile);
  await page.getByRole('radiogroup', { name: '支付方式' }).getByText('在线支付（测试）').click();
  await expect(page.locator('.settle-instructions')).toContainText('请在下单后 30 分钟内完成付款');
  const orderNo = await submitOrder(page);

  // 去支付 → the provider's page → 确认支付 → back on the order, paid.
  await page.getByRole('button', { name: '去支付' }).click();
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay\?/);
  await expect(page.getByRole('heading', { name: '支付沙箱' })).toBeVisible();
  await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
  await expect(page.getByText('¥399.00')).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/Workbench\?tab=orders&order=\d+$/);
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${orderNo}` });
  await expect(drawer.getByText('待发货').first()).toBeVisible();
  await expect(drawer.getByText('在线支付（测试）').last()).toBeVisible();

  // A second order, paid by callbacks the test sends itself.
  await buyNow(page, '安康 L2', '安康 L2 老人手机 4G 全网通');
  await page.getByRole('radiogroup', { name: '支付方式' }).getByText('在线支付（测试）').click();
  const second = await submitOrder(page);
  const notify = async (params: Record<string, string>) =>
    (await page.request.post('/api/payment/notify/sandbox', { form: params })).json();
  const base = { merchant_id: '125', order_no: second, trade_no: `SBX-E2E-${second}`, amount: '399.00' };
  expect(await notify({ ...base, sign: signed({ ...base, amount: '0.01' }).sign })).toMatchObject({
    c: 20502,
    m: '支付通知签名无效',
  });
  expect(await notify(signed({ ...base, amount: '0.01' }))).toMatchObject({
    c: 20503,
    m: '支付金额与订单金额不符',
  });
  await page.getByRole('button', { name: '查看订单' }).click();
  const secondDrawer = page.getByRole('dialog', { name: `订单详情 · ${second}` });
  await expect(secondDrawer.getByText('待付款').first()).toBeVisible();
  await expect(secondDrawer.getByRole('button', { name: '去支付' })).toBeVisible();

  const answers = await Promise.all([notify(signed(base)), notify(signed(base)), notify(signed(base))]);
  expect(answers.map((a) => a.c)).toEqual([0, 0, 0]);
  expect(answers.filter((a) => a.d.repeated === false)).toHaveLength(1);
  expect(await notify(signed(base))).toMatchObject({ c: 0, d: { repeated: true } });
  await page.reload();
  await expect(secondDrawer.getByText('待发货').first()).toBeVisible();
  // One payment in the order's history, with the provider's trade number.
  await expect(secondDrawer.getByText(`交易号 SBX-E2E-${second}`)).toHaveCount(1);
  await expect(secondDrawer.locator('.ant-timeline-item').filter({ hasText: '确认收款' })).toHaveCount(1);
});
