import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, registerMember, signIn, test, toast } from './helpers.ts';
import { pickRegion, placedOrderNo, regionMenu } from './shop.ts';

// Addresses by the national divisions (issue 11, item 5): 省 / 市 / 区县 picked from a cascade,
// a pasted whole address split into its fields, and the region shown once — in the address book,
// at checkout and in the placed order (北京市海淀区…, never 北京市北京市海淀区).

test.describe.configure({ timeout: 180_000 });

const GOODS = '法式碎花连衣裙';
const addresses = (page: Page) => page.getByRole('radiogroup', { name: '选择收货地址' });
const dialogForm = (page: Page) => page.getByRole('form', { name: '收货地址' });
const region = (page: Page) => dialogForm(page).getByRole('combobox', { name: '所在地区' });
/** What the cascade shows as picked (antd draws it beside the search input). */
const picked = (page: Page) =>
  dialogForm(page).locator('.ant-select-content, .ant-select-selection-item').first();

async function save(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('a member picks one address from the cascade and pastes another; checkout and the order show the region once', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, { realName: '地址会员' });
  await signIn(page, member.mobile, undefined, member.password);

  // Buy now: the settle page with no address yet.
  await page.goto(`/search?keyword=${encodeURIComponent('碎花')}`);
  await page.getByRole('link', { name: GOODS }).first().click();
  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/settle/);

  // 1. Picked from the cascade. Saving without a region says so beside the field.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const form = dialogForm(page);
  await expect(region(page)).toBeEnabled({ timeout: 20_000 });
  await form.getByLabel('收货人').fill('王西湖');
  await form.getByLabel('手机号').fill(member.mobile);
  await form.getByLabel('详细地址').fill('文三路 100 号 3 幢 201 室');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(form.getByText('请选择所在地区')).toBeVisible();
  await region(page).click();
  await regionMenu(page, 0).getByRole('menuitemcheckbox', { name: '浙江省', exact: true }).click();
  await regionMenu(page, 1).getByRole('menuitemcheckbox', { name: '杭州市', exact: true }).click();
  await expectAccessible(page, '收货地址 dialog with the region cascade open');
  await regionMenu(page, 2).getByRole('menuitemcheckbox', { name: '西湖区', exact: true }).click();
  await expect(picked(page)).toContainText('浙江省 / 杭州市 / 西湖区');
  await expect(form.getByText('请选择所在地区')).toBeHidden();
  await save(page);
  await expect(toast(page, '收货地址已新增')).toBeVisible();
  await expect(addresses(page)).toContainText('浙江省杭州市西湖区文三路 100 号 3 幢 201 室');

  // 2. Pasted and split: 识别 fills the fields, the member checks them and saves.
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await expect(region(page)).toBeEnabled({ timeout: 20_000 });
  await form.getByLabel('粘贴地址，自动识别').fill('北京海淀区中关村大街1号 李四，13987654321 邮编100080');
  await page.getByRole('dialog').getByRole('button', { name: '识别' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已识别' })).toHaveText(
    '已识别收货人、手机号、所在地区、详细地址，请核对后保存',
  );
  await expect(form.getByLabel('收货人')).toHaveValue('李四');
  await expect(form.getByLabel('手机号')).toHaveValue('13987654321');
  await expect(picked(page)).toContainText('北京市 / 海淀区');
  await expect(form.getByLabel('详细地址')).toHaveValue('中关村大街1号');
  await expectAccessible(page, '收货地址 dialog after 识别');
  await save(page);
  await expect(toast(page, '收货地址已新增')).toBeVisible();
  const beijing = addresses(page).getByRole('radio', { name: /李四/ });
  await expect(beijing).toBeChecked();
  await expect(addresses(page)).toContainText('北京市海淀区中关村大街1号');
  await expect(addresses(page)).not.toContainText('北京市北京市');

  // Checkout ships to the pasted one, and so does the order.
  const side = page.getByRole('complementary', { name: '订单金额' });
  await expect(side).toContainText('寄送至：北京市海淀区中关村大街1号');
  await page.getByRole('radiogroup', { name: '支付方式' }).getByText('货到付款').click();
  await side.getByRole('button', { name: '提交订单' }).click();
  await placedOrderNo(page);
  await page.getByRole('button', { name: '查看订单' }).click();
  await expect(page.getByText('北京市海淀区中关村大街1号').first()).toBeVisible();
  await expect(page.getByText(/北京市北京市/)).toHaveCount(0);
});

test('on a 375 px phone the address dialog fits: search the cascade by typing, paste a Guangdong address', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const member = await registerMember(request, { realName: '手机地址' });
  await signIn(page, member.mobile, '/Workbench?tab=address', member.password);
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const form = dialogForm(page);
  await expect(region(page)).toBeEnabled({ timeout: 20_000 });
  await form.getByLabel('收货人').fill('赵手机');
  await form.getByLabel('手机号').fill(member.mobile);
  // Typed: 西湖 finds every 西湖 of the country; the one in Hangzhou is picked.
  await region(page).fill('西湖');
  await page
    .locator('.consignee-region-popup')
    .getByRole('menuitemcheckbox', { name: '浙江省 / 杭州市 / 西湖区' })
    .click();
  await expect(picked(page)).toContainText('浙江省 / 杭州市 / 西湖区');
  await form.getByLabel('详细地址').fill('文三路 1 号');
  await expectNoSidewaysScroll(page, 'address dialog at 375 px');
  await save(page);
  await expect(page.getByText('浙江省杭州市西湖区文三路 1 号')).toBeVisible();

  // Edit it: the cascade opens on the saved region; paste a Guangdong address over it.
  await page.getByRole('button', { name: '编辑' }).first().click();
  await expect(picked(page)).toContainText('浙江省 / 杭州市 / 西湖区', { timeout: 20_000 });
  await form
    .getByLabel('粘贴地址，自动识别')
    .fill('收货人：钱深圳\n手机号码：13800138000\n所在地区：广东 深圳 南山区\n详细地址：科技园南区 1 栋');
  await page.getByRole('dialog').getByRole('button', { name: '识别' }).click();
  await expect(picked(page)).toContainText('广东省 / 深圳市 / 南山区');
  await expect(form.getByLabel('详细地址')).toHaveValue('科技园南区 1 栋');
  await region(page).click();
  await expect(regionMenu(page, 2)).toBeVisible();
  await expectNoSidewaysScroll(page, 'open cascade at 375 px');
  await page.getByRole('dialog').getByText('编辑收货地址').click();
  await expect(regionMenu(page, 2)).toBeHidden();
  await save(page);
  await expect(page.getByText('广东省深圳市南山区科技园南区 1 栋')).toBeVisible();
  // The cascade by the mouse still works after a paste (the column walk of the other journeys).
  await page.getByRole('button', { name: '编辑' }).first().click();
  await pickRegion(page, ['上海市', '上海市', '浦东新区']);
  await save(page);
  await expect(page.getByText('上海市浦东新区科技园南区 1 栋')).toBeVisible();
});
