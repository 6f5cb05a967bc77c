import { expect } from '@playwright/test';
import { newMobile, test } from './helpers.ts';

test('a code asked for on /register shows in the administrator’s SMS outbox', async ({ openPage }) => {
  const mobile = newMobile('139');
  const guest = await openPage();
  await guest.goto('/register');
  await guest.getByLabel('手机号').fill(mobile);
  await guest.getByRole('button', { name: '获取验证码' }).click();
  await expect(guest.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();

  const admin = await openPage('admin');
  await admin.goto('/manager/sms-outbox');
  await admin.getByRole('searchbox', { name: '手机号' }).fill(mobile);
  await admin.getByRole('searchbox', { name: '手机号' }).press('Enter');
  const row = admin.getByRole('table', { name: '短信发件箱' }).getByRole('row').filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/注册验证码为\d{6}/);
});
