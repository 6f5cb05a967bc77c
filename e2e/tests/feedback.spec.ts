import { expect } from '@playwright/test';
import { newMobile, test, toast, uniqueSuffix } from './helpers.ts';

test('a supplier application from /supplierService is approved in 供应商管理', async ({ openPage }) => {
  // Three browser contexts and a staff login: give the loaded CI machine room.
  test.slow();
  const name = `E2E 测试供应商 ${uniqueSuffix()}`;
  const guest = await openPage();
  await guest.goto('/supplierService');
  await expect(guest.getByRole('heading', { name: '我们采购什么' })).toBeVisible();
  const form = guest.getByRole('form', { name: '供应商入驻申请' });
  await form.getByLabel('公司名称').fill(name);
  await form.getByLabel('供应品类').fill('包装材料');
  await form.getByLabel('联系人').fill('测试联系人');
  await form.getByLabel('手机号').fill(newMobile());
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(guest.getByText('申请已提交')).toBeVisible();

  const shop = await openPage('shop');
  await shop.goto('/crm/supplier_index');
  await expect(shop.getByText('供应商管理').first()).toBeVisible();
  const search = shop.getByRole('searchbox', { name: '搜索供应商' });
  await search.fill(name);
  await search.press('Enter');
  const row = shop.getByRole('table', { name: '供应商申请列表' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待审核');

  await row.getByRole('button', { name: '详情' }).click();
  const drawer = shop.getByRole('dialog', { name: `供应商申请 · ${name}` });
  await expect(drawer).toContainText('测试联系人');
  await drawer.getByRole('button', { name: '通过' }).click();
  const confirm = shop.getByRole('dialog', { name: '通过供应商申请' });
  await confirm.getByLabel('审核意见（选填）').fill('资质齐全');
  await confirm.getByRole('button', { name: '确认通过' }).click();
  await expect(toast(shop, '已通过该供应商申请')).toBeVisible();
  await expect(drawer).toContainText('资质齐全');
  await expect(drawer.getByRole('button', { name: '通过' })).toHaveCount(0);
  await expect(drawer).toContainText('已通过');
  await shop.keyboard.press('Escape');
  await expect(row).toContainText('已通过');
});

test('a board message shows on /messages only after 留言审核 approves it', async ({ openPage }) => {
  // Three browser contexts and a staff login: give the loaded CI machine room.
  test.slow();
  const text = `E2E 留言 ${uniqueSuffix()}：服务很周到`;
  const guest = await openPage();
  await guest.goto('/messages');
  const form = guest.getByRole('form', { name: '发表留言' });
  await form.getByLabel('留言内容').fill(text);
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(guest.getByText('留言已提交，审核通过后显示')).toBeVisible();
  const board = guest.getByRole('region', { name: /^留言（\d+）$/ });
  await guest.reload();
  await expect(board).toContainText('老客户王先生');
  await expect(board.getByText(text)).toHaveCount(0);

  const staff = await openPage('service');
  await staff.goto('/crm/message_board');
  const row = staff.getByRole('table', { name: '留言列表' }).getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(toast(staff, '已通过 1 条留言')).toBeVisible();
  await expect(row).toHaveCount(0);
  await staff.getByRole('tab', { name: '已通过' }).click();
  await expect(
    staff.getByRole('table', { name: '留言列表' }).getByRole('row').filter({ hasText: text }),
  ).toContainText('已通过');

  await guest.reload();
  await expect(board.getByText(text)).toBeVisible();
  await expect(board).toContainText('匿名访客');
});

test('a question asked on /online is answered in public by customer service', async ({ openPage }) => {
  // Three browser contexts and a staff login: give the loaded CI machine room.
  test.slow();
  const question = `E2E 咨询 ${uniqueSuffix()}：周末可以自提吗？`;
  const answer = `可以自提，地址见页脚（${uniqueSuffix()}）`;
  const guest = await openPage();
  await guest.goto('/online');
  // The FAQ is searchable.
  const faq = guest.getByRole('searchbox', { name: '搜索常见问题' });
  // The accordion's headers are tabs (one open at a time).
  await expect(guest.getByRole('tab', { name: '如何注册会员？' })).toBeVisible();
  await faq.fill('发票');
  await expect(guest.getByRole('tab', { name: '可以开具发票吗？' })).toBeVisible();
  await expect(guest.getByRole('tab', { name: '如何注册会员？' })).toHaveCount(0);
  await guest.getByRole('tab', { name: '可以开具发票吗？' }).click();
  await expect(guest.getByText(/增值税电子普通发票/)).toBeVisible();

  const form = guest.getByRole('form', { name: '在线咨询' });
  await form.getByLabel('称呼').fill('周先生');
  await form.getByLabel('联系方式').fill(newMobile());
  await form.getByLabel('咨询内容').fill(question);
  await form.getByRole('button', { name: '提交咨询' }).click();
  await expect(guest.getByText('咨询已提交，客服会尽快通过您留下的联系方式回复')).toBeVisible();

  const staff = await openPage('service');
  await staff.goto('/crm/online_question');
  const row = staff.getByRole('table', { name: '咨询列表' }).getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('待回复');
  await row.getByRole('button', { name: '回复' }).click();
  const dialog = staff.getByRole('dialog', { name: '回复咨询' });
  await dialog.getByLabel('回复内容').fill(answer);
  await dialog.getByRole('switch', { name: '公开显示' }).click();
  await dialog.getByRole('button', { name: '提交回复' }).click();
  await expect(toast(staff, '已回复，并在在线咨询页公开显示')).toBeVisible();
  await expect(row).toContainText('已回复');

  await guest.reload();
  const answered = guest.getByRole('region', { name: '咨询回复' });
  await expect(answered.getByText(question)).toBeVisible();
  await expect(answered.getByText(answer)).toBeVisible();
  await expect(answered).toContainText('周**');
});

test('an empty form shows the message next to its field', async ({ page }) => {
  await page.goto('/supplierService');
  const form = page.getByRole('form', { name: '供应商入驻申请' });
  await form.getByRole('button', { name: '提交申请' }).click();
  const nameItem = form.locator('.ant-form-item').filter({ has: page.getByLabel('公司名称') });
  await expect(nameItem.getByText('公司名称不能为空')).toBeVisible();
  await expect(form.getByText('手机号不能为空')).toBeVisible();
  await form.getByLabel('手机号').fill('12345');
  await expect(form.getByText('手机号格式不正确')).toBeVisible();

  await page.goto('/messages');
  const board = page.getByRole('form', { name: '发表留言' });
  await board.getByRole('button', { name: '提交留言' }).click();
  await expect(board.getByText('留言内容不能为空')).toBeVisible();
  await expect(page.getByText('留言已提交，审核通过后显示')).toHaveCount(0);
});

test('a product-planning enquiry from 关于我们 is handled in 合作咨询', async ({ openPage }) => {
  // Two browser contexts and a staff login: give the loaded CI machine room.
  test.slow();
  const product = `E2E 智能货架 ${uniqueSuffix()}`;
  const guest = await openPage();
  await guest.goto('/aboutUs');
  await expect(guest.getByRole('heading', { name: '合作咨询' })).toBeVisible();
  const form = guest.getByRole('form', { name: '产品规划咨询' });
  await form.getByRole('button', { name: '提交咨询' }).click();
  await expect(form.getByText('产品名称不能为空')).toBeVisible();
  await form.getByLabel('产品名称').fill(product);
  await form.getByLabel('联系人').fill('测试联系人');
  await form.getByLabel('手机号').fill(newMobile());
  await form.getByLabel('规划需求').fill('希望梳理三年产品路线图。');
  await form.getByRole('button', { name: '提交咨询' }).click();
  await expect(guest.getByText('咨询已提交')).toBeVisible();

  const staff = await openPage('service');
  await staff.goto('/crm/enquiry_index');
  const search = staff.getByRole('searchbox', { name: '搜索咨询' });
  await search.fill(product);
  await search.press('Enter');
  const row = staff
    .getByRole('table', { name: '合作咨询列表' })
    .getByRole('row')
    .filter({ hasText: product });
  await expect(row).toContainText('产品规划咨询');
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: '标记已处理' }).click();
  const confirm = staff.getByRole('dialog', { name: '标记为已处理' });
  await confirm.getByLabel('处理备注（选填）').fill('已电话回访');
  await confirm.getByRole('button', { name: '确认已处理' }).click();
  await expect(toast(staff, '已标记为已处理')).toBeVisible();
  await expect(row).toContainText('已处理');
});
