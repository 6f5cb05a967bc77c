import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 系统设置 and 商城设置 (system-set, crm-set; issue 34, docs/adr/0038 "Company settings"). Other
// journeys set passwords in the demo company at the same time, so this one works in a company of
// its own: a new group, a company in it and its manager. Limits, scope, audit and where each
// setting acts are the API test's (apps/server/test/company-settings.test.ts).

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const body = await (await request.post('/api/account/login', { form: { username, password } })).json();
  expect(body.c, `login ${username}: ${body.m}`).toBe(0);
  return body.d.token as string;
}

test('the company administrator changes the minimum password length and an unpaid-order wait, reloads and sees them', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const managerName = `cs_mgr_${suffix}`;
  const managerPassword = 'Manager12345';
  const admin = await tokenOf(request, 'admin', DEMO_PASSWORD);
  const group = await apiCall(request, admin, '/group/create', {
    name: `设置集群${suffix}`,
    is_public: 1,
    is_default: 0,
  });
  await apiCall(request, admin, '/group/company/create', {
    group_id: group.id,
    company_name: `设置测试公司${suffix}`,
    code: `cs-${suffix}`,
    manager_username: managerName,
    manager_name: '设置测试管理员',
    manager_password: managerPassword,
  });

  await signIn(page, managerName, '/manager/system-set', managerPassword);
  const minLength = page.getByRole('spinbutton', { name: '密码最短长度' });
  await expect(minLength).toHaveValue('8');
  // Out of range: the field's Chinese message beside it.
  await minLength.fill('4');
  await expect(page.getByText('密码最短长度不能小于8')).toBeVisible();
  await minLength.fill('10');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const ask = page.getByRole('dialog', { name: '保存系统设置的以下修改吗？' });
  await expect(ask.getByText('密码最短长度：8 位 → 10 位')).toBeVisible();
  await ask.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存系统设置')).toBeVisible();

  await page.goto('/manager/crm-set');
  const wait = page.getByRole('spinbutton', { name: '在线支付等待时长' });
  await expect(wait).not.toHaveValue('');
  await wait.fill('20');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const askCrm = page.getByRole('dialog', { name: '保存商城设置的以下修改吗？' });
  await expect(askCrm.getByText(/在线支付等待时长：\d+ 分钟 → 20 分钟/)).toBeVisible();
  await askCrm.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存商城设置')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('spinbutton', { name: '在线支付等待时长' })).toHaveValue('20');
  await page.goto('/manager/system-set');
  await expect(page.getByRole('spinbutton', { name: '密码最短长度' })).toHaveValue('10');
});
