import { expect } from '@playwright/test';
import { currentNodes, endNode, staffedBusiness } from './business-fixtures.ts';
import { apiCall, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// The business area's screens around a run (issue 37, docs/adr/0043): a member outside the current
// node waits on the wait screen and enters their node from it as soon as the business reaches it;
// parallel branches are chosen on progress/parallel/{bid}/decide; a node's own screen is
// progress/{type}/{bid}/{nid}; the run's diagram stands alone at /showXML/{bid}. 业务员小李 reads
// 知识库 and withdraws a business of his still waiting. The calls' refusals are the API tests'
// (apps/server business-calls.test.ts).

test('a member outside the current node waits, then enters their parallel branch from the wait screen', async ({
  page,
  openPage,
}) => {
  const token = await signIn(page, 'unit');
  // 审判长 (the demo 单位管理员), 原告代理人 业务员小李, 被告代理人 学生张三, two 陪审员 of the directory.
  const business = await staffedBusiness(page, token, '合同纠纷模拟庭审');
  await page.goto(`/business/detail/${business.id}`);
  await expect(currentNodes(page)).toContainText('立案');
  // 立案's own screen: its address names the node type, the business and the node.
  const fileScreen = await page.getByRole('link', { name: '只看环节 立案' }).getAttribute('href');
  const fileNode = Number(fileScreen?.split('/').at(-1));
  expect(fileScreen).toBe(`/business/progress/2/${business.id}/${fileNode}`);

  // 被告代理人 takes no part in 立案: the wait screen names the nodes that are theirs.
  const defence = await openPage('student');
  await defence.goto(`/business/progress/wait/${business.id}/${fileNode}`);
  await expect(defence.getByText('你当前不参与环节“立案”')).toBeVisible();
  const theirs = defence.getByRole('region', { name: /你当前不参与/ }).getByRole('listitem');
  await expect(theirs).toHaveText(['被告答辩', '法庭辩论', '宣判与总结']);
  await expect(defence.getByRole('link', { name: /进入环节/ })).toHaveCount(0);

  // The judge ends 立案 (one exit: the split into both branches); the wait screen hears it.
  await page.getByRole('link', { name: '只看环节 立案' }).click();
  await expect(page).toHaveURL(fileScreen ?? '');
  await currentNodes(page)
    .getByRole('listitem')
    .filter({ hasText: '立案' })
    .getByRole('button', { name: '结束环节' })
    .click();
  const dialog = page.getByRole('dialog', { name: '结束环节“立案”' });
  await dialog.getByRole('button', { name: '结束环节' }).click();
  await expect(dialog).toBeHidden();
  // The node the page showed has ended: it says so and leads to where the business is now.
  await expect(page.getByText('这个环节已经结束，或不是业务现在的环节')).toBeVisible();

  await defence.getByRole('link', { name: '进入环节 被告答辩' }).click();
  await expect(defence).toHaveURL(new RegExp(`/business/progress/2/${business.id}/\\d+$`));
  await expect(currentNodes(defence)).toContainText('原告举证');
  await expect(currentNodes(defence)).toContainText('被告答辩');
  await expect(defence.getByRole('region', { name: '“被告答辩”的文书' })).toBeVisible();
  await expect(defence.getByRole('region', { name: '“原告举证”的文书' })).toHaveCount(0);
  // The answer he writes there carries an attachment (his list of evidence), downloadable at once.
  const answers = defence.getByRole('region', { name: '“被告答辩”的文书' });
  await answers.getByRole('button', { name: '新建文书' }).click();
  const newDoc = defence.getByRole('dialog', { name: '新建文书' });
  await newDoc.getByRole('textbox', { name: '文书名称' }).fill('答辩状');
  await newDoc.getByRole('button', { name: '新建' }).click();
  await expect(newDoc).toBeHidden();
  await answers.locator('input[type="file"][aria-label="为《答辩状》选择附件"]').setInputFiles({
    name: '证据清单.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await expect(toast(defence, '已附上“证据清单.pdf”')).toBeVisible();
  const attached = answers.getByRole('link', { name: '下载附件 证据清单.pdf' });
  await expect(attached).toBeVisible();
  const download = defence.waitForEvent('download');
  await attached.click();
  expect((await download).suggestedFilename()).toBe('证据清单.pdf');

  // Two branches run: the parallel screen offers 学生张三 his own and the wait for the other.
  await defence.goto(`/business/progress/parallel/${business.id}/decide`);
  await expect(defence.getByRole('link', { name: '办理环节 被告答辩' })).toBeVisible();
  await expect(defence.getByRole('link', { name: '等待环节 原告举证' })).toBeVisible();
  // The judge sits in neither: told so on the business page, and waits for both.
  await page.getByRole('link', { name: '查看业务现在的环节' }).click();
  await expect(page.getByText('你当前不参与正在进行的环节')).toBeVisible();
  await page.goto(`/business/progress/parallel/${business.id}/decide`);
  await expect(page.getByRole('link', { name: /^等待环节/ })).toHaveCount(2);

  // The run's diagram alone: 立案 passed, both branches current.
  await page.goto(`/showXML/${business.id}`);
  await expect(page.getByRole('heading', { name: '业务流程图', level: 1 })).toBeVisible();
  const legend = page.getByRole('figure', { name: '本次业务的流程图' }).getByRole('list', { name: '图例' });
  await expect(legend).toContainText(/已完成：.*立案/);
  await expect(legend).toContainText(/当前：.*原告举证/);
  await expect(legend).toContainText(/当前：.*被告答辩/);
});

test('业务员小李 finds a template in 知识库 and withdraws a business of his still waiting', async ({
  page,
}) => {
  const token = await signIn(page, 'business', '/business/knowledge_index');
  const list = page.getByRole('table', { name: '知识库' });
  await expect(list).toContainText('民事起诉状.docx');
  await expect(list).toContainText('供应商报价单.docx');
  await page.getByRole('combobox', { name: '按用途筛选' }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '素材' })
    .click();
  await expect(list).toContainText('供应商报价单.docx');
  await expect(list).not.toContainText('民事起诉状.docx');
  await page.getByRole('searchbox', { name: '搜索素材' }).fill('报价');
  await page.getByRole('searchbox', { name: '搜索素材' }).press('Enter');
  await expect(list.getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await list.getByRole('link', { name: '下载 供应商报价单.docx' }).click();
  expect((await download).suggestedFilename()).toBe('供应商报价单.docx');

  // A business he started and has not staffed yet: 配备团队 or 撤回 (confirmed) from 进行中的业务.
  const projects = await (
    await page.request.get('/api/project/list', {
      params: { keyword: '价格调整听证会' },
      headers: { authorization: `Token ${token}` },
    })
  ).json();
  const name = `撤回的听证${uniqueSuffix()}`;
  await apiCall(page.request, token, '/business/create', { project_id: projects.d.results[0].id, name });
  await page.goto('/business/list/progress');
  await expect(page.getByRole('link', { name: `配备团队 ${name}` })).toBeVisible();
  await page.getByRole('button', { name: `撤回 ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `确定撤回业务「${name}」吗？` });
  await expectAccessible(page, 'the withdrawal’s confirmation');
  await confirm.getByRole('button', { name: '撤回' }).click();
  await expect(toast(page, `已撤回业务「${name}」`)).toBeVisible();
  await expect(page.getByRole('table', { name: '进行中的业务' })).not.toContainText(name);
});

test('before a nest node ends, its host re-seats the nested hearing’s team', async ({ page }) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token, '地方条例立法听证');
  await page.goto(`/business/detail/${business.id}`);
  await endNode(page, '起草议案');
  await endNode(page, '议案公示');
  const nest = page.getByRole('region', { name: /“听证会（嵌套项目）”之后：进入嵌套项目“价格调整听证会”/ });
  await expect(nest).toContainText('团队进入这个项目');
  const team = nest.getByRole('table', { name: '项目“价格调整听证会”的团队' });
  // Someone of the company not yet in the hearing (the demo instructor) takes a 陈述人's seat.
  await expect(team).not.toContainText('王老师');
  const seat = team.getByRole('combobox', { name: '陈述人 1的人员' });
  await seat.click();
  await seat.fill('王老师');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '王老师' })
    .click();
  await expectAccessible(page, 'a nest’s team being re-seated');
  await nest.getByRole('button', { name: '保存人员调整' }).click();
  await expect(toast(page, '人员已调整')).toBeVisible();
  await expect(page.getByRole('log', { name: '业务消息记录' })).toContainText(
    '调整项目“价格调整听证会”的人员',
  );
  // Read again from the server: the instructor sits there now.
  await page.reload();
  await expect(team.getByRole('combobox', { name: '陈述人 1的人员' })).toBeVisible();
  await expect(team).toContainText('王老师');
});
