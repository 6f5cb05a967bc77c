import { expect } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  memberOrder,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// The company's people in /crm (issue 12): 客户管理 (a declared resource with contacts and terms),
// 单位信息 (the profile the public pages read), 会员管理 (a member's orders; stop and restart) and
// 登录记录 with one user's page.

// A goods with stock to spare (another journey orders it too).
const GOODS = '每日坚果 30 袋装';
const save = /保\s*存/;

test.describe.configure({ timeout: 120_000 });

test('a shop administrator adds a customer with two contacts, is told what is wrong beside the fields, edits, finds and deletes it', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const name = `青禾贸易${tag}`;
  await signIn(page, 'shop', '/crm/customer_index');
  await expect(page.getByRole('table', { name: '客户列表' })).toBeVisible();

  await page.getByRole('button', { name: '新增客户' }).click();
  const dialog = page.getByRole('dialog', { name: '新增客户' });
  await dialog.getByRole('button', { name: save }).click();
  await expect(dialog.getByText('客户名称不能为空')).toBeVisible();
  await expect(dialog.getByText('请填写联系人姓名')).toBeVisible();
  await dialog.getByLabel('客户名称').fill(name);
  await dialog.getByLabel('联系人1姓名').fill('李经理');
  await dialog.getByLabel('联系人1手机号').fill('1371234');
  await dialog.getByRole('button', { name: save }).click();
  await expect(dialog.getByText('联系人手机号格式不正确')).toBeVisible();
  await dialog.getByLabel('联系人1手机号').fill('13712345678');
  await dialog.getByRole('button', { name: '添加联系人' }).click();
  await dialog.getByLabel('联系人2姓名').fill('王会计');
  await dialog.getByLabel('联系人2邮箱').fill('wang@example.cn');
  await dialog.getByText('账期', { exact: true }).click();
  await dialog.getByRole('button', { name: save }).click();
  await expect(dialog.getByText('付款方式为账期时请填写账期天数')).toBeVisible();
  await dialog.getByLabel('账期天数').fill('30');
  await dialog.getByLabel('信用额度').fill('50000');
  await expectAccessible(page, '新增客户 dialog');
  await dialog.getByRole('button', { name: save }).click();
  await expect(toast(page, '已新增客户')).toBeVisible();

  // The same name again: the server refuses it beside the name.
  await page.getByRole('button', { name: '新增客户' }).click();
  await dialog.getByLabel('客户名称').fill(name);
  await dialog.getByLabel('联系人1姓名').fill('赵总');
  await dialog.getByLabel('联系人1邮箱').fill('zhao@example.cn');
  await dialog.getByRole('button', { name: save }).click();
  await expect(dialog.getByText('已有同名客户')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // Found by a contact's number; edited to 月结.
  const search = page.getByRole('searchbox', { name: '搜索客户' });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '客户列表' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('账期 30 天');
  await expect(row).toContainText('¥50000.00');
  await expect(row).toContainText('王会计');
  await page.getByRole('button', { name: `编辑 ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `编辑客户 · ${name}` });
  await expect(edit.getByLabel('联系人2邮箱')).toHaveValue('wang@example.cn');
  await edit.getByText('月结', { exact: true }).click();
  await edit.getByRole('button', { name: '删除联系人2' }).click();
  await edit.getByRole('button', { name: save }).click();
  await expect(toast(page, '已保存客户')).toBeVisible();
  await expect(row).toContainText('月结');
  await expect(row).not.toContainText('王会计');

  await page.getByRole('button', { name: `删除 ${name}` }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确定删除客户「${name}」吗？` })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(toast(page, '已删除 1 个客户')).toBeVisible();
  await expect(page.getByText('没有找到符合条件的客户')).toBeVisible();
});

test('the company contacts saved in 单位信息 show on the public login page; a bad value is refused beside its field', async ({
  page,
  openPage,
}) => {
  // Names, login path and ICP record change by a change request (company-change.spec.ts).
  const email = `hi${Date.now().toString().slice(-8)}@qihang.example.cn`;
  await signIn(page, 'shop', '/crm/company');
  const form = page.getByRole('form', { name: '单位信息' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await expect(field('联系电话')).not.toHaveValue('');
  const original = await field('邮箱').inputValue();

  await field('邮箱').fill('hi@');
  await form.getByRole('button', { name: save }).click();
  await expect(form.getByText('邮箱格式不正确')).toBeVisible();
  await expectAccessible(page, '单位信息 with field errors');
  await form.getByRole('button', { name: '还原' }).click();

  await field('邮箱').fill(email);
  await form.getByRole('button', { name: save }).click();
  await expect(toast(page, '已保存单位信息')).toBeVisible();

  const visitor = await openPage();
  await visitor.goto('/login');
  await expect(visitor.locator('footer')).toContainText(email);

  // Put it back for the other journeys.
  await field('邮箱').fill(original);
  await form.getByRole('button', { name: save }).click();
  await expect(toast(page, '已保存单位信息')).toBeVisible();
});

test('a member’s detail shows their order; stopping them keeps them out until restarted; their logins are on record', async ({
  page,
  request,
}) => {
  const { member, order } = await memberOrder(request, GOODS, '详情会员');
  await signIn(page, 'shop', '/crm/member_index');
  const search = page.getByRole('searchbox', { name: '搜索会员' });
  await search.fill(member.mobile);
  await search.press('Enter');
  const table = page.getByRole('table', { name: '会员列表' });
  const row = table.getByRole('row').filter({ hasText: '详情会员' });
  await expect(row).toContainText(`${member.mobile.slice(0, 3)}****${member.mobile.slice(7)}`);
  await expect(row).not.toContainText(member.mobile);

  await row.getByRole('button', { name: '详情会员', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '会员 · 详情会员' });
  await expect(drawer.getByRole('region', { name: /最近订单/ })).toContainText(order.order_no);
  await expect(drawer).toContainText(member.mobile);
  await expectAccessible(page, '会员详情 drawer');

  await drawer.getByRole('button', { name: '停用会员' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定停用会员「详情会员」吗？' })
    .getByRole('button', { name: '停用' })
    .click();
  await expect(toast(page, '已停用会员「详情会员」')).toBeVisible();
  await expect(drawer.getByText('已停用')).toBeVisible();
  const refused = await (
    await request.post('/api/account/login', { form: { username: member.mobile, password: member.password } })
  ).json();
  expect(refused).toMatchObject({ c: 10014, m: '账号已停用，请联系管理员' });

  await drawer.getByRole('button', { name: '启用会员' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '确定启用会员「详情会员」吗？' })
    .getByRole('button', { name: '启用' })
    .click();
  await expect(toast(page, '已启用会员「详情会员」')).toBeVisible();
  await drawer.getByRole('link', { name: '详情会员' }).click();

  // The user's page, with the refused login on record; the login records list finds it too.
  await expect(page.getByText('用户 · 详情会员')).toBeVisible();
  await expect(page.getByRole('table', { name: '该用户的登录记录' })).toContainText('账号已停用');
  await page.goto('/crm/login');
  const logins = page.getByRole('searchbox', { name: '搜索用户' });
  await logins.fill(member.mobile);
  await logins.press('Enter');
  await expect(page.getByRole('table', { name: '登录记录列表' }).getByRole('row').nth(1)).toContainText(
    '失败',
  );
});

test('the people screens fit a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'shop');
  for (const path of ['/crm/member_index', '/crm/customer_index', '/crm/company', '/crm/login']) {
    await page.goto(path);
    await page.locator('.ant-card').first().waitFor();
    await expectNoSidewaysScroll(page, path);
  }
});
