// Web budget: the initial JavaScript of the public home page `/` — the entry script and every
// file the built index.html modulepreloads, i.e. what `/` downloads before any lazy route chunk —
// is at most 200 kB gzip. Then Lighthouse (mobile preset, simulated throttling, performance only)
// on a freshly seeded server for the given paths.
//
//   npm run bench:web                      budget, then Lighthouse on /, /shop, /goodsDetail?id=1
//   npm run bench:web -- / /login          Lighthouse on these paths instead
//   npm run bench:web -- --size-only       the budget only (no server, no browser)
//
// It builds nothing: run `npm run build` first. BENCH_LH_RUNS (3) runs per path, median reported.
// BENCH_WEB_URL=http://host:port measures a server that is already running (e.g. behind a
// compressing proxy) instead of starting one.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BUDGET_GZIP = 200_000;
const DEFAULT_PATHS = ['/', '/shop', '/goodsDetail?id=1'];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAVE_DIR = process.env.BENCH_LH_SAVE; // keep each run's full Lighthouse report (JSON) here

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const args = process.argv.slice(2);
const sizeOnly = args.includes('--size-only');
const paths = args.filter((a) => !a.startsWith('--'));

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

// ── 1. Initial JS of `/` from dist/index.html ─────────────────────────────────────────────────

const indexHtml = path.join(dist, 'index.html');
if (!fs.existsSync(indexHtml)) {
  console.error(`✗ ${path.relative(root, indexHtml)} is missing: build the web app first (npm run build).`);
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

const html = fs.readFileSync(indexHtml, 'utf8');
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
  {
    raw: 0,
    gzip: 0,
    brotli: 0,
  },
);

console.log('\nInitial JS of / (apps/web/dist/index.html: script src + modulepreload href)');
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
  `${within ? '✓' : '✗'} ${kB(total.gzip)} gzip of ${kB(BUDGET_GZIP)} budget ` +
    `(${((total.gzip / BUDGET_GZIP) * 100).toFixed(1)}%, ${within ? `${kB(BUDGET_GZIP - total.gzip)} left` : 'over'}); ` +
    `brotli ${kB(total.brotli)}`,
);
if (!within) process.exitCode = 1;
if (sizeOnly) process.exit();

// ── 2. Lighthouse on a freshly seeded server ──────────────────────────────────────────────────

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

/** The real server (as `npm start` runs it) on an empty SQLite folder, so it seeds the demo data. */
async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-bench-'));
  const { DATABASE_URL: _pg, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it answered`))),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  const healthy = (async () => {
    while (Date.now() < deadline) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('server did not answer /api/health within 120 s');
  })();
  await Promise.race([healthy, exited]);
  return { base, child, dataDir };
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  hints: string;
}

const median = <T>(xs: T[], by: (x: T) => number): T | undefined =>
  [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];

const server = process.env.BENCH_WEB_URL
  ? { base: process.env.BENCH_WEB_URL.replace(/\/+$/, ''), child: null, dataDir: null }
  : await startServer();
const results: (Run & { path: string })[] = [];
let version = '';
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
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
  const run = (p: string) =>
    lighthouse(`${server.base}${p}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  const warmUp = await run(measured[0] as string);
  console.error(
    `  warm-up ${measured[0]}: ${Math.round((warmUp?.lhr.categories.performance?.score ?? 0) * 100)} (not counted)`,
  );
  for (const p of measured) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await run(p);
      if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
      const { lhr } = result;
      if (SAVE_DIR) {
        fs.mkdirSync(SAVE_DIR, { recursive: true });
        const name = `${p.replace(/[^\w]+/g, '_') || 'root'}-${i + 1}.json`;
        fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) throw new Error(`${p}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}`;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scripts = (
        lhr.audits['resource-summary']?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items?.find((x) => x.resourceType === 'script');
      // The biggest opportunities, as Lighthouse names them (what to look at when the score drops).
      const hints = Object.values(lhr.audits)
        .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
        .map((a) => ({ id: a.id, ms: (a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0 }))
        .filter((a) => a.ms >= 50)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((a) => `${a.id} ${Math.round(a.ms)} ms`)
        .join(', ');
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        js: scripts?.transferSize ?? Number.NaN,
        hints,
      });
    }
    const mid = median(runs, (r) => r.score);
    if (mid) results.push({ path: p, ...mid });
    console.error(`  ${p}: ${runs.map((r) => r.score).join(', ')}`);
  }
} finally {
  chrome?.kill();
  server.child?.kill('SIGTERM');
  if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `\n${server.base}: ${version}; mobile preset, simulated throttling; median of ${RUNS} run(s) by score`,
);
console.table(
  results.map((r) => ({
    path: r.path,
    score: r.score,
    FCP: s(r.fcp),
    LCP: s(r.lcp),
    TBT: `${Math.round(r.tbt)} ms`,
    CLS: r.cls.toFixed(3),
    'JS transferred': kB(r.js),
    'top opportunities': r.hints || '—',
  })),
);
