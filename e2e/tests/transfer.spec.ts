import { expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 单位变更 (issue 34, docs/adr/0038 "Moving to another company"): a person asks to move to another
// company of the group, the group's manager (who answers for both companies of 启航集团) agrees,
// and the person — whose sessions the move ended — logs in again in the new company and finds the
// answer in 我的消息, the bell counting it. The person is new (made through the API): the demo
// accounts stay where other journeys need them. The rules (both sides, refusals, another group's
// administrator, withdrawing) are the API test's (apps/server/test/transfer.test.ts).

const PASSWORD = 'Transfer12345';

test('a company change is asked, approved and the user sees the result', async ({
  page,
  openPage,
  request,
}) => {
  const tag = uniqueSuffix();
  const admin = await (
    await request.post('/api/account/login', { form: { username: 'admin', password: DEMO_PASSWORD } })
  ).json();
  const person = { username: `e2e_move_${tag}`, name: `调动员${tag}` };
  await apiCall(request, admin.d.token as string, '/account/company/user/create', {
    username: person.username,
    password: PASSWORD,
    real_name: person.name,
    role: 5,
  });

  // The person asks on 个人中心 → 单位变更.
  await signIn(page, person.username, '/business/company-change', PASSWORD);
  const target = page.getByRole('combobox', { name: '目标单位' });
  await target.click();
  await target.fill('青峰');
  await page.locator('.ant-select-item-option').filter({ hasText: '青峰贸易有限公司' }).click();
  await page.getByRole('textbox', { name: '申请原因' }).fill('调往青峰负责华东业务');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(toast(page, '申请已提交，请等待审核')).toBeVisible();
  const pending = page.getByRole('region', { name: '审核中的申请' });
  await expect(pending).toContainText('调出方：待审核');
  await expect(pending).toContainText('青峰贸易有限公司');
  await expectAccessible(page, '单位变更 with a pending request');

  // The group manager sees it waiting on 单位变更审核 (told by a message too) and agrees.
  const manager = await openPage('cluster');
  await manager.goto('/manager/resultCompanyChange');
  const table = manager.getByRole('table', { name: '单位变更申请列表' });
  const row = table.getByRole('row').filter({ hasText: person.username });
  await expect(row).toContainText('调往青峰负责华东业务');
  await row.getByRole('button', { name: /同\s*意/ }).click();
  const confirm = manager.getByRole('dialog', { name: `同意 ${person.name} 的申请？` });
  await expect(confirm).toContainText('将调入 青峰贸易有限公司');
  await confirm.getByRole('button', { name: /同\s*意/ }).click();
  await expect(toast(manager, `${person.name} 已调入 青峰贸易有限公司`)).toBeVisible();
  // Answered by both sides, it leaves the list of what waits for the manager.
  await expect(row).toHaveCount(0);

  // The move ended the person's session: the open page goes to the login; logged in again (a
  // browser of their own), they are in 青峰贸易 and are told.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  const again = await openPage();
  await signIn(again, person.username, '/business/company-change', PASSWORD);
  await expect(again.getByText('现单位：青峰贸易有限公司')).toBeVisible();
  await expect(again.getByText('已通过')).toBeVisible();
  const bell = again.getByTestId('message-bell');
  await expect(bell).toHaveAccessibleName('我的消息，1 条未读');
  await bell.click();
  await expect(again).toHaveURL(/\/business\/message-view$/);
  const messages = again.getByRole('table', { name: '消息列表' });
  const message = messages.getByRole('row').filter({ hasText: '单位变更申请已通过' });
  await expect(message).toContainText('你现在属于 青峰贸易有限公司');
  await message.getByRole('button', { name: '标为已读' }).click();
  await expect(bell).toHaveAccessibleName('我的消息');
});
