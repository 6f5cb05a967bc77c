import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page, Request, TestInfo } from '@playwright/test';
import type axe from 'axe-core';

/**
 * The accessibility check every journey runs (docs/ARCHITECTURE.md, "What every screen passes").
 * axe-core's WCAG 2.0/2.1 A and AA rules, at the two widths the product is built for; a critical or
 * serious violation fails the journey. Every page a journey visits is scanned once per run (pages
 * are told apart by path, numbers standing for ids, and by whether a user is logged in); a journey
 * scans a state no address reaches (an open dialog) with `expectAccessible`.
 */
export const A11Y_WIDTHS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's minified build (654 kB; `axe.source` is the 1.5 MB unminified one): the same rules, half
 * the script each scanned document parses and compiles (about a quarter of a scan's time).
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING = new Set(['critical', 'serious']);

export interface Finding {
  where: string;
  width: number;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The run's record of scans (one file per scan; the report at the end counts them). */
export const a11yDir = (outputDir: string) => path.join(outputDir, 'a11y');

/** The requests a page has open, counted from its events (`trackRequests`). */
interface Requests {
  open: Set<Request>;
  /** Requests started so far: a settled page started none across the quiet frames. */
  started: number;
  /** Resolves when no request is open (at once when none is). */
  idle(): Promise<void>;
}

const requestsOf = new WeakMap<Page, Requests>();

/** Counts the requests `page` has open, for `settle` (every page the fixtures make, helpers.ts). */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  let waiting: (() => void)[] = [];
  const done = (r: Request) => {
    open.delete(r);
    if (open.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const requests: Requests = {
    open,
    started: 0,
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
  page.on('request', (r) => {
    // A server push stream (the back office's 新订单 signal) stays open as long as the page: it is
    // not loading, and counting it would hold every scan to its deadline.
    if (r.resourceType() === 'eventsource') return;
    open.add(r);
    requests.started++;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  requestsOf.set(page, requests);
}

/** Two frames of the page and a task after them: what a render and its effects take to start a request. */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );

/**
 * Waits until the page is still: no request open and none started across two frames (the app's
 * queries and page chunks loaded, and none that their render started), the fonts loaded, no finite
 * animation running. Playwright's `networkidle` waits for 500 ms without a request instead, which
 * was a sixth of the scans' time. Only a page whose requests are counted from its start can be
 * known to be still: any other is refused, not scanned half-loaded.
 */
async function settle(page: Page): Promise<void> {
  const requests = requestsOf.get(page);
  if (!requests)
    throw new Error(
      'a11y: this page was not made by the fixtures (test’s page, openPage), so its requests are not ' +
        'counted and it cannot be scanned once settled',
    );
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      requests.idle(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, deadline - Date.now());
      }),
    ]);
    clearTimeout(timer);
    const started = requests.started;
    await frames(page);
    if (requests.open.size === 0 && requests.started === started) break;
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Finite animations still running (a toast, a dialog, a button coming alive) are put at their
  // end, as the user sees them a moment later — scanned halfway, a fading colour failed the
  // contrast rule now and then; polled until none runs (finishing one may start the next step).
  await page
    .waitForFunction(
      () => {
        const running = document
          .getAnimations()
          .filter(
            (a) =>
              (a.effect?.getTiming().iterations ?? 1) !== Number.POSITIVE_INFINITY &&
              a.playState === 'running',
          );
        for (const a of running) a.finish();
        return running.length === 0;
      },
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
}

/** One axe scan of the page as it is now; the critical and serious findings. */
async function scan(page: Page, where: string, width: number): Promise<Finding[]> {
  // Once per document: the two widths scan the same page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
  return result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      width,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** Scans the page as it is, at both widths, recording the scans for the run's report. */
export async function scanBothWidths(page: Page, where: string, testInfo: TestInfo): Promise<Finding[]> {
  const before = page.viewportSize();
  const findings: Finding[] = [];
  for (const size of A11Y_WIDTHS) {
    const start = Date.now();
    await page.setViewportSize(size);
    await settle(page);
    const found = await scan(page, where, size.width);
    findings.push(...found);
    record(testInfo, { where, width: size.width, findings: found.length, ms: Date.now() - start });
  }
  if (before) await page.setViewportSize(before);
  return findings;
}

function record(
  testInfo: TestInfo,
  entry: { where: string; width: number; findings: number; ms: number },
): void {
  const dir = path.join(a11yDir(testInfo.project.outputDir), 'scans');
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}

/**
 * Claims a page for this run: true the first time any worker asks for `key` (a file created with
 * O_EXCL, so two workers never both scan the same page).
 */
function claim(testInfo: TestInfo, key: string): boolean {
  const dir = path.join(a11yDir(testInfo.project.outputDir), 'pages');
  fs.mkdirSync(dir, { recursive: true });
  const name = Buffer.from(key).toString('base64url').slice(0, 200);
  try {
    fs.closeSync(fs.openSync(path.join(dir, name), 'wx'));
    return true;
  } catch {
    return false;
  }
}

/** A page's kind: its path, with numbers (ids) folded, so /order/3 and /order/4 are scanned once. */
export function pageKind(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/$/, '') || '/';
}

/** What a journey's pages visited, in order (main-frame documents and in-app navigations). */
export function trackVisits(page: Page, baseURL: string): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    if (!url.startsWith(baseURL)) return;
    const { pathname } = new URL(url);
    // Only the app's pages: not the API, not a file (a download, a picture opened on its own).
    if (pathname.startsWith('/api/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) return;
    visited.push(url);
  });
  return visited;
}

/** A dialog, drawer or pop-up confirm is open (it would hide the page from the scan). */
const overlayOpen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], .ant-modal-wrap, .ant-drawer-open')).some((e) =>
      e.checkVisibility(),
    ),
  );

/**
 * Opens `url` in the page, as a visitor following a link would: the app's router renders it in the
 * document already there (the app is not loaded again, axe stays in it) when the app runs and no
 * dialog is open before or after; otherwise, or when the router did not land on `url` (a redirect),
 * the address is loaded afresh.
 */
async function open(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  const here = new URL(page.url());
  const inApp =
    here.origin === target.origin &&
    here.pathname + here.search !== target.pathname + target.search &&
    (await page.evaluate(() => document.documentElement.dataset.ready !== undefined)) &&
    !(await overlayOpen(page));
  if (inApp) {
    // React Router's browser history renders the location a popstate leaves.
    await page.evaluate(
      (to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      },
      target.pathname + target.search + target.hash,
    );
    await settle(page);
    const now = new URL(page.url());
    if (now.pathname + now.search === target.pathname + target.search && !(await overlayOpen(page))) return;
  }
  await page.goto(url);
}

/**
 * After a journey: opens again each kind of page it visited that no journey of this run has
 * scanned yet (same browser context, so the same user), and scans it at both widths.
 */
export async function scanVisited(page: Page, visited: string[], testInfo: TestInfo): Promise<Finding[]> {
  const loggedIn = (await page.context().cookies()).some((c) => c.name === 'sessionid');
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const url of visited) {
    const kind = pageKind(url);
    const key = `${kind}|${loggedIn ? 'user' : 'guest'}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!claim(testInfo, key)) continue;
    await open(page, url);
    findings.push(...(await scanBothWidths(page, `${kind}${loggedIn ? '' : ' (guest)'}`, testInfo)));
  }
  return findings;
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) => `${f.where} @${f.width}px: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.join('\n    ')}`,
    )
    .join('\n');
}
