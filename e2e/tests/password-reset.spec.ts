import { expect } from '@playwright/test';
import {
  apiCall,
  DEMO_PASSWORD,
  expectAccessible,
  loginForm,
  submitLogin,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 重置密码 (issue 34, docs/adr/0038): a person whose password an administrator reset logs in with it,
// is kept on 修改密码 until they choose their own, and then goes on to their area. The rules (every
// call needing a permission refused until then, the sessions ended) are the API test's
// (apps/server/test/users.test.ts).

test('a person whose password was reset must choose their own before anything else', async ({ page }) => {
  const admin = await page.request.post('/api/account/login', {
    form: { username: 'unit', password: DEMO_PASSWORD },
  });
  const token = (await admin.json()).d.token as string;
  const username = `reset_${uniqueSuffix()}`;
  const person = await apiCall(page.request, token, '/account/company/user/create', {
    username,
    password: 'First12345',
    real_name: '重置测试',
    role: 12,
  });
  await apiCall(page.request, token, '/account/user/password/reset', {
    id: person.id,
    password: 'Temp12345',
  });
  await page.context().clearCookies();

  await page.goto('/login');
  await expect(loginForm(page)).toBeVisible();
  await submitLogin(page, username, 'Temp12345');
  await expect(page).toHaveURL(/\/crm\/password-reset$/);
  await expect(page.getByText('管理员已重置你的密码')).toBeVisible();
  await expectAccessible(page, '修改密码 after a reset');
  // Another screen sends them back.
  await page.goto('/crm/goods_category');
  await expect(page).toHaveURL(/\/crm\/password-reset$/);

  const form = page.getByRole('form', { name: '修改密码' });
  await form.getByLabel('原密码').fill('Temp12345');
  await form.getByLabel('新密码', { exact: true }).fill('Mine12345');
  await form.getByLabel('确认新密码').fill('Mine12345');
  await form.getByRole('button', { name: /确\s*定|保\s*存|修改密码/ }).click();
  await expect(toast(page, '密码修改成功')).toBeVisible();
  await expect(page).not.toHaveURL(/password-reset/);
  await expect(page.getByText('管理员已重置你的密码')).toBeHidden();
  await page.goto('/crm/goods_category');
  await expect(page).toHaveURL(/\/crm\/goods_category$/);
});
