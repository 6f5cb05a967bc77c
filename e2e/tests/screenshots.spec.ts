import { expect, type Page, type TestInfo } from '@playwright/test';
import { loginForm, signIn, test } from './helpers.ts';

/** Full-page PNGs in test-results/screenshots/ (kept after the run) for a look at font and layout. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  const path = `${testInfo.project.outputDir}/screenshots/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('login page', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(loginForm(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: '欢迎访问启航企业服务有限公司' })).toBeVisible();
  await expect(page.getByRole('link', { name: '京ICP备00000125号-1' })).toBeVisible();
  await shoot(page, testInfo, 'login');
});

test('area home', async ({ page }, testInfo) => {
  await signIn(page, 'admin', '/crm/home');
  await expect(page.getByRole('heading', { level: 1, name: '商城管理' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^管理中心/ })).toBeVisible();
  await shoot(page, testInfo, 'area-home');
});

test('flow designer', async ({ page }, testInfo) => {
  await signIn(page, 'unit', '/manager/workflow');
  await page.getByRole('link', { name: '模拟法庭', exact: true }).click();
  await expect(page.getByText('绘制流程图 · 模拟法庭')).toBeVisible();
  await expect(page.locator('.djs-element[data-element-id="Verdict"]')).toBeVisible();
  // The toolbar comes alive once the drawing is imported, just after its shapes show: scanned or
  // shot before, its buttons were caught fading in from their disabled colour (axe: contrast).
  await expect(page.getByRole('button', { name: '导出 .bpmn' })).toBeEnabled();
  await shoot(page, testInfo, 'flow-designer');
});

test('category screen', async ({ page }, testInfo) => {
  await signIn(page, 'shop', '/crm/goods_category');
  await expect(
    page.getByRole('tree', { name: '分类树' }).getByRole('treeitem', { name: '智能手机' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: '分类列表' }).getByText('数码电器', { exact: true }),
  ).toBeVisible();
  await shoot(page, testInfo, 'goods-category');
  // The full-height shell scrolls its content area, not the page: the paging below the fold is
  // reached by scrolling there.
  const total = page.getByText(/^共 \d+ 条$/);
  await total.scrollIntoViewIfNeeded();
  await expect(total).toBeInViewport();
});
