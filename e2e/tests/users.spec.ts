import { expect, type Locator, type Page } from '@playwright/test';
import { cellOf, expectAccessible, newMobile, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 人员管理 (issue 34, docs/adr/0038): the demo 单位管理员 adds a person to their company, finds them,
// changes them, resets their password and stops them. Who may change whom (a role they may give, not
// themselves), the other companies of a group's staff and the uniqueness of user names and mobile
// numbers are the API test's (apps/server/test/users.test.ts); the login after a reset is
// password-reset.spec.ts's.

/** Picks `option` of the open select whose box is `box` (typing narrows it first). */
async function choose(page: Page, box: Locator, option: string) {
  await box.click();
  await box.fill(option);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Picks the department `name` in the department tree select `box`. */
async function chooseDepartment(page: Page, box: Locator, name: string) {
  await box.click();
  await box.fill(name);
  await page.locator(`.ant-select-tree-node-content-wrapper[title="${name}"]`).click();
}

test('a company manager adds a person with a role, department and position, finds, edits, resets the password of and stops them, and restarts them from their page', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const username = `e2e_user_${tag}`;
  const name = `E2E人员${tag}`;
  const renamed = `${name}改`;

  await signIn(page, 'unit', '/manager/company-user1_1');
  const table = page.getByRole('table', { name: '人员列表' });
  // The company's people, the newest first (other journeys add people meanwhile: any row will do).
  await expect(table.getByRole('button', { name: /编辑/ }).first()).toBeVisible();

  // A user name already somebody's is refused beside the field.
  await page.getByRole('button', { name: '新增人员' }).click();
  const dialog = page.getByRole('dialog', { name: '新增人员' });
  await expect(dialog.getByText('至少8位，须含字母和数字；首次登录须修改')).toBeVisible();
  await dialog.getByLabel('用户名', { exact: true }).fill('unit');
  await dialog.getByLabel('初始密码', { exact: true }).fill('Init12345');
  await dialog.getByLabel('姓名', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: '女' }).check();
  await dialog.getByLabel('手机号', { exact: true }).fill(newMobile());
  await choose(page, dialog.getByRole('combobox', { name: '角色', exact: true }), '业务人员');
  await chooseDepartment(page, dialog.getByRole('combobox', { name: '部门', exact: true }), '采购部');
  await choose(page, dialog.getByRole('combobox', { name: '职务', exact: true }), '业务专员');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('该用户名已被使用')).toBeVisible();
  await expectAccessible(page, '新增人员 with a field error');

  await dialog.getByLabel('用户名', { exact: true }).fill(username);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, `已新增人员「${name}」`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by the search, with what was given.
  const search = page.getByRole('searchbox', { name: '搜索人员' });
  await search.fill(username);
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2); // header + 1
  const row = table.getByRole('row').filter({ hasText: username });
  await expect(await cellOf(table, row, '姓名')).toHaveText(name);
  await expect(await cellOf(table, row, '性别')).toHaveText('女');
  await expect(await cellOf(table, row, '部门')).toHaveText('采购部');
  await expect(await cellOf(table, row, '职务')).toHaveText('业务专员');
  await expect(await cellOf(table, row, '角色')).toHaveText('业务人员');
  await expect(await cellOf(table, row, '状态')).toHaveText('正常');
  await expect(await cellOf(table, row, '最近登录')).toHaveText('从未登录');

  // 编辑: the user name is shown, not changed; the name is.
  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑人员 · ${name}` });
  await expect(edit.getByLabel('用户名', { exact: true })).toHaveValue(username);
  await expect(edit.getByLabel('用户名', { exact: true })).toHaveAttribute('readonly', '');
  await expect(edit.getByTitle('采购部', { exact: true })).toBeVisible();
  await edit.getByLabel('姓名', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, `已保存「${renamed}」`)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(await cellOf(table, row, '姓名')).toHaveText(renamed);

  // 重置密码: the dialog says what follows; the row then shows 须改密.
  await page.getByRole('button', { name: `重置密码 ${renamed}` }).click();
  const reset = page.getByRole('dialog', { name: `重置密码 · ${renamed}` });
  await expect(reset).toContainText('会立即退出登录');
  await expect(reset).toContainText('须先修改密码');
  await reset.getByLabel('新密码', { exact: true }).fill('short');
  await reset.getByRole('button', { name: '确认' }).click();
  await expect(reset.getByText('新密码不能少于8个字符')).toBeVisible();
  await expectAccessible(page, '重置密码');
  await reset.getByLabel('新密码', { exact: true }).fill('Reset12345');
  await reset.getByRole('button', { name: '确认' }).click();
  await expect(toast(page, `已重置「${renamed}」的密码`)).toBeVisible();
  await expect(reset).toBeHidden();
  await expect(await cellOf(table, row, '状态')).toContainText('须改密');

  // 停用, after a confirmation naming the person.
  await page.getByRole('button', { name: `停用 ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: `确定停用「${renamed}」吗？` });
  await expect(confirm).toContainText('立即退出登录');
  await confirm.getByRole('button', { name: '停用' }).click();
  await expect(toast(page, `已停用「${renamed}」`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(await cellOf(table, row, '状态')).toContainText('已停用');
  await expect(page.getByRole('button', { name: `启用 ${renamed}` })).toBeVisible();

  // The 状态 filter finds them among the stopped.
  await page.getByRole('combobox', { name: '人员状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '正常' }).click();
  await expect(page.getByText('没有符合条件的人员')).toBeVisible();

  // Their page (/manager/user/{id}, from the name in the list): the record, and 启用 from there.
  await page.getByRole('combobox', { name: '人员状态' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '已停用' }).click();
  await page.getByRole('link', { name: `查看 ${renamed}` }).click();
  await expect(page).toHaveURL(/\/manager\/user\/\d+$/);
  await expect(page.getByText(`人员详情 · ${renamed}`)).toBeVisible();
  const record = page.locator('.ant-descriptions');
  await expect(record).toContainText(username);
  await expect(record).toContainText('业务人员');
  await expect(record).toContainText('已停用');
  await page.getByRole('button', { name: `启用 ${renamed}` }).click();
  const enable = page.getByRole('dialog', { name: `确定启用「${renamed}」吗？` });
  await enable.getByRole('button', { name: /启\s*用/ }).click();
  await expect(toast(page, `已启用「${renamed}」`)).toBeVisible();
  await expect(record).toContainText('正常');
  await expect(page.getByRole('button', { name: `停用 ${renamed}` })).toBeVisible();
});

test("a group manager chooses another company of their group and sees that company's people", async ({
  page,
}) => {
  await signIn(page, 'cluster', '/manager/company-user1_1');
  const table = page.getByRole('table', { name: '人员列表' });
  // A seeded person of the group manager's own company, found by the search (other journeys add
  // people to it meanwhile, so the first page may not show them).
  const search = page.getByRole('searchbox', { name: '搜索人员' });
  await search.fill('陈思远');
  await search.press('Enter');
  await expect(table).toContainText('陈思远');
  await search.fill('');
  await search.press('Enter');

  await choose(page, page.getByRole('combobox', { name: '单位' }), '青峰贸易有限公司');
  await expect(table).toContainText('青峰商城管理员');
  await expect(table).not.toContainText('陈思远');
});
