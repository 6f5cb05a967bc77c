import { expect, type Page } from '@playwright/test';
import { account, apiCall, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// The company change request (docs/adr/0029): the shop administrator asks in 单位信息 to rename the
// company, the platform's super administrator approves it in 单位变更审核, and the public login page
// and the shop administrator's top bar show the new name. The rules (one pending request, races,
// another company, the login path checked again at approval) are the API test's
// (apps/server/test/company-change.test.ts).

test.describe.configure({ timeout: 120_000 });

/** The default company's seeded name (the shop administrator's company). */
const HQ = account('shop').company;

/** Withdraws the company's pending request a run before this one may have left. */
async function noPendingRequest(page: Page, token: string) {
  const mine = await apiCall(page.request, token, '/company/changeRequest/list', { page_size: 5 });
  for (const r of mine.results as { id: number; status: number }[])
    if (r.status === 0) await apiCall(page.request, token, '/company/changeRequest/withdraw', { id: r.id });
}

test('a shop administrator asks to rename the company; the super administrator approves; the public page and the top bar show the new name', async ({
  page,
  openPage,
}) => {
  // Other journeys of the run look for the seeded name on public pages and in top bars (as part of
  // a longer text): the new name keeps it at its start, and the old name is put back at the end.
  const renamed = `${HQ}（更名${uniqueSuffix()}）`;
  const shopToken = await signIn(page, 'shop');
  await noPendingRequest(page, shopToken);
  await page.goto('/crm/company');

  const identity = page.getByRole('region', { name: '登记信息' });
  await expect(identity).toContainText(HQ);
  await identity.getByRole('button', { name: '申请变更' }).click();
  const dialog = page.getByRole('dialog', { name: '申请变更单位信息' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  await expect(field('单位名称')).toHaveValue(HQ);
  // Nothing changed: the server says so beside the name; a login path another company uses, beside the path.
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('没有要变更的内容：请至少修改一项')).toBeVisible();
  const path = await field('登录路径').inputValue();
  await field('登录路径').fill('/qf');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('该登录路径已被其他单位使用')).toBeVisible();
  await expectAccessible(page, '申请变更单位信息 with field errors');
  await field('登录路径').fill(path);
  await field('单位名称').fill(renamed);
  await dialog.getByLabel('说明').fill('工商登记名称已变更');
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '已提交变更申请，等待平台审核')).toBeVisible();
  const pending = page.getByRole('alert').filter({ hasText: '变更申请待审核' });
  await expect(pending).toContainText(renamed);
  await expect(identity.getByRole('button', { name: '申请变更' })).toBeDisabled();
  // Not yet: the company keeps its name until the platform approves.
  await expect(identity).toContainText(HQ);
  await expect(page.getByRole('table', { name: '变更申请记录' })).toContainText('待审核');

  // The super administrator finds it among the pending requests, compares and approves.
  const admin = await openPage();
  const adminToken = await signIn(admin, 'admin', '/manager/company-identity-change');
  await admin.getByRole('combobox', { name: '申请状态' }).click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '待审核' }).click();
  const search = admin.getByRole('searchbox', { name: '搜索单位' });
  await search.fill(HQ);
  await search.press('Enter');
  const row = admin
    .getByRole('table', { name: '单位变更申请列表' })
    .getByRole('row')
    .filter({ hasText: renamed });
  await row.getByRole('button', { name: `详情 ${HQ}` }).click();
  const drawer = admin.getByRole('dialog', { name: `变更申请 · ${HQ}` });
  const compare = drawer.getByRole('table', { name: '变更内容' });
  await expect(compare.getByRole('row').filter({ hasText: '单位名称' })).toContainText(renamed);
  await expect(drawer).toContainText('工商登记名称已变更');
  await expectAccessible(admin, '变更申请 drawer');
  await drawer.getByRole('button', { name: '通过', exact: true }).click();
  const confirm = admin.getByRole('dialog', { name: '通过变更申请' });
  await confirm.getByLabel('审核意见（选填）').fill('已核对营业执照');
  await confirm.getByRole('button', { name: '确认通过' }).click();
  await expect(toast(admin, '已通过变更申请，单位信息已更新')).toBeVisible();
  await expect(drawer).toContainText('已通过');

  try {
    // A visitor's login page names the company anew.
    const visitor = await openPage();
    await visitor.goto('/login');
    await expect(visitor.getByRole('heading', { name: `欢迎访问${renamed}` })).toBeVisible();

    // The applicant sees the result, and the top bar follows.
    await page.reload();
    await expect(identity).toContainText(renamed);
    await expect(page.getByRole('alert').filter({ hasText: '变更申请待审核' })).toHaveCount(0);
    const history = page.getByRole('table', { name: '变更申请记录' });
    await expect(history).toContainText('已通过');
    await expect(history).toContainText('已核对营业执照');
    await expect(page.getByRole('banner')).toContainText(renamed);
  } finally {
    // The seeded name back, by the same process (through the API).
    const back = await apiCall(page.request, shopToken, '/company/changeRequest/submit', {
      company_name: HQ,
    });
    await apiCall(admin.request, adminToken, '/company/changeRequest/approve', { id: back.id });
  }
});
