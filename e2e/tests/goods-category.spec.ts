import { expect, type Page } from '@playwright/test';
import { cellOf, expectAccessible, signIn, test, toast, uniqueSuffix } from './helpers.ts';
import { expectFocusSeen, tabTo } from './keyboard.ts';

const categoryTree = (page: Page) => page.getByRole('tree', { name: '分类树' });
const categoryTable = (page: Page) => page.getByRole('table', { name: '分类列表' });

/** The table row whose name cell reads exactly `name`. */
const row = (page: Page, name: string) =>
  categoryTable(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

/** The names of the table's rows, top to bottom, each with its depth in the tree (0 for the top). */
const rowsInOrder = (page: Page) =>
  categoryTable(page)
    .locator('tbody tr[data-row-key]')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const level = /ant-table-row-level-(\d+)/.exec(tr.className)?.[1] ?? '0';
        return `${level}:${tr.querySelector('.category-name')?.textContent ?? ''}`;
      }),
    );

/** Opens 商品分类 as `username` (logged in through the API: the login is not what these are about). */
async function openCategories(page: Page, username = 'shop') {
  await signIn(page, username, '/crm/goods_category');
}

const treeNode = (page: Page, name: string) => categoryTree(page).getByRole('treeitem', { name });

/** Narrows the table to names containing `keyword`, so parallel tests' rows stay out of the way. */
async function search(page: Page, keyword: string) {
  await page.getByRole('searchbox', { name: '搜索关键字' }).fill(keyword);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
}

/** 新增分类 through the dialog; `parent` is picked in the 上级分类 TreeSelect by typing its name. */
async function addCategory(page: Page, name: string, parent?: string) {
  await page.getByRole('button', { name: '新增分类' }).click();
  const dialog = page.getByRole('dialog', { name: '新增分类' });
  await expect(dialog).toBeVisible();
  if (parent) {
    const select = dialog.getByRole('combobox', { name: '上级分类' });
    await select.click();
    await select.fill(parent);
    // The TreeSelect's drop-down tree: the one that is not the page's 分类树.
    const options = page
      .getByRole('tree')
      .filter({ hasNot: page.getByRole('treeitem', { name: '全部分类' }) });
    await options.getByRole('treeitem', { name: parent, exact: true }).click();
    await expect(dialog.getByTitle(parent, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel('分类名称', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '分类已新增')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** 删除 in the row, then 删除 in its confirmation. */
async function deleteRow(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: `确定删除分类「${name}」吗？` });
  await expect(confirm).toContainText('删除后不可恢复。');
  await confirm.getByRole('button', { name: '删除' }).click();
}

test('shop creates, edits and deletes a three-level branch', async ({ page }) => {
  const tag = uniqueSuffix();
  const top = `E2E顶级${tag}`;
  const child = `E2E二级${tag}`;
  const grandchild = `E2E三级${tag}`;
  const renamed = `E2E改名${tag}`;
  const table = categoryTable(page);

  await openCategories(page);
  await expect(treeNode(page, '数码电器')).toBeVisible();
  await search(page, tag);
  await expect(table.getByText('暂无分类')).toBeVisible();

  // Create: a top-level category, a child under it and a grandchild under the child.
  await addCategory(page, top);
  await expect(row(page, top)).toBeVisible();
  await expect(treeNode(page, top)).toBeVisible();

  await addCategory(page, child, top);
  await expect(row(page, child)).toBeVisible();
  await expect(await cellOf(table, row(page, top), '子分类数')).toHaveText('1');

  await addCategory(page, grandchild, child);
  await expect(row(page, grandchild)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4); // the header and our three
  // The table is a tree: each under its parent, open while the search shows them.
  await expect.poll(() => rowsInOrder(page)).toEqual([`0:${top}`, `1:${child}`, `2:${grandchild}`]);
  await expect(table.getByRole('button', { name: `收起子分类：${top}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // The tree nests them, open: top > child > grandchild (branches added later open too).
  for (const name of [top, child])
    await expect(treeNode(page, name)).toHaveAttribute('aria-expanded', 'true');
  await expect(treeNode(page, grandchild)).toBeVisible();

  // Edit the child's name and sort.
  await row(page, child).getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑分类' });
  const nameField = edit.getByLabel('分类名称', { exact: true });
  await expect(nameField).toHaveValue(child);
  await expect(edit.getByTitle(top, { exact: true })).toBeVisible();
  await nameField.fill(renamed);
  await edit.getByRole('spinbutton', { name: '排序' }).fill('7');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '分类已保存')).toBeVisible();
  await expect(edit).toBeHidden();

  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, child)).toHaveCount(0);
  await expect(await cellOf(table, row(page, renamed), '排序')).toHaveText('7');
  await expect.poll(() => rowsInOrder(page)).toEqual([`0:${top}`, `1:${renamed}`, `2:${grandchild}`]);
  await expect(treeNode(page, renamed)).toBeVisible();

  // The top category still has a child: refused before asking anything, and it stays.
  await row(page, top).getByRole('button', { name: '删除' }).click();
  const refused = page.getByRole('dialog', { name: `不能删除分类「${top}」` });
  await expect(refused).toContainText(`分类「${top}」下还有 1 个子分类，请先删除或移走子分类。`);
  await expect(refused).not.toContainText('删除后不可恢复');
  await expectAccessible(page, '不能删除分类 dialog');
  await refused.getByRole('button', { name: '知道了' }).click();
  await expect(refused).toBeHidden();
  await expect(row(page, top)).toBeVisible();
  await expect(treeNode(page, top)).toBeVisible();

  // The grandchild has none: it goes.
  await deleteRow(page, grandchild);
  await expect(toast(page, '已删除 1 个分类')).toBeVisible();
  await expect(row(page, grandchild)).toHaveCount(0);
  await expect(treeNode(page, grandchild)).toHaveCount(0);

  // Batch-delete the other two (a parent may go together with its children).
  const batch = page.getByRole('button', { name: '批量删除' });
  await expect(batch).toBeDisabled();
  await table.getByRole('checkbox', { name: `选择 ${top}` }).check();
  await table.getByRole('checkbox', { name: `选择 ${renamed}` }).check();
  await expect(batch).toBeEnabled();
  await batch.click();
  const confirm = page.getByRole('dialog', { name: '确定删除选中的 2 个分类吗？' });
  await expect(confirm).toContainText('删除后不可恢复。');
  await confirm.getByRole('button', { name: '删除' }).click();

  await expect(toast(page, '已删除 2 个分类')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row(page, top)).toHaveCount(0);
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(table.getByText('暂无分类')).toBeVisible();
  await expect(treeNode(page, top)).toHaveCount(0);
  await expect(batch).toBeDisabled();
});

test('the add form checks the name next to the field', async ({ page }) => {
  await openCategories(page);
  await page.getByRole('button', { name: '新增分类' }).click();
  const dialog = page.getByRole('dialog', { name: '新增分类' });
  const name = dialog.getByLabel('分类名称', { exact: true });
  const save = dialog.getByRole('button', { name: '保存' });

  await save.click();
  await expect(name).toHaveAccessibleDescription('分类名称不能为空');
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('长'.repeat(31));
  await expect(name).toHaveAccessibleDescription('分类名称不能超过30个字符');

  // Blanks only count as empty.
  await name.fill('   ');
  await save.click();
  await expect(name).toHaveAccessibleDescription('分类名称不能为空');

  // A name the level already has is refused by the server, next to the same field.
  await name.fill('数码电器');
  await save.click();
  await expect(name).toHaveAccessibleDescription('同一级下已有同名分类');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await search(page, '数码电器');
  await expect(categoryTable(page).getByRole('row')).toHaveCount(2); // the header and the seeded one
  await expect(categoryTable(page).locator('mark')).toHaveText('数码电器');
});

test('a list that fails to load says so and loads again on 重试', async ({ page }) => {
  // The network fails for the list call only; the client stays silent, the table must not.
  await page.route('**/api/shop/goods/category/list', (route) => route.abort('connectionfailed'));
  await openCategories(page);
  const table = categoryTable(page);
  await expect(table.getByText('加载失败，请检查网络后重试')).toBeVisible();
  await expect(table.getByText('暂无分类')).toBeHidden();

  await page.unroute('**/api/shop/goods/category/list');
  await table.getByRole('button', { name: '重试' }).click();
  await expect(row(page, '数码电器')).toBeVisible();
});

test('the tree unfolds in the table, by mouse and by keyboard, and a search shows the way to a match', async ({
  page,
}) => {
  await openCategories(page);
  const table = categoryTable(page);
  const digital = row(page, '数码电器');
  await expect(digital).toBeVisible();
  // Listing everything, the top level comes folded: its 商品数 counts the whole branch.
  await expect(row(page, '手机通讯')).toHaveCount(0);
  await expect(await cellOf(table, digital, '商品数')).toHaveText(/^[1-9]\d*$/);

  // The mouse opens a branch…
  await digital.getByRole('button', { name: '展开子分类：数码电器' }).click();
  await expect(row(page, '手机通讯')).toBeVisible();
  await expect(row(page, '手机通讯')).toHaveClass(/ant-table-row-level-1/);
  await expect(row(page, '智能手机')).toHaveCount(0);

  // …and so does the keyboard: Tab reaches the next 展开, Enter opens it, Enter again folds it.
  const phones = row(page, '手机通讯').getByRole('button', { name: '展开子分类：手机通讯' });
  await tabTo(page, phones, { max: 20 });
  await expectFocusSeen(page, 'the 展开 button of 手机通讯');
  await page.keyboard.press('Enter');
  const fold = row(page, '手机通讯').getByRole('button', { name: '收起子分类：手机通讯' });
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(row(page, '智能手机')).toHaveClass(/ant-table-row-level-2/);
  await expect(fold).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, '智能手机')).toHaveCount(0);

  // A search shows each match where it stands: under its parent and grandparent, marked.
  await search(page, '老人手机');
  await expect.poll(() => rowsInOrder(page)).toEqual(['0:数码电器', '1:手机通讯', '2:老人手机']);
  await expect(table.locator('mark')).toHaveText(['老人手机']);
  // Paged by the top-level rows: one here.
  await expect(page.getByText(/^共 1 条$/)).toBeVisible();
  await expectAccessible(page, 'the category table searched');
});
