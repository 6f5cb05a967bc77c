import { test } from '@playwright/test';
import { chooseUserMenu, login } from './helpers.ts';

test('explore', async ({ page }) => {
  await login(page, 'shop');
  await chooseUserMenu(page, '修改密码');
  await page.getByLabel('原密码').fill('wrong-pass-1');
  await page.getByLabel('新密码', { exact: true }).fill('NewPass123');
  await page.getByLabel('确认新密码').fill('NewPass123');
  await page.getByRole('button', { name: '确定' }).click();
  await page.getByText('原密码不正确').waitFor();
  console.log(await page.getByRole('dialog').ariaSnapshot());
  console.log(await page.getByRole('dialog').locator('form').evaluate((e) => e.outerHTML.replace(/<svg.*?<\/svg>/g, '')));
});
