import { expect } from '@playwright/test';
import { maskMobile } from '../../apps/web/src/modules/account/memberForm.ts';
import { expectAccessible, expectNoSidewaysScroll, registerMember, submitLogin, test } from './helpers.ts';

test('/app tells the newest release of each platform and offers no download without a package', async ({
  page,
}) => {
  await page.goto('/app');
  await expect(page).toHaveTitle(/App 下载/);
  const android = page.getByRole('region', { name: 'Android 客户端' });
  await expect(android).toContainText('2.3.1');
  await expect(android.getByRole('list', { name: 'Android 更新内容' })).toContainText('新增扫码注册');
  const ios = page.getByRole('region', { name: 'iOS 客户端' });
  await expect(ios).toContainText('2.3.0');
  // The demo company put no package up (issue 35): no download, no QR code, and it says so.
  for (const release of [android, ios]) {
    await expect(release).toContainText('安装包尚未上传，暂不提供下载');
    await expect(release.getByRole('link', { name: /下载/ })).toHaveCount(0);
    await expect(release.getByRole('img', { name: /二维码/ })).toHaveCount(0);
  }
});

test('/qrcode shows the site’s QR codes; a member sees their own referral link', async ({
  page,
  request,
  openPage,
  baseURL,
}) => {
  await page.goto('/qrcode');
  for (const name of ['商城首页', '注册会员']) {
    const card = page.getByRole('region', { name });
    await expect(card.getByRole('img', { name: `${name}二维码` })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: '注册会员' })).toContainText('/register?company_id=125');
  // A QR code downloads as a PNG that scans when printed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: '商城首页' }).getByRole('button', { name: '下载 PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('商城首页-二维码.png');
  const referral = page.getByRole('region', { name: '我的推荐码' });
  await expect(referral.getByRole('button', { name: '登录后生成' })).toBeVisible();

  const member = await registerMember(request, { realName: '扫码会员' });
  await referral.getByRole('button', { name: '登录后生成' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitLogin(page, member.mobile, member.password);
  await expect(page).toHaveURL(/\/qrcode$/);
  const mine = page.getByRole('region', { name: '我的推荐码' });
  await expect(mine.getByRole('img', { name: '我的推荐码二维码' })).toBeVisible();
  await expect(mine).toContainText(`/register?HigherMobile=${member.mobile}&company_id=125`);

  // A friend who scans it lands on the register page with the member as referrer (masked).
  const link = `${baseURL}/register?HigherMobile=${member.mobile}&company_id=125`;
  await expect(mine).toContainText(link);
  const friend = await openPage();
  await friend.goto(link);
  // A fresh browser loads the register chunk cold: allow for a busy machine. The referrer shows
  // masked (137****1234): the whole mask, and never the whole number.
  const masked = maskMobile(member.mobile);
  expect(masked).toMatch(/^1\d{2}\*{4}\d{4}$/);
  await expect(friend.getByText(`推荐人：${masked}`, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(friend.locator('body')).not.toContainText(member.mobile);
});

test('/searchPerson finds staff by part of the name and shows no contact data', async ({ page }) => {
  await page.goto('/searchPerson');
  await expect(page.getByText('输入姓名开始查找')).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/search/person')),
    (async () => {
      await page.getByRole('searchbox', { name: '姓名' }).fill('思远');
      await page.getByRole('searchbox', { name: '姓名' }).press('Enter');
    })(),
  ]);
  const body = await response.json();
  for (const p of body.d.results) {
    expect(Object.keys(p).sort()).toEqual(['group', 'id', 'position', 'real_name', 'role_name']);
  }
  const card = page.getByRole('article', { name: '陈思远' });
  await expect(card).toContainText('采购员');
  await expect(card).toContainText('采购主管');
  await expect(card).toContainText('采购部');
  await expect(page.locator('main')).not.toContainText(/1\d{10}|@/);
  await expect(page).toHaveURL(/name=/);

  await page.getByRole('searchbox', { name: '姓名' }).fill('不存在的人');
  await page.getByRole('searchbox', { name: '姓名' }).press('Enter');
  await expect(page.getByText('没有找到姓名包含“不存在的人”的人员')).toBeVisible();
});

test('/searchExperiment finds public projects by keyword and category', async ({ page }) => {
  await page.goto('/searchExperiment');
  await expect(page.getByRole('article', { name: '企业采购全流程模拟' })).toBeVisible();
  await expect(page.getByRole('article', { name: /内部试运行/ })).toHaveCount(0);

  await page.getByRole('searchbox', { name: '关键字' }).fill('招标');
  await page.getByRole('searchbox', { name: '关键字' }).press('Enter');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: '公开招标与投标模拟' })).toContainText('招标投标');

  await page.getByRole('searchbox', { name: '关键字' }).fill('');
  await page.getByRole('searchbox', { name: '关键字' }).press('Enter');
  await page.getByRole('group', { name: '项目分类' }).getByText('财务管理').click();
  await expect(page).toHaveURL(/category=finance/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: '费用报销审批流程' })).toBeVisible();

  // A card opens its project: the whole introduction and how to take part (a visitor logs in first).
  await page.getByRole('button', { name: '费用报销审批流程' }).click();
  const dialog = page.getByRole('dialog', { name: '费用报销审批流程' });
  await expect(dialog).toContainText('财务管理');
  await expectAccessible(page, '实训项目 dialog');
  await dialog.getByRole('button', { name: '登录后参加实训' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstudent%2Fbusiness-watch/);
});

test('the finder pages fit a 375 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/app');
  await expect(page.getByRole('region', { name: 'Android 客户端' })).toContainText('2.3.1');
  await expectNoSidewaysScroll(page);
  await page.goto('/qrcode');
  await expect(page.getByRole('img', { name: '商城首页二维码' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto(`/searchPerson?name=${encodeURIComponent('陈')}`);
  await expect(page.getByRole('article', { name: '陈思远' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/searchExperiment');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});
