import { expect } from '@playwright/test';
import { account, signIn, test } from './helpers.ts';

// 集群及单位管理 (docs/adr/0038): the demo 集群管理员 works for 启航集团, which holds the default company
// and 青峰贸易; 物联定位 is in no group. The scope's rules (another group, a company manager, an
// anonymous caller) are the API test's (apps/server/test/group.test.ts) and the route walk's.

/** The default company's seeded name (another journey renames it for a while, keeping it at the start). */
const HQ = account('shop').company;

test('a group manager sees the companies of their group, finds one by name, and none outside it', async ({
  page,
}) => {
  await signIn(page, 'cluster', '/manager/group_company');
  await expect(page.getByText('启航集团', { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: '启航集团的单位列表' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + 2
  await expect(table).toContainText(HQ);
  await expect(table).toContainText('青峰贸易有限公司');
  await expect(table).not.toContainText('物联定位');

  const search = page.getByRole('searchbox', { name: '搜索单位' });
  await search.fill('青峰');
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('青峰贸易有限公司');
  await search.fill('物联');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的单位')).toBeVisible();
});
