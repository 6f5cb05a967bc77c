// Web budget: the initial JavaScript of the public home page `/` — the entry script and every
// file the built index.html modulepreloads, i.e. what `/` downloads before any lazy route chunk —
// is at most 200 kB gzip. Then, on a freshly seeded server, the first load of a back-office list
// in Chromium (files and time until its rows show) and Lighthouse (mobile preset, simulated
// throttling, performance only) for the given paths.
//
//   npm run bench:web                      budget, back-office load, Lighthouse on /, /shop, /goodsDetail?id=1
//   npm run bench:web -- / /login          Lighthouse on these paths instead
//   npm run bench:web -- --size-only       the budget only (no server, no browser)
//   BENCH_WEB_BEFORE=HEAD npm run bench:web  the same for HEAD's build beside this one, in one run
//
// It builds nothing of this tree: run `npm run build` first (or BENCH_WEB_DIST=<a dist folder>
// with its dist-ssr beside it). BENCH_WEB_BEFORE=<commit> takes that commit's files (git archive)
// into a temporary folder with this tree's node_modules hard-linked, builds its web app there and
// runs its own server; BENCH_WEB_BEFORE=<folder> uses a tree already built there. The two builds
// are measured alternately, run by run. BENCH_LH_RUNS (3) Lighthouse runs per path and
// BENCH_LOAD_RUNS (5) back-office loads per build, medians reported. BENCH_WEB_URL=http://host:port
// measures a server that is already running instead (this build only, no back-office load).
import { type ChildProcess, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LoginResult } from '@portal/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { loginAs, sessionContext, startServer } from './web-server.ts';

const BUDGET_GZIP = 200_000;
const DEFAULT_PATHS = ['/', '/shop', '/goodsDetail?id=1'];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAVE_DIR = process.env.BENCH_LH_SAVE; // keep each run's full Lighthouse report (JSON) here

const LOAD_RUNS = Math.max(1, Number(process.env.BENCH_LOAD_RUNS ?? 5));
/** The back-office list whose first load is timed, its user, and what shows its content. */
const OFFICE_PATH = process.env.BENCH_OFFICE_PATH ?? '/crm/goods_manager';
const OFFICE_USER = process.env.BENCH_OFFICE_USER ?? 'shop';
const OFFICE_CONTENT = '.ant-table-row';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const sizeOnly = args.includes('--size-only');
const paths = args.filter((a) => !a.startsWith('--'));

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** A build to measure: the tree whose server serves it, and its dist folder. */
interface Build {
  label: string;
  tree: string;
  dist: string;
}

/**
 * The project at `rev` in a temporary folder, built: its files (`git archive`), this tree's
 * installed packages hard-linked in, then its own `vite build` and server renderer build.
 */
function buildAt(rev: string): Build {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-before-'));
  execSync(`git -C ${root} archive ${rev} | tar -x -C ${dir}`);
  for (const modules of ['node_modules', 'apps/server/node_modules'])
    if (fs.existsSync(path.join(root, modules)))
      execSync(`cp -al ${path.join(root, modules)} ${path.join(dir, modules)}`);
  console.error(`building ${rev} in ${dir} …`);
  execSync('npx vite build && npx vite build --ssr src/entry-server.tsx', {
    cwd: path.join(dir, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const short = execSync(`git -C ${root} rev-parse --short ${rev}`).toString().trim();
  return { label: short, tree: dir, dist: path.join(dir, 'apps/web/dist') };
}

const thisBuild: Build = {
  label: 'this tree',
  tree: root,
  dist: path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist')),
};
const before = process.env.BENCH_WEB_BEFORE;
const builds: Build[] = [
  ...(before
    ? [
        fs.existsSync(path.join(before, 'apps/web/dist'))
          ? {
              label: path.basename(before),
              tree: path.resolve(before),
              dist: path.resolve(before, 'apps/web/dist'),
            }
          : buildAt(before),
      ]
    : []),
  thisBuild,
];

// ── 1. Initial JS of `/` from dist/index.html ─────────────────────────────────────────────────

for (const b of builds)
  if (!fs.existsSync(path.join(b.dist, 'index.html'))) {
    console.error(
      `✗ ${path.join(b.dist, 'index.html')} is missing: build the web app first (npm run build).`,
    );
    process.exit(1);
  }

/** The attributes of every `<tag …>` in the page (no nesting needed: script and link only). */
function tags(html: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const [, attrs = ''] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const a: Record<string, string> = {};
    for (const [, name = '', v1, v2, v3] of attrs.matchAll(
      /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    ))
      a[name.toLowerCase()] = v1 ?? v2 ?? v3 ?? '';
    found.push(a);
  }
  return found;
}

/** The initial JS of `/` of a build: its table rows and total. */
function initialJs(dist: string) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const eager: { file: string; how: string }[] = [];
  for (const s of tags(html, 'script')) if (s.src) eager.push({ file: s.src, how: 'script' });
  for (const l of tags(html, 'link'))
    if (l.rel?.split(/\s+/).includes('modulepreload') && l.href)
      eager.push({ file: l.href, how: 'modulepreload' });

  const rows = [...new Map(eager.map((e) => [e.file, e])).values()].map(({ file, how }) => {
    if (/^([a-z]+:)?\/\//i.test(file)) throw new Error(`${file}: not a file of this build`);
    const local = path.join(dist, decodeURIComponent(file.replace(/^\//, '').split(/[?#]/)[0] ?? ''));
    const bytes = fs.readFileSync(local);
    return {
      file,
      how,
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
  });
  const total = rows.reduce(
    (t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
  return { rows, total };
}

for (const b of builds) {
  const { rows, total } = initialJs(b.dist);
  console.log(`\nInitial JS of / — ${b.label} (${b.dist}/index.html: script src + modulepreload href)`);
  console.table(
    [...rows, { file: 'total', how: `${rows.length} files`, ...total }].map((r) => ({
      file: r.file,
      loaded: r.how,
      raw: kB(r.raw),
      gzip: kB(r.gzip),
      brotli: kB(r.brotli),
    })),
  );
  const within = total.gzip <= BUDGET_GZIP;
  console.log(
    `${within ? '✓' : '✗'} ${b.label}: ${kB(total.gzip)} gzip of ${kB(BUDGET_GZIP)} budget ` +
      `(${((total.gzip / BUDGET_GZIP) * 100).toFixed(1)}%, ${within ? `${kB(BUDGET_GZIP - total.gzip)} left` : 'over'}); ` +
      `brotli ${kB(total.brotli)}`,
  );
  // Only this tree's build decides the exit code; the one before is for comparison.
  if (!within && b === thisBuild) process.exitCode = 1;
}
if (sizeOnly) process.exit();

// ── 2. Lighthouse on a freshly seeded server ──────────────────────────────────────────────────

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  jsFiles: number;
  hints: string;
}

const median = <T>(xs: T[], by: (x: T) => number): T | undefined =>
  [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];

// ── 2. First load of a back-office list ───────────────────────────────────────────────────────

interface Load {
  ms: number;
  js: number;
  css: number;
  requests: number;
}

/**
 * One cold load (a new browser context: empty cache) of OFFICE_PATH as OFFICE_USER, logged in the
 * way the app leaves a session (token in local storage, the userInfo cookie), at 1366 × 768: the
 * time from navigation until the list's first row is visible, and how many files were fetched.
 */
async function officeLoad(browser: Browser, base: string, login: LoginResult): Promise<Load> {
  const context = await sessionContext(browser, base, login);
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const fetched: { type: string; url: string }[] = [];
    page.on('request', (r) => fetched.push({ type: r.resourceType(), url: r.url() }));
    await page.goto(`${base}${OFFICE_PATH}`);
    await page.locator(OFFICE_CONTENT).first().waitFor({ timeout: 60_000 });
    // From the navigation's start, as the browser counts it.
    const ms = await page.evaluate(() => performance.now());
    if (errors.length > 0) throw new Error(`${OFFICE_PATH}: ${errors.join('; ')}`);
    return {
      ms,
      js: fetched.filter((f) => f.type === 'script').length,
      css: fetched.filter((f) => f.type === 'stylesheet').length,
      requests: fetched.length,
    };
  } finally {
    await context.close();
  }
}

// ── 3. Lighthouse on a freshly seeded server per build ────────────────────────────────────────

const external = process.env.BENCH_WEB_URL?.replace(/\/+$/, '');
const servers: { build: Build; base: string; child: ChildProcess | null; dataDir: string | null }[] = [];
const results: (Run & { build: string; path: string })[] = [];
const loads = new Map<string, Load[]>();
let version = '';
let chrome: chromeLauncher.LaunchedChrome | undefined;
let browser: Browser | undefined;
try {
  if (external) servers.push({ build: thisBuild, base: external, child: null, dataDir: null });
  else for (const b of builds) servers.push({ build: b, ...(await startServer(b.tree, b.dist)) });

  if (!external) {
    browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
    const logins = await Promise.all(servers.map((s) => loginAs(s.base, OFFICE_USER)));
    // One uncounted load per build (the server's first answers), then the builds in turn.
    for (const [i, s] of servers.entries()) await officeLoad(browser, s.base, logins[i] as LoginResult);
    for (let run = 0; run < LOAD_RUNS; run++)
      for (const [i, s] of servers.entries()) {
        const load = await officeLoad(browser, s.base, logins[i] as LoginResult);
        loads.set(s.build.label, [...(loads.get(s.build.label) ?? []), load]);
      }
    await browser.close();
    browser = undefined;
  }

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    // A loaded 2-core machine can take longer than the default 50 tries to open the debug port.
    maxConnectionRetries: 200,
  });
  const measured = paths.length > 0 ? paths : DEFAULT_PATHS;
  // A fresh Chromium's first page pays for starting itself (its first paint comes late, which
  // Lighthouse's simulation reads as the page's own delay): one run of the first path warms it up.
  // It is shown, and not counted.
  // The default config is the mobile preset with simulated throttling.
  const { port } = chrome;
  const run = (url: string) =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  for (const s of servers) {
    const warmUp = await run(`${s.base}${measured[0]}`);
    console.error(
      `  warm-up ${s.build.label} ${measured[0]}: ${Math.round((warmUp?.lhr.categories.performance?.score ?? 0) * 100)} (not counted)`,
    );
  }
  for (const p of measured) {
    const runs = new Map<string, Run[]>();
    // The builds in turn, run by run: a change of the machine's load falls on both.
    for (let i = 0; i < RUNS; i++)
      for (const s of servers) {
        const result = await run(`${s.base}${p}`);
        if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
        const { lhr } = result;
        if (SAVE_DIR) {
          fs.mkdirSync(SAVE_DIR, { recursive: true });
          const name = `${s.build.label.replace(/[^\w]+/g, '_')}-${p.replace(/[^\w]+/g, '_') || 'root'}-${i + 1}.json`;
          fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`${p}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        version = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}`;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const summary = (
          lhr.audits['resource-summary']?.details as {
            items?: { resourceType: string; transferSize: number; requestCount: number }[];
          }
        )?.items;
        const scripts = summary?.find((x) => x.resourceType === 'script');
        // The biggest opportunities, as Lighthouse names them (what to look at when the score drops).
        const hints = Object.values(lhr.audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
          .map((a) => ({ id: a.id, ms: (a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0 }))
          .filter((a) => a.ms >= 50)
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map((a) => `${a.id} ${Math.round(a.ms)} ms`)
          .join(', ');
        runs.set(s.build.label, [
          ...(runs.get(s.build.label) ?? []),
          {
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
            js: scripts?.transferSize ?? Number.NaN,
            jsFiles: scripts?.requestCount ?? Number.NaN,
            hints,
          },
        ]);
      }
    for (const s of servers) {
      const list = runs.get(s.build.label) ?? [];
      const mid = median(list, (r) => r.score);
      if (mid) results.push({ build: s.build.label, path: p, ...mid });
      console.error(`  ${s.build.label} ${p}: ${list.map((r) => r.score).join(', ')}`);
    }
  }
} finally {
  await browser?.close();
  chrome?.kill();
  for (const s of servers) {
    s.child?.kill('SIGTERM');
    if (s.dataDir) fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
if (loads.size > 0) {
  console.log(
    `\nFirst load of ${OFFICE_PATH} as ${OFFICE_USER} (Chromium ${CHROME}, 1366 × 768, empty cache; ` +
      `until the first ${OFFICE_CONTENT} shows; median of ${LOAD_RUNS} by time)`,
  );
  console.table(
    [...loads].map(([build, list]) => {
      const mid = median(list, (l) => l.ms) as Load;
      return {
        build,
        'time to content': sec(mid.ms),
        'all runs': list.map((l) => sec(l.ms)).join(' '),
        'JS files': mid.js,
        'CSS files': mid.css,
        requests: mid.requests,
      };
    }),
  );
}
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\n${servers.map((s) => `${s.build.label}: ${s.base}`).join(', ')}: ${version}; mobile preset, simulated throttling; median of ${RUNS} run(s) by score`,
);
console.table(
  results.map((r) => ({
    build: r.build,
    path: r.path,
    score: r.score,
    FCP: s1(r.fcp),
    LCP: s1(r.lcp),
    TBT: `${Math.round(r.tbt)} ms`,
    CLS: r.cls.toFixed(3),
    'JS files': r.jsFiles,
    'JS transferred': kB(r.js),
    'top opportunities': r.hints || '—',
  })),
);
