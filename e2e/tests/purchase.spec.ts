import { expect } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, highlightedOption, test, toast } from './helpers.ts';

// 采购管理 (/crm/purchase_index, ADR 0025): the shop administrator makes a purchase order and sends
// it, the warehouse keeper receives part of it (a pending stock-in record), the administrator — a
// second person — checks the record in 库存管理, and the ledger (库存流水) shows the receipt with
// the order's number; axe at 1366 and 375 px.

const GOODS = '墨印 C500 彩色喷墨一体机'; // not stock.spec's goods: the two journeys run at once
const SUPPLIER = '杭州墨印科技有限公司';

test('a purchase order is made, partly received, its stock-in record checked by a second person, and the ledger shows it', async ({
  openPage,
}) => {
  test.setTimeout(120_000);
  const shop = await openPage('shop');
  await shop.goto('/crm/purchase_index');
  await expect(shop.getByRole('table', { name: '采购单列表' })).toBeVisible();

  // The form: refused without a supplier, then 10 printers at ¥1200.00.
  await shop.getByRole('button', { name: '新建采购单' }).click();
  const form = shop.getByRole('dialog', { name: '新建采购单' });
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('供应商不能为空')).toBeVisible();
  await form.getByLabel('供应商').fill('墨印');
  await expect(highlightedOption(shop, SUPPLIER)).toBeVisible();
  await form.getByLabel('供应商').press('Enter');
  const line = form.getByRole('group', { name: '第1行' });
  await line.getByLabel('商品').fill('墨印 C500');
  await expect(highlightedOption(shop, GOODS)).toBeVisible();
  await line.getByLabel('商品').press('Enter');
  await expect(line.getByTitle(GOODS)).toBeVisible();
  await line.getByLabel('采购数量').fill('10');
  await line.getByLabel('单价（元）').fill('1200');
  await expect(form.getByText('¥12000.00')).toBeVisible();
  await expectAccessible(shop, '新建采购单 dialog');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(shop, /已新建采购单 CG\d{8}-\d{4}/)).toBeVisible();

  // The detail opens on the new draft: 下单 after a confirmation.
  const drawer = shop.getByRole('dialog', { name: /^采购单 CG/ });
  await expect(drawer).toBeVisible();
  const orderNo = (
    (await drawer
      .getByText(/^采购单 CG/)
      .first()
      .textContent()) ?? ''
  )
    .replace('采购单 ', '')
    .trim();
  expect(orderNo).toMatch(/^CG\d{8}-\d{4}$/);
  await drawer.getByRole('button', { name: '下单' }).click();
  const confirmSend = shop.getByRole('dialog').filter({ hasText: `确定下单采购单 ${orderNo} 吗？` });
  await confirmSend.getByRole('button', { name: '确认下单' }).click();
  await expect(toast(shop, `采购单 ${orderNo} 已下单`)).toBeVisible();
  await expect(drawer.getByText('已下单').first()).toBeVisible();

  // The warehouse keeper receives 6 of the 10.
  const keeper = await openPage('warehouse');
  await keeper.goto('/crm/purchase_index');
  await keeper.getByRole('searchbox', { name: '搜索采购单' }).fill(orderNo);
  await keeper.getByRole('searchbox', { name: '搜索采购单' }).press('Enter');
  await keeper.getByRole('button', { name: `详情 采购单 ${orderNo}` }).click();
  const kd = keeper.getByRole('dialog', { name: `采购单 ${orderNo}` });
  await expect(kd.getByRole('button', { name: '下单' })).toHaveCount(0);
  await kd.getByRole('button', { name: '到货入库' }).click();
  const receive = keeper.getByRole('dialog', { name: `到货入库 · ${orderNo}` });
  await expect(receive.getByLabel(/到货数量/)).toHaveValue('10');
  await receive.getByLabel(/到货数量/).fill('6');
  await receive.getByRole('button', { name: /入\s*库/ }).click();
  await keeper
    .getByRole('dialog')
    .filter({ hasText: `确定采购单 ${orderNo} 到货入库 6 吗？` })
    .getByRole('button', { name: '确认入库' })
    .click();
  await expect(toast(keeper, '已到货入库 6，入库单待审核')).toBeVisible();
  await expect(kd.getByText('入库中').first()).toBeVisible();
  const record = kd.getByRole('list', { name: '到货记录' }).getByText(/入库单 RK\d{14}/);
  await expect(record).toContainText('待审核');
  const inputNo = (/RK\d{14}/.exec((await record.textContent()) ?? '') ?? [''])[0];
  // The drawer says where the record is checked.
  await expect(kd.getByRole('link', { name: '库存管理 › 入库单' })).toHaveAttribute(
    'href',
    '/crm/stock_manager?tab=inputs',
  );
  await expectAccessible(keeper, '采购单 detail');

  // The administrator checks the record in 库存管理 (the keeper made it, so may not).
  await shop.goto('/crm/stock_manager?tab=inputs');
  await shop.getByRole('searchbox', { name: '搜索入库单' }).fill(inputNo);
  await shop.getByRole('searchbox', { name: '搜索入库单' }).press('Enter');
  // The receipt's record is changed through the order: its row offers 审核 only.
  await expect(shop.getByRole('button', { name: `审核 入库单 ${inputNo}` })).toBeVisible();
  await expect(shop.getByRole('button', { name: `编辑 入库单 ${inputNo}` })).toHaveCount(0);
  await expect(shop.getByRole('button', { name: `删除 入库单 ${inputNo}` })).toHaveCount(0);
  await expect(shop.getByRole('checkbox', { name: `选择 入库单 ${inputNo}` })).toBeDisabled();
  await shop.getByRole('button', { name: `审核 入库单 ${inputNo}` }).click();
  const confirmCheck = shop.getByRole('dialog').filter({ hasText: `确定审核入库单 ${inputNo} 吗？` });
  await expect(confirmCheck).toContainText('库存增加 6');
  await confirmCheck.getByRole('button', { name: '审核通过' }).click();
  await expect(toast(shop, `入库单 ${inputNo} 已审核，已计入库存`)).toBeVisible();

  // The ledger shows the receipt, naming the order.
  await shop.getByRole('tab', { name: '库存流水' }).click();
  await shop.getByRole('searchbox', { name: '搜索库存流水' }).fill(orderNo);
  await shop.getByRole('searchbox', { name: '搜索库存流水' }).press('Enter');
  const move = shop
    .getByRole('table', { name: '库存流水列表' })
    .getByRole('row')
    .filter({ hasText: inputNo });
  await expect(move).toContainText('采购入库');
  await expect(move).toContainText('+6');
  await expect(move).toContainText(orderNo);

  // The order shows the record checked; the list holds at 375 px.
  await keeper.reload();
  await keeper.getByRole('searchbox', { name: '搜索采购单' }).fill(orderNo);
  await keeper.getByRole('searchbox', { name: '搜索采购单' }).press('Enter');
  await expect(keeper.getByRole('table', { name: '采购单列表' })).toContainText('6 / 10');
  await keeper.getByRole('button', { name: `详情 采购单 ${orderNo}` }).click();
  await expect(keeper.getByRole('list', { name: '到货记录' })).toContainText('已审核');
  await keeper.keyboard.press('Escape');
  await keeper.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(keeper, '/crm/purchase_index at 375 px');
});
