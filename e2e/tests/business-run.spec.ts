import { expect, type Page } from '@playwright/test';
import { apiCall, expectAccessible, expectNoSidewaysScroll, signIn, test, uniqueSuffix } from './helpers.ts';

// A running business, live (issue 37, docs/adr/0043): the demo 单位管理员 starts a business on the
// 价格调整听证会 demo project with 业务员小李 as a 陈述人, enters it — which starts it —; 业务员小李
// finds it in 进行中的业务, and the two exchange messages in two browsers, each seeing the other's without reloading; a page whose
// connection dropped catches up when it is back. Who may send what and the socket's refusals are
// the API tests' (apps/server business-message.test.ts).

type Person = { id: number; username: string };

/** The demo hearing's business with every seat filled (as 配备团队 does, through its calls). */
async function staffedBusiness(page: Page, token: string) {
  const found = await (
    await page.request.get('/api/project/list', {
      params: { keyword: '价格调整听证会' },
      headers: { authorization: `Token ${token}` },
    })
  ).json();
  const projectId = found.d.results[0].id as number;
  const made = await apiCall(page.request, token, '/business/create', {
    project_id: projectId,
    name: `E2E实时听证${uniqueSuffix()}`,
  });
  const people = (await apiCall(page.request, token, '/business/getUnitUserList', { business_id: made.id }))
    .results as Person[];
  const byName = (u: string) => people.find((p) => p.username === u)?.id;
  const others = ['student', 'demo_chensiyuan', 'demo_linxiaowen'].map(byName);
  const empty = (made.roles as { seats: { id: number; user_id: number | null }[] }[])
    .flatMap((r) => r.seats)
    .filter((t) => t.user_id === null);
  const chosen = [byName('business'), ...others];
  await apiCall(page.request, token, '/business/addMoreTeammates', {
    business_id: made.id,
    data: JSON.stringify(empty.map((t, i) => ({ seat_id: t.id, user_id: chosen[i] }))),
  });
  return made as { id: number; name: string };
}

const log = (page: Page) => page.getByRole('log', { name: '业务消息记录' });

test('two members of a running business see each other’s messages live', async ({ page, openPage }) => {
  const token = await signIn(page, 'unit');
  const business = await staffedBusiness(page, token);

  // The starter enters from 配备团队: the business starts.
  await page.goto(`/moreTeammates?business_id=${business.id}`);
  await page.getByRole('link', { name: '进入业务' }).click();
  await expect(page).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
  await expect(page.getByText('进行中')).toBeVisible();
  await expect(page.getByText('陈述意见', { exact: true })).toBeVisible();
  await expect(page.getByText('实时', { exact: true })).toBeVisible();

  // The member finds it among their businesses in progress (业务中心 → 进行中的业务).
  const member = await openPage('business');
  await member.goto('/business/list/progress');
  await member.getByRole('link', { name: `进入业务 ${business.name}` }).click();
  await expect(member).toHaveURL(new RegExp(`/business/detail/${business.id}$`));
  await expect(member.getByText('陈述人', { exact: true })).toBeVisible();
  await expect(member.getByText('实时', { exact: true })).toBeVisible();

  const say = async (who: Page, text: string) => {
    await who.getByRole('textbox', { name: /在“.+”发言/ }).fill(text);
    await who.getByRole('textbox', { name: /在“.+”发言/ }).press('Enter');
  };
  await say(member, '我方认为票价上调过快');
  await expect(log(page)).toContainText('陈述人·业务员小李');
  await expect(log(page)).toContainText('我方认为票价上调过快');
  await say(page, '请陈述理由');
  await expect(log(member)).toContainText('请陈述理由');
  await expectAccessible(member, 'a running business');

  // The member's connection drops; what is said meanwhile reaches them when it is back.
  await member.context().setOffline(true);
  await expect(member.getByText('连接已断开，正在重连').or(member.getByText('正在连接…'))).toBeVisible();
  await say(page, '断线期间的发言');
  await member.context().setOffline(false);
  await expect(log(member)).toContainText('断线期间的发言');
  await expect(member.getByText('实时', { exact: true })).toBeVisible();
  // In order, each once.
  await expect(log(member).getByRole('listitem')).toHaveCount(3);
  // On a phone the page fits: the send box wraps under its label.
  await member.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(member);
});
