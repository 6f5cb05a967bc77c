import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectToastFrom, signIn, test, uniqueSuffix } from './helpers.ts';

// 流程设计 (issue 36, docs/adr/0041): the demo 单位管理员 draws a flow with an exclusive choice and a
// parallel split in the BPMN designer by mouse and keyboard, is refused saving an unreachable node
// (named in Chinese), saves, exports the .bpmn and imports it again unchanged, sets it up in the
// four-step wizard (a skipped step refused with the exact message) and publishes it;
// a published flow opens read-only. The checks themselves, hostile files and who may call what are
// the unit and API tests' (packages/contract workflow-bpmn*.test.ts, apps/server workflow.test.ts).

/** An entry of the selected element's context pad, by its Chinese title. */
const pad = (page: Page, title: string) => page.locator(`.djs-context-pad .entry[title="${title}"]`);
/** The element selected now, by its BPMN id. */
const selectedId = async (page: Page) => {
  const id = await page.locator('.djs-element.selected').first().getAttribute('data-element-id');
  if (!id) throw new Error('nothing selected');
  return id;
};
const shape = (page: Page, id: string) => page.locator(`.djs-element[data-element-id="${id}"]`).first();
const nodeType = (page: Page) => page.getByRole('form', { name: '元素属性' }).locator('#flow-node-type');

/** Appends from the selected element by its context pad; a task is named as it is added. */
async function append(page: Page, entry: '追加任务' | '追加排他网关' | '追加结束事件', name?: string) {
  const before = await selectedId(page);
  await pad(page, entry).click();
  await expect.poll(() => selectedId(page)).not.toBe(before);
  if (name !== undefined) {
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  } else await page.keyboard.press('Escape');
  return selectedId(page);
}

/** Chooses the selected task's 环节类型 with the keyboard. */
async function typeAs(page: Page, label: string) {
  await nodeType(page).click();
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: '元素属性' })).toContainText(label);
}

/** Turns the selected gateway into a parallel one (更改类型). */
async function makeParallel(page: Page) {
  await pad(page, '更改类型').click();
  await page.locator('.djs-popup').getByText('并行网关', { exact: true }).click();
  await expect(page.locator('.djs-popup')).toBeHidden();
}

/** Selects an element by a click (a click on the element already selected would deselect it). */
async function select(page: Page, id: string) {
  const now = await page
    .locator('.djs-element.selected')
    .first()
    .getAttribute('data-element-id', { timeout: 1000 })
    .catch(() => null);
  if (now === id) return;
  await shape(page, id).click();
  await expect.poll(() => selectedId(page)).toBe(id);
}

/** An option of the open select list, by its whole text. */
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });

const NODES = ['起草合同', '归档总结', '甲方签字', '会签总结', '乙方签字'];

/**
 * The set-up wizard from the designer (spec §4): a step further on is refused with the exact
 * message and the wanted address in `redirect`; step 0 lets 起草合同 be watched; step 1 uploads a
 * material; step 2 is refused a role without nodes (named), then one role 经办人 starts the
 * business and may end every node; step 3 offers it 结束环节 everywhere; the list then says 已完成.
 */
async function setUp(page: Page, name: string) {
  await page.getByRole('button', { name: '流程设置' }).click();
  await expect(page).toHaveURL(/\/manager\/workflow\/set\/\d+\/0$/);
  const flowId = /set\/(\d+)\//.exec(page.url())?.[1];
  await expect(page.getByText(`流程设置：${name}`)).toBeVisible();
  await expectToastFrom(page, '当前环节数据未设置完整，不能跳转到下一步', () =>
    page.getByRole('button', { name: '角色设置' }).click(),
  );
  await expect(page).toHaveURL(
    `/manager/workflow/set/${flowId}/0?redirect=${encodeURIComponent(`/manager/workflow/set/${flowId}/2`)}`,
  );

  await page.getByRole('switch', { name: '起草合同 允许旁观' }).click();
  await page.getByRole('button', { name: '保存并下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/set/${flowId}/1$`));

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传素材' }).click();
  await expectToastFrom(page, '已上传素材「会签操作指南.pdf」', async () =>
    (await chooser).setFiles({
      name: '会签操作指南.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    }),
  );
  await expect(page.getByRole('table', { name: '素材列表' })).toContainText('全部环节');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/set/${flowId}/2$`));

  await page.getByRole('button', { name: '添加角色' }).click();
  await page.getByLabel('角色名称').fill('经办人');
  await page.getByRole('button', { name: '保存并下一步' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '不能保存' })).toContainText(
    '角色“经办人”没有参与的环节',
  );
  for (const node of NODES) {
    await page.getByRole('checkbox', { name: `经办人 参与 ${node}` }).check();
    await page.getByRole('checkbox', { name: `经办人 可结束环节 ${node}` }).check();
  }
  await expectAccessible(page, 'the roles step');
  await page.getByRole('button', { name: '保存并下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/set/${flowId}/3$`));

  for (const node of NODES)
    await page
      .getByRole('group', { name: `经办人 在 ${node} 的设置` })
      .getByLabel('结束环节')
      .check();
  await expectToastFrom(page, `流程「${name}」设置完成，可以发布`, () =>
    page.getByRole('button', { name: '保存，完成设置' }).click(),
  );
  await expect(page).toHaveURL(/\/manager\/workflow$/);
}

test('a manager draws a flow with a choice and a parallel split, is refused an unreachable node, saves, exports and imports it unchanged, and publishes it', async ({
  page,
}) => {
  // The longest journey (drawing by mouse and keyboard, two saves, an export, an import, the
  // wizard): 23 s alone, over a minute on a loaded CI machine.
  test.slow();
  const name = `E2E合同审批${uniqueSuffix()}`;
  await signIn(page, 'unit', '/manager/workflow');
  await expect(page.getByRole('table', { name: '流程列表' })).toBeVisible();
  await page.getByRole('button', { name: '新建流程' }).click();
  const dialog = page.getByRole('dialog', { name: '新建流程' });
  await dialog.getByLabel('流程名称').fill(name);
  await dialog.getByLabel('流程类型').fill('行政');
  await dialog.getByRole('button', { name: '保存并绘制' }).click();
  await expect(page).toHaveURL(/\/workflow\/draw\/\d+$/);
  await expect(page.getByText(`绘制流程图 · ${name}`)).toBeVisible();
  await expect(shape(page, 'StartEvent_1')).toBeVisible();

  // 开始 → 起草合同 (编辑) → 是否会签: 否 → 归档总结 (分析与总结) → 结束.
  await select(page, 'StartEvent_1');
  await append(page, '追加任务', '起草合同');
  await typeAs(page, '编辑');
  const choice = await append(page, '追加排他网关', '是否会签');
  await append(page, '追加任务', '归档总结');
  await typeAs(page, '分析与总结');
  await append(page, '追加结束事件');
  // 是: a parallel split into 甲方签字 and 乙方签字, merged again before 会签总结 → 结束.
  await select(page, choice);
  const split = await append(page, '追加排他网关');
  await makeParallel(page);
  const a = await append(page, '追加任务', '甲方签字');
  await typeAs(page, '分发签收');
  const join = await append(page, '追加排他网关');
  await makeParallel(page);
  await append(page, '追加任务', '会签总结');
  await typeAs(page, '分析与总结');
  await append(page, '追加结束事件');
  await select(page, split);
  const b = await append(page, '追加任务', '乙方签字');
  await typeAs(page, '分发签收');
  // 乙方签字 joins the merge: the connect tool, dragged by mouse.
  const from = await pad(page, '连线到其他元素').boundingBox();
  const to = await shape(page, join).boundingBox();
  if (!from || !to) throw new Error('no box to drag between');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  expect(a).not.toBe(b);

  // A task dropped from the palette and left unconnected: the save is refused, naming it.
  await page.locator('.djs-palette .entry[data-action="create.task"]').click();
  const canvas = await page.locator('.flow-canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  await page.mouse.click(canvas.x + canvas.width - 120, canvas.y + 90);
  await page.keyboard.type('孤立环节');
  await page.keyboard.press('Enter');
  await typeAs(page, '展示');
  const lonely = await selectedId(page);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const problems = page.getByRole('alert').filter({ hasText: '流程图有误，不能保存' });
  await expect(problems).toContainText('任务“孤立环节”无法从开始事件到达');
  await expect(problems).toContainText('任务“孤立环节”无法到达结束事件');
  // Gone again with the keyboard: the drawing takes the focus (it is still selected), Delete.
  await select(page, lonely);
  await page.locator('.djs-container > svg').focus();
  await page.keyboard.press('Delete');
  await expect(shape(page, lonely)).toHaveCount(0);

  await expectToastFrom(page, '已保存流程图', () =>
    page.getByRole('button', { name: '保存', exact: true }).click(),
  );
  await expect(problems).toBeHidden();
  await expect(page.getByText('未保存')).toBeHidden();
  await expectAccessible(page, 'the designer');

  // Exported, imported again: the same file.
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 .bpmn' }).click();
  const file = await (await exported).path();
  const first = fs.readFileSync(file, 'utf8');
  expect(first).toContain('name="甲方签字"');
  expect(first).toContain('training:nodeType="4"');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '导入 .bpmn' }).click();
  await page
    .getByRole('dialog', { name: '导入将替换当前流程图' })
    .getByRole('button', { name: '选择文件' })
    .click();
  await (await chooser).setFiles({
    name: `${name}.bpmn`,
    mimeType: 'application/xml',
    buffer: Buffer.from(first),
  });
  await expect(page.getByText('未保存')).toBeVisible();
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 .bpmn' }).click();
  expect(fs.readFileSync(await (await again).path(), 'utf8')).toBe(first);
  await expectToastFrom(page, '已保存流程图', () =>
    page.getByRole('button', { name: '保存', exact: true }).click(),
  );

  await setUp(page, name);

  // Published from the list after a confirmation; then the designer shows it read-only.
  await page.getByRole('searchbox', { name: '搜索流程' }).fill(name);
  await page.getByRole('searchbox', { name: '搜索流程' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('草稿');
  await expect(row).toContainText('已完成');
  await row.getByRole('button', { name: `发布 ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `确定发布流程「${name}」吗？` });
  await expectToastFrom(page, `已发布流程「${name}」`, () =>
    confirm.getByRole('button', { name: '发布' }).click(),
  );
  await expect(row).toContainText('已发布');
  await expectAccessible(page, 'the flow list');
  await row.getByRole('button', { name: `查看 ${name}` }).click();
  await expect(page.getByText('流程已发布，流程图不能修改')).toBeVisible();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toHaveCount(0);
});

test('a manager makes a project on the 立法听证 demo with its nest target, starts the business wizard, and opens the demo in the designer', async ({
  page,
}) => {
  const name = `E2E立法听证${uniqueSuffix()}`;
  await signIn(page, 'unit', '/manager/project');
  await expect(page.getByRole('table', { name: '项目列表' })).toContainText('地方条例立法听证');
  await page.getByRole('button', { name: '新建项目' }).click();
  await expect(page).toHaveURL(/\/manager\/project\/create_project_wizard$/);

  // Step 1: a field left empty is named beside it; then the flow and the words.
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请选择已发布的流程')).toBeVisible();
  await page.getByLabel('流程', { exact: true }).click();
  await option(page, '立法听证').click();
  await page.getByLabel('项目名称').fill(name);
  await page.getByLabel('项目简介').fill('市容条例的立法听证演练');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 2: 限时开放 needs its days in order.
  await page.getByRole('radio', { name: '限时开放' }).check();
  await page.getByLabel('开放开始日期').fill('2020-01-10');
  await page.getByLabel('开放结束日期').fill('2020-01-01');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('开放结束日期不能早于开始日期')).toBeVisible();
  await page.getByLabel('开放结束日期').fill('2020-12-31');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 3: the nest node's target project, required and named.
  const target = page.getByLabel('嵌套环节“听证会（嵌套项目）”的目标项目');
  await page.getByRole('button', { name: '保存项目' }).click();
  await expect(page.getByText('请选择环节“听证会（嵌套项目）”的目标项目')).toBeVisible();
  await expectAccessible(page, 'the project wizard');
  await target.click();
  await option(page, '价格调整听证会（听证会）').click();
  await expectToastFrom(page, `已新建项目「${name}」`, () =>
    page.getByRole('button', { name: '保存项目' }).click(),
  );
  await expect(page).toHaveURL(/\/manager\/project$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('限时开放 2020-01-10 至 2020-12-31');
  await expectToastFrom(page, `已复制为「${name}（副本）」`, () =>
    row.getByRole('button', { name: `复制 ${name}` }).click(),
  );

  // The business wizard: the new project's days are over (it says so and cannot start); the demo's
  // project starts a business waiting for its team, the manager in the start role.
  await page.goto('/manager/business');
  await page.getByRole('button', { name: '启动业务' }).click();
  await expect(page).toHaveURL(/\/manager\/business\/create_business_wizard$/);
  const projects = page.getByRole('table', { name: '可启动的项目' });
  await page.getByRole('searchbox', { name: '搜索项目' }).fill(name);
  await page.getByRole('searchbox', { name: '搜索项目' }).press('Enter');
  await projects.getByRole('radio', { name: `选择 ${name}`, exact: true }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/manager\/create_business_wizard1\?project_id=\d+$/);
  await expect(page.getByRole('alert').filter({ hasText: '现在不能启动业务' })).toContainText(
    '2020-01-10 至 2020-12-31',
  );
  await expect(page.getByRole('button', { name: '启动业务' })).toBeDisabled();
  await page.getByRole('button', { name: '上一步' }).click();
  await page.getByRole('searchbox', { name: '搜索项目' }).fill('地方条例立法听证');
  await page.getByRole('searchbox', { name: '搜索项目' }).press('Enter');
  await projects.getByRole('radio', { name: '选择 地方条例立法听证' }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  const roles = page.getByRole('table', { name: '角色与席位' });
  await expect(roles).toContainText('起草人');
  await expect(roles).toContainText('发起人（你）');
  const business = `E2E听证业务${uniqueSuffix()}`;
  await page.getByLabel('业务名称').fill(business);
  await expectAccessible(page, 'the business wizard');
  await expectToastFrom(page, `已启动业务「${business}」`, () =>
    page.getByRole('button', { name: '启动业务' }).click(),
  );
  // 配备团队: the five empty seats of the bill and the five of its nested hearing (a person sits once
  // in each project), chosen from the company's people, saved twice.
  await expect(page).toHaveURL(/\/moreTeammates\?business_id=\d+$/);
  await expect(page.getByRole('alert').filter({ hasText: '团队还没有配齐' })).toContainText(
    '“人大代表”缺3人，“听证代表”缺2人，“听证主持人”缺1人，“陈述人”缺2人，“听证人”缺2人',
  );
  const seat = (role: string, no: number, project?: string) =>
    page.getByRole('combobox', { name: `“${role}”${project ? `（${project}）` : ''}第${no}席` });
  const choose = async (role: string, no: number, person: string, project?: string) => {
    await seat(role, no, project).click();
    await seat(role, no, project).fill(person);
    // Only the open list: a list opened before keeps its options in the page, hidden.
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: person })
      .click();
  };
  await choose('人大代表', 1, '陈思远');
  await choose('人大代表', 2, '林晓雯');
  await choose('人大代表', 3, '周明轩');
  await choose('听证代表', 1, '吴雨桐');
  for (const [role, no, person] of [
    ['听证主持人', 1, '陈思远'],
    ['陈述人', 1, '林晓雯'],
    ['陈述人', 2, '周明轩'],
    ['听证人', 1, '吴雨桐'],
    ['听证人', 2, '赵文博'],
  ] as const)
    await choose(role, no, person, '价格调整听证会');
  // Someone seated already is not offered for another seat of the same project.
  await seat('听证代表', 2).click();
  await seat('听证代表', 2).fill('陈思远');
  await expect(page.locator('.ant-select-item-option-disabled').filter({ hasText: '陈思远' })).toBeVisible();
  await seat('听证代表', 2).press('Escape');
  await expectAccessible(page, 'the team of a business');
  await expectToastFrom(page, '已保存团队，还“听证代表”缺1人', () =>
    page.getByRole('button', { name: '保存团队' }).click(),
  );
  await choose('听证代表', 2, '赵文博');
  await expectToastFrom(page, '已保存团队：席位已全部配齐', () =>
    page.getByRole('button', { name: '保存团队' }).click(),
  );
  await expect(page.getByRole('alert').filter({ hasText: '发起人进入业务即开始' })).toContainText(
    '席位已全部配齐',
  );
  await page.getByRole('link', { name: '返回业务管理' }).click();
  const started = page.getByRole('row').filter({ hasText: business });
  await expect(started).toContainText('等待开始');
  await expect(started).toContainText('11 / 11');

  // The demo flow itself, read-only in the designer, its nested hearing drawn.
  await page.goto('/manager/workflow');
  await page
    .getByRole('row')
    .filter({ hasText: '立法听证' })
    .getByRole('button', { name: '查看 立法听证' })
    .click();
  await expect(page.getByText('流程已发布，流程图不能修改')).toBeVisible();
  await expect(shape(page, 'Hearing')).toBeVisible();
  await expect(shape(page, 'Hearing')).toContainText('听证会（嵌套项目）');
});

test('a manager keeps a program module of the company’s own in 模块管理', async ({ page }) => {
  const name = `E2E法庭场景${uniqueSuffix()}`;
  await signIn(page, 'unit', '/manager/module_manage');
  await page.getByRole('button', { name: '新增程序模块' }).click();
  const dialog = page.getByRole('dialog', { name: '新增程序模块' });
  await dialog.getByLabel('模块名称').fill(name);
  await dialog.getByLabel('环节类型').click();
  await option(page, '动画').click();
  // Every action unticked: refused beside the field.
  for (const action of ['刷新文档', '结束环节', '退出']) await dialog.getByLabel(action).uncheck();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请至少选择一个动作')).toBeVisible();
  await dialog.getByLabel('入席／退席').check();
  await dialog.getByLabel('结束环节').check();
  await dialog.getByLabel('场景站位').fill('审判席');
  await page.keyboard.press('Enter');
  await expectToastFrom(page, '已新增程序模块', () => dialog.getByRole('button', { name: '保存' }).click());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('入席／退席、结束环节');
  await expect(row).toContainText('动画');
});
