import { expect } from '@playwright/test';
import { apiCall, signIn, test, uniqueSuffix } from './helpers.ts';

// 管理首页, 登录记录 and 使用统计 (issue 34, docs/adr/0038): the demo 单位管理员 sees their company's
// overview, finds their own login of today, and sees the use as a chart and their change in the
// operation log. Other companies, the group scope and refusals are the API test's
// (apps/server/test/admin-logs.test.ts).

/** Today in China time, as the day filters speak of it. */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('the company manager reads the overview, finds their login of today and sees their change in the operation log', async ({
  page,
}) => {
  const name = `E2E日志部${uniqueSuffix()}`;
  const token = await signIn(page, 'unit');
  const made = await apiCall(page.request, token, '/department/create', { name });

  await page.goto('/manager/home');
  await expect(page.getByText('今日登录', { exact: true })).toBeVisible();
  await expect(page.getByText('在线人数', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('table', { name: '在线人员列表' }).getByText('单位管理员').first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /近 7 天的登录次数与活跃人数/ })).toBeVisible();
  await expect(page.getByText('单位信息变更申请（待平台审核）')).toBeVisible();

  await page.goto('/manager/login-log');
  await page.getByRole('searchbox', { name: '搜索用户' }).fill('unit');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByLabel('登录日期从').fill(today());
  await page.getByLabel('登录日期到').fill(today());
  const logins = page.getByRole('table', { name: '登录记录列表' });
  await expect(logins.getByRole('row').filter({ hasText: '单位管理员' }).first()).toContainText('成功');
  await expect(page.getByRole('link', { name: '导出 Excel' })).toHaveAttribute('href', /date_from=/);

  await page.goto('/manager/log-statistic');
  await expect(page.getByRole('img', { name: /每天登录次数/ })).toBeVisible();
  await page.getByText('以表格查看：每天登录次数').click();
  await expect(page.getByRole('table', { name: '每天登录次数' })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索操作人' }).fill('unit');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(
    page.getByRole('table', { name: '操作日志列表' }).getByRole('row').filter({ hasText: name }),
  ).toContainText('新增');

  await apiCall(page.request, token, '/department/delete', { id: made.id });
});
