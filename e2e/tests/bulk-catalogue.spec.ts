import { expect } from '@playwright/test';
import {
  apiCall,
  expectAccessible,
  firstCategoryId,
  signIn,
  test,
  toast,
  uniqueSuffix,
  userMenu,
} from './helpers.ts';

// 大宗采购 (ADR 0026): the /dzc company's shop administrator adds a library goods to the bulk
// catalogue with two price tiers, a band that rises in price refused beside the tiers, and puts it
// on sale; a visitor sees it with its tiers (采购量 / 单价) on /dzc. axe at 1366 and 375 px.

test('the shop administrator adds a library goods to the bulk catalogue with two tiers; a visitor sees them on /dzc', async ({
  page,
  openPage,
  request,
}) => {
  const tag = uniqueSuffix();
  const name = `大宗测试钢板${tag}`;
  // Signed in through the API (the login page is login.spec's), and a library goods of the /dzc
  // company made through the API as its administrator.
  const token = await signIn(page, 'dzc_shop');
  await apiCall(request, token, '/goods/create', {
    code: `GB-${tag}`,
    name,
    category_id: await firstCategoryId(request, token),
    goods_type: 'normal',
    unit: '吨',
    status: 1,
    price: 480000,
    stock: 0,
  });

  await page.goto('/crm/goods_index_dzc');
  await expect(userMenu(page)).toContainText('德泽创商城管理员');
  await expect(page.getByRole('table', { name: '大宗商品列表' })).toBeVisible();
  await page.getByRole('button', { name: '新增大宗商品' }).click();
  await expect(page).toHaveURL(/\/crm\/new_goods_dzc/);

  const form = page.locator('form#bulk-goods-form');
  await form.getByLabel('商品（商品库）').fill(name);
  await expect(page.locator('.ant-select-item-option').filter({ hasText: name }).first()).toBeVisible();
  await form.getByLabel('商品（商品库）').press('Enter');
  await form.getByLabel('大宗分类').click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '传感器' }).first().click();
  await form.getByLabel('最小起订量', { exact: true }).fill('10');
  await form.getByLabel('第1档单价（元）').fill('4600');
  await form.getByLabel('第2档采购量').fill('100');
  // A larger band may not cost more per unit: refused beside the tiers.
  await form.getByLabel('第2档单价（元）').fill('4700');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('第2档的单价不能高于第1档')).toBeVisible();
  await expectAccessible(page, '新增大宗商品 with a refused tier');
  await form.getByLabel('第2档单价（元）').fill('4450');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '已新增大宗商品')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/goods_index_dzc/);
  const row = page.getByRole('table', { name: '大宗商品列表' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('上架');
  await expect(row).toContainText('≥ 100 吨');

  // A visitor of /dzc sees it with its tiers.
  const visitor = await openPage();
  await visitor.goto('/dzc');
  await expect(visitor.getByRole('heading', { name: '大宗采购' })).toBeVisible();
  const card = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  const tiers = card.getByRole('table', { name: '价格档位' });
  await expect(tiers.getByRole('columnheader')).toHaveText(['采购量', '单价']);
  await expect(tiers.getByRole('row').nth(1)).toContainText('≥ 10 吨');
  await expect(tiers.getByRole('row').nth(1)).toContainText('¥4600.00');
  await expect(tiers.getByRole('row').nth(2)).toContainText('≥ 100 吨');
  await expect(tiers.getByRole('row').nth(2)).toContainText('¥4450.00');
  await expect(card.getByRole('link', { name: `询价：${name}` })).toHaveAttribute('href', '#contact');
});

// A bulk goods whose library goods was deleted: its form says so beside the goods, cannot be
// saved, and offers 下架 and 删除 (after a confirmation) instead.
test('a bulk goods whose library goods was deleted is flagged in its form and can still go off sale and away', async ({
  page,
  request,
}) => {
  const tag = uniqueSuffix();
  const name = `大宗停产铝锭${tag}`;
  const token = await signIn(page, 'dzc_shop');
  const goods = await apiCall(request, token, '/goods/create', {
    code: `GD-${tag}`,
    name,
    category_id: await firstCategoryId(request, token),
    goods_type: 'normal',
    unit: '吨',
    status: 1,
    price: 180000,
    stock: 0,
  });
  const tree = await apiCall(request, token, '/dzc/categorys');
  const bulk = await apiCall(request, token, '/dzc/goods/add', {
    goods_id: goods.id,
    category_id: tree.results[0].id,
    min_qty: 5,
    tiers: JSON.stringify([{ from: 5, price: 170000 }]),
    on_sale: 1,
  });
  await apiCall(request, token, '/goods/delete', { id: goods.id });

  await page.goto('/crm/goods_index_dzc');
  const search = page.getByRole('searchbox', { name: '搜索大宗商品' });
  await search.fill(name);
  await search.press('Enter');
  await expect(
    page.getByRole('table', { name: '大宗商品列表' }).getByRole('row').filter({ hasText: name }),
  ).toContainText('商品已删除');

  await page.goto(`/crm/new_goods_dzc?id=${bulk.id}`);
  const form = page.locator('form#bulk-goods-form');
  const notice = form.getByRole('alert').filter({ hasText: '商品已删除' });
  await expect(notice).toContainText('不能再保存；可以下架或删除这条大宗商品');
  await expect(form.getByText('商品库中已删除该商品', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  await expectAccessible(page, '编辑大宗商品 whose library goods was deleted');

  await notice.getByRole('button', { name: '下架' }).click();
  await expect(toast(page, '已下架')).toBeVisible();
  await expect(notice.getByRole('button', { name: '下架' })).toHaveCount(0);
  await notice.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: `确定删除「${name}」吗？` });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '已删除大宗商品')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/goods_index_dzc/);
  await expect(page.getByRole('table', { name: '大宗商品列表' })).not.toContainText(name);
});
