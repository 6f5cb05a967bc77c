import { expect } from '@playwright/test';
import { apiCall, DEMO_PASSWORD, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// 工作计划 and 工作日志 (issue 34): the company's administrator ('unit') makes a plan with a task for
// a person; that person writes a log against the task; the administrator reviews it. The person is
// new (made by the super administrator through the API), so other journeys' people are left alone.
// The rules (who sees what, own logs only, no self-review, the statistic) are the API test's.

const PASSWORD = 'Worker12345';

test('a plan’s task, a log against it, and its review', async ({ page, openPage, request }) => {
  const tag = uniqueSuffix();
  const admin = (
    await (
      await request.post('/api/account/login', { form: { username: 'admin', password: DEMO_PASSWORD } })
    ).json()
  ).d.token as string;
  const worker = { username: `e2e_work_${tag}`, name: `E2E员工${tag}` };
  await apiCall(request, admin, '/account/company/user/create', {
    username: worker.username,
    password: PASSWORD,
    real_name: worker.name,
    role: 5,
  });
  const plan = `E2E计划${tag}`;
  const task = `E2E任务${tag}`;
  const option = (text: string) => page.locator('.ant-select-item-option').filter({ hasText: text });

  // The administrator makes the plan, owned by the person, and gives them a task.
  await signIn(page, 'unit', '/manager/work-plan');
  await page.getByRole('button', { name: '新建计划' }).click();
  const planForm = page.getByRole('dialog', { name: '新建计划' });
  await expect(planForm.getByLabel('计划名称')).toBeFocused();
  await planForm.getByLabel('计划名称').fill(plan);
  const owner = planForm.getByRole('combobox', { name: '负责人' });
  await owner.click();
  await owner.fill(tag);
  await option(worker.name).click();
  await planForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, `已新建计划「${plan}」`)).toBeVisible();

  await page.getByRole('button', { name: `查看 ${plan}` }).click();
  const drawer = page.getByRole('dialog', { name: `计划 · ${plan}` });
  await expect(drawer.getByText('还没有任务')).toBeVisible();
  await drawer.getByRole('button', { name: '添加任务' }).click();
  const taskForm = page.getByRole('dialog', { name: `添加任务 · ${plan}` });
  await expect(taskForm.getByLabel('任务名称')).toBeFocused();
  await taskForm.getByLabel('任务名称').fill(task);
  const doer = taskForm.getByRole('combobox', { name: '执行人' });
  await doer.click();
  await doer.fill(tag);
  await option(worker.name).click();
  await taskForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, `已添加任务「${task}」`)).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: task })).toContainText(worker.name);
  await expectAccessible(page, '工作计划 with a plan open');

  // The person writes a log against the task.
  const person = await openPage();
  await signIn(person, worker.username, '/business/work-log', PASSWORD);
  await person.getByRole('button', { name: '写日志' }).click();
  const logForm = person.getByRole('dialog', { name: '写日志' });
  await expect(logForm.getByLabel('日期')).toBeFocused();
  await logForm.getByLabel('工时（小时）').fill('7.55');
  await logForm.getByRole('button', { name: '保存' }).click();
  await expect(logForm.getByText('工时须为数字，最多一位小数')).toBeVisible();
  await logForm.getByLabel('工时（小时）').fill('7.5');
  const against = logForm.getByRole('combobox', { name: '对应任务' });
  await against.click();
  await person.locator('.ant-select-item-option').filter({ hasText: task }).click();
  await logForm.getByLabel('工作内容').fill(`拜访客户 ${tag}`);
  await logForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(person, '已写入日志')).toBeVisible();
  const mine = person.getByRole('table', { name: '我的工作日志' });
  await expect(mine.getByRole('row').filter({ hasText: `拜访客户 ${tag}` })).toContainText('未审阅');

  // The administrator reviews it among the people's logs.
  await page.goto('/manager/work-log');
  await page.getByRole('tab', { name: '人员日志' }).click();
  await page.getByRole('searchbox', { name: '搜索人员日志' }).fill(tag);
  await page.getByRole('searchbox', { name: '搜索人员日志' }).press('Enter');
  const people = page.getByRole('table', { name: '人员工作日志' });
  const row = people.getByRole('row').filter({ hasText: `拜访客户 ${tag}` });
  await expect(row).toContainText(`${plan} · ${task}`);
  await row.getByRole('button', { name: /^审阅 / }).click();
  const review = page.getByRole('dialog', { name: /^审阅 · / });
  await review.getByLabel('审阅意见').fill('继续跟进');
  await review.getByRole('button', { name: '审阅通过' }).click();
  await expect(toast(page, `已审阅「${worker.name}」的日志`)).toBeVisible();
  await expect(row).toContainText('继续跟进');

  // The person sees it reviewed, no longer to be changed.
  await person.reload();
  await expect(mine.getByRole('row').filter({ hasText: `拜访客户 ${tag}` })).toContainText('继续跟进');
  await expect(mine.getByRole('button', { name: /^编辑 / })).toHaveCount(0);
});
