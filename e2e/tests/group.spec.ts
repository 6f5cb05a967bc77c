import { expect } from '@playwright/test';
import { account, apiCall, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 集群及单位管理 (docs/adr/0038): the demo 集群管理员 works for 启航集团, which holds the default company
// and 青峰贸易; 物联定位 is in no group. The scope's rules (another group, a company manager, an
// anonymous caller) are the API test's (apps/server/test/group.test.ts) and the route walk's.

/** The default company's seeded name (another journey renames it for a while, keeping it at the start). */
const HQ = account('shop').company;

test('a group manager sees the companies of their group, finds one by name, and none outside it', async ({
  page,
}) => {
  await signIn(page, 'cluster', '/manager/group_company');
  await expect(page.getByText('启航集团', { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: '启航集团的单位列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expect(table).toContainText(HQ);
  await expect(table).toContainText('青峰贸易有限公司');
  await expect(table).not.toContainText('物联定位');

  const search = page.getByRole('searchbox', { name: '搜索单位' });
  await search.fill('青峰');
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('青峰贸易有限公司');
  await search.fill('物联');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的单位')).toBeVisible();
});

test('the super administrator adds a group, is told of a name already taken beside the field, puts a company in and out, names a manager and takes them off, renames it and deletes it', async ({
  page,
}) => {
  const name = `测试集群${uniqueSuffix()}`;
  await signIn(page, 'admin', '/manager/group');
  const table = page.getByRole('table', { name: '集群列表' });
  await expect(table).toContainText('启航集团');

  await page.getByRole('button', { name: '添加集群' }).click();
  const dialog = page.getByRole('dialog', { name: '添加集群' });
  await dialog.getByLabel('集群名称').fill('启航集团');
  await dialog.getByLabel('集群描述').fill('华北的单位');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('已有同名集群')).toBeVisible();
  await expectAccessible(page, '添加集群 with a field error');
  await dialog.getByLabel('集群名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已添加集群')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: '搜索集群' });
  await search.fill(name);
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('未指定');
  // 物联定位, in no group, goes in and comes out again (the demo data stays as it was).
  await page.getByRole('button', { name: `单位 ${name}` }).click();
  const companies = page.getByRole('dialog', { name: `单位 · ${name}` });
  await expect(companies.getByText('该集群还没有单位：在上方查找并放入')).toBeVisible();
  const picker = companies.getByRole('combobox', { name: '要放入集群的单位' });
  await picker.click();
  await picker.fill('物联');
  await page.locator('.ant-select-item-option').filter({ hasText: '物联定位科技有限公司' }).click();
  // The picker stays open for more (multiple choice): Escape closes it, the choice stays.
  await picker.press('Escape');
  await companies.getByRole('button', { name: '放入集群' }).click();
  await expect(toast(page, '已放入 1 个单位')).toBeVisible();
  const held = companies.getByRole('table', { name: `${name}的单位` });
  await expect(held).toContainText('物联定位科技有限公司');
  await expectAccessible(page, '单位 of a group');
  await companies.getByRole('button', { name: '移出 物联定位科技有限公司' }).click();
  await page
    .getByRole('dialog', { name: '确定把「物联定位科技有限公司」移出集群吗？' })
    .getByRole('button', { name: '移出' })
    .click();
  await expect(toast(page, '已移出「物联定位科技有限公司」')).toBeVisible();
  await expect(companies.getByText('该集群还没有单位：在上方查找并放入')).toBeVisible();
  await companies.getByRole('button', { name: '关闭' }).last().click();
  await expect(companies).toBeHidden();

  // The demo group manager is named to the new group's staff and taken off again.
  await page.getByRole('button', { name: `管理员 ${name}` }).click();
  const staff = page.getByRole('dialog', { name: `管理员 · ${name}` });
  await expect(staff.getByText('还没有指定集群管理员')).toBeVisible();
  const people = staff.getByRole('combobox', { name: '要指定的用户' });
  await people.click();
  await people.fill('cluster');
  await page.locator('.ant-select-item-option').filter({ hasText: '（cluster，' }).click();
  await staff.getByRole('button', { name: '指定' }).click();
  await expect(toast(page, '已指定为集群管理员')).toBeVisible();
  await expect(staff.getByRole('region', { name: `${name}的管理员` })).toContainText(
    '集群管理员（集群管理员）',
  );
  await expectAccessible(page, '管理员 of a group');
  await staff.getByRole('button', { name: '取消 集群管理员' }).click();
  await page
    .getByRole('dialog', { name: '确定取消「集群管理员」的集群管理权限吗？' })
    .getByRole('button', { name: '取消权限' })
    .click();
  await expect(toast(page, '已取消「集群管理员」的集群管理权限')).toBeVisible();
  await expect(staff.getByText('还没有指定集群管理员')).toBeVisible();
  await staff.getByRole('button', { name: '关闭' }).last().click();
  await expect(staff).toBeHidden();

  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `修改集群 · ${name}` });
  await expect(edit.getByLabel('集群描述')).toHaveValue('华北的单位');
  await edit.getByLabel('集群名称').fill(`${name}北`);
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已保存集群')).toBeVisible();
  await expect(table).toContainText(`${name}北`);

  await page.getByRole('button', { name: `删除 ${name}北` }).click();
  const confirm = page.getByRole('dialog', { name: `确定删除集群「${name}北」吗？` });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, `已删除集群「${name}北」`)).toBeVisible();
  await expect(page.getByText('没有符合条件的集群')).toBeVisible();
});

test('the super administrator adds a company with its first manager to a group (a taken user name told beside the field) and a group manager, who works in a company of the group and sees no other', async ({
  page,
  browser,
}) => {
  const suffix = uniqueSuffix();
  const token = await signIn(page, 'admin');
  const group = await apiCall(page.request, token, '/group/create', {
    name: `添加单位集群${suffix}`,
    is_public: 1,
    is_default: 0,
  });
  await page.goto('/manager/group_company');
  // The super administrator has every group to choose from: typing finds it.
  const picker = page.getByRole('combobox', { name: '集群' });
  await picker.fill(group.name);
  await page.locator('.ant-select-item-option', { hasText: group.name }).click();
  await expect(page.getByText('该集群还没有单位')).toBeVisible();

  await page.getByRole('button', { name: '添加单位' }).click();
  const dialog = page.getByRole('dialog', { name: `添加单位 · ${group.name}` });
  await dialog.getByLabel('单位名称').fill(`新华分公司${suffix}`);
  await dialog.getByLabel('单位编码').fill(`xh-${suffix}`);
  await dialog.getByLabel('管理员用户名').fill('unit');
  await dialog.getByLabel('管理员姓名').fill('新华管理员');
  await dialog.getByLabel('管理员密码').fill('Xinhua12345');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('该用户名已被使用')).toBeVisible();
  await expectAccessible(page, '添加单位 with a field error');
  await dialog.getByLabel('管理员用户名').fill(`xh_${suffix}`);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已添加单位及其管理员')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: `${group.name}的单位列表` });
  await expect(table).toContainText(`新华分公司${suffix}`);

  // The new manager signs in to their company and finds its 部门与职务 screen.
  const other = await browser.newContext();
  const managerPage = await other.newPage();
  await signIn(managerPage, `xh_${suffix}`, '/manager/part-postion', 'Xinhua12345');
  await expect(managerPage.getByText('暂无部门')).toBeVisible();
  await other.close();

  // 集群管理 → 管理员 → 新建管理员: a group manager of the new company, named to the group at once.
  await page.goto('/manager/group');
  const search = page.getByRole('searchbox', { name: '搜索集群' });
  await search.fill(group.name);
  await search.press('Enter');
  await page.getByRole('button', { name: `管理员 ${group.name}` }).click();
  const staff = page.getByRole('dialog', { name: `管理员 · ${group.name}` });
  await staff.getByRole('button', { name: '新建管理员' }).click();
  const create = page.getByRole('dialog', { name: `新建管理员 · ${group.name}` });
  const where = create.getByRole('combobox', { name: '所在单位' });
  // The dialog has opened (its first field takes the focus): typing now is not blurred away.
  await expect(where).toBeFocused();
  await where.fill(`新华分公司${suffix}`);
  await page.locator('.ant-select-item-option', { hasText: `新华分公司${suffix}` }).click();
  await create.getByLabel('用户名').fill(`xhgm_${suffix}`);
  await create.getByLabel('姓名').fill('新华集群管理员');
  await create.getByLabel('初始密码').fill('Cluster12345');
  await create.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新建并指定管理员')).toBeVisible();
  await expect(staff.getByRole('region', { name: `${group.name}的管理员` })).toContainText('新华集群管理员');
  await expectAccessible(page, '管理员 with a new one');

  // A second company of the group (through the API: the dialog was walked above).
  await apiCall(page.request, token, '/group/company/create', {
    group_id: group.id,
    company_name: `新华二分公司${suffix}`,
    code: `xh2-${suffix}`,
    manager_username: `xh2_${suffix}`,
    manager_name: '二分公司管理员',
    manager_password: 'Xinhua12345',
  });

  // The group manager sees the group's two companies and none other, and works in one of them:
  // a department, a position in it and a person, in 新华分公司 (not their own company).
  const third = await browser.newContext();
  const gm = await third.newPage();
  await signIn(gm, `xhgm_${suffix}`, '/manager/group_company', 'Cluster12345');
  const companies = gm.getByRole('table', { name: `${group.name}的单位列表` });
  await expect(companies).toContainText(`新华分公司${suffix}`);
  await expect(companies).toContainText(`新华二分公司${suffix}`);
  await expect(companies).not.toContainText('青峰贸易');
  await gm.goto('/manager/part-postion');
  const scope = gm.getByRole('combobox', { name: '单位' });
  await scope.fill('青峰');
  await expect(gm.getByText('没有符合条件的单位')).toBeVisible();
  await scope.fill(`新华二分公司${suffix}`);
  await expect(gm.locator('.ant-select-item-option', { hasText: `新华二分公司${suffix}` })).toBeVisible();
  await scope.fill(`新华分公司${suffix}`);
  await gm.locator('.ant-select-item-option', { hasText: `新华分公司${suffix}` }).click();
  await expect(gm.getByText('暂无部门')).toBeVisible();
  await gm.getByRole('button', { name: '新增部门' }).click();
  let form = gm.getByRole('dialog', { name: '新增部门' });
  await form.getByLabel('部门名称', { exact: true }).fill('市场部');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(gm, '部门已新增')).toBeVisible();
  await gm.getByRole('button', { name: '新增职务' }).click();
  form = gm.getByRole('dialog', { name: '新增职务' });
  await form.getByLabel('职务名称', { exact: true }).fill('市场专员');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(gm, '职务已新增')).toBeVisible();
  await gm.goto('/manager/company-user1_1');
  const people = gm.getByRole('combobox', { name: '单位' });
  await people.fill(`新华分公司${suffix}`);
  await gm.locator('.ant-select-item-option', { hasText: `新华分公司${suffix}` }).click();
  await gm.getByRole('button', { name: '新增人员' }).click();
  form = gm.getByRole('dialog', { name: '新增人员' });
  await form.getByLabel('用户名', { exact: true }).fill(`xhp_${suffix}`);
  await form.getByLabel('初始密码', { exact: true }).fill('Person12345');
  await form.getByLabel('姓名', { exact: true }).fill(`新华员工${suffix}`);
  const role = form.getByRole('combobox', { name: '角色', exact: true });
  await role.click();
  await role.fill('业务人员');
  await gm.locator('.ant-select-item-option').filter({ hasText: '业务人员' }).first().click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(gm, `已新增人员「新华员工${suffix}」`)).toBeVisible();
  await expect(gm.getByRole('table', { name: '人员列表' })).toContainText(`新华员工${suffix}`);
  await third.close();
});
