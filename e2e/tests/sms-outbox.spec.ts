import { expect, type Page } from '@playwright/test';
import { newMobile, sideMenu, test } from './helpers.ts';

test('a code asked for on /register shows in the administrator’s and the shop manager’s SMS outbox', async ({
  openPage,
}) => {
  const mobile = newMobile('139');
  const guest = await openPage();
  await guest.goto('/register');
  await guest.getByLabel('手机号').fill(mobile);
  await guest.getByRole('button', { name: '获取验证码' }).click();
  await expect(guest.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();

  const admin = await openPage('admin');
  await admin.goto('/manager/sms-outbox');
  await expectSentTo(admin, mobile);

  // The shop manager helps a customer whose code did not arrive: 客服 > 短信发件箱 in /crm.
  const shop = await openPage('shop');
  await shop.goto('/crm/sms_outbox');
  await expect(sideMenu(shop).getByRole('menuitem', { name: '短信发件箱' })).toHaveCount(1);
  await expectSentTo(shop, mobile);
});

async function expectSentTo(page: Page, mobile: string) {
  await page.getByRole('searchbox', { name: '手机号' }).fill(mobile);
  await page.getByRole('searchbox', { name: '手机号' }).press('Enter');
  const row = page.getByRole('table', { name: '短信发件箱' }).getByRole('row').filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/注册验证码为\d{6}/);
}
