import { expect, type Page } from '@playwright/test';
import { currentNodes, endNode, staffedBusiness } from './business-fixtures.ts';
import { expectAccessible, expectNoSidewaysScroll, signIn, test, toast, uniqueSuffix } from './helpers.ts';

// A running business, live (issue 37, docs/adr/0043): the demo 单位管理员 starts a business on the
// 价格调整听证会 demo project with 业务员小李 as a 陈述人, enters it — which starts it —; 业务员小李
// finds it in 进行中的业务, and the two exchange messages in two browsers, each seeing the other's without reloading; a page whose
// connection dropped catches up when it is back. Who may send what and the socket's refusals are
// the API tests' (apps/server business-message.test.ts).

const log = (page: Page) => page.getByRole('log', { name: '业务消息记录' });

test('two members of a running business see each other’s messages live', async ({ page, openPage }) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token);

  // The starter enters from 配备团队: the business starts.
  await page.goto(`/moreTeammates?business_id=${business.id}`);
  await page.getByRole('link', { name: '进入业务' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
  await expect(page.getByText('进行中', { exact: true })).toBeVisible();
  await expect(currentNodes(page)).toContainText('陈述意见');
  await expect(page.getByText('实时', { exact: true })).toBeVisible();

  // The member finds it among their businesses in progress (业务中心 → 进行中的业务).
  const member = await openPage('business');
  await member.goto('/business/list/progress');
  await member.getByRole('link', { name: `进入业务 ${business.name}` }).click();
  await expect(member).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
  await expect(member.getByText('陈述人', { exact: true })).toBeVisible();
  await expect(member.getByText('实时', { exact: true })).toBeVisible();

  const say = async (who: Page, text: string) => {
    await who.getByRole('textbox', { name: /在“.+”发言/ }).fill(text);
    await who.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  };
  await say(member, '我方认为票价上调过快');
  await expect(log(page)).toContainText('陈述人·业务员小李');
  await expect(log(page)).toContainText('我方认为票价上调过快');
  await say(page, '请陈述理由');
  await expect(log(member)).toContainText('请陈述理由');
  await expectAccessible(member, 'a running business');

  // The member's connection drops; what is said meanwhile reaches them when it is back.
  await member.context().setOffline(true);
  await expect(member.getByText('连接已断开，正在重连').or(member.getByText('正在连接…'))).toBeVisible();
  await say(page, '断线期间的发言');
  await member.context().setOffline(false);
  await expect(log(member)).toContainText('断线期间的发言');
  await expect(member.getByText('实时', { exact: true })).toBeVisible();
  // In order, each once.
  await expect(log(member).getByRole('listitem')).toHaveCount(3);
  // On a phone the page fits: the send box wraps under its label.
  await member.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(member);
});

test('a court case runs through its parallel branches to the verdict and ends once everyone has submitted an experience', async ({
  page,
  openPage,
}) => {
  test.slow();
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token, '合同纠纷模拟庭审');
  await page.goto(`/business/detail/${business.id}`);
  await expect(currentNodes(page)).toContainText('立案');
  // 原告代理人 (业务员小李) and 被告代理人 (学生张三), each in a browser of their own.
  const plaintiff = await openPage('business');
  const defendant = await openPage('student');
  for (const p of [plaintiff, defendant]) {
    await p.goto(`/business/detail/${business.id}`);
    await expect(currentNodes(p)).toContainText('立案');
    await expect(p.getByText('实时', { exact: true })).toBeVisible();
  }
  // 立案 is an edit node: 原告代理人 starts 民事起诉状 from the flow's Word template, writes in it
  // and asks 审判长 to sign; 审判长 sees it and the request without reloading, and signs.
  const filing = plaintiff.getByRole('region', { name: '“立案”的文书' });
  await filing.getByRole('button', { name: '新建文书' }).click();
  const newDoc = plaintiff.getByRole('dialog', { name: '新建文书' });
  await newDoc.getByRole('combobox', { name: '从模板开始' }).click();
  await plaintiff.locator('.ant-select-item-option').filter({ hasText: '民事起诉状.docx' }).click();
  await expect(newDoc.getByRole('textbox', { name: '文书名称' })).toHaveValue('民事起诉状');
  await newDoc.getByRole('button', { name: '新建' }).click();
  const editor = filing.getByRole('form', { name: '编辑《民事起诉状》' });
  const body = editor.getByRole('textbox', { name: '正文', exact: true });
  await expect(body).toContainText('诉讼请求：');
  await body.getByText('诉讼请求：').click();
  await plaintiff.keyboard.press('End');
  await plaintiff.keyboard.type('判令被告支付货款十万元。');
  await expectAccessible(plaintiff, 'a document in the editor');
  await editor.getByRole('button', { name: '保存' }).click();
  const judgeDocs = page.getByRole('region', { name: '“立案”的文书' });
  const complaint = judgeDocs.getByRole('article', { name: '文书《民事起诉状》' });
  await expect(complaint).toContainText('诉讼请求：判令被告支付货款十万元。');
  await expect(complaint).toContainText('第2版');
  await filing.getByRole('button', { name: '请求签字《民事起诉状》' }).click();
  const ask = plaintiff.getByRole('dialog', { name: '请求签署《民事起诉状》' });
  await ask.getByRole('combobox', { name: '请谁签字' }).click();
  await plaintiff.locator('.ant-select-item-option').filter({ hasText: '审判长' }).click();
  await ask.getByRole('button', { name: '请求签字' }).click();
  await complaint.getByRole('button', { name: '签署《民事起诉状》' }).click();
  const signing = page.getByRole('dialog', { name: '签署《民事起诉状》' });
  await signing.getByRole('textbox', { name: '签名' }).fill('王法官');
  await signing.getByRole('button', { name: '签字' }).click();
  await expect(filing.getByRole('list', { name: '签字' })).toContainText('审判长：已签字（王法官）');
  // Signed, it is final: no more editing.
  await expect(filing.getByRole('button', { name: '编辑《民事起诉状》' })).toHaveCount(0);
  await expect(log(defendant)).toContainText('签署《民事起诉状》：王法官');
  await expectAccessible(page, 'a signed document');

  // Only 审判长 may end 立案; the split enters both branches, on every page without a reload.
  await expect(currentNodes(plaintiff).getByRole('button', { name: '结束环节' })).toHaveCount(0);
  await endNode(page, '立案');
  for (const p of [page, plaintiff, defendant]) {
    await expect(currentNodes(p)).toContainText('原告举证');
    await expect(currentNodes(p)).toContainText('被告答辩');
  }
  // Each party ends their own branch; the first waits at the merge.
  await endNode(plaintiff, '原告举证');
  await expect(log(defendant)).toContainText('在并行汇合处等待其他分支（1/2）');
  await expect(currentNodes(page)).not.toContainText('原告举证');
  // The diagram follows: 立案 and 原告举证 done (blue), 被告答辩 current (red), the merge waited at (orange).
  const legend = defendant.getByRole('list', { name: '图例' });
  await expect(legend).toContainText('已完成：立案、原告举证');
  await expect(legend).toContainText('当前：被告答辩');
  await expect(legend).toContainText('在汇合处等待：并行汇合');
  await expect(defendant.locator('.djs-element.run-current')).toHaveAttribute('data-element-id', 'Defence');
  await expect(defendant.locator('.djs-element.run-waiting')).toHaveAttribute('data-element-id', 'Join');
  await expect(defendant.locator('.djs-element.run-visited')).toHaveCount(2);
  await expectAccessible(defendant, 'a business in parallel branches');
  await endNode(defendant, '被告答辩');
  await expect(currentNodes(plaintiff)).toContainText('法庭辩论');
  // In the debate 原告代理人 asks to show the complaint; 审判长 allows it on the seat's row; every
  // page reads it as it is shown.
  const debateOf = (p: Page) => p.getByRole('region', { name: '“法庭辩论”的席位' });
  await debateOf(plaintiff)
    .getByRole('group', { name: '我的动作' })
    .getByRole('button', { name: '申请展示' })
    .click();
  await debateOf(page).getByRole('button', { name: '同意原告代理人业务员小李展示' }).click();
  await expect(debateOf(plaintiff).getByRole('listitem').filter({ hasText: '原告代理人' })).toContainText(
    '展示已获准',
  );
  await debateOf(plaintiff).getByRole('button', { name: '展示文书' }).click();
  const pick = plaintiff.getByRole('dialog', { name: '展示文书' });
  await pick.getByRole('combobox', { name: '要展示的文书' }).click();
  await plaintiff
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '民事起诉状' })
    .click();
  await pick.getByRole('button', { name: '展示' }).click();
  const shownToDefendant = debateOf(defendant).getByRole('region', { name: '正在展示的文书' });
  await expect(shownToDefendant).toContainText('原告代理人正在展示《民事起诉状》');
  await expect(shownToDefendant).toContainText('诉讼请求：判令被告支付货款十万元。');
  await expectAccessible(defendant, 'a document shown in a scene');
  await endNode(page, '法庭辩论');
  // 合议庭评议 is a vote: the presiding judge votes, then ends the vote (the jurors did not vote).
  const deliberation = page.getByRole('region', { name: '“合议庭评议”的席位' });
  await deliberation.getByRole('button', { name: '赞成' }).click();
  await expect(deliberation.getByRole('listitem').filter({ hasText: '审判长' })).toContainText('赞成');
  await deliberation.getByRole('button', { name: '结束表决' }).click();
  await expect(log(plaintiff)).toContainText('结束表决：赞成1，反对0，弃权0，未表决2');
  await expect(deliberation).toContainText('表决已结束');
  await endNode(page, '合议庭评议');
  await expect(currentNodes(defendant)).toContainText('宣判与总结');

  // The verdict is the report node: its report gathers the run so far, the signed complaint included,
  // and exports as a Word document.
  const report = page.getByRole('region', { name: '业务报告' });
  await report.getByRole('button', { name: /第1步 立案/ }).click();
  await expect(report.getByRole('article', { name: '文书《民事起诉状》' })).toContainText(
    '审判长：已签字（王法官）',
  );
  const download = page.waitForEvent('download');
  await report.getByRole('link', { name: '导出 Word' }).click();
  expect((await download).suggestedFilename()).toMatch(/业务报告\.docx$/);
  await expectAccessible(page, 'a business report');

  // At the verdict 审判长 schedules 原告代理人 to report; they go up to the podium and come down.
  const verdictOf = (p: Page) => p.getByRole('region', { name: '“宣判与总结”的席位' });
  await verdictOf(page).getByRole('button', { name: '安排报告：原告代理人业务员小李' }).click();
  await verdictOf(plaintiff).getByRole('button', { name: '走上报告席' }).click();
  await expect(verdictOf(defendant).getByRole('listitem').filter({ hasText: '原告代理人' })).toContainText(
    '正在报告',
  );
  await verdictOf(plaintiff).getByRole('button', { name: '走下报告席' }).click();
  await expect(log(page)).toContainText('走下报告席');

  // The verdict ends the business only once every party has submitted an experience.
  await currentNodes(page).getByRole('button', { name: '结束环节' }).click();
  const dialog = page.getByRole('dialog', { name: '结束环节“宣判与总结”' });
  await expect(dialog).toContainText('还有成员没有提交心得，业务不能结束');
  await expect(dialog.getByRole('button', { name: '结束环节' })).toBeDisabled();
  await expectAccessible(page, 'ending a business without every experience');
  await dialog.getByRole('button', { name: '取消' }).click();
  for (const [p, words] of [
    [plaintiff, '举证要围绕合同条款'],
    [defendant, '答辩要抓住对方证据的漏洞'],
    [page, '庭审节奏要把控好'],
  ] as const) {
    await p.getByRole('textbox', { name: '我的心得' }).fill(words);
    await p.getByRole('button', { name: '提交心得' }).click();
    await p.getByRole('dialog', { name: '提交心得吗？' }).getByRole('button', { name: '提交' }).click();
    await expect(p.getByRole('region', { name: '心得' })).toContainText(words);
  }
  await endNode(page, '宣判与总结');
  for (const p of [page, plaintiff, defendant]) await expect(p.getByText('业务已结束')).toBeVisible();
  await expect(log(plaintiff)).toContainText('结束环节“宣判与总结”，业务结束');

  // The finished run replays step by step on its diagram, with what was said at each step.
  await page.getByRole('link', { name: '回放这次业务' }).click();
  const controls = page.getByRole('region', { name: '回放控制' });
  const replayLegend = page.getByRole('list', { name: '图例' });
  const stepLog = page.getByRole('log', { name: '这一步的消息' });
  await expect(controls).toContainText('第 1 / ');
  await expect(replayLegend).toContainText('当前：立案');
  await expect(stepLog).toContainText('签署《民事起诉状》：王法官');
  await controls.getByRole('button', { name: '下一步' }).click();
  await expect(replayLegend).toContainText('当前：原告举证、被告答辩');
  await expect(replayLegend).toContainText('已完成：立案');
  await expect(stepLog).toContainText('结束环节“立案”');
  await expectAccessible(page, 'a business replayed');
});

test('a purchase is sent down the way its department manager chooses', async ({ page, openPage }) => {
  const token = await signIn(page, 'unit');
  // 财务 is 王老师 (the instructor), who logs in to show the quote.
  const business = await staffedBusiness(page, token, '办公设备采购', ['business', 'student', 'instructor']);
  await page.goto(`/business/detail/${business.id}`);
  // A private note on the node, kept across a reload.
  await page.getByText('我的笔记（“提交采购申请”，仅自己可见）').click();
  const noteForm = page.getByRole('form', { name: '“提交采购申请”的笔记' });
  await noteForm.getByRole('textbox', { name: '笔记' }).fill('预算控制在五万元以内');
  await noteForm.getByRole('button', { name: '保存笔记' }).click();
  await expect(toast(page, '笔记已保存')).toBeVisible();
  await page.reload();
  await page.getByText('我的笔记（“提交采购申请”，仅自己可见）').click();
  await expect(noteForm.getByRole('textbox', { name: '笔记' })).toHaveValue('预算控制在五万元以内');
  await endNode(page, '提交采购申请');
  // 部门经理 (业务员小李) chooses: the exits of 金额超过5万元？ stand as the choice.
  const manager = await openPage('business');
  await manager.goto(`/business/detail/${business.id}`);
  await currentNodes(manager).getByRole('button', { name: '结束环节' }).click();
  const dialog = manager.getByRole('dialog', { name: '结束环节“部门审核”' });
  await expect(dialog).toContainText('请选择业务接下来的去向');
  await expect(dialog.getByRole('button', { name: '结束环节' })).toBeDisabled();
  await dialog.getByRole('radio', { name: '否 → 财务审核' }).check();
  await dialog.getByRole('button', { name: '结束环节' }).click();
  await expect(currentNodes(page)).toContainText('财务审核');
  await expect(log(page)).toContainText('结束环节“部门审核”，进入“财务审核”');

  // 财务审核 is a display: 财务 (王老师) gathers the supplier's quote and starts the showing; the
  // department manager sees it live, downloads it and is counted; ending warns while 财务 has not.
  const finance = await openPage('instructor');
  await finance.goto(`/business/detail/${business.id}`);
  await expect(finance.getByText('实时', { exact: true })).toBeVisible();
  const shown = (p: Page) => p.getByRole('region', { name: '“财务审核”的展示' });
  await shown(finance).getByRole('combobox', { name: '之前环节的文书与流程素材' }).click();
  await finance
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '供应商报价单.docx' })
    .click();
  await shown(finance).getByRole('button', { name: '加入展示' }).click();
  await expect(shown(manager).getByRole('article', { name: '展示材料《供应商报价单.docx》' })).toBeVisible();
  await shown(finance).getByRole('button', { name: '开始展示' }).click();
  await expect(shown(manager)).toContainText('第2步：展示中');
  const download = manager.waitForEvent('download');
  await shown(manager).getByRole('link', { name: '打开文件' }).click();
  expect((await download).suggestedFilename()).toBe('供应商报价单.docx');
  await expect(shown(finance)).toContainText('已阅 1/2；未阅：王老师');
  await currentNodes(finance).getByRole('button', { name: '结束环节' }).click();
  const ending = finance.getByRole('dialog', { name: '结束环节“财务审核”' });
  await expect(ending).toContainText('还有人没有阅读展示材料');
  await expect(ending).toContainText('《供应商报价单.docx》未阅：王老师');
  await ending.getByRole('button', { name: '结束环节' }).click();
  await expect(currentNodes(page)).toContainText('采购总结');
  await expectAccessible(finance, 'a display node shown');
});

test('the hearing’s host manages who speaks: the member takes the speaker’s seat, asks to speak and is let', async ({
  page,
  openPage,
}) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token);
  await page.goto(`/business/detail/${business.id}`);
  const member = await openPage('business');
  await member.goto(`/business/detail/${business.id}`);
  const seatsOf = (p: Page) => p.getByRole('region', { name: '“陈述意见”的席位' });
  const actions = (p: Page) => seatsOf(p).getByRole('group', { name: '我的动作' });
  const memberRow = (p: Page) => seatsOf(p).getByRole('listitem').filter({ hasText: '业务员小李' });

  // The member takes 发言席; the host sees it at once.
  await expect(actions(member).getByRole('button', { name: '申请发言' })).toBeDisabled();
  await actions(member).getByRole('button', { name: '入席' }).click();
  await expect(memberRow(page)).toContainText('已入席');
  await expect(actions(member).getByRole('button', { name: '退席' })).toBeVisible();

  // 表达管理: the member must ask before speaking; the host lets them.
  await actions(page).getByRole('button', { name: '表达管理' }).click();
  await expect(seatsOf(member)).toContainText('表达管理中：发言须申请');
  await member.getByRole('textbox', { name: /在“.+”发言/ }).fill('我要发言');
  await member.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  await expect(member.getByRole('alert').filter({ hasText: '表达管理已开启，请先申请发言' })).toBeVisible();
  await actions(member).getByRole('button', { name: '申请发言' }).click();
  await expect(memberRow(page)).toContainText('申请发言');
  await expectAccessible(page, 'a host answering a request to speak');
  await memberRow(page).getByRole('button', { name: '同意陈述人业务员小李发言' }).click();
  await expect(actions(member)).toContainText('剩余发言次数：3');
  await member.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  await expect(log(page)).toContainText('我要发言');
  await expect(actions(member)).toContainText('剩余发言次数：2');
});

test('a visitor without an account watches a hearing’s statements live and cannot act', async ({
  page,
  openPage,
}) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token);
  await page.goto(`/business/detail/${business.id}`);
  await page.getByRole('textbox', { name: /在“.+”发言/ }).fill('听证会现在开始');
  await page.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  await expect(log(page)).toContainText('听证会现在开始');

  const visitor = await openPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: '业务观摩' })).toBeVisible();
  await visitor.getByRole('link', { name: '全部观摩' }).click();
  await visitor.getByRole('link', { name: `观摩 ${business.name} 陈述意见` }).click();
  await expect(visitor.getByRole('heading', { name: `${business.name} · 陈述意见` })).toBeVisible();
  await expect(visitor.getByText('你正在观摩，只能查看，不能操作。')).toBeVisible();
  const watchLog = visitor.getByRole('log', { name: '环节消息记录' });
  // Roles, not members' names; nothing to press.
  await expect(watchLog).toContainText('听证主持人');
  await expect(watchLog).toContainText('听证会现在开始');
  await expect(watchLog).not.toContainText('单位管理员');
  await expect(visitor.getByRole('textbox')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /入席|结束环节|发送/ })).toHaveCount(0);
  await expect(visitor.getByRole('list', { name: '图例' })).toContainText('当前：陈述意见');
  await expectAccessible(visitor, 'watching a node');

  // A student finds it in their area: to watch (业务观摩), and among their teams (我的团队) — this
  // business staffs 学生张三 too.
  const student = await openPage('student');
  await student.goto('/student');
  await expect(student).toHaveURL(/\/student\/business-watch$/);
  await expect(student.getByRole('link', { name: `观摩 ${business.name} 陈述意见` })).toBeVisible();
  await student.goto('/student/team-list');
  await expect(student.getByRole('link', { name: `进入业务 ${business.name}` })).toBeVisible();

  // What is said next reaches the watcher; when the hearing moves on, the page says so.
  await page.getByRole('textbox', { name: /在“.+”发言/ }).fill('请第一位陈述人发言');
  await page.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  await expect(watchLog).toContainText('请第一位陈述人发言');
  await endNode(page, '陈述意见');
  await expect(visitor.getByText('这个业务环节现在不能观摩')).toBeVisible();
});

test('the course’s instructor follows the hearing on the board and opens it', async ({ page, openPage }) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token);
  await page.goto(`/business/detail/${business.id}`);
  await expect(currentNodes(page)).toContainText('陈述意见');

  // 王老师 teaches 0012 行政程序实训, which groups the price hearing.
  const teacher = await openPage('instructor');
  await teacher.goto('/instructor');
  await expect(teacher).toHaveURL(/\/instructor\/business-guide$/);
  const board = teacher.getByRole('table', { name: '行政程序实训的进行中的业务' });
  const row = board.getByRole('row').filter({ hasText: business.name });
  await expect(row).toContainText('陈述意见 入席 0/3');
  await expect(row).toContainText('还没有动作');
  await expectAccessible(teacher, 'the instructor’s board');

  // What the team does reaches the board.
  await page.getByRole('textbox', { name: /在“.+”发言/ }).fill('请各位入席');
  await page.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  await expect(row).toContainText('听证主持人·单位管理员：请各位入席');

  await row.getByRole('link', { name: `查看业务 ${business.name}` }).click();
  await expect(teacher).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
  await expect(teacher.getByRole('log', { name: '业务消息记录' })).toContainText('请各位入席');
  await expect(teacher.getByText('你不是这个业务的成员，只能查看。')).toBeVisible();

  // 我的课堂 lists the course; its students show 学生张三 in this hearing, and 业务评价 the hearing
  // with its members.
  await teacher.goto('/instructor/interest-course');
  const course = teacher
    .getByRole('table', { name: '我指导的课程' })
    .getByRole('row')
    .filter({ hasText: '行政程序实训' });
  await expect(course).toContainText('价格调整听证会');
  await course.getByRole('link', { name: '行政程序实训的学生指导' }).click();
  const student = teacher
    .getByRole('table', { name: '行政程序实训的学生' })
    .getByRole('row')
    .filter({ hasText: '学生张三' });
  await expect(student).toContainText(business.name);
  await teacher.goto(`/instructor/business-evaluation${new URL(teacher.url()).search}`);
  const evaluated = teacher
    .getByRole('table', { name: '行政程序实训的业务' })
    .getByRole('row')
    .filter({ hasText: business.name });
  await expect(evaluated).toContainText('进行中');
  await expect(evaluated).toContainText('业务员小李');
  await evaluated.getByRole('link', { name: `进入业务 ${business.name}` }).click();
  await expect(teacher).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
});

test('a bill goes into its nested hearing and comes back to the vote', async ({ page, openPage }) => {
  test.slow();
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token, '地方条例立法听证');
  await page.goto(`/business/detail/${business.id}`);
  await endNode(page, '起草议案');
  // 业务员小李 plays a 人大代表 here and hosts the nested hearing (听证主持人).
  const host = await openPage('business');
  await host.goto(`/business/detail/${business.id}`);
  // 议案公示 is a post node: 起草人 posts the bill's notice; the 人大代表 reads it without reloading.
  const notice = page.getByRole('region', { name: '“议案公示”的公示' });
  await notice.getByRole('button', { name: '发布公示' }).click();
  const editor = notice.getByRole('form', { name: '编辑公示' });
  await editor.getByRole('textbox', { name: '公示名称' }).fill('条例草案公示');
  await editor.getByRole('textbox', { name: '公示内容', exact: true }).click();
  await page.keyboard.type('征求意见期三十日。');
  await editor.getByRole('button', { name: '发布' }).click();
  await expect(
    host
      .getByRole('region', { name: '“议案公示”的公示' })
      .getByRole('article', { name: '公示《条例草案公示》' }),
  ).toContainText('征求意见期三十日。');
  await expectAccessible(host, 'a posted notice');
  await endNode(page, '议案公示');
  await expect(currentNodes(host)).toContainText('听证会（嵌套项目）');
  await currentNodes(page).getByRole('button', { name: '结束环节' }).click();
  const dialog = page.getByRole('dialog', { name: '结束环节“听证会（嵌套项目）”' });
  await expect(dialog).toContainText('这是嵌套环节');
  await dialog.getByRole('button', { name: '结束环节' }).click();
  // Every page is in the hearing now, its diagram the hearing's.
  for (const p of [page, host]) {
    await expect(currentNodes(p)).toContainText('陈述意见');
    await expect(currentNodes(p)).toContainText('项目：价格调整听证会');
  }
  await expect(log(host)).toContainText('进入嵌套项目“价格调整听证会”：“陈述意见”');
  await expect(host.getByRole('figure', { name: /价格调整听证会的流程图$/ })).toBeVisible();
  await expect(host.getByRole('list', { name: '图例' })).toContainText('当前：陈述意见');
  await expectAccessible(host, 'a business inside its nested project');
  await endNode(host, '陈述意见');
  // The inquiry's hearers wait outside until the host brings them in.
  const inquiry = host.getByRole('region', { name: '“询问与回应”的席位' });
  await expect(inquiry.getByRole('listitem').filter({ hasText: '听证人' }).first()).toContainText('待带入');
  await inquiry
    .getByRole('button', { name: /^带入听证人/ })
    .first()
    .click();
  await expect(log(page)).toContainText('带入“听证人”');
  await expect(inquiry.getByRole('button', { name: /^送出听证人/ })).toHaveCount(1);
  await endNode(host, '询问与回应');
  await endNode(host, '听证报告');
  // Back in the bill, through the exit the nest was left by.
  for (const p of [page, host]) await expect(currentNodes(p)).toContainText('表决');
  await expect(log(page)).toContainText('嵌套项目结束，回到“听证会（嵌套项目）”，进入“表决”');
  const legend = page.getByRole('list', { name: '图例' });
  await expect(legend).toContainText('已完成：起草议案、议案公示、听证会（嵌套项目）');
  await expect(legend).toContainText('当前：表决');
});

test('a 业务人员 finds a project in 业务准备 and starts a business on it', async ({ page }) => {
  await signIn(page, 'business');
  await page.goto('/business');
  await expect(page).toHaveURL(/\/business\/prepare$/);
  await page
    .getByRole('navigation', { name: '挑选项目的方式' })
    .getByRole('link', { name: /按事项/ })
    .click();
  // The office items of the company's projects; 民事诉讼 holds the court case.
  await page
    .getByRole('menu', { name: '所属事项' })
    .getByRole('menuitem', { name: /民事诉讼/ })
    .click();
  const projects = page.getByRole('table', { name: '民事诉讼的项目' });
  await expect(projects).toContainText('合同纠纷模拟庭审');
  await expect(projects).not.toContainText('价格调整听证会');
  // By company: the notice board beside every project; by keyword.
  await page.getByText('按单位', { exact: true }).click();
  await expect(page.getByRole('region', { name: '公示栏' })).toBeVisible();
  await page.goto('/business/prepare/prepare2');
  await page.getByRole('searchbox', { name: '搜索项目' }).fill('价格调整');
  await page.getByRole('searchbox', { name: '搜索项目' }).press('Enter');
  const found = page.getByRole('table', { name: '检索到的项目' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await found.getByRole('link', { name: '启动业务 价格调整听证会' }).click();
  // Step 2 of 启动业务 in the business area; the seats still empty are staffed on 配备团队.
  await expect(page).toHaveURL(/\/business\/prepare\/start\?project_id=\d+$/);
  const name = `业务员发起${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: '业务名称' }).fill(name);
  await page.getByRole('button', { name: '启动业务' }).click();
  await expect(toast(page, new RegExp(`已启动业务「${name}」`))).toBeVisible();
  await expect(page).toHaveURL(/\/moreTeammates\?business_id=\d+$/);
  await expect(page.getByText(`配备团队 · ${name}`)).toBeVisible();
  await expect(page.getByRole('link', { name: '返回进行中的业务' })).toBeVisible();
});
