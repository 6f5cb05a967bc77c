// Shared by start.mjs and test.mjs. Plain Node (no dependencies): it runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (r.status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(' ')} (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/**
 * The V8 heap's limit of the server process (`npm start`): 1 GB of old generation. Below 2 GB V8
 * grows the heap after a full collection by at most 1.3–2× the live data instead of 4× (heap
 * controller's growing factor; ADR 0017 "Memory"), so a 50,000-row goods import peaks about 60 MB
 * lower at the same speed; the server's live data is far below the limit. `NODE_OPTIONS` with its
 * own `--max-old-space-size` takes its place.
 */
export function serverNodeArgs() {
  return process.env.NODE_OPTIONS?.includes('--max-old-space-size') ? [] : ['--max-old-space-size=1024'];
}

/**
 * The Node.js lines this runs on and the first release of each that does (Vite 8 needs 20.19 or
 * 22.12); the same as the root package.json `engines` and the README (docs/adr/0031-node-versions.md).
 */
const SUPPORTED_NODE = { 20: 19, 22: 12, 24: 0, 26: 0 };

/** Refuses a Node.js the stack does not run on; a line not proved here (23, 25, 27…) passes with a word. */
export function ensureNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const lines = Object.entries(SUPPORTED_NODE)
    .map(([m, first]) => (first ? `${m}.${first}+` : m))
    .join('、');
  // 21 lies between Vite's 20.19 and 22.12.
  if (major < 20 || major === 21 || minor < (SUPPORTED_NODE[major] ?? 0)) {
    console.error(`✗ 需要 Node.js ${lines}（当前 ${process.version}）`);
    process.exit(1);
  }
  if (!(major in SUPPORTED_NODE)) console.warn(`！Node.js ${process.version} 未经测试，支持的是 ${lines}`);
}

/**
 * The one addon an install compiles: better-sqlite3 12 for Node 20 (docs/adr/0031), SQLite built
 * by node-gyp — about two minutes of one core. (better-sqlite3 13 comes prebuilt.)
 */
const COMPILED = 'better-sqlite3-node20';
const compiledAddon = path.join(root, 'node_modules', COMPILED, 'build', 'Release', 'better_sqlite3.node');
/** This Node loads it (Node-API below 10: Node 20, 22 before 22.14; apps/server/src/platform/db/sqlite.ts). */
const compiledNeeded = Number(process.versions.napi) < 10;
/** What builds it, as a `runLanes` task. */
const COMPILE_TASK = [`编译 ${COMPILED} (npm rebuild)`, 'npm', ['rebuild', COMPILED]];

/**
 * Where a compiled addon is kept between installs (`PORTAL_ADDON_CACHE`, else the user's cache,
 * beside the Node runtimes of scripts/other-nodes.mjs): one file per version of the package and
 * Node ABI, platform and architecture it was built for. A fresh clone with the same lock file on
 * the same machine compiled the same source into the same binary every time (82 s of one core).
 */
function cachedAddon() {
  const pkg = path.join(root, 'node_modules', COMPILED, 'package.json');
  if (!fs.existsSync(pkg)) return undefined;
  const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8'));
  const dir = process.env.PORTAL_ADDON_CACHE ?? path.join(os.homedir(), '.cache', 'portal', 'addons');
  return path.join(
    dir,
    `${COMPILED}-${version}-abi${process.versions.modules}-${process.platform}-${process.arch}.node`,
  );
}

/** Whether this Node opens a database with the addon in place (a copied binary is tried before it is trusted). */
function addonLoads() {
  const check = `const S = require(${JSON.stringify(path.join(root, 'node_modules', COMPILED))}); new S(':memory:').close();`;
  return spawnSync(process.execPath, ['-e', check], { cwd: root, stdio: 'ignore' }).status === 0;
}

/** Puts the kept build of the addon in place when there is one that loads; true if it did. */
function restoreAddon() {
  const kept = cachedAddon();
  if (!kept || !fs.existsSync(kept)) return false;
  fs.mkdirSync(path.dirname(compiledAddon), { recursive: true });
  fs.copyFileSync(kept, compiledAddon);
  if (addonLoads()) {
    console.log(`▶ ${COMPILED}：使用已编译的 ${path.basename(kept)}（未重新编译）`);
    return true;
  }
  fs.rmSync(compiledAddon, { force: true });
  fs.rmSync(kept, { force: true });
  return false;
}

/** Keeps the addon just compiled for the next install (`npm test` calls it after its lanes). */
export function keepCompiledAddon() {
  const kept = cachedAddon();
  if (!kept || !fs.existsSync(compiledAddon) || fs.existsSync(kept)) return;
  try {
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    // Copied beside it and renamed into place, so a half-written file is never taken for a build.
    const part = `${kept}.${process.pid}.part`;
    fs.copyFileSync(compiledAddon, part);
    fs.renameSync(part, kept);
  } catch (e) {
    console.warn(`（未能保存编译好的 ${COMPILED}：${e.message}）`);
  }
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file. A fresh clone is
 * installed without the compiling (`--ignore-scripts`, then the quick install scripts); the addon
 * is then compiled only where this Node loads it, unless a build of the same version for the same
 * Node ABI was kept from an earlier install (`keepCompiledAddon`) — with `deferCompile` returned as a task for the
 * caller to run beside other work (`npm test`: beside the type checks, which need no addon), else
 * built at once. Returns that task or null. An addon whose compile never ended (an interrupted
 * run, or a Node 20 on a folder a later Node installed) is built before anything else.
 */
export function ensureInstalled({ deferCompile = false } = {}) {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const compileNow = () => {
    const wanted = compiledNeeded && fs.existsSync(path.join(root, 'node_modules', COMPILED));
    if (!wanted || fs.existsSync(compiledAddon) || restoreAddon()) return null;
    if (deferCompile) return COMPILE_TASK;
    run(COMPILE_TASK[1], COMPILE_TASK[2]);
    keepCompiledAddon();
    return null;
  };
  if (fs.existsSync(marker) && newestMtime(marker) >= newestMtime(lock)) return compileNow();
  // A fresh clone installs exactly the lock file (as CI does); later changes of it are merged in.
  const fresh = !fs.existsSync(path.join(root, 'node_modules'));
  console.log(fresh ? '▶ 安装依赖 (npm ci)…' : '▶ 安装依赖 (npm install)…');
  if (!fresh) {
    run('npm', ['install', '--no-audit', '--no-fund']);
    return null;
  }
  run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
  // esbuild checks its binary; msgpackr-extract (optional, like the compiled addon) picks its
  // prebuilt one: what `npm ci` would have run, but the compile. (better-sqlite3 13 ships its
  // binaries and has no install script.)
  run('npm', ['rebuild', 'esbuild']);
  spawnSync('npm', ['rebuild', 'msgpackr-extract'], { cwd: root, stdio: 'inherit' });
  return compileNow();
}

/** Whether the web build is missing or older than its sources. */
export function webBuildStale() {
  // The browser app and the server's page renderer (dist-ssr), built together by the one script.
  const built = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.cjs'].map((p) =>
    path.join(root, p),
  );
  const sources = [
    'apps/web/src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ].map((p) => newestMtime(path.join(root, p)));
  return !built.every((f) => fs.existsSync(f) && newestMtime(f) >= Math.max(...sources));
}

/** The server as one JavaScript file (docs/adr/0044-server-bundle.md), what `npm start` runs. */
export const SERVER_BUNDLE = 'apps/server/dist/main.mjs';

/** Whether the server's bundle is missing or older than its sources (the server's and the contract's). */
export function serverBuildStale() {
  const sources = [
    'apps/server/src',
    'apps/server/build.mjs',
    'apps/server/package.json',
    'packages/contract/src',
    'packages/contract/package.json',
  ].map((p) => newestMtime(path.join(root, p)));
  const bundle = path.join(root, SERVER_BUNDLE);
  return !fs.existsSync(bundle) || newestMtime(bundle) < Math.max(...sources);
}

/** Bundles the server when its bundle is missing or older than its sources (about a second). */
export function ensureServerBuilt() {
  if (!serverBuildStale()) return;
  console.log('▶ 构建服务器 (esbuild)…');
  run('npm', ['run', 'build', '-w', '@portal/server']);
}

/** The command that builds the web app (the browser app and the server's page renderer). */
export const WEB_BUILD = ['npm', ['run', 'build', '-w', '@portal/web']];

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuilt(force = false) {
  if (!force && !webBuildStale()) return;
  console.log('▶ 构建前端 (vite build)…');
  run(...WEB_BUILD);
}

/**
 * Runs commands `lanes` at a time (each a [title, cmd, args]), in the order given (the longest
 * first), each one's output held and printed whole when it ends so lanes do not interleave. Any
 * failure fails the step once all have ended. For single-threaded steps (tsc): two lanes use both
 * cores of a 2-core machine.
 */
export async function runLanes(tasks, lanes = 2) {
  const queue = [...tasks];
  const failed = [];
  const lane = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const [title, cmd, args] = task;
      const started = performance.now();
      const output = [];
      const code = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (d) => output.push(d));
        child.stderr.on('data', (d) => output.push(d));
        child.on('error', (e) => {
          output.push(Buffer.from(`${e.message}\n`));
          resolve(1);
        });
        child.on('close', (c, signal) => resolve(c ?? signal));
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? '✓' : '✗'} ${title} (${seconds} s)`);
      if (output.length) process.stdout.write(Buffer.concat(output));
      if (code !== 0) failed.push(`${[cmd, ...args].join(' ')} (exit ${code})`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failed.length) {
    console.error(`\n✗ ${failed.join('\n✗ ')}`);
    process.exit(1);
  }
}
