import { expect, type Page } from '@playwright/test';
import { outboxCode } from './helpers.ts';

// Steps of the shop journeys (shop-journey.spec.ts, payment.spec.ts).

/** Registers through /register with the code from the outbox; the new member is logged in. */
export async function register(page: Page, mobile: string, name: string) {
  await page.goto('/register');
  const form = page.getByRole('form', { name: '注册会员' });
  await form.getByLabel('手机号').fill(mobile);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await form.getByLabel('验证码').fill(await outboxCode(page.request, mobile));
  await form.getByLabel('密码', { exact: true }).fill('Member1234');
  await form.getByLabel('确认密码').fill('Member1234');
  await form.getByLabel('姓名（选填）').fill(name);
  // The consent is required: refused beside the box until it is ticked.
  await form.getByRole('button', { name: '注册' }).click();
  await expect(form.getByText('请阅读并同意《用户协议》和《隐私政策》')).toBeVisible();
  await form.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' }).check();
  await form.getByRole('button', { name: '注册' }).click();
  await expect(page).not.toHaveURL(/\/register/);
}

/** The open menus of the 所在地区 cascade (省, then 市, then 区县). */
export const regionMenu = (page: Page, column: number) =>
  page.locator('.consignee-region-popup .ant-cascader-menu').nth(column);

/** Picks 省 / 市 / 区县 in the address dialog's cascade with the mouse, column by column. */
export async function pickRegion(page: Page, path: readonly [string, string, string]) {
  const form = page.getByRole('form', { name: '收货地址' });
  await form.getByRole('combobox', { name: '所在地区' }).click();
  for (const [column, name] of path.entries()) {
    const item = regionMenu(page, column).getByRole('menuitemcheckbox', { name, exact: true });
    if (column === path.length - 1) await item.click();
    // A click that lands while the opening popup still moves expands nothing (seen once in a
    // busy run: 浙江省 clicked, no 市 column for three minutes): click again until the next
    // column shows, as a person would.
    else
      await expect(async () => {
        await item.click();
        await expect(regionMenu(page, column + 1)).toBeVisible({ timeout: 2_000 });
      }).toPass();
  }
  await expect(page.locator('.consignee-region-popup')).toBeHidden();
}

/** Adds a consignee on the settle page (the member has none yet): 浙江省 / 杭州市 / 西湖区 from the cascade. */
export async function addConsignee(page: Page, name: string, mobile: string) {
  await page.getByRole('button', { name: '新增收货地址' }).click();
  const form = page.getByRole('form', { name: '收货地址' });
  await form.getByLabel('收货人').fill(name);
  await form.getByLabel('手机号').fill(mobile);
  await pickRegion(page, ['浙江省', '杭州市', '西湖区']);
  await form.getByLabel('详细地址').fill('文三路 100 号 3 幢 201 室');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.getByRole('radiogroup', { name: '选择收货地址' })).toContainText(name);
}

/** The number of the order just placed, from the success page. */
export async function placedOrderNo(page: Page): Promise<string> {
  await expect(page.getByText('订单提交成功')).toBeVisible();
  const shown = await page
    .getByText(/订单号[:：]\s*\d+/)
    .first()
    .textContent();
  const no = shown?.match(/\d{8,}/)?.[0];
  if (!no) throw new Error('the placed order shows no order number');
  return no;
}
