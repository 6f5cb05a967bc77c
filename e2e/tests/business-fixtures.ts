import { expect, type Page } from '@playwright/test';
import { apiCall, uniqueSuffix } from './helpers.ts';

type Person = { id: number; username: string };

/**
 * A business on the demo project with every seat filled (as 配备团队 does, through its calls): the
 * empty seats, in the roles' order, go to the people `first` (业务员小李, 学生张三 and two people of
 * the directory unless told), then to anyone else of the company; a nested project's seats (a person sits once in each project) the same way.
 */
export async function staffedBusiness(
  page: Page,
  token: string,
  projectName = '价格调整听证会',
  first = ['business', 'student', 'demo_chensiyuan', 'demo_linxiaowen'],
) {
  const found = await (
    await page.request.get('/api/project/list', {
      params: { keyword: projectName },
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
  const order = [
    ...first.map((u) => people.find((p) => p.username === u)?.id),
    ...people.filter((p) => !first.includes(p.username) && p.username !== 'unit').map((p) => p.id),
  ];
  type Role = { project_name: string | null; seats: { id: number; user_id: number | null }[] };
  const data: { seat_id: number; user_id: number | undefined }[] = [];
  for (const project of new Set((made.roles as Role[]).map((r) => r.project_name))) {
    const empty = (made.roles as Role[])
      .filter((r) => r.project_name === project)
      .flatMap((r) => r.seats)
      .filter((t) => t.user_id === null);
    data.push(...empty.map((t, i) => ({ seat_id: t.id, user_id: order[i] })));
  }
  await apiCall(page.request, token, '/business/addMoreTeammates', {
    business_id: made.id,
    data: JSON.stringify(data),
  });
  return made as { id: number; name: string };
}

/** The business page's list of the nodes it is in now. */
export const currentNodes = (page: Page) => page.getByRole('region', { name: '当前环节' });

/** Ends the node through the exit labelled `exit` (the only one is taken as it is). */
export async function endNode(page: Page, node: string, exit?: string) {
  await currentNodes(page)
    .getByRole('listitem')
    .filter({ hasText: node })
    .getByRole('button', { name: '结束环节' })
    .click();
  const dialog = page.getByRole('dialog', { name: `结束环节“${node}”` });
  if (exit) await dialog.getByRole('radio', { name: exit }).check();
  await dialog.getByRole('button', { name: '结束环节' }).click();
  await expect(dialog).toBeHidden();
}
