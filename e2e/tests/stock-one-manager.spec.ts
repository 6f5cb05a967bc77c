import { expect } from '@playwright/test';
import { expectAccessible, highlightedOption, test, toast } from './helpers.ts';

// One manager runs the stock (issue 35 item 5): in a company that asks for no second approver (the
// default, 商城设置「入库单须由他人审核」 off) the shop administrator orders, receives and checks the
// stock-in record alone, from the order's drawer; the order is 入库中 until the goods are in stock,
// then 已完成, and the ledger shows them. Its goods are no other journey's (they run at once).

const GOODS = '男士休闲夹克 春秋款';
const SUPPLIER = '杭州墨印科技有限公司';

test('one manager receives a purchase into stock: ordered, received, checked by the same person, 已完成', async ({
  openPage,
}) => {
  test.setTimeout(90_000);
  const shop = await openPage('shop');
  await shop.goto('/crm/purchase_index');
  await shop.getByRole('button', { name: '新建采购单' }).click();
  const form = shop.getByRole('dialog', { name: '新建采购单' });
  await form.getByLabel('供应商').fill('墨印');
  await expect(highlightedOption(shop, SUPPLIER)).toBeVisible();
  await form.getByLabel('供应商').press('Enter');
  const line = form.getByRole('group', { name: '第1行' });
  await line.getByLabel('商品').fill('休闲夹克');
  await expect(highlightedOption(shop, GOODS)).toBeVisible();
  await line.getByLabel('商品').press('Enter');
  await line.getByLabel('采购数量').fill('3');
  await line.getByLabel('单价（元）').fill('120');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(shop, /已新建采购单 CG\d{8}-\d{4}/)).toBeVisible();

  const drawer = shop.getByRole('dialog', { name: /^采购单 CG/ });
  const orderNo = (
    (await drawer
      .getByText(/^采购单 CG/)
      .first()
      .textContent()) ?? ''
  )
    .replace('采购单 ', '')
    .trim();
  await drawer.getByRole('button', { name: '下单' }).click();
  await shop
    .getByRole('dialog')
    .filter({ hasText: `确定下单采购单 ${orderNo} 吗？` })
    .getByRole('button', { name: '确认下单' })
    .click();
  await expect(toast(shop, `采购单 ${orderNo} 已下单`)).toBeVisible();

  // Everything arrives: 入库中, not 已完成 — nothing is in stock before the record is checked.
  await drawer.getByRole('button', { name: '到货入库' }).click();
  const receive = shop.getByRole('dialog', { name: `到货入库 · ${orderNo}` });
  await expect(receive.getByLabel(/到货数量/)).toHaveValue('3');
  await receive.getByRole('button', { name: /入\s*库/ }).click();
  await shop
    .getByRole('dialog')
    .filter({ hasText: `确定采购单 ${orderNo} 到货入库 3 吗？` })
    .getByRole('button', { name: '确认入库' })
    .click();
  await expect(toast(shop, '已到货入库 3，入库单待审核')).toBeVisible();
  await expect(drawer.getByText('入库中').first()).toBeVisible();
  // Nothing more is to come: no 到货入库 to be refused.
  await expect(drawer.getByRole('button', { name: '到货入库' })).toHaveCount(0);
  const record = drawer.getByRole('list', { name: '到货记录' }).getByText(/入库单 RK\d{14}/);
  const inputNo = (/RK\d{14}/.exec((await record.textContent()) ?? '') ?? [''])[0];
  await expectAccessible(shop, '采购单 detail with a record to check');

  // The same person checks it: in stock, the order 已完成.
  await drawer.getByRole('button', { name: `审核入库 入库单 ${inputNo}` }).click();
  await shop
    .getByRole('dialog')
    .filter({ hasText: `确定审核入库单 ${inputNo} 吗？` })
    .getByRole('button', { name: '审核通过' })
    .click();
  await expect(toast(shop, `入库单 ${inputNo} 已审核，已计入库存`)).toBeVisible();
  await expect(drawer.getByText('已完成').first()).toBeVisible();
  await expect(drawer.getByRole('table', { name: '采购明细' }).getByRole('row').nth(1)).toContainText('3');
  await expect(drawer.getByRole('list', { name: '到货记录' })).toContainText('已审核');

  // The ledger shows the goods coming in under the order's number.
  await shop.goto('/crm/stock_manager?tab=moves');
  await shop.getByRole('searchbox', { name: '搜索库存流水' }).fill(orderNo);
  await shop.getByRole('searchbox', { name: '搜索库存流水' }).press('Enter');
  const move = shop
    .getByRole('table', { name: '库存流水列表' })
    .getByRole('row')
    .filter({ hasText: inputNo });
  await expect(move).toContainText('采购入库');
  await expect(move).toContainText('+3');
});
