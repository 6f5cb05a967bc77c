import { expect } from '@playwright/test';
import {
  apiCall,
  cellOf,
  DEMO_PASSWORD,
  expectAccessible,
  sideMenu,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 我的助理 (issue 34, docs/adr/0038 decision 6): a 单位管理员 names a person of their company who holds
// 单位管理员助理 as their assistant and gives them one action; the assistant then does that and
// nothing else. The demo accounts' assistants are left alone (other journeys use 'unit' and
// 'unit_asst'): the people are new, made by the super administrator through the API. The rules (who
// may be named, what may be given, a race for one assistant) are the API test's.

const PASSWORD = 'Assist12345';

test('an assistant given one action can do only that', async ({ page, openPage, request }) => {
  const tag = uniqueSuffix();
  const login = await (
    await request.post('/api/account/login', { form: { username: 'admin', password: DEMO_PASSWORD } })
  ).json();
  expect(login.c).toBe(0);
  const admin = login.d.token as string;
  const person = (username: string, realName: string, role: number) =>
    apiCall(request, admin, '/account/company/user/create', {
      username,
      password: PASSWORD,
      real_name: realName,
      role,
    });
  const principal = { username: `e2e_chief_${tag}`, name: `E2E主管${tag}` };
  const helper = { username: `e2e_asst_${tag}`, name: `E2E助理${tag}` };
  const taken = { username: `e2e_taken_${tag}`, name: `E2E他人助理${tag}` };
  await person(principal.username, principal.name, 3);
  await person(helper.username, helper.name, 7);
  // Someone already serving another 单位管理员 shows in the picker, not to be chosen.
  const other = `E2E另一主管${tag}`;
  await person(`e2e_other_${tag}`, other, 3);
  const takenUser = await person(taken.username, taken.name, 7);
  const otherLogin = await (
    await request.post('/api/account/login', { form: { username: `e2e_other_${tag}`, password: PASSWORD } })
  ).json();
  await apiCall(request, otherLogin.d.token as string, '/account/set/assistants', { user_ids: takenUser.id });

  // The principal opens 我的助理 from the side menu's 个人中心.
  await signIn(page, principal.username, '/manager/assistant-set', PASSWORD);
  const table = page.getByRole('table', { name: '我的助理列表' });
  await expect(table.getByText('你还没有助理')).toBeVisible();
  await expect(page.getByText('不超出你自己和其助理角色（单位管理员助理）的权限')).toBeVisible();
  await expect(sideMenu(page).getByRole('menuitem', { name: '我的助理' })).toBeVisible();

  const picker = page.getByRole('combobox', { name: '要添加的助理' });
  await picker.click();
  await picker.fill(tag);
  const option = (text: string) => page.locator('.ant-select-item-option').filter({ hasText: text });
  await expect(option(`${taken.name}（${taken.username}） · 已是${other}的助理`)).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await option(`${helper.name}（${helper.username}）`).click();
  // The picker stays open for more (multiple choice): Escape closes it, the choice stays.
  await picker.press('Escape');
  await page.getByRole('button', { name: '添加助理' }).click();
  await expect(toast(page, `已添加助理「${helper.name}」`)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: helper.username });
  await expect(await cellOf(table, row, '姓名')).toHaveText(helper.name);
  await expect(await cellOf(table, row, '可做的操作')).toHaveText('未设置（不能代你做事）');
  await expectAccessible(page, '我的助理 with an assistant');

  // 设置操作: only 查看部门和职务.
  const open = page.getByRole('button', { name: `设置操作 ${helper.name}` });
  await open.click();
  const dialog = page.getByRole('dialog', { name: `设置操作 · ${helper.name}` });
  const module = dialog.getByRole('group', { name: '部门、职务与人员' });
  await expect(module.getByRole('checkbox', { name: '查看人员' })).not.toBeChecked();
  await module.getByRole('checkbox', { name: '查看部门和职务' }).check();
  await expect(module.getByRole('checkbox', { name: '全选 部门、职务与人员' })).not.toBeChecked();
  await expect(dialog.getByText('已选 1 /')).toBeVisible();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, `已保存「${helper.name}」可做的操作`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(await cellOf(table, row, '可做的操作')).toHaveText(/^1 项：\s*查看部门和职务$/);
  // Opened again, it holds what was saved. (Scanned here: the scan's 375 px turns the list into
  // cards, so the button that opened the dialog is a new one when it closes.)
  await open.click();
  await expect(module.getByRole('checkbox', { name: '查看部门和职务' })).toBeChecked();
  await expect(module.getByRole('checkbox', { name: '查看人员' })).not.toBeChecked();
  await expectAccessible(page, '设置操作 of an assistant');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  // The assistant: 部门与职务 opens (to read: no 新增部门), 人员管理 neither shows in the menu nor opens.
  const assistant = await openPage();
  await signIn(assistant, helper.username, '/manager/part-postion', PASSWORD);
  await expect(assistant.getByRole('table', { name: '全单位职务' })).toBeVisible();
  await expect(assistant.getByRole('button', { name: '新增部门' })).toHaveCount(0);
  const menu = sideMenu(assistant);
  await expect(menu.getByRole('menuitem', { name: '部门与职务' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '人员管理' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: '我的助理' })).toHaveCount(0);
  await assistant.goto('/manager/company-user1_1');
  await expect(assistant.getByText('无权访问', { exact: true })).toBeVisible();

  // 取消助理, after a confirmation naming the person: the list is empty again.
  await page.getByRole('button', { name: `取消助理 ${helper.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `确定取消「${helper.name}」的助理身份吗？` });
  await expect(confirm).toContainText('不能再代你做任何操作');
  await confirm.getByRole('button', { name: '取消助理' }).click();
  await expect(toast(page, `已取消「${helper.name}」的助理身份`)).toBeVisible();
  await expect(table.getByText('你还没有助理')).toBeVisible();
});
