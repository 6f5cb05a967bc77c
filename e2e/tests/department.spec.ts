import { expect, type Page } from '@playwright/test';
import {
  account,
  expectAccessible,
  expectNoSidewaysScroll,
  expectToastFrom,
  signIn,
  test,
  toast,
  uniqueSuffix,
} from './helpers.ts';

// 部门与职务 (issue 34, docs/adr/0038 decision 4): the demo 单位管理员 works on their company's
// department tree and positions. Who else may (a group's staff in their groups' companies, the super
// administrator anywhere) and who may not are the API test's (apps/server/test/department.test.ts).

/** The demo company's seeded name (another journey renames it for a while, keeping it at the start). */
const HQ = account('unit').company;

const departmentTree = (page: Page) => page.getByRole('tree', { name: '部门树' });

/** A department of the tree, named by its name and 人数 (「研发部 3 人」). */
const departmentNode = (page: Page, name: string) =>
  departmentTree(page).getByRole('treeitem', { name: new RegExp(`^${name} \\d+ 人`) });

/** The bar of the department chosen: its 新增下级, 编辑 and 删除. */
const chosenBar = (page: Page, name: string) => page.getByRole('region', { name: `已选部门「${name}」` });

/** Chooses a department by its name (not the middle of the row: the pointer there shows its buttons). */
async function choose(page: Page, name: string) {
  await departmentNode(page, name).getByText(name, { exact: true }).click();
  await expect(departmentNode(page, name)).toHaveAttribute('aria-selected', 'true');
}

/** 删除 of a department or a position, confirmed. */
async function confirmDelete(page: Page, kind: '部门' | '职务', name: string) {
  const confirm = page.getByRole('dialog', { name: `确定删除${kind}「${name}」吗？` });
  await expect(confirm).toContainText('删除后不可恢复。');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(confirm).toBeHidden();
}

test('a company manager builds a branch of departments with a position, renames it, is refused the deletion of a department that is not empty, and takes it all down again', async ({
  page,
}) => {
  const tag = uniqueSuffix();
  const top = `E2E部门${tag}`;
  const child = `E2E下级${tag}`;
  const position = `E2E职务${tag}`;
  const renamed = `E2E主管${tag}`;

  await signIn(page, 'unit', '/manager/part-postion');
  await expect(page.getByRole('heading', { name: new RegExp(`^${HQ}`) })).toBeVisible();
  await expect(departmentTree(page).getByRole('treeitem', { name: '全单位' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('table', { name: '全单位职务' })).toBeVisible();

  // A top-level department: it is chosen once saved, with no position yet.
  await page.getByRole('button', { name: '新增部门' }).click();
  let dialog = page.getByRole('dialog', { name: '新增部门' });
  await expect(dialog.getByTitle('顶级部门', { exact: true })).toBeVisible();
  await dialog.getByLabel('部门名称', { exact: true }).fill(top);
  await dialog.getByRole('spinbutton', { name: '排序' }).fill('9');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '部门已新增')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(departmentNode(page, top)).toHaveAttribute('aria-selected', 'true');
  await expect(departmentNode(page, top)).toHaveAccessibleName(new RegExp(`^${top} 0 人`));
  const positions = page.getByRole('table', { name: `「${top}」的职务` });
  await expect(positions.getByText('该部门暂无职务')).toBeVisible();

  // The same name again at the top is refused beside the field.
  await page.getByRole('button', { name: '新增部门' }).click();
  dialog = page.getByRole('dialog', { name: '新增部门' });
  await dialog.getByLabel('部门名称', { exact: true }).fill(top);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('同一上级部门下已有同名部门')).toBeVisible();
  await expectAccessible(page, '新增部门 with a field error');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // A department under it, from the chosen department's 新增下级.
  await chosenBar(page, top)
    .getByRole('button', { name: `新增下级 ${top}` })
    .click();
  dialog = page.getByRole('dialog', { name: '新增部门' });
  await expect(dialog.getByTitle(top, { exact: true })).toBeVisible();
  await dialog.getByLabel('部门名称', { exact: true }).fill(child);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '部门已新增')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(departmentNode(page, top)).toHaveAttribute('aria-expanded', 'true');
  await expect(departmentNode(page, child)).toHaveAttribute('aria-selected', 'true');

  // A position in the child department (the department chosen is the one it goes in).
  const childPositions = page.getByRole('table', { name: `「${child}」的职务` });
  await expect(childPositions.getByText('该部门暂无职务')).toBeVisible();
  await page.getByRole('button', { name: '新增职务' }).click();
  dialog = page.getByRole('dialog', { name: '新增职务' });
  await expect(dialog.getByTitle(child, { exact: true })).toBeVisible();
  await dialog.getByLabel('职务名称', { exact: true }).fill(position);
  await expectAccessible(page, '新增职务');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '职务已新增')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(childPositions.getByRole('row').filter({ hasText: position })).toBeVisible();

  // Renamed.
  await childPositions.getByRole('button', { name: `编辑 ${position}` }).click();
  dialog = page.getByRole('dialog', { name: '编辑职务' });
  const nameField = dialog.getByLabel('职务名称', { exact: true });
  await expect(nameField).toHaveValue(position);
  await nameField.fill(renamed);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '职务已保存')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(childPositions.getByRole('row').filter({ hasText: renamed })).toBeVisible();
  await expect(childPositions).not.toContainText(position);

  // The top department still holds the child: the server refuses, and both stay.
  await choose(page, top);
  await chosenBar(page, top)
    .getByRole('button', { name: `删除 ${top}` })
    .click();
  await expectToastFrom(page, '部门下还有下级部门、职务或人员，请先移走后再删除', () =>
    confirmDelete(page, '部门', top),
  );
  await expect(departmentNode(page, top)).toBeVisible();
  await expect(departmentNode(page, child)).toBeVisible();

  // The position, then the child, then the top department, each after a confirmation.
  await choose(page, child);
  await childPositions.getByRole('button', { name: `删除 ${renamed}` }).click();
  await confirmDelete(page, '职务', renamed);
  await expect(toast(page, `已删除职务「${renamed}」`)).toBeVisible();
  await expect(childPositions.getByText('该部门暂无职务')).toBeVisible();

  await chosenBar(page, child)
    .getByRole('button', { name: `删除 ${child}` })
    .click();
  await confirmDelete(page, '部门', child);
  await expect(toast(page, `已删除部门「${child}」`)).toBeVisible();
  await expect(departmentNode(page, child)).toHaveCount(0);
  // The deleted department was the one chosen: the whole company's positions show.
  await expect(page.getByRole('table', { name: '全单位职务' })).toBeVisible();

  await choose(page, top);
  await chosenBar(page, top)
    .getByRole('button', { name: `删除 ${top}` })
    .click();
  await confirmDelete(page, '部门', top);
  await expect(toast(page, `已删除部门「${top}」`)).toBeVisible();
  await expect(departmentNode(page, top)).toHaveCount(0);

  // On a phone the tree stands above the positions, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  const treeCard = page.locator('.ant-card').filter({ has: departmentTree(page) });
  const positionsTitle = page.getByText('全单位职务', { exact: true });
  await expect
    .poll(async () => {
      const [tree, positions] = [await treeCard.boundingBox(), await positionsTitle.boundingBox()];
      return tree && positions && tree.y + tree.height <= positions.y;
    })
    .toBe(true);
  await expectNoSidewaysScroll(page, '部门与职务 at 375 px');
});
