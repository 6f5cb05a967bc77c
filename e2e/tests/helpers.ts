import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { sessionValues } from '../../apps/web/src/shared/sessionValues.ts';
import { describeFindings, scanBothWidths, scanVisited, trackRequests, trackVisits } from './a11y.ts';

/** Every demo account shares this password (apps/server/src/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'demo123456';

export type Area = 'manager' | 'car' | 'tool' | 'instructor' | 'business' | 'crm' | 'student';

export interface DemoAccount {
  username: string;
  role: number;
  realName: string;
  company: string;
  area: Area;
}

const HQ = '启航企业服务有限公司';

/** The seeded demo accounts with the area their role lands in (spec §2). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', role: 1, realName: '系统管理员', company: HQ, area: 'manager' },
  { username: 'cluster', role: 2, realName: '集群管理员', company: HQ, area: 'manager' },
  { username: 'unit', role: 3, realName: '单位管理员', company: HQ, area: 'manager' },
  { username: 'instructor', role: 4, realName: '王老师', company: HQ, area: 'instructor' },
  { username: 'business', role: 5, realName: '业务员小李', company: HQ, area: 'business' },
  { username: 'cluster_asst', role: 6, realName: '集群助理', company: HQ, area: 'manager' },
  { username: 'unit_asst', role: 7, realName: '单位助理', company: HQ, area: 'manager' },
  { username: 'instructor_asst', role: 8, realName: '助教小周', company: HQ, area: 'manager' },
  { username: 'student', role: 9, realName: '学生张三', company: HQ, area: 'student' },
  { username: 'car', role: 10, realName: '车贸专员', company: HQ, area: 'car' },
  { username: 'tool', role: 11, realName: '工具用户', company: HQ, area: 'tool' },
  { username: 'shop', role: 12, realName: '商城管理员', company: HQ, area: 'crm' },
  { username: 'warehouse', role: 13, realName: '仓库管理员', company: HQ, area: 'crm' },
  { username: 'purchaser', role: 14, realName: '采购员', company: HQ, area: 'crm' },
  { username: 'finance', role: 18, realName: '财务人员', company: HQ, area: 'crm' },
  { username: 'sales', role: 20, realName: '销售人员', company: HQ, area: 'crm' },
  { username: 'service', role: 21, realName: '客服人员', company: HQ, area: 'crm' },
  { username: 'qf_shop', role: 12, realName: '青峰商城管理员', company: '青峰贸易有限公司', area: 'crm' },
];

/** The title each area shows in the top bar (apps/web/src/app/routes/table.ts). */
export const AREA_TITLES: Record<Area, string> = {
  crm: '商城管理',
  car: '车贸管理',
  tool: '工具箱',
  manager: '管理中心',
  business: '业务中心',
  student: '学生中心',
  instructor: '指导中心',
};

export function account(username: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`no demo account ${username}`);
  return found;
}

/** A suffix that keeps names unique across parallel tests and repeated runs. */
export const uniqueSuffix = () => Math.random().toString(36).slice(2, 8);

export const loginForm = (page: Page) => page.getByRole('form', { name: '用户登录' });

/**
 * Fills and submits the login form. Opens /login first unless a login form is already shown (for
 * example after a redirect to /login?redirect=…). Does not wait for the result.
 */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const form = loginForm(page);
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await form.getByLabel('用户名', { exact: true }).fill(username);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs in through the UI and waits until the shell shows the user's name. */
export async function login(page: Page, username: string): Promise<DemoAccount> {
  const who = account(username);
  await submitLogin(page, username);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(userMenu(page)).toContainText(who.realName);
  return who;
}

/**
 * Starts a session without the login page, for a journey whose subject is not the login: logs in
 * through the API (the context gets the HttpOnly session cookie) and gives the browser what the
 * login page would leave (apps/web/src/shared/session.ts `startSession`: the userInfo cookie, the
 * token and the auth record in local storage, their values from `sessionValues`, without 记住我),
 * then opens `path` when given. The login page and the landing screen are not loaded (login.spec.ts
 * and area-home.spec.ts walk those). A demo account by default; a member with their mobile and
 * password. Returns the session's token (for `apiCall`).
 */
export async function signIn(
  page: Page,
  username: string,
  path?: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await page.request.post('/api/account/login', { form: { username, password } });
  const body = await res.json();
  expect(body.c, `login ${username}: ${body.m}`).toBe(0);
  const token = body.d.token as string;
  const { record, info } = sessionValues(body.d, false);
  await page.context().addCookies([
    // js-cookie's encoding, as the app writes it; a session cookie, as without 记住我.
    { name: 'userInfo', value: encodeURIComponent(JSON.stringify(info)), url: new URL(res.url()).origin },
  ]);
  // Local storage belongs to the page's origin, so it is written as the first document starts:
  // while this user's cookie is there and no token is (a logout or an expired session, which
  // clear both, are not undone; a later login of someone else keeps theirs).
  await page.context().addInitScript(
    ({ token, record }) => {
      const raw = document.cookie
        .split('; ')
        .find((c) => c.startsWith('userInfo='))
        ?.slice('userInfo='.length);
      if (!raw || localStorage.getItem('token') !== null) return;
      try {
        if ((JSON.parse(decodeURIComponent(raw)) as { username?: string }).username !== record.username)
          return;
      } catch {
        return;
      }
      localStorage.setItem('token', token);
      localStorage.setItem('portal_user', JSON.stringify(record));
    },
    { token, record },
  );
  if (path) await page.goto(path);
  return token;
}

/** The top-bar button that holds the user's name and opens 个人信息 / 修改密码 / 退出登录. */
export const userMenu = (page: Page) => page.getByRole('button', { name: '用户菜单' });

export const sideMenu = (page: Page) => page.getByRole('menu', { name: '侧边菜单' });

/** The user menu's drop-down (the side menu has a 修改密码 entry too, so it is told apart by 退出登录). */
export const userMenuDropdown = (page: Page) =>
  page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: '退出登录' }) });

/** Opens the user menu and picks an entry. */
export async function chooseUserMenu(page: Page, entry: '个人信息' | '修改密码' | '退出登录') {
  await userMenu(page).click();
  await userMenuDropdown(page).getByRole('menuitem', { name: entry }).click();
}

export async function cookieNamed(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

export const localToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/**
 * The newest toast with this text. antd renders each message with role alert inside its message
 * container; the container is named by class because inline alerts (the login panel's) share the
 * role. The same text can be up twice for a moment (two saves in a row), hence the newest.
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message').getByRole('alert').filter({ hasText: text }).last();

/**
 * Runs `action` and asserts that it showed the toast `text`. A toast is up for TOAST_MS (1.5 s),
 * which a loaded run's `expect(toast(…)).toBeVisible()`, polling from the test process, can look
 * past; this watches the page itself every frame, from before the action until the toast shows.
 */
export async function expectToastFrom(page: Page, text: string, action: () => Promise<unknown>) {
  const shown = page
    .waitForFunction(
      (t) =>
        Array.from(document.querySelectorAll('.ant-message [role="alert"]')).some(
          (e) => e.textContent?.includes(t) && e.checkVisibility(),
        ),
      text,
      { timeout: 10_000 },
    )
    .then(
      () => undefined,
      (error: Error) => new Error(`toast 「${text}」 not shown: ${error.message}`),
    );
  await action();
  const failed = await shown;
  if (failed) throw failed;
}

/**
 * The option of an open antd select that Enter takes: the highlighted one. The select highlights
 * its first option in an effect that runs after the options are drawn, so an option can be on
 * screen while the highlight is still the empty list's (options loading), and Enter then picks
 * nothing and closes the list. Wait for this before pressing Enter.
 */
export const highlightedOption = (page: Page, text: string) =>
  page.locator('.ant-select-item-option-active').filter({ hasText: text }).first();

/**
 * How long a journey waits for what a job shows when it ends (an import's preview or result): a
 * job may wait in the server's queue behind another journey's (one runs at a time, ADR 0037).
 */
export const JOB_WAIT = { timeout: 60_000 };

/** The cell of `row` under the column headed `column` in `table`. */
export async function cellOf(table: Locator, row: Locator, column: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === column);
  if (index < 0) throw new Error(`no column ${column} in ${headers.join(', ')}`);
  return row.getByRole('cell').nth(index);
}

/** A random mobile number (`137` unless told), unique enough across parallel tests and runs. */
export const newMobile = (prefix = '137') =>
  `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * The newest registration code sent to `mobile`, as the administrator reads it from the SMS outbox
 * (the login leaves the administrator's cookie in `request`).
 */
export async function outboxCode(request: APIRequestContext, mobile: string): Promise<string> {
  const login = await (
    await request.post('/api/account/login', { form: { username: 'admin', password: DEMO_PASSWORD } })
  ).json();
  expect(login.c).toBe(0);
  const res = await request.get('/api/sms/outbox/', {
    params: { mobile },
    headers: { authorization: `Token ${login.d.token}` },
  });
  const rows = (await res.json()).d.results as { content: string }[];
  const code = /验证码为(\d{6})/.exec(rows[0]?.content ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

export interface Member {
  mobile: string;
  password: string;
  /** The new member's session token (for API calls as the member). */
  token: string;
}

/** A new member registered through the API with the code from the SMS outbox. */
export async function registerMember(
  request: APIRequestContext,
  { realName, password = 'Member2024' }: { realName: string; password?: string },
): Promise<Member> {
  const mobile = newMobile();
  const sent = await (
    await request.post('/api/account/send/code', { form: { mobile, purpose: 'register' } })
  ).json();
  expect(sent.c).toBe(0);
  const code = await outboxCode(request, mobile);
  const registered = await (
    await request.post('/api/account/register', {
      form: { mobile, code, password, real_name: realName, agreement: 1 },
    })
  ).json();
  expect(registered.c).toBe(0);
  return { mobile, password, token: registered.d.token as string };
}

/** The page neither scrolls sideways nor is wider than the window (a 375 px phone, say). */
export async function expectNoSidewaysScroll(page: Page, where = page.url()): Promise<void> {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.doc, `${where}: page width`).toBeLessThanOrEqual(widths.view);
  expect(widths.body, `${where}: body width`).toBeLessThanOrEqual(widths.view);
}

/**
 * Waits until the page runs (`<html data-ready>`, set by the app once a page is mounted). A page the
 * server renders (docs/adr/0009) is on screen before its scripts run; a click or key press in that
 * moment would do nothing.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** `goto` and `reload` of this page return once the app runs on the new document. */
function waitingForApp(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await waitForApp(page);
    return res;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const res = await reload(options);
    await waitForApp(page);
    return res;
  };
}

/** The pages of a test, each with the addresses it visited (for the accessibility check). */
type Visits = Map<Page, string[]>;

function tracking(visits: Visits, baseURL: string) {
  return (page: Page) => {
    waitingForApp(page);
    trackRequests(page);
    visits.set(page, trackVisits(page, baseURL));
  };
}

/**
 * Dialogs open at their full size in the journeys: antd zooms a dialog in from the point clicked,
 * first holding it paused at a fifth of its size; on a busy page that lasts two frames or more, so
 * Playwright took a button in it for "stable", pressed on it, and released over the dialog's wrap
 * once it had grown — the click went to neither and nothing happened (the lost clicks of
 * goods-category, files, promotion-admin, coupon-admin: about 1 run in 10). Only the size is held:
 * the dialog still fades in and its opening and closing end as they do for users.
 */
function dialogsAtFullSize() {
  const style = () => {
    const s = document.createElement('style');
    s.textContent = '.ant-zoom-appear, .ant-zoom-enter { transform: none !important; }';
    document.head.append(s);
  };
  if (document.head) style();
  else document.addEventListener('DOMContentLoaded', style, { once: true });
}

/**
 * `test` with `openPage`: a page in a browser context of its own (a second visitor, a member of
 * staff beside the test's page), logged in as `username` when given (through the API, `signIn`:
 * the page is blank until the test opens an address). Its context is closed when the test ends.
 *
 * Every test also runs the accessibility check (a11y.ts): when it has passed, each kind of page
 * its pages visited that no test of this run has scanned yet is opened again and scanned at 1366
 * and 375 px; a critical or serious finding fails the test.
 */
export const test = base.extend<{
  openPage: (username?: string) => Promise<Page>;
  visits: Visits;
  accessibility: undefined;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  visits: async ({}, use) => {
    await use(new Map());
  },
  // Depends on the pages and contexts it scans, so it runs before they are closed.
  accessibility: [
    async ({ visits, page, openPage }, use, testInfo) => {
      void page;
      void openPage;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) return;
      const findings = [];
      for (const [visited, urls] of visits) {
        if (!visited.isClosed()) findings.push(...(await scanVisited(visited, urls, testInfo)));
      }
      expect(findings, `accessibility (axe-core, WCAG 2.1 AA):\n${describeFindings(findings)}`).toEqual([]);
    },
    // Its own time limit: a journey that visits many new pages scans them all after it ends.
    { auto: true, timeout: 180_000 },
  ],
  context: async ({ context, visits, baseURL }, use) => {
    context.on('page', tracking(visits, baseURL ?? ''));
    await context.addInitScript(dialogsAtFullSize);
    await use(context);
  },
  openPage: async ({ browser, visits, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (username) => {
      const context = await browser.newContext();
      context.on('page', tracking(visits, baseURL ?? ''));
      await context.addInitScript(dialogsAtFullSize);
      contexts.push(context);
      const page = await context.newPage();
      if (username) await signIn(page, username);
      return page;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

/**
 * Scans the page as it is now (a state no address reaches again: an open dialog, a result panel)
 * at both widths and fails on a critical or serious finding.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await scanBothWidths(page, where, test.info());
  expect(findings, `accessibility of ${where}:\n${describeFindings(findings)}`).toEqual([]);
}

/** A POST as the holder of `token`; the envelope's `d` (the call must succeed). */
export async function apiCall(
  request: APIRequestContext,
  token: string,
  url: string,
  form: Record<string, string | number> = {},
) {
  const body = await (
    await request.post(`/api${url}`, { form, headers: { authorization: `Token ${token}` } })
  ).json();
  expect(body.c, `${url}: ${body.m}`).toBe(0);
  return body.d;
}

/**
 * A new member (registered through the API) orders one of the named goods by buy-now, paid by
 * transfer and waiting for the shop: the member and the order as the API answered it.
 */
export async function memberOrder(request: APIRequestContext, goods: string, realName: string) {
  const found = await (
    await request.get('/api/goods/staff/shopgoods/', { params: { keyword: goods, page: 1, page_size: 5 } })
  ).json();
  const goodsId = (found.d.results as { id: number; name: string }[]).find((g) => g.name === goods)?.id;
  if (!goodsId) throw new Error(`no goods ${goods}`);
  const member = await registerMember(request, { realName });
  const address = await apiCall(request, member.token, '/consignee/update', {
    name: realName,
    mobile: member.mobile,
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路 100 号',
  });
  const placed = await apiCall(request, member.token, '/order/create', {
    goods_id: goodsId,
    quantity: 1,
    consignee_id: address.id,
    payment_method: 'bank_transfer',
  });
  return {
    goodsId,
    member,
    order: placed.order as { id: number; order_no: string; items: { id: number }[] },
  };
}

/** The first category of the company's goods tree (`/goods/categorys`), for goods a journey makes through the API. */
export async function firstCategoryId(request: APIRequestContext, token: string): Promise<number> {
  // Depth first: an object's own id, else the first id among its values (an array's elements).
  const firstId = (v: unknown): number | undefined => {
    if (!v || typeof v !== 'object') return undefined;
    const own = (v as { id?: unknown }).id;
    if (!Array.isArray(v) && typeof own === 'number') return own;
    for (const x of Object.values(v)) {
      const id = firstId(x);
      if (id !== undefined) return id;
    }
    return undefined;
  };
  const id = firstId(await apiCall(request, token, '/goods/categorys'));
  if (id === undefined) throw new Error('the company has no goods category');
  return id;
}
