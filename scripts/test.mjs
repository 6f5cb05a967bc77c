// `npm test`: install what is missing, provide Chromium, then lint, type check, the unit and web
// tests, the API tests on SQLite (on Node 26) and on PostgreSQL when one is reachable, and the
// browser tests.
// REQUIRE_PG=1 (set by .ci/run) turns "PostgreSQL not reachable" into a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  ensureInstalled,
  ensureNode,
  keepCompiledAddon,
  root,
  run,
  runLanes,
  WEB_BUILD,
  webBuildStale,
} from './lib.mjs';
import { otherNodes } from './other-nodes.mjs';

const step = (name) => console.log(`\n▶ ${name}`);

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the same engine without the
 * browser's window and its compositor) first: the journeys took about a sixth less time in it than
 * in the full browser on a 2-core machine (docs/adr/0006-tests.md). The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    HEADLESS_SHELL,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && fs.existsSync(p));
}

function ensureChromium() {
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  const hasChineseFont = () => spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .']).status === 0;
  const missing = [];
  if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL)) missing.push('chromium-headless-shell');
  if (!hasChineseFont()) missing.push('fonts-wqy-microhei');
  if (missing.length && isRoot && hasApt) {
    step(`安装 ${missing.join(' ')} (apt-get)`);
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit' })
        .status === 0;
    // A package list too old to have the shell: brought up to date once; a full Chromium
    // already there serves if the shell still cannot be had.
    if (!install() && spawnSync('apt-get', ['update'], { stdio: 'inherit' }).status === 0) install();
  }
  const chromium = findChromium();
  if (!chromium || !hasChineseFont()) {
    console.error(
      '✗ 找不到 Chromium 或中文字体：请安装 chromium-headless-shell（或 chromium）与 fonts-wqy-microhei（Debian: apt-get install chromium-headless-shell fonts-wqy-microhei），或设置 CHROMIUM_PATH',
    );
    process.exit(1);
  }
  return chromium;
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** The PostgreSQL run: TEST_DATABASE_URL as given, else a throw-away database on 127.0.0.1:5432. */
async function postgresRun() {
  let url = process.env.TEST_DATABASE_URL;
  let dropAfter;
  if (!url && (await reachable('127.0.0.1', 5432))) {
    const { default: pg } = await import('pg');
    const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `portal_test_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
      url = `postgres://postgres@127.0.0.1:5432/${name}`;
      dropAfter = async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    } catch (e) {
      console.error(`PostgreSQL at 127.0.0.1:5432 answered but refused: ${e.message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  }
  if (!url) {
    if (process.env.REQUIRE_PG === '1') {
      console.error(
        '✗ REQUIRE_PG=1 but no PostgreSQL is reachable (set TEST_DATABASE_URL or start 127.0.0.1:5432)',
      );
      process.exit(1);
    }
    console.log('（未发现 PostgreSQL，跳过 PostgreSQL 上的 API 测试）');
    return;
  }
  step('API 测试 (PostgreSQL)');
  // Only the API tests (apps/server/test): the unit tests beside the code touch no database.
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'test/'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_PG_URL: url },
  });
  await dropAfter?.();
  if (r.status !== 0) process.exit(r.status || 1);
}

ensureNode();
// The one compiled addon is built beside the type checks below (scripts/lib.mjs).
const compile = ensureInstalled({ deferCompile: true });
const chromium = ensureChromium();
/**
 * The root package.json's `typecheck` script, one `tsc -p` per project, as separate commands (the
 * script stays the one list of projects).
 */
function typecheckCommands() {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.typecheck;
  return script.split('&&').map((c) => {
    const [cmd, ...args] = c.trim().split(/\s+/);
    return [`类型检查 ${args.at(-1)}`, 'npx', [cmd, ...args]];
  });
}

// Lint, the type checks, the web build and a fresh clone's compile of SQLite are independent and
// each uses one core: two lanes, the longest first (the compile, the web and the server, then the
// build). The build comes before the API tests:
// they render public pages with the built renderer (web-render.test.ts).
step('Lint (Biome)、类型检查 (tsc)、构建前端 (vite build)');
const typechecks = typecheckCommands();
const heavy = typechecks.filter(([title]) => /apps\/(web|server)$/.test(title));
await runLanes([
  ...(compile ? [compile] : []),
  ...heavy,
  ...(webBuildStale() ? [['构建前端 (vite build)', ...WEB_BUILD]] : []),
  ...typechecks.filter((t) => !heavy.includes(t)),
  ['Lint (Biome)', 'npx', ['biome', 'check', '.']],
]);
if (compile) keepCompiledAddon();
step('单元测试与网页测试');
// Everything but the server's API tests (apps/server/test), which run next: on SQLite once, on Node
// 26 (the current LTS) where this machine can run it, else on this Node; then on PostgreSQL.
run('npx', ['vitest', 'run', '--exclude', 'test/**']);
// The SQLite API tests on Node 26 and a first `npm start` on Node 24 (docs/adr/0031).
const { apiTested } = await otherNodes();
if (!apiTested) {
  step('API 测试 (SQLite)');
  run('npx', ['vitest', 'run', '--project', 'server', 'test/']);
}
await postgresRun();
step('浏览器测试 (Playwright + Chromium)');
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { CHROMIUM_PATH: chromium } });
console.log('\n✓ 全部通过');
